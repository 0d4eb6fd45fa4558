// The landing page of an order confirmation e-mail's revoke link (src/features/investor/RevokeLinkPage.tsx),
// in Polish and English, against a fake HTTP client: loading; a valid link shows the order, the countdown and
// Revoke, which asks for confirmation and sends the token (a paid order is told about its refund); each
// refusal of the server (not valid, used, the period over, the order no longer revocable) has its own text;
// any other failure offers a retry.
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import type { RevokeLinkOrder } from '../../contract/protection';
import { formatMoney } from '../../lib/format';
import { theme } from '../../lib/theme';
import { ApiRequestError } from '../../src/api/http';
import type { Language } from '../../src/config/env';
import { RevokeLinkPage } from '../../src/features/investor/RevokeLinkPage';
import { formatDate } from '../../src/components/investor/ui';
import { I18nProvider, loadDictionary, translate, translateError } from '../../src/i18n/i18n';
import { AppSystemProvider } from '../../src/system/AppSystemContext';
import type { AppSystem } from '../../src/system/system';
import { flushMicrotasks } from '../support/model';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcd';
const HOUR = 3_600_000;

const orderOf = (status: 'new' | 'paid', placedAgo = HOUR): RevokeLinkOrder => {
  const createdAt = new Date(Date.now() - placedAgo);
  return {
    reference: 'ES-ABCD-EFGH',
    offerTitle: 'Zielone Tarasy',
    quantity: 3,
    totalPrice: 153_750,
    status,
    createdAt: createdAt.toISOString(),
    deadline: new Date(createdAt.getTime() + 96 * HOUR).toISOString(),
    language: 'pl',
  };
};

interface Call {
  path: string;
  opts: { method?: string; query?: Record<string, unknown>; body?: unknown };
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}

async function renderPage(language: Language) {
  const calls: Call[] = [];
  const http = ((path: string, opts: Call['opts'] = {}) => new Promise((resolve, reject) => calls.push({ path, opts, resolve, reject }))) as unknown as AppSystem['http'];
  const auth = createActor(createMachine({})).start();
  const view = render(
    <ThemeProvider theme={theme}>
      <I18nProvider language={language}>
        <AppSystemProvider system={{ http, auth } as unknown as AppSystem}>
          <RevokeLinkPage params={{ revokeToken: TOKEN }} />
        </AppSystemProvider>
      </I18nProvider>
    </ThemeProvider>,
  );
  await act(flushMicrotasks);
  return { calls, view };
}

const refusal = (status: number, code: string, context = 'token') => new ApiRequestError(status, [{ code, context, message: '' }]);

describe('revoke link landing page', () => {
  beforeAll(async () => {
    await loadDictionary('pl');
    await loadDictionary('en');
  });

  for (const language of ['pl', 'en'] as const) {
    const t = (key: string) => translate(language, key);

    describe(language, () => {
      it('loads the order for the token, then revokes it after the confirmation', async () => {
        const { calls } = await renderPage(language);
        expect(screen.getByTestId('revoke-link')).toHaveAttribute('data-view', 'loading');
        expect(calls[0].path).toBe('/order-revocation');
        expect(calls[0].opts.query).toEqual({ token: TOKEN });

        await act(async () => calls[0].resolve(orderOf('new')));
        await act(flushMicrotasks);
        const page = screen.getByTestId('revoke-link');
        expect(page).toHaveAttribute('data-view', 'valid');
        expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(t('investor.revokeLink.title'));
        expect(screen.getByTestId('revoke-link-reference')).toHaveTextContent('ES-ABCD-EFGH');
        expect(page).toHaveTextContent(formatMoney(153_750, language).replace(/\s/g, ' '));
        expect(within(screen.getByTestId('revocation')).getByRole('timer')).toHaveTextContent(/\d+ d \d\d:\d\d:\d\d/);
        expect(within(page).getByTestId('status-badge')).toHaveTextContent(t('investor.orderStatus.new'));

        // Revoke asks first; keeping the order sends nothing
        fireEvent.click(screen.getByTestId('revoke-button'));
        await act(flushMicrotasks);
        expect(screen.getByRole('dialog', { name: t('investor.revocation.confirmTitle') })).toBeInTheDocument();
        fireEvent.click(screen.getByTestId('revoke-keep'));
        await act(flushMicrotasks);
        expect(screen.queryByRole('dialog')).toBeNull();
        expect(calls).toHaveLength(1);

        fireEvent.click(screen.getByTestId('revoke-button'));
        await act(flushMicrotasks);
        fireEvent.click(screen.getByTestId('revoke-confirm'));
        await act(flushMicrotasks);
        expect(calls[1].path).toBe('/order-revocation');
        expect(calls[1].opts).toMatchObject({ method: 'POST', body: { token: TOKEN } });
        await act(async () => calls[1].resolve({ status: 'cancelled', refundDue: false, refundMethod: null, refundExpectedBy: null }));
        await act(flushMicrotasks);
        expect(screen.getByTestId('revocation')).toHaveAttribute('data-view', 'revoked');
        expect(screen.getByTestId('revocation')).toHaveTextContent(t('investor.revocation.revoked'));
        expect(screen.queryByTestId('revocation-refund')).toBeNull();
        expect(within(page).getByTestId('status-badge')).toHaveTextContent(t('investor.orderStatus.cancelled'));
      });

      it('a paid order revoked: the refund is announced', async () => {
        const { calls } = await renderPage(language);
        await act(async () => calls[0].resolve(orderOf('paid')));
        await act(flushMicrotasks);
        fireEvent.click(screen.getByTestId('revoke-button'));
        await act(flushMicrotasks);
        fireEvent.click(screen.getByTestId('revoke-confirm'));
        await act(flushMicrotasks);
        await act(async () => calls[1].resolve({ status: 'cancelled', refundDue: true, refundMethod: 'BankTransfer', refundExpectedBy: '2026-12-08T10:00:00.000Z' }));
        await act(flushMicrotasks);
        expect(screen.getByTestId('revocation-refund')).toHaveTextContent(translate(language, 'investor.revocation.refundBank', { date: formatDate('2026-12-08T10:00:00.000Z', language, false) }));
      });

      it('a revocation the server refuses meanwhile is shown translated, with a retry', async () => {
        const { calls } = await renderPage(language);
        await act(async () => calls[0].resolve(orderOf('new')));
        await act(flushMicrotasks);
        fireEvent.click(screen.getByTestId('revoke-button'));
        await act(flushMicrotasks);
        fireEvent.click(screen.getByTestId('revoke-confirm'));
        await act(flushMicrotasks);
        await act(async () => calls[1].reject(refusal(409, 'REVOKE_LINK_USED')));
        await act(flushMicrotasks);
        expect(screen.getByTestId('revocation-errors')).toHaveTextContent(translateError(language, 'REVOKE_LINK_USED'));
        expect(screen.getByTestId('revoke-button')).toHaveTextContent(t('investor.revocation.retry'));
      });

      const refusals = [
        ['invalid', refusal(404, 'REVOKE_LINK_NOT_VALID')],
        ['used', refusal(409, 'REVOKE_LINK_USED')],
        ['expired', refusal(409, 'REFLECTION_PERIOD_OVER')],
        ['closed', refusal(409, 'INVALID_STATUS_CHANGE', 'status')],
      ] as const;
      for (const [kind, error] of refusals) {
        it(`a link refused as ${kind} says so, with no Revoke`, async () => {
          const { calls } = await renderPage(language);
          await act(async () => calls[0].reject(error));
          await act(flushMicrotasks);
          expect(screen.getByTestId('revoke-link')).toHaveAttribute('data-view', kind);
          const heading = screen.getByRole('heading', { level: 1 });
          expect(heading).toHaveTextContent(t(`investor.revokeLink.${kind}Title`));
          // focus moves to the answer, for screen readers and keyboards
          expect(heading).toHaveFocus();
          expect(screen.getByTestId('revoke-link-refusal')).toHaveTextContent(t(`investor.revokeLink.${kind}`));
          expect(screen.queryByTestId('revoke-button')).toBeNull();
          expect(screen.getByRole('link')).toBeInTheDocument();
        });
      }

      it('an order whose period ended while the link was in transit offers nothing', async () => {
        const { calls } = await renderPage(language);
        await act(async () => calls[0].resolve(orderOf('new', 97 * HOUR)));
        await act(flushMicrotasks);
        expect(screen.queryByTestId('revoke-button')).toBeNull();
        expect(screen.getByTestId('revoke-link-refusal')).toHaveAttribute('data-kind', 'expired');
      });

      it('any other failure offers a retry that asks again', async () => {
        const { calls } = await renderPage(language);
        await act(async () => calls[0].reject(new ApiRequestError(0, [{ code: 'NETWORK_ERROR', context: '', message: '' }])));
        await act(flushMicrotasks);
        expect(screen.getByTestId('revoke-link')).toHaveAttribute('data-view', 'failure');
        fireEvent.click(within(screen.getByTestId('load-error')).getByRole('button'));
        await act(flushMicrotasks);
        expect(calls).toHaveLength(2);
        await act(async () => calls[1].resolve(orderOf('new')));
        await act(flushMicrotasks);
        expect(screen.getByTestId('revoke-link')).toHaveAttribute('data-view', 'valid');
      });
    });
  }
});
