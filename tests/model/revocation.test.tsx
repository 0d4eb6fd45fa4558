// Model-based test of revoking an order in the reflection period (machines/revocation.machine.ts) through its
// view on the order page (src/features/investor/Revocation.tsx), in Polish and English: an order inside the
// period offers the countdown and Revoke, the confirmation dialog keeps or revokes it, the server's answer
// (cancelled; paid → refund; refused after the period) is shown translated; an order past the period, or
// already cancelled, offers nothing.
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useActorRef } from '@xstate/react';
import { ThemeProvider } from 'styled-components';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { RevokeResult } from '../../contract/protection';
import { theme } from '../../lib/theme';
import { revocationMachine, type RevocationContext, type RevocationInput } from '../../machines/revocation.machine';
import { RevocationView } from '../../src/features/investor/Revocation';
import { formatDate } from '../../src/components/investor/ui';
import type { Language } from '../../src/config/env';
import { I18nProvider, loadDictionary, translate, translateError } from '../../src/i18n/i18n';
import { createMachineTestModel, deferredActor, expectFullCoverage, flushMicrotasks, machineCoverage, mergeCoverage, printCoverage, runPath } from '../support/model';

const ORDER_ID = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
const DAY = 86_400_000;
const EXPECTED = '2026-12-04T10:00:00.000Z';
const STARTS: { name: string; input: RevocationInput }[] = [
  { name: 'inside the period', input: { orderId: ORDER_ID, status: 'new', createdAt: new Date(Date.now() - DAY).toISOString(), applies: true } },
  { name: 'after the period', input: { orderId: ORDER_ID, status: 'paid', createdAt: new Date(Date.now() - 10 * DAY).toISOString(), applies: true } },
  { name: 'cancelled', input: { orderId: ORDER_ID, status: 'cancelled', createdAt: new Date().toISOString(), applies: true } },
  // placed as a sophisticated investor: the server says the period does not apply, so no button inside it either
  { name: 'not applicable', input: { orderId: ORDER_ID, status: 'paid', createdAt: new Date(Date.now() - DAY).toISOString(), applies: false } },
];

const events = [
  { type: 'revocation.requested' },
  { type: 'revocation.cancelled' },
  { type: 'revocation.confirmed' },
  { type: 'revocation.dismissed' },
  { type: 'xstate.done.actor.revoke', output: { status: 'cancelled', refundDue: false, refundMethod: null, refundExpectedBy: null } satisfies RevokeResult },
  { type: 'xstate.done.actor.revoke', output: { status: 'cancelled', refundDue: true, refundMethod: 'PayPal', refundExpectedBy: EXPECTED } satisfies RevokeResult },
  { type: 'xstate.error.actor.revoke', error: { status: 409, errors: [{ code: 'REFLECTION_PERIOD_OVER', context: 'id', message: '' }] } },
] as never[];

function serializeState(s: AnyMachineSnapshot, event?: EventObject, prev?: AnyMachineSnapshot): string {
  const c = s.context as RevocationContext;
  const flags = { refund: c.result?.refundDue ?? null, errors: c.errors.map((e) => e.code).join(',') };
  const via = event && prev ? ` via ${event.type} from ${JSON.stringify(prev.value)}` : '';
  return `${JSON.stringify(s.value)} ${JSON.stringify(flags)}${via}`;
}

const all = STARTS.map((start) => ({
  start,
  paths: createMachineTestModel(revocationMachine, { events, serializeState: serializeState as never, input: start.input } as never).getShortestPaths(),
}));

describe('revocation (model-based, through the order page view)', () => {
  beforeAll(async () => {
    await loadDictionary('pl');
    await loadDictionary('en');
  });

  let index = 0;
  for (const { start, paths } of all) {
    describe(start.name, () => {
      for (const path of paths) {
        const language: Language = index++ % 2 ? 'en' : 'pl';
        const t = (key: string) => translate(language, key);
        it(`[${language}] ${JSON.stringify(path.state.value)} ← ${path.steps.slice(1).map((s) => s.event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:').replace(/^revocation\./, '')).join(' → ') || 'start'}`, async () => {
          const revoke = deferredActor<RevokeResult, { orderId: string }>();
          let changed = 0;
          function Harness() {
            const actor = useActorRef(revocationMachine.provide({ actors: { revoke: revoke.logic }, actions: { orderChanged: () => changed++ } }), { input: start.input });
            return <RevocationView actor={actor} createdAt={start.input.createdAt} />;
          }
          const view = render(
            <ThemeProvider theme={theme}>
              <I18nProvider language={language}>
                <Harness />
              </I18nProvider>
            </ThemeProvider>,
          );
          await act(flushMicrotasks);
          const box = () => screen.getByTestId('revocation');
          await runPath(path, {
            states: {
              closed: () => {
                expect(screen.queryByTestId('revocation')).toBeNull();
                expect(screen.queryByTestId('revoke-button')).toBeNull();
              },
              offered: () => {
                expect(box()).toHaveAttribute('data-view', 'offered');
                expect(within(box()).getByRole('timer')).toHaveTextContent(/\d+ d \d\d:\d\d:\d\d/);
                expect(screen.getByTestId('revoke-button')).toHaveTextContent(t('investor.revocation.revoke'));
                expect(screen.queryByRole('dialog')).toBeNull();
              },
              confirming: () => {
                expect(screen.getByRole('dialog', { name: t('investor.revocation.confirmTitle') })).toBeInTheDocument();
                expect(screen.getByTestId('revoke-confirm')).toHaveTextContent(t('investor.revocation.confirm'));
              },
              revoking: () => {
                expect(screen.getByTestId('revoke-confirm')).toHaveAttribute('aria-busy', 'true');
                expect(revoke.calls.at(-1)).toEqual({ orderId: ORDER_ID });
              },
              revoked: (s) => {
                const c = s.context as RevocationContext;
                expect(box()).toHaveTextContent(t('investor.revocation.revoked'));
                if (c.result!.refundDue) expect(screen.getByTestId('revocation-refund')).toHaveTextContent(translate(language, 'investor.revocation.refundPayPal', { date: formatDate(EXPECTED, language, false) }));
                else expect(screen.queryByTestId('revocation-refund')).toBeNull();
                // the page reads the order again
                expect(changed).toBe(1);
              },
              failed: () => {
                expect(screen.getByTestId('revocation-errors')).toHaveTextContent(translateError(language, 'REFLECTION_PERIOD_OVER'));
                expect(screen.getByTestId('revoke-button')).toHaveTextContent(t('investor.revocation.retry'));
              },
            },
            events: {
              'revocation.requested': async () => {
                fireEvent.click(screen.getByTestId('revoke-button'));
                await act(flushMicrotasks);
              },
              'revocation.cancelled': async () => {
                fireEvent.click(screen.getByTestId('revoke-keep'));
                await act(flushMicrotasks);
              },
              'revocation.confirmed': async () => {
                fireEvent.click(screen.getByTestId('revoke-confirm'));
                await act(flushMicrotasks);
              },
              'revocation.dismissed': async () => {
                fireEvent.click(screen.getByRole('button', { name: t('investor.revocation.dismiss') }));
                await act(flushMicrotasks);
              },
              'xstate.done.actor.revoke': ({ event }) => act(() => revoke.resolve(event.output)),
              'xstate.error.actor.revoke': ({ event }) => act(() => revoke.reject(event.error)),
            },
          });
          view.unmount();
        });
      }
    });
  }

  it('covers every state and transition of the chart', () => {
    const result = mergeCoverage(all.map(({ start, paths }) => machineCoverage(revocationMachine, paths, { input: start.input })));
    printCoverage(result);
    expectFullCoverage(result);
  });
});
