// Model-based test of the sophisticated-investor application in settings (machines/sophisticatedApplication.machine.ts)
// through its view (src/features/account/SophisticatedApplication.tsx), in Polish and English: the kind of
// investor, the Annex II criteria as checkboxes and the declaration; a submit without enough criteria or without
// the declaration says what is missing; a complete one is sent and the waiting application shown; a refusal is
// shown translated; an application already waiting closes the form.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { SophisticatedStatus } from '../../contract/protection';
import { formatDate } from '../../lib/format';
import { theme } from '../../lib/theme';
import {
  sophisticatedApplicationMachine,
  type SophisticatedApplicationBodyOut,
  type SophisticatedApplicationContext,
} from '../../machines/sophisticatedApplication.machine';
import { ApiRequestError } from '../../src/api/http';
import type { Language } from '../../src/config/env';
import { SophisticatedApplication } from '../../src/features/account/SophisticatedApplication';
import { I18nProvider, loadDictionary, translate, translateError } from '../../src/i18n/i18n';
import { createMachineTestModel, expectFullCoverage, flushMicrotasks, machineCoverage, mergeCoverage, printCoverage, runPath } from '../support/model';

const NONE: SophisticatedStatus = { classification: 'non_sophisticated', reviewDueAt: null, declarationVersion: '2026.1', application: null };
const PENDING: SophisticatedStatus = {
  ...NONE,
  application: {
    id: 7,
    investorKind: 'natural_person',
    criteria: ['incomeOrPortfolio', 'professionalExperience'],
    declarationVersion: '2026.1',
    language: 'pl',
    submittedAt: '2026-10-23T10:00:00.000Z',
    status: 'pending',
    decidedAt: null,
    decisionReason: null,
  },
};
const STARTS = [
  { name: 'no application yet', status: NONE },
  { name: 'an application waits', status: PENDING },
];

const fixed = [
  { type: 'application.kindChosen', kind: 'legal_person' },
  { type: 'application.declarationToggled' },
  { type: 'application.submitted' },
  { type: 'xstate.done.actor.apply', output: PENDING },
  { type: 'xstate.error.actor.apply', error: new ApiRequestError(409, [{ code: 'APPLICATION_PENDING', context: 'application', message: '' }]) },
];
/** The view lists only the chosen kind's criteria: a natural person's two, or a legal person's one. */
const events = (state: AnyMachineSnapshot) => {
  const kind = (state.context as SophisticatedApplicationContext).kind;
  const criteria = kind === 'legal_person' ? ['netTurnover'] : ['incomeOrPortfolio', 'professionalExperience'];
  return [...fixed, ...criteria.map((criterion) => ({ type: 'application.criterionToggled', criterion }))] as never[];
};

function serializeState(s: AnyMachineSnapshot, event?: EventObject, prev?: AnyMachineSnapshot): string {
  const c = s.context as SophisticatedApplicationContext;
  const flags = { kind: c.kind, criteria: [...c.criteria].sort(), declaration: c.declarationAccepted, missing: c.missing, errors: c.errors.map((e) => e.code) };
  const via = event && prev ? ` via ${event.type} from ${JSON.stringify(prev.value)}` : '';
  return `${JSON.stringify(s.value)} ${JSON.stringify(flags)}${via}`;
}

/** The view's `apply` call, answered when the path says (the chart's actor wraps it). */
function deferredApply() {
  const calls: SophisticatedApplicationBodyOut[] = [];
  let current: { resolve: (v: SophisticatedStatus) => void; reject: (e: unknown) => void } | undefined;
  return {
    calls,
    fn: (body: SophisticatedApplicationBodyOut) => {
      calls.push(body);
      return new Promise<SophisticatedStatus>((resolve, reject) => {
        current = { resolve, reject };
      });
    },
    resolve: async (v: SophisticatedStatus) => {
      current!.resolve(v);
      await flushMicrotasks();
    },
    reject: async (e: unknown) => {
      current!.reject(e);
      await flushMicrotasks();
    },
  };
}

const all = STARTS.map((start) => ({
  start,
  paths: createMachineTestModel(sophisticatedApplicationMachine, { events, serializeState: serializeState as never, input: { status: start.status } } as never).getShortestPaths(),
}));

describe('sophisticated-investor application (model-based, through the settings view)', () => {
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
        const steps = path.steps.slice(1).map((s) => {
          const e = s.event as { type: string; criterion?: string; kind?: string };
          return `${e.type.replace(/^xstate\.(done|error)\.actor\./, '$1:').replace(/^application\./, '')}${e.criterion ? `(${e.criterion})` : ''}${e.kind ? `(${e.kind})` : ''}`;
        });
        it(`[${language}] ${JSON.stringify(path.state.value)} ← ${steps.join(' → ') || 'start'}`, async () => {
          const apply = deferredApply();
          const view = render(
            <ThemeProvider theme={theme}>
              <I18nProvider language={language}>
                <SophisticatedApplication status={start.status} apply={apply.fn} />
              </I18nProvider>
            </ThemeProvider>,
          );
          await act(flushMicrotasks);
          const form = () => screen.queryByTestId('sophisticated-application');
          const submit = () => screen.getByRole('button', { name: new RegExp(`^(${t('account.settings.status.submit')}|${t('account.settings.status.submitting')})$`) });
          await runPath(path, {
            states: {
              editing: (s) => {
                const c = s.context as SophisticatedApplicationContext;
                expect(form()).not.toBeNull();
                expect(submit()).toHaveTextContent(t('account.settings.status.submit'));
                expect(screen.queryByText(t('account.settings.status.criteriaMissing'))).toBeNull();
                expect(screen.queryByText(t('account.settings.status.declarationMissing'))).toBeNull();
                // the criteria of the chosen kind, ticked as the chart holds them
                const shown = c.kind === 'legal_person' ? ['ownFunds', 'netTurnover', 'balanceSheet'] : ['incomeOrPortfolio', 'professionalExperience', 'significantTransactions'];
                for (const k of shown) expect(screen.getByLabelText(t(`account.settings.status.criterion.${k}`))).toHaveProperty('checked', c.criteria.includes(k as never));
                if (c.errors.length) expect(screen.getByText(translateError(language, 'APPLICATION_PENDING'))).toBeInTheDocument();
              },
              incomplete: (s) => {
                const c = s.context as SophisticatedApplicationContext;
                expect(c.missing.length).toBeGreaterThan(0);
                if (c.missing.includes('criteria')) expect(screen.getByText(t('account.settings.status.criteriaMissing'))).toBeInTheDocument();
                else expect(screen.queryByText(t('account.settings.status.criteriaMissing'))).toBeNull();
                if (c.missing.includes('declaration')) expect(screen.getByText(t('account.settings.status.declarationMissing'))).toBeInTheDocument();
                else expect(screen.queryByText(t('account.settings.status.declarationMissing'))).toBeNull();
                expect(apply.calls).toHaveLength(0);
              },
              submitting: (s) => {
                const c = s.context as SophisticatedApplicationContext;
                expect(submit()).toHaveAttribute('aria-busy', 'true');
                expect(apply.calls.at(-1)).toEqual({ investorKind: c.kind, criteria: c.criteria, declarationVersion: '2026.1', declarationAccepted: true });
              },
              waiting: () => {
                expect(form()).toBeNull();
                const date = formatDate(PENDING.application!.submittedAt, language, 'date');
                expect(screen.getByTestId('application-waiting')).toHaveTextContent(translate(language, 'account.settings.status.waiting', { date }));
              },
            },
            events: {
              'application.kindChosen': async ({ event }) => {
                fireEvent.click(screen.getByLabelText(t(`account.settings.status.${(event as unknown as { kind: string }).kind}`)));
                await act(flushMicrotasks);
              },
              'application.criterionToggled': async ({ event }) => {
                fireEvent.click(screen.getByLabelText(t(`account.settings.status.criterion.${(event as unknown as { criterion: string }).criterion}`)));
                await act(flushMicrotasks);
              },
              'application.declarationToggled': async () => {
                fireEvent.click(screen.getByLabelText(t('account.settings.status.declaration'), { exact: false }));
                await act(flushMicrotasks);
              },
              'application.submitted': async () => {
                fireEvent.click(submit());
                await act(flushMicrotasks);
              },
              'xstate.done.actor.apply': ({ event }) => act(() => apply.resolve((event as { output: SophisticatedStatus }).output)),
              'xstate.error.actor.apply': ({ event }) => act(() => apply.reject((event as { error: unknown }).error)),
            },
          });
          view.unmount();
        });
      }
    });
  }

  it('covers every state and transition of the chart', () => {
    const result = mergeCoverage(all.map(({ start, paths }) => machineCoverage(sophisticatedApplicationMachine, paths, { input: { status: start.status } })));
    printCoverage(result);
    expectFullCoverage(result);
  });
});
