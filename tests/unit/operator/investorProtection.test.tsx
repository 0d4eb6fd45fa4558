// The operator's investor page shows the investor-protection records in the operator's language and records a
// decision on a waiting sophisticated-investor application (with the reason the back office requires).
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { Tokens } from '../../../machines/auth.machine';
import { translate } from '../../../src/i18n/i18n';
import { loadAllDictionaries, renderApp, settle, USER, type AppHarness } from '../../model/support/app';

const TOKENS: Tokens = { accessToken: 'access-1', refreshToken: 'refresh-1', expiresAt: Date.now() + 3_600_000 };
const ID = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
const ORDER = '1f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';

const detail = (status: 'pending' | 'approved') => ({
  id: ID,
  email: 'anna@example.pl',
  firstName: 'Anna',
  lastName: 'Nowak',
  isActive: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  ordersCount: 1,
  paidTotal: 0,
  phone: null,
  city: null,
  country: null,
  locale: 'pl',
  orders: [],
  protection: {
    classification:
      status === 'approved'
        ? { current: 'sophisticated', recorded: 'sophisticated', decidedAt: '2026-10-24T10:00:00.000Z', reviewDueAt: '2028-10-24T10:00:00.000Z' }
        : { current: 'non_sophisticated', recorded: null, decidedAt: null, reviewDueAt: null },
    applications: [
      {
        id: 5,
        investorKind: 'natural_person',
        criteria: ['incomeOrPortfolio', 'significantTransactions'],
        declarationVersion: '2026.1',
        language: 'pl',
        submittedAt: '2026-10-23T10:00:00.000Z',
        status,
        decidedAt: status === 'approved' ? '2026-10-24T10:00:00.000Z' : null,
        decidedByEmail: status === 'approved' ? 'operator@example.com' : null,
        decisionReason: status === 'approved' ? 'Sprawdzone' : null,
      },
    ],
    knowledgeTests: [
      { id: 1, takenAt: '2026-10-20T10:00:00.000Z', version: '2026.1', language: 'en', passed: false, riskWarningAcknowledgedAt: '2026-10-20T10:05:00.000Z', expiresAt: '2028-10-20T10:00:00.000Z' },
    ],
    largeInvestmentConsents: [{ orderId: ORDER, reference: 'ES-AAAA-BBBB', amount: 2_000_001, threshold: 2_000_000, consentedAt: '2026-10-21T10:00:00.000Z' }],
    revocations: [{ orderId: ORDER, reference: 'ES-AAAA-BBBB', revokedAt: '2026-10-22T10:00:00.000Z', via: 'order_page', refundDue: true, method: 'BankTransfer' }],
  },
});

describe('back office: investor-protection records', { timeout: 30_000 }, () => {
  beforeAll(loadAllDictionaries);
  let h: AppHarness | undefined;
  afterEach(() => {
    h?.unmount();
    h = undefined;
    localStorage.clear();
  });

  for (const language of ['pl', 'en'] as const) {
    it(`shows the records and decides a waiting application (${language})`, async () => {
      const t = (key: string, params?: Record<string, unknown>) => translate(language, key, params);
      let status: 'pending' | 'approved' = 'pending';
      h = renderApp({
        path: language === 'pl' ? `/pl/operator/inwestor/${ID}` : `/en/operator/investor/${ID}`,
        storedLanguage: language,
        tokens: TOKENS,
        overrides: { auth: { actors: { fetchUser: fromPromise<unknown, void>(async () => ({ ...USER, role: 'operator' })) } } },
        server: (fake) => {
          fake.on('GET', `/operator/investors/${ID}`, () => ({ data: detail(status) }));
          fake.on('POST', '/operator/sophisticated-applications/5/approve', () => {
            status = 'approved';
            return { data: detail('approved').protection.applications[0] };
          });
        },
      });
      await settle(10);
      const section = screen.getByTestId('investor-protection');
      expect(within(section).getByTestId('investor-classification')).toHaveTextContent(t('operator.protection.class.non_sophisticated'));
      expect(within(section).getByTestId('investor-applications')).toHaveTextContent(t('operator.protection.criterion.significantTransactions'));
      expect(within(section).getByTestId('investor-tests')).toHaveTextContent(t('operator.protection.failed'));
      expect(within(section).getByTestId('investor-consents')).toHaveTextContent('ES-AAAA-BBBB');
      expect(within(section).getByTestId('investor-revocations')).toHaveTextContent(t('operator.protection.viaKind.order_page'));
      expect(screen.getByRole('button', { name: t('operator.protection.exportOne') })).toBeInTheDocument();

      // a decision needs a reason
      fireEvent.click(screen.getByRole('button', { name: t('operator.protection.run') }));
      await settle();
      expect(screen.getByText(t('operator.reasonMissing'))).toBeInTheDocument();
      expect(h.fake.callsTo('POST', '/operator/sophisticated-applications/5/approve')).toHaveLength(0);
      fireEvent.change(screen.getByTestId('application-reason'), { target: { value: 'Sprawdzone' } });
      fireEvent.click(screen.getByRole('button', { name: t('operator.protection.run') }));
      await settle(10);
      expect(h.fake.callsTo('POST', '/operator/sophisticated-applications/5/approve').at(-1)?.body).toEqual({ reason: 'Sprawdzone' });
      // read again: approved, by whom, and the form is gone
      expect(screen.getByTestId('investor-classification')).toHaveTextContent(t('operator.protection.class.sophisticated'));
      expect(screen.getByTestId('investor-applications')).toHaveTextContent('operator@example.com');
      expect(screen.queryByTestId('application-decision')).toBeNull();
    });
  }
});
