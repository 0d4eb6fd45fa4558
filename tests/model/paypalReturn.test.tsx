// Model-based test of the PayPal return chart through the real app on its route (/pl/inwestuj/{slug}/{orderId}
// ?paypal=return&token=…): every outcome the server answers, going back to PayPal, paying with PayPal again,
// switching to bank transfer and the error with its retry. The fake server holds each call until the model
// says how it ends; leaving for PayPal is recorded (a spy on leavePage's `leaveFor`), not performed.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectValidListMarkup } from '../support/markup';
import { fromPromise } from 'xstate';
import type { Order } from '../../contract/orders';
import type { PayPalReturnAnswer, RetryAnswer } from '../../contract/paypal';
import type { Tokens } from '../../machines/auth.machine';
import { paypalReturnMachine } from '../../machines/paypalReturn.machine';
import * as leavePage from '../../src/features/invest/leavePage';
import { translate, translateError } from '../../src/i18n/i18n';
import { byValueAnd, createMachineTestModel, expectFullCoverage, machineCoverage, printCoverage } from '../support/model';
import { loadAllDictionaries, renderApp, settle, USER, type AppHarness } from './support/app';
import { heldServer } from './support/heldServer';

const left: string[] = [];
// restored after each test by the project's setup (tests/support/setup-dom.ts)
beforeEach(() => {
  vi.spyOn(leavePage, 'leaveFor').mockImplementation((url: string) => void left.push(url));
});

const TOKENS: Tokens = { accessToken: 'access-1', refreshToken: 'refresh-1', expiresAt: Date.now() + 3_600_000 };
const ORDER_ID = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
const PAGE = `/pl/inwestuj/domy-poznan/${ORDER_ID}?paypal=return&token=PAYPAL123&PayerID=P1`;

const ORDER: Order = {
  id: ORDER_ID,
  reference: 'ES-ABCD-EFGH',
  status: 'new',
  method: 'PayPal',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  paidAt: null,
  completedAt: null,
  cancelledAt: null,
  expiresAt: '2026-11-23T10:00:00.000Z',
  quantity: 3,
  pricePerShare: 10_000,
  amount: 30_000,
  feePercent: 0.025,
  feeValue: 750,
  totalPrice: 30_750,
  offer: { id: 1, slug: { pl: 'domy-poznan', en: 'houses-poznan' }, title: 'Domy Poznań', mainDescription: '', thumbUrl: null },
  series: { id: 1, name: 'Seria A' },
  userMeta: { email: USER.email },
  investorData: {
    firstName: 'Jan',
    lastName: 'Kowalski',
    email: USER.email,
    phone: null,
    address: { address: 'Prosta 1', city: 'Warszawa', zip: '00-001', country: { name: 'PL' } },
  },
  transactions: [],
  history: [],
  bankTransfer: null,
  kiis: null,
  reflectionPeriod: { applies: true, deadline: "2026-01-05T10:00:00.000Z" },
  refund: null,
};

const answer = (over: Partial<PayPalReturnAnswer>): PayPalReturnAnswer => ({
  outcome: 'cancelled',
  reason: null,
  approveUrl: null,
  canRetry: false,
  order: ORDER,
  ...over,
});
const APPROVE = 'http://localhost/paypal-peer/checkoutnow?token=PAYPAL123';
const ANSWERS = {
  paid: answer({ outcome: 'paid', order: { ...ORDER, status: 'paid', paidAt: '2026-11-20T10:05:00.000Z', expiresAt: null } }),
  pending: answer({ outcome: 'pending', reason: 'ECHECK' }),
  declined: answer({ outcome: 'declined', reason: 'INSTRUMENT_DECLINED', approveUrl: APPROVE, canRetry: true }),
  cancelled: answer({ outcome: 'cancelled', reason: 'ORDER_NOT_APPROVED', approveUrl: APPROVE, canRetry: true }),
  expired: answer({ outcome: 'expired', reason: 'ORDER_EXPIRED', order: { ...ORDER, status: 'cancelled', cancelledAt: '2026-11-23T10:00:00.000Z' } }),
};
const RETRIED: RetryAnswer = { order: ORDER, payment: { codeName: 'PayPal', approveUrl: 'http://localhost/paypal-peer/checkoutnow?token=PAYPAL456' } };
const SWITCHED: RetryAnswer = {
  order: { ...ORDER, method: 'BankTransfer', feePercent: 0, feeValue: 0, totalPrice: 30_000 },
  payment: {
    codeName: 'BankTransfer',
    accountHolder: 'Estate Shares Sp. z o.o.',
    address: 'ul. Marszałkowska 100, 00-026 Warszawa',
    bankName: 'Bank Demo S.A.',
    accountNumber: '61109010140000071219812874',
    iban: 'PL61109010140000071219812874',
    swift: 'WBKPPLPP',
    title: 'ES-ABCD-EFGH',
    amount: 30_000,
    deadline: '2026-11-23T10:00:00.000Z',
    qrCode: null,
  },
};
// The server's own (translated) message comes with each code; the SPA shows it for codes its dictionary lacks.
const failure = (code: string) => ({ errors: [{ code, context: '', message: `Serwer: ${code}` }] });

const events = [
  ...Object.values(ANSWERS).map((output) => ({ type: 'xstate.done.actor.confirmReturn', output })),
  { type: 'xstate.error.actor.confirmReturn', error: failure('PAYPAL_UNAVAILABLE') },
  { type: 'xstate.done.actor.retryPayPal', output: RETRIED },
  { type: 'xstate.error.actor.retryPayPal', error: failure('ORDER_ALREADY_PAID') },
  { type: 'xstate.done.actor.switchToBankTransfer', output: SWITCHED },
  { type: 'xstate.error.actor.switchToBankTransfer', error: failure('ORDER_EXPIRED') },
  { type: 'paypalReturn.retried' },
  { type: 'paypalReturn.refreshed' },
  { type: 'paypalReturn.backToPayPal' },
  { type: 'paypalReturn.payPalRetried' },
  { type: 'paypalReturn.bankTransferChosen' },
] as never[];

const input = { orderId: ORDER_ID, token: 'PAYPAL123' };
const paths = createMachineTestModel(paypalReturnMachine, { events, input, serializeState: byValueAnd('answer') as never } as never).getShortestPaths();

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ModelEvent = { type: string; [key: string]: any };
const pl = (key: string, params?: Record<string, unknown>) => translate('pl', key, params);
const button = (key: string) => screen.queryByRole('button', { name: pl(key) });
const RETURN = `/order/${ORDER_ID}/paypal/return`;

describe('PayPal return page (model-based, through the app)', { timeout: 30_000 }, () => {
  beforeAll(loadAllDictionaries);
  let h: AppHarness | undefined;
  afterEach(() => {
    h?.unmount();
    h = undefined;
    left.length = 0;
  });

  for (const path of paths) {
    const name = `${JSON.stringify(path.state.value)} ← ${path.steps.slice(1).map((s) => s.event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:')).join(' → ') || 'start'}`;
    it(name, async () => {
      h = renderApp({
        path: PAGE,
        storedLanguage: 'pl',
        tokens: TOKENS,
        overrides: { auth: { actors: { fetchUser: fromPromise<unknown, void>(async () => USER) } } },
      });
      const server = heldServer(h.fake);
      server.hold('POST', RETURN);
      server.hold('POST', '/transaction/retry');
      h.fake.on('GET', '/transaction', () => ({
        data: {
          items: [],
          pagination: { pageSize: 1, pageNumber: 1, totalItems: 0, totalPages: 0 },
          methods: [
            { id: 7, codeName: 'BankTransfer', name: 'Przelew', enabled: true, commission: { amountWithCommission: 0, commissionValue: 0, commissionPercent: 0 } },
            { id: 8, codeName: 'PayPal', name: 'PayPal', enabled: true, commission: { amountWithCommission: 0, commissionValue: 0, commissionPercent: 0.025 } },
          ],
        },
      }));
      let lastErrors: { code: string; message: string }[] = [];
      let confirms = 0;
      await settle(6);
      await path.test({
        states: {
          capturing: () => {
            expect(screen.getByTestId('paypal-capturing')).toHaveTextContent(pl('paypal.capturing'));
            // The server is asked with PayPal's token from the address; never more calls than arrivals/retries.
            expect(server.lastBody('POST', RETURN)).toEqual({ token: 'PAYPAL123' });
            expect(h!.fake.callsTo('POST', RETURN).length).toBe(confirms + 1);
          },
          paid: () => {
            expect(screen.getByRole('heading', { name: pl('paypal.paid.title') })).toBeInTheDocument();
            expect(screen.getByTestId('paypal-order-status')).toHaveTextContent(pl('investor.orderStatus.paid'));
            expect(screen.getByTestId('paypal-order')).toHaveTextContent('ES-ABCD-EFGH');
            expect(screen.getByTestId('paypal-order')).toHaveTextContent('307,50');
            expect(screen.getByRole('link', { name: pl('paypal.toOrders') })).toHaveAttribute('href', '/pl/inwestor/zamowienia');
            expect(button('paypal.retry')).toBeNull();
            expectValidListMarkup();
          },
          pending: () => {
            expect(screen.getByRole('heading', { name: pl('paypal.pending.title') })).toBeInTheDocument();
            expect(screen.getByText(pl('paypal.pending.text', { reason: 'ECHECK' }))).toHaveAttribute('role', 'status');
            expect(screen.getByTestId('paypal-order-status')).toHaveTextContent(pl('investor.orderStatus.new'));
            expect(button('paypal.pending.refresh')).toBeEnabled();
          },
          declined: () => {
            expect(screen.getByRole('heading', { name: pl('paypal.declined.title') })).toBeInTheDocument();
            expect(within(screen.getByTestId('paypal-return')).getByRole('alert')).toHaveTextContent(pl('paypal.declined.text'));
            expect(button('paypal.declined.back')).toBeEnabled();
            expect(button('paypal.retry')).toBeEnabled();
            expect(button('paypal.bankTransfer')).toBeEnabled();
          },
          cancelled: () => {
            expect(screen.getByRole('heading', { name: pl('paypal.cancelled.title') })).toBeInTheDocument();
            expect(screen.getByTestId('paypal-cancelled')).toHaveTextContent('23 listopada 2026');
            expect(button('paypal.declined.back')).toBeNull();
            expect(button('paypal.retry')).toBeEnabled();
            expect(button('paypal.bankTransfer')).toBeEnabled();
          },
          expired: () => {
            expect(screen.getByRole('heading', { name: pl('paypal.expired.title') })).toBeInTheDocument();
            expect(screen.getByText(pl('paypal.expired.text'))).toBeInTheDocument();
            expect(screen.getByTestId('paypal-order-status')).toHaveTextContent(pl('investor.orderStatus.cancelled'));
            expect(button('paypal.retry')).toBeNull();
          },
          retrying: () => {
            expect(screen.getByTestId('paypal-retrying')).toBeInTheDocument();
            expect(server.lastBody('POST', '/transaction/retry')).toEqual({
              orderId: ORDER_ID,
              thankYouPageUrlPattern: `${window.location.origin}/pl/inwestuj/domy-poznan/{orderId}`,
            });
          },
          switching: () => {
            expect(screen.getByTestId('paypal-switching')).toBeInTheDocument();
            expect(server.lastBody('POST', '/transaction/retry')).toEqual({ orderId: ORDER_ID, method: 7 });
          },
          bankTransfer: () => {
            expect(screen.getByTestId('paypal-switched')).toHaveTextContent(pl('paypal.bankTransferTitle'));
            // one h1 on the page: the bank-transfer thank-you's
            expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
            expect(screen.getByTestId('paypal-bankTransfer')).toHaveTextContent('61 1090 1014 0000 0712 1981 2874');
          },
          leaving: () => {
            expect(screen.getByTestId('paypal-leaving')).toHaveTextContent(pl('paypal.leaving'));
            expect(left).toHaveLength(1);
            expect([APPROVE, RETRIED.payment.codeName === 'PayPal' ? RETRIED.payment.approveUrl : '']).toContain(left[0]);
          },
          error: () => {
            expect(screen.getByRole('heading', { name: pl('paypal.error.title') })).toBeInTheDocument();
            expect(within(screen.getByTestId('paypal-return')).getByRole('alert')).toHaveTextContent(translateError('pl', lastErrors[0].code, lastErrors[0].message));
            expect(button('paypal.error.retry')).toBeEnabled();
            expectValidListMarkup();
          },
        },
        events: {
          'xstate.done.actor.confirmReturn': async ({ event }: { event: ModelEvent }) => {
            confirms += 1;
            await server.answer('POST', RETURN, { data: event.output });
          },
          'xstate.error.actor.confirmReturn': async ({ event }: { event: ModelEvent }) => {
            confirms += 1;
            lastErrors = event.error.errors;
            await server.answer('POST', RETURN, { status: 502, errors: event.error.errors });
          },
          'xstate.done.actor.retryPayPal': async ({ event }: { event: ModelEvent }) => {
            await server.answer('POST', '/transaction/retry', { data: event.output });
          },
          'xstate.error.actor.retryPayPal': async ({ event }: { event: ModelEvent }) => {
            lastErrors = event.error.errors;
            await server.answer('POST', '/transaction/retry', { status: 409, errors: event.error.errors });
          },
          'xstate.done.actor.switchToBankTransfer': async ({ event }: { event: ModelEvent }) => {
            await server.answer('POST', '/transaction/retry', { data: event.output });
          },
          'xstate.error.actor.switchToBankTransfer': async ({ event }: { event: ModelEvent }) => {
            lastErrors = event.error.errors;
            await server.answer('POST', '/transaction/retry', { status: 409, errors: event.error.errors });
          },
          'paypalReturn.retried': async () => {
            fireEvent.click(button('paypal.error.retry')!);
            await settle();
          },
          'paypalReturn.refreshed': async () => {
            fireEvent.click(button('paypal.pending.refresh')!);
            await settle();
          },
          'paypalReturn.backToPayPal': async () => {
            fireEvent.click(button('paypal.declined.back')!);
            await settle();
          },
          'paypalReturn.payPalRetried': async () => {
            fireEvent.click(button('paypal.retry')!);
            await settle();
          },
          'paypalReturn.bankTransferChosen': async () => {
            fireEvent.click(button('paypal.bankTransfer')!);
            await settle(6);
          },
        } as never,
      });
    });
  }

  it('covers every state and transition of the chart', () => {
    const result = machineCoverage(paypalReturnMachine, paths, { input });
    printCoverage(result);
    expectFullCoverage(result);
  });
});
