// Model-based test of the investment chart through the real app: every shortest path is walked by a user
// on the offer page (step one: the invest box) and on the flow's screens (personal information,
// documents, payment, thank-you or error), while the fake server holds each call until the model says how
// it ends. Three starts: the invest box logged in, the invest box anonymous, and a flow address with
// whatever draft the browser kept (none, one with an order, or one reached up to each step).
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectValidListMarkup } from '../support/markup';
import { fromPromise, type AnyMachineSnapshot, type EventObject } from 'xstate';
import type { ErrorItem } from '../../contract/envelope';
import type { CreateInvestmentResult, TransactionMethod } from '../../contract/investment';
import type { Order } from '../../contract/orders';
import type { Tokens } from '../../machines/auth.machine';
import { investmentMachine, type FlowRoute, type InvestmentDraft, type InvestmentInput, type LoadedFlow } from '../../machines/investment.machine';
import { toFlowOffer } from '../../src/components/invest/api';
import { ROUTE_OF } from '../../src/config/investFlow';
import { href } from '../../contract/routes';
import { STORAGE_KEYS } from '../../src/config/storage';
import { translateError } from '../../src/i18n/i18n';
import { largeInvestmentThreshold } from '../../lib/largeInvestment';
import { formatMoney } from '../../lib/format';
import type { KnowledgeTestState } from '../../contract/protection';
import { createMachineTestModel, expectFullCoverage, machineCoverage, printCoverage, runPath } from '../support/model';
import { loadAllDictionaries, mergeCoverage, renderApp, settle, USER, type AppHarness } from './support/app';
import type { FakeAnswer } from './support/fakeFetch';
import { heldServer } from './support/heldServer';

const TOKENS: Tokens = { accessToken: 'access-1', refreshToken: 'refresh-1', expiresAt: Date.now() + 3_600_000 };
const SLUG = 'zielone-tarasy';
const pl = (code: string) => translateError('pl', code);

const OFFER = {
  id: 1,
  slug: { pl: SLUG, en: 'green-terraces' },
  title: 'Zielone Tarasy',
  seoTitle: null,
  seoDescription: null,
  mainDescription: '<p>48 mieszkań z ogrodami na dachu.</p>',
  thumbUrl: null,
  imageUrl: null,
  projectType: 'Osiedle',
  isOpen: true,
  investmentStart: null,
  investmentEnd: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  address: 'Warszawa',
  totalCost: 1_000_000_00,
  developerEquity: 250_000_00,
  investorEquity: 750_000_00,
  badges: [],
  templateName: 'default' as const,
  properties: [],
  descriptions: [],
  sections: [],
  series: [
    { id: 11, name: 'Seria A', pricePerShare: 250_00, minStocks: 1, availableShares: 1000, isOpen: true },
    { id: 12, name: 'Seria B', pricePerShare: 300_00, minStocks: 2, availableShares: 40, isOpen: true },
  ],
  documents: { general: [], investor: [{ id: 3, displayName: 'Prospekt informacyjny', url: '/media/prospekt.pdf' }] },
  agreements: [{ id: 7, content: '<p>Akceptuję ryzyko inwestycji</p>', required: true }],
  gallery: [],
};
const FLOW_OFFER = toFlowOffer(OFFER);
const INVESTOR = { firstName: 'Jan', lastName: 'Kowalski', phone: '', address: 'Prosta 1', city: 'Warszawa', zip: '00-001', country: 'PL' };

const METHODS: TransactionMethod[] = [
  { id: 1, codeName: 'BankTransfer', name: 'Przelew bankowy', enabled: true, commission: { amountWithCommission: 50_000, commissionValue: 0, commissionPercent: 0 } },
  { id: 2, codeName: 'PayPal', name: 'PayPal', enabled: true, commission: { amountWithCommission: 51_250, commissionValue: 1_250, commissionPercent: 0.025 } },
];
const NO_METHODS: TransactionMethod[] = METHODS.map((m) => ({ ...m, enabled: false }));

const DEADLINE = new Date(Date.now() + 72 * 3600_000).toISOString();
const ORDER = { id: 'ord-1', reference: 'ES-ABCD-EFG2', status: 'new' } as unknown as Order;
// GET /order/{id} on the thank-you page: still waiting for the money, or paid (the operator matched the transfer)
const ORDER_PAID = { ...ORDER, status: 'paid' } as Order;
const BANK_RESULT: CreateInvestmentResult = {
  order: ORDER,
  payment: {
    codeName: 'BankTransfer',
    accountHolder: 'Estate Shares sp. z o.o.',
    address: 'ul. Prosta 1, 00-001 Warszawa',
    bankName: 'Bank Polski',
    accountNumber: '61109010140000071219812874',
    iban: 'PL61109010140000071219812874',
    swift: 'BPKOPLPW',
    title: 'ES-ABCD-EFG2',
    amount: 50_000,
    deadline: DEADLINE,
    qrCode: '|PL|61109010140000071219812874|050000|Estate Shares|ES-ABCD-EFG2|||',
  },
};
const PAYPAL_RESULT: CreateInvestmentResult = { order: ORDER, payment: { codeName: 'PayPal', approveUrl: 'https://paypal.test/approve' } };

// Investor protection: the demo rate is the lowest the operator may set (0.1000 PLN per EUR), so EUR 1 000 is
// 100 zł and a 500 zł order is a large investment for an investor whose 5% of net worth is below that.
const EUR_RATE = 1_000;
const RICH = 20_000_000_00;
const POOR = 1_000_00;
const KIIS = { hash: 'a'.repeat(64), url: '/api/offer/1/kiis.pdf?language=pl' };
const QUESTIONNAIRE = {
  version: '2026.1',
  questions: [
    { id: 'riskOfLoss', text: 'Co może się stać z kwotą?', options: [{ id: 'partial', text: 'Część' }, { id: 'total', text: 'Całość' }] },
    { id: 'illiquidity', text: 'Czy sprzedasz udziały w dowolnym momencie?', options: [{ id: 'anytime', text: 'Tak' }, { id: 'maybeNever', text: 'Nie' }] },
  ],
};
const testResult = (netWorth: number) => ({
  takenAt: '2026-01-01T00:00:00.000Z',
  version: '2026.1',
  passed: true,
  netWorth,
  affordableLoss: netWorth / 10,
  riskWarningAcknowledgedAt: null,
  expiresAt: '2099-01-01T00:00:00.000Z',
  allowsOrders: true,
});
const testState = (result: ReturnType<typeof testResult> | null): KnowledgeTestState => ({
  classification: 'non_sophisticated',
  questionnaire: QUESTIONNAIRE,
  result,
  largeInvestment: { eurRate: EUR_RATE, eurRateDate: '2026-01-02', threshold: largeInvestmentThreshold(EUR_RATE, result?.netWorth ?? 0) },
});

function draft(reached: InvestmentDraft['reached'], over: Partial<InvestmentDraft> = {}): InvestmentDraft {
  return {
    offerId: 1,
    slugs: [SLUG, 'green-terraces'],
    seriesId: 11,
    pricePerShare: 250_00,
    quantity: 2,
    reached,
    investor: { ...INVESTOR },
    agreements: reached === 'payment' ? { '7': true } : {},
    methodId: null,
    attemptKey: null,
    result: null,
    largeInvestmentConsent: false,
    kiisHash: reached === 'payment' ? KIIS.hash : null,
    ...over,
  };
}
const loaded = (d: InvestmentDraft | null, testRequired = false): LoadedFlow => ({
  offer: FLOW_OFFER,
  draft: d,
  investor: { ...INVESTOR },
  countries: ['PL', 'DE'],
  protection: { testRequired, threshold: testRequired ? null : largeInvestmentThreshold(EUR_RATE, RICH) },
  kiis: KIIS,
});

const err = (code: string, context: string): ErrorItem => ({ code, context, message: code });
const failure = (status: number, errors: ErrorItem[]) => ({ status, errors });

const events = [
  { type: 'investment.quantityChanged', quantity: '' },
  { type: 'investment.quantityChanged', quantity: '3' },
  { type: 'investment.seriesChosen', seriesId: 12 },
  { type: 'xstate.done.actor.validateInitiate', output: { errors: [err('IS_EMPTY', 'investorData'), err('IS_EMPTY', 'method')], quote: null } },
  { type: 'xstate.done.actor.validateInitiate', output: { errors: [err('NOT_ENOUGH_SHARES_AVAILABLE', 'investmentData.quantity')], quote: null } },
  { type: 'xstate.error.actor.validateInitiate', error: failure(500, [err('INTERNAL_ERROR', '')]) },
  { type: 'xstate.done.actor.loadFlow', output: loaded(null) },
  { type: 'xstate.done.actor.loadFlow', output: loaded(draft('payment', { methodId: 1, result: BANK_RESULT })) },
  // a PayPal order whose page is reloaded (or the payer never went to PayPal)
  { type: 'xstate.done.actor.loadFlow', output: loaded(draft('payment', { methodId: 2, result: PAYPAL_RESULT })) },
  { type: 'xstate.done.actor.loadFlow', output: loaded(draft('payment')) },
  { type: 'xstate.done.actor.loadFlow', output: loaded(draft('documents')) },
  { type: 'xstate.done.actor.loadFlow', output: loaded(draft('personalInformation')) },
  // no valid knowledge test: the flow sends the investor to it first
  { type: 'xstate.done.actor.loadFlow', output: loaded(draft('personalInformation'), true) },
  { type: 'xstate.error.actor.loadFlow', error: failure(500, [err('INTERNAL_ERROR', '')]) },
  // the test passed with a small net worth: the 500 zł order is above the threshold
  { type: 'xstate.done.actor.knowledgeTest', output: { threshold: largeInvestmentThreshold(EUR_RATE, POOR) } },
  { type: 'investment.kiisToggled', accepted: true },
  { type: 'investment.largeInvestmentConsented' },
  { type: 'investment.fieldChanged', field: 'city', value: 'Kraków' },
  { type: 'xstate.done.actor.validatePersonal', output: { errors: [err('IS_EMPTY', 'method')], quote: null } },
  { type: 'xstate.done.actor.validatePersonal', output: { errors: [err('FIRST_NAME_IS_EMPTY', 'investorData.firstName'), err('IS_EMPTY', 'method')], quote: null } },
  { type: 'xstate.error.actor.validatePersonal', error: failure(500, [err('INTERNAL_ERROR', '')]) },
  { type: 'investment.agreementToggled', id: '7', accepted: true },
  {
    type: 'xstate.done.actor.validateDocuments',
    output: { errors: [], quote: { quantity: 2, pricePerShare: 250_00, amount: 500_00, availableShares: 1000, minStocks: 1 } },
  },
  // the server checks the whole request: the payment step's method is missing too, as it is at this step
  { type: 'xstate.done.actor.validateDocuments', output: { errors: [err('IS_EMPTY', 'agreements.7'), err('IS_EMPTY', 'method')], quote: null } },
  { type: 'xstate.error.actor.validateDocuments', error: failure(500, [err('INTERNAL_ERROR', '')]) },
  { type: 'xstate.done.actor.loadMethods', output: METHODS },
  { type: 'xstate.done.actor.loadMethods', output: NO_METHODS },
  { type: 'xstate.error.actor.loadMethods', error: failure(500, [err('INTERNAL_ERROR', '')]) },
  { type: 'investment.methodChosen', methodId: 2 },
  { type: 'investment.submitted', attemptKey: 'model-key' },
  { type: 'investment.retried', attemptKey: 'model-key-2' },
  { type: 'xstate.done.actor.createOrder', output: BANK_RESULT },
  { type: 'xstate.done.actor.createOrder', output: PAYPAL_RESULT },
  // a payment of a method this page does not know: the error page, never a blank one
  { type: 'xstate.done.actor.createOrder', output: { order: ORDER, payment: { codeName: 'Cheque' } } },
  { type: 'xstate.error.actor.createOrder', error: failure(400, [err('FIRST_NAME_IS_EMPTY', 'investorData.firstName')]) },
  { type: 'xstate.error.actor.createOrder', error: failure(400, [err('IS_EMPTY', 'agreements.7')]) },
  { type: 'xstate.error.actor.createOrder', error: failure(400, [err('NO_TRANSACTION_METHOD_AVAILABLE', 'method')]) },
  { type: 'xstate.error.actor.createOrder', error: failure(409, [err('NOT_ENOUGH_SHARES_AVAILABLE', 'quantity')]) },
  { type: 'xstate.error.actor.createOrder', error: failure(400, [err('LARGE_INVESTMENT_CONSENT_REQUIRED', 'largeInvestmentConsent')]) },
  { type: 'xstate.error.actor.createOrder', error: failure(500, [err('INTERNAL_ERROR', '')]) },
  { type: 'xstate.done.actor.loadOrder', output: ORDER },
  { type: 'xstate.done.actor.loadOrder', output: ORDER_PAID },
  { type: 'xstate.error.actor.loadOrder', error: failure(500, [err('INTERNAL_ERROR', '')]) },
  ...(['personalInformation', 'documents', 'payment', 'thankYou'] as FlowRoute[]).map((route) => ({ type: 'investment.locationChanged', route })),
] as never[];

/** States keyed by value, the context that guards read, and the arriving transition. */
function serializeState(state: AnyMachineSnapshot, event?: EventObject, prev?: AnyMachineSnapshot): string {
  const c = state.context as { loggedIn: boolean; quantityText: string; methods: TransactionMethod[] };
  const errors = (state.context as { errors: ErrorItem[] }).errors.map((e) => e.code).join(',');
  const { draft: d, order } = state.context as { draft: InvestmentDraft | null; order: Order | null };
  const flags = {
    loggedIn: c.loggedIn,
    qEmpty: c.quantityText.trim() === '',
    methods: c.methods.some((m) => m.enabled),
    errors,
    result: d?.result?.payment.codeName ?? null,
    status: order?.status ?? null,
    kiis: Boolean(d?.kiisHash),
    consent: Boolean(d?.largeInvestmentConsent),
    threshold: (state.context as { protection: { threshold: number | null } }).protection.threshold,
  };
  const via = event && prev && JSON.stringify(prev.value) !== JSON.stringify(state.value) ? ` via ${event.type} from ${JSON.stringify(prev.value)}` : event ? ` via ${event.type}` : '';
  return `${JSON.stringify(state.value)} ${JSON.stringify(flags)}${via}`;
}

const STARTS: { name: string; input: InvestmentInput; path: string; loggedIn: boolean }[] = [
  { name: 'invest box', input: { slug: SLUG, entry: 'initiate', loggedIn: true, offer: FLOW_OFFER }, path: `/pl/inwestycja/${SLUG}`, loggedIn: true },
  { name: 'invest box, anonymous', input: { slug: SLUG, entry: 'initiate', loggedIn: false, offer: FLOW_OFFER }, path: `/pl/inwestycja/${SLUG}`, loggedIn: false },
  { name: 'flow address', input: { slug: SLUG, entry: 'payment', loggedIn: true }, path: href('pl', 'investPayment', { slug: SLUG }), loggedIn: true },
];

const all = STARTS.map((start) => ({
  start,
  paths: createMachineTestModel(investmentMachine, { events, serializeState: serializeState as never, input: start.input } as never).getShortestPaths(),
}));

// ---------------------------------------------------------------------------------------------------
// What the user sees and does

const button = (name: string | RegExp) => screen.getByRole('button', { name });
const storedDraft = (): InvestmentDraft | null => JSON.parse(localStorage.getItem(STORAGE_KEYS.investmentDraft) ?? 'null');
const routeHref = (route: FlowRoute) => href('pl', ROUTE_OF[route], { slug: SLUG });
const breadcrumb = (route: FlowRoute) => screen.getByTestId(`breadcrumb-${route}`);
const errorTexts = () => screen.queryByTestId('invest-errors')?.textContent ?? '';
function expectBreadcrumb(current: number) {
  const routes: FlowRoute[] = ['personalInformation', 'documents', 'payment', 'thankYou'];
  routes.forEach((route, i) => {
    // SPEC §2: the second entry disabled at step one, the third at the first two, the fourth at the first three.
    if (current < 3) expect(breadcrumb(route).getAttribute('data-disabled'), route).toBe(String(i > current));
  });
  expect(breadcrumb(routes[current]).getAttribute('aria-current')).toBe('step');
}
function answerOf(output: { errors: ErrorItem[]; quote: unknown }): FakeAnswer {
  return output.errors.length ? { status: 400, errors: output.errors } : { status: 200, data: output.quote };
}
const fieldError = (name: string) => {
  const el = document.querySelector(`[name="${name}"]`);
  const id = el?.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
};

describe('investment (model-based, through the app)', { timeout: 60_000 }, () => {
  beforeAll(loadAllDictionaries);
  let h: AppHarness | undefined;
  afterEach(() => {
    h?.unmount();
    h = undefined;
    localStorage.clear();
  });

  for (const { start, paths } of all) {
    describe(start.name, () => {
      for (const path of paths) {
        const name = `${JSON.stringify(path.state.value)} ← ${path.steps.slice(1).map((s) => s.event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:').replace(/^investment\./, '')).join(' → ') || 'start'}`;
        it(name, async () => {
          h = renderApp({
            path: start.path,
            storedLanguage: 'pl',
            ...(start.loggedIn ? { tokens: TOKENS, overrides: { auth: { actors: { fetchUser: fromPromise<unknown, void>(async () => USER) } } } } : {}),
          });
          const app = h;
          const server = heldServer(app.fake);
          if (start.input.entry === 'initiate') app.fake.on('GET', `/offers/${SLUG}`, () => ({ data: OFFER }));
          else {
            server.hold('GET', `/offers/${SLUG}`);
            server.hold('GET', '/investor');
            server.hold('GET', '/investor/register');
          }
          server.hold('POST', '/investment/validate');
          server.hold('GET', '/transaction');
          server.hold('POST', '/investment');
          server.hold('GET', '/order/ord-1');
          server.hold('GET', '/offer/1/kiis');
          server.hold('GET', '/investor/knowledge-test');
          server.hold('POST', '/investor/knowledge-test');
          let typed = '1';
          let moves = 0;
          let city = 'Warszawa';
          await settle(6);

          await runPath(path, {
            states: {
              'initiate.editing': () => {
                expect(screen.getByTestId('invest-form')).toBeInTheDocument();
                expect(screen.getByRole('spinbutton', { name: 'Liczba udziałów' })).toHaveValue(typed === '' ? null : Number(typed));
                expect(screen.getByRole('spinbutton', { name: 'Liczba udziałów' })).toHaveAttribute('placeholder', 'min 1');
                expect(screen.getByTestId('invest-button')).toHaveTextContent('Inwestuj');
                expect(screen.getByTestId('invest-button')).toBeEnabled();
                // each series' price and shares left
                expect(screen.getAllByTestId('series-left').map((e) => e.textContent)).toEqual(['1000', '40']);
              },
              'initiate.validating': () => {
                // busy, yet focusable: focus stays on it
                expect(screen.getByTestId('invest-button')).toHaveAttribute('aria-busy', 'true');
                expect(screen.getByTestId('invest-button')).toBeEnabled();
                expect(screen.getByTestId('invest-button')).toHaveTextContent('Sprawdzanie…');
              },
              'initiate.loginRequired': () => {
                expect(app.location().split('?')[0]).toBe('/pl/logowanie');
                expect((window.history.state as { from?: string })?.from).toBe(`/pl/inwestycja/${SLUG}?quantity=${typed}`);
              },
              'initiate.started': () => {
                expect(app.location().split('?')[0]).toBe(routeHref('personalInformation'));
                expect(storedDraft()).toMatchObject({ offerId: 1, quantity: Number(typed), reached: 'personalInformation' });
                expect(screen.getByTestId('invest-flow')).toBeInTheDocument();
              },
              loading: () => {
                expect(screen.getByTestId('invest-loading')).toBeInTheDocument();
                expect(document.title).toMatch(/· Inwestuj/);
              },
              loadFailed: () => {
                expect(screen.getByRole('alert')).toHaveTextContent('Nie udało się wczytać inwestycji.');
              },
              noDraft: () => {
                expect(screen.getByTestId('invest-no-draft')).toHaveTextContent('Najpierw wybierz liczbę udziałów');
                expect(screen.getByRole('link', { name: 'Przejdź do oferty' })).toHaveAttribute('href', `/pl/inwestycja/${SLUG}`);
              },
              'steps.personalInformation.editing': (state) => {
                expect(app.location().split('?')[0]).toBe(routeHref('personalInformation'));
                expect(screen.getByTestId('step-personalInformation')).toBeInTheDocument();
                expectBreadcrumb(0);
                expect(document.title).toMatch(/^Dane osobowe · Inwestuj/);
                expect(screen.queryByTestId('summary-investor')).toBeNull();
                expect(screen.getByTestId('summary-offer-title')).toHaveTextContent('Zielone Tarasy');
                // what was typed (or prefilled) is shown, and stored: nothing typed is lost on a reload
                expect(document.querySelector('[name="city"]')).toHaveValue(city);
                expect(document.querySelector('[name="lastName"]')).toHaveValue('Kowalski');
                const errors = (state.context as { errors: ErrorItem[] }).errors;
                const first = errors.find((e) => e.context === 'investorData.firstName');
                expect(fieldError('firstName')).toBe(first ? pl(first.code) : null);
              },
              'steps.personalInformation.validating': () => {
                // busy, yet focusable: focus stays on it
                expect(screen.getByTestId('step-next')).toHaveAttribute('aria-busy', 'true');
                expect(screen.getByTestId('step-next')).toBeEnabled();
                expect(screen.getByTestId('step-next')).toHaveTextContent('Sprawdzanie…');
              },
              'steps.documents.editing': (state) => {
                expect(app.location().split('?')[0]).toBe(routeHref('documents'));
                expect(screen.getByTestId('step-documents')).toBeInTheDocument();
                expectBreadcrumb(1);
                // the step names itself in the document title; the flow's frame has the skip link too
                expect(document.title).toMatch(/^Dokumenty · Inwestuj/);
                // the order summary beside the step: terms and definitions in lists
                expectValidListMarkup(screen.getByTestId('summary-card'));
                expect(screen.getByRole('link', { name: 'Przejdź do treści' })).toHaveAttribute('href', '#main-content');
                expect(within(screen.getByTestId('investor-documents')).getByRole('link', { name: /Prospekt informacyjny/ })).toHaveAttribute('target', '_blank');
                const errors = (state.context as { errors: ErrorItem[] }).errors;
                const agreement = screen.getByRole('checkbox', { name: /Akceptuję ryzyko/ });
                const id = agreement.getAttribute('aria-describedby');
                const shown = id ? (document.getElementById(id)?.textContent ?? null) : null;
                expect(shown).toBe(errors.some((e) => e.context === 'agreements.7') ? pl('AGREEMENT_REQUIRED') : null);
                // errors sit beside their fields: no box with a "field is required" that names no field
                expect(errorTexts()).not.toContain(pl('IS_EMPTY'));
                // the key information sheet: its link, and its acknowledgement beside its error
                expect(screen.getByTestId('kiis-link')).toHaveAttribute('href', KIIS.url);
                const kiis = screen.getByRole('checkbox', { name: /arkuszem kluczowych informacji/ });
                expect(kiis).toHaveProperty('checked', Boolean(storedDraft()?.kiisHash));
                const kiisId = kiis.getAttribute('aria-describedby');
                expect(kiisId ? document.getElementById(kiisId)?.textContent : null).toBe(
                  errors.some((e) => e.context === 'kiis') ? pl('KIIS_NOT_ACKNOWLEDGED') : null,
                );
              },
              'steps.documents.largeInvestment': (state) => {
                const warning = screen.getByTestId('large-investment');
                expect(warning).toHaveTextContent('Ostrzeżenie: duża inwestycja');
                expect(warning.textContent!.replace(/\s/g, ' ')).toContain('(500,00 zł)');
                const threshold = (state.context as { protection: { threshold: number } }).protection.threshold;
                expect(warning.textContent!.replace(/\s/g, ' ')).toContain(`(${formatMoney(threshold, 'pl').replace(/\s/g, ' ')})`);
                expect(screen.getByRole('link', { name: 'Zmień liczbę udziałów na stronie oferty' })).toHaveAttribute('href', `/pl/inwestycja/${SLUG}`);
              },
              knowledgeTest: () => {
                expect(screen.getByTestId('knowledge-test')).toBeInTheDocument();
                expect(screen.queryByTestId('step-documents')).toBeNull();
              },
              'steps.documents.validating': () => {
                // busy, yet focusable: focus stays on it
                expect(screen.getByTestId('step-next')).toHaveAttribute('aria-busy', 'true');
                expect(screen.getByTestId('step-next')).toBeEnabled();
              },
              'steps.payment.loadingMethods': () => {
                expect(app.location().split('?')[0]).toBe(routeHref('payment'));
                expect(screen.getByTestId('step-payment')).toBeInTheDocument();
                expect(screen.getByTestId('pay-button')).toBeDisabled();
                expectBreadcrumb(2);
                // SPEC §2: the investor's data shows in the summary at the payment step
                expect(screen.getByTestId('summary-investor')).toHaveTextContent('Jan Kowalski');
              },
              'steps.payment.methodsFailed': () => {
                expect(screen.getByRole('alert')).toHaveTextContent('Nie udało się wczytać metod płatności.');
              },
              'steps.payment.choosing': (state) => {
                expectBreadcrumb(2);
                const c = state.context as { methods: TransactionMethod[]; draft: InvestmentDraft; errors: ErrorItem[] };
                const methods = within(screen.getByTestId('payment-methods')).getAllByRole('radio');
                expect(methods).toHaveLength(2);
                if (c.methods.some((m) => m.enabled)) {
                  expect(screen.getByTestId('summary-method')).toHaveTextContent(c.methods.find((m) => m.id === c.draft.methodId)!.name);
                  expect(screen.getByTestId('pay-button')).toBeEnabled();
                } else {
                  for (const m of methods) expect(m).toBeDisabled();
                }
                for (const e of c.errors) expect(errorTexts()).toContain(pl(e.code));
                expect(screen.getByTestId('summary-total').textContent!.replace(/\s/g, ' ')).toBe('500,00 zł');
              },
              submitting: () => {
                // busy, yet focusable: focus stays on it
                expect(screen.getByTestId('pay-button')).toHaveAttribute('aria-busy', 'true');
                expect(screen.getByTestId('pay-button')).toBeEnabled();
                expect(screen.getByTestId('pay-button')).toHaveTextContent('Składanie zamówienia…');
              },
              failed: (state) => {
                expect(screen.getByTestId('step-failed')).toBeInTheDocument();
                expect(breadcrumb('thankYou')).toHaveTextContent('Błąd');
                for (const e of (state.context as { errors: ErrorItem[] }).errors) expect(errorTexts()).toContain(pl(e.code));
                expect(screen.getByRole('link', { name: 'Zmień liczbę udziałów na stronie oferty' })).toHaveAttribute('href', `/pl/inwestycja/${SLUG}`);
              },
              thankYou: (state) => {
                const c = state.context as { draft: InvestmentDraft; order: Order | null };
                const result = c.draft.result!;
                expect(app.location().split('?')[0]).toBe(routeHref('thankYou'));
                const thanks = screen.getByTestId('thank-you');
                expect(thanks).toHaveTextContent('Dziękujemy za zamówienie');
                expect(thanks).toHaveAttribute('data-method', result.payment.codeName);
                // the order as the server has it now once read, until then the one saved with the result
                const status = (c.order ?? result.order).status;
                expect(screen.getByTestId('order-status')).toHaveAttribute('data-status', status);
                expect(screen.getByTestId('order-status')).toHaveTextContent(status === 'paid' ? 'Opłacone' : 'Oczekuje na płatność');
                expect(screen.getByTestId('order-reference')).toHaveTextContent('ES-ABCD-EFG2');
                expect(screen.getByTestId('order-link')).toHaveAttribute('href', href('pl', 'order', { orderId: 'ord-1' }));
                expect(within(thanks).queryByText('BankTransfer')).toBeNull();
                if (status === 'paid') {
                  // paid: no payment instructions any more, the status says so
                  expect(screen.getByTestId('order-status-note')).toHaveTextContent('Otrzymaliśmy Twoją płatność');
                  expect(screen.queryByTestId('bank-accountNumber')).toBeNull();
                  expect(screen.queryByTestId('paypal-return-link')).toBeNull();
                } else if (result.payment.codeName === 'BankTransfer') {
                  expect(screen.getByTestId('bank-accountNumber')).toHaveTextContent('61 1090 1014 0000 0712 1981 2874');
                  expect(screen.getByTestId('bank-title')).toHaveTextContent('ES-ABCD-EFG2');
                  expect(screen.getByTestId('bank-amount').textContent!.replace(/\s/g, ' ')).toContain('500,00 zł');
                  expect(screen.getByTestId('countdown')).toHaveTextContent(/Pozostało \d+ d/);
                } else {
                  // PayPal not finished: the way to the PayPal return page (it finishes, retries or switches)
                  expect(screen.getByTestId('paypal-return-link')).toHaveAttribute('href', href('pl', 'paypalReturn', { slug: SLUG, orderId: 'ord-1' }));
                  expect(screen.queryByTestId('bank-accountNumber')).toBeNull();
                }
                expect(breadcrumb('thankYou').getAttribute('aria-current')).toBe('step');
                expect(storedDraft()?.result?.order.reference).toBe('ES-ABCD-EFG2');
              },
              'thankYou.loadingOrder': () => {
                expect(server.lastCall('GET', '/order/ord-1')).toBeTruthy();
              },
              'thankYou.orderFailed': () => {
                expect(screen.getByRole('alert')).toHaveTextContent('Nie udało się sprawdzić bieżącego statusu zamówienia');
                expect(screen.getByTestId('retry-order-status')).toBeEnabled();
              },
            },
            events: {
              'investment.quantityChanged': async ({ event }) => {
                typed = event.quantity;
                fireEvent.change(screen.getByRole('spinbutton', { name: 'Liczba udziałów' }), { target: { value: event.quantity } });
                await settle(1);
              },
              'investment.seriesChosen': async () => {
                fireEvent.click(within(screen.getByTestId('invest-series')).getAllByRole('radio')[1]);
                await settle(1);
              },
              'investment.started': async () => {
                fireEvent.submit(screen.getByTestId('invest-form'));
                await settle();
              },
              'xstate.done.actor.validateInitiate': async ({ event }) => {
                const body = server.lastBody('POST', '/investment/validate') as { step: string; investmentData: { quantity: number; offer: number } };
                expect(body).toMatchObject({ step: 'initiate', investmentData: { quantity: Number(typed), offer: 1 } });
                await server.answer('POST', '/investment/validate', answerOf(event.output));
                if (event.output.errors.length && event.output.errors[0].context.startsWith('investmentData')) {
                  expect(screen.getByRole('spinbutton', { name: 'Liczba udziałów' })).toHaveAttribute('aria-invalid', 'true');
                }
              },
              'xstate.error.actor.validateInitiate': async ({ event }) => {
                await server.answer('POST', '/investment/validate', { status: 500, errors: (event.error as { errors: ErrorItem[] }).errors });
              },
              'xstate.done.actor.loadFlow': async ({ event }) => {
                const out = event.output as LoadedFlow;
                if (out.draft) localStorage.setItem(STORAGE_KEYS.investmentDraft, JSON.stringify(out.draft));
                else localStorage.removeItem(STORAGE_KEYS.investmentDraft);
                await server.answer('GET', `/offers/${SLUG}`, { data: OFFER });
                await server.answer('GET', '/investor', { data: { email: USER.email, firstName: 'Jan', lastName: 'Kowalski', phone: null, address: { street: 'Prosta 1', city: 'Warszawa', zip: '00-001', state: null, country: 'PL' } } });
                await server.answer('GET', '/investor/register', { data: { countries: [{ id: 1, code: 'PL' }, { id: 2, code: 'DE' }] } });
                await server.answer('GET', '/investor/knowledge-test', { data: testState(out.protection.testRequired ? null : testResult(RICH)) });
                // the sheet in the interface's language
                expect(server.lastCall('GET', '/offer/1/kiis')?.url).toContain('language=pl');
                await server.answer('GET', '/offer/1/kiis', { data: { ...KIIS, language: 'pl' } });
                await settle();
              },
              'xstate.done.actor.knowledgeTest': async () => {
                // the knowledge test's own chart: the questionnaire, the simulation, the result (its paths are
                // walked one by one in knowledgeTest.test.tsx; here the way through it)
                await server.answer('GET', '/investor/knowledge-test', { data: testState(null) });
                fireEvent.click(screen.getByTestId('knowledge-test-start'));
                await settle(1);
                fireEvent.click(screen.getByRole('radio', { name: 'Całość' }));
                fireEvent.click(screen.getByRole('radio', { name: 'Nie' }));
                fireEvent.change(screen.getByRole('textbox', { name: /Roczny dochód/ }), { target: { value: '1000' } });
                fireEvent.change(screen.getByRole('textbox', { name: /Aktywa płynne/ }), { target: { value: '0' } });
                fireEvent.change(screen.getByRole('textbox', { name: /zobowiązania/ }), { target: { value: '0' } });
                fireEvent.click(screen.getByTestId('knowledge-test-submit'));
                await settle();
                expect(server.lastBody('POST', '/investor/knowledge-test')).toEqual({
                  version: '2026.1',
                  answers: { riskOfLoss: 'total', illiquidity: 'maybeNever' },
                  simulation: { yearlyIncome: POOR, liquidAssets: 0, yearlyCommitments: 0 },
                });
                await server.answer('POST', '/investor/knowledge-test', { status: 201, data: testResult(POOR) });
                expect(screen.getByTestId('affordable-loss').textContent!.replace(/\s/g, ' ')).toBe('100,00 zł');
                fireEvent.click(screen.getByTestId('knowledge-test-continue'));
                await settle();
              },
              'investment.kiisToggled': async () => {
                const box = screen.getByRole('checkbox', { name: /arkuszem kluczowych informacji/ }) as HTMLInputElement;
                if (box.checked) fireEvent.click(box);
                fireEvent.click(box);
                await settle(1);
                expect(storedDraft()?.kiisHash).toBe(KIIS.hash);
              },
              'investment.largeInvestmentConsented': async () => {
                fireEvent.click(screen.getByTestId('large-investment-consent'));
                await settle();
                expect(storedDraft()?.largeInvestmentConsent).toBe(true);
              },
              'xstate.error.actor.loadFlow': async () => {
                await server.answer('GET', `/offers/${SLUG}`, { status: 500, errors: [err('INTERNAL_ERROR', '')] });
                await server.answer('GET', '/investor', { status: 500, errors: [err('INTERNAL_ERROR', '')] });
                await server.answer('GET', '/investor/register', { status: 500, errors: [err('INTERNAL_ERROR', '')] });
              },
              'investment.retried': async () => {
                const retry = screen.queryByTestId('retry-order') ?? screen.queryByTestId('retry-order-status') ?? button('Spróbuj ponownie');
                fireEvent.click(retry);
                await settle();
              },
              'investment.fieldChanged': async ({ event }) => {
                if (event.field === 'city') city = event.value;
                fireEvent.change(document.querySelector(`[name="${event.field}"]`)!, { target: { value: event.value } });
                await settle(1);
                expect(storedDraft()?.investor?.[event.field as 'city']).toBe(event.value);
              },
              'investment.stepSubmitted': async () => {
                fireEvent.click(button('Dalej'));
                await settle();
              },
              'xstate.done.actor.validatePersonal': async ({ event }) => {
                expect(server.lastBody('POST', '/investment/validate')).toMatchObject({ step: 'personalInformation', investorData: { lastName: 'Kowalski' } });
                await server.answer('POST', '/investment/validate', answerOf(event.output));
              },
              'xstate.error.actor.validatePersonal': async () => {
                await server.answer('POST', '/investment/validate', { status: 500, errors: [err('INTERNAL_ERROR', '')] });
              },
              'investment.agreementToggled': async () => {
                const box = screen.getByRole('checkbox', { name: /Akceptuję ryzyko/ }) as HTMLInputElement;
                if (box.checked) fireEvent.click(box);
                fireEvent.click(box);
                await settle(1);
                expect(storedDraft()?.agreements['7']).toBe(true);
              },
              'xstate.done.actor.validateDocuments': async ({ event }) => {
                expect(server.lastBody('POST', '/investment/validate')).toMatchObject({ step: 'documents', agreements: [{ id: 7 }] });
                await server.answer('POST', '/investment/validate', answerOf(event.output));
              },
              'xstate.error.actor.validateDocuments': async () => {
                await server.answer('POST', '/investment/validate', { status: 500, errors: [err('INTERNAL_ERROR', '')] });
              },
              'xstate.done.actor.loadMethods': async ({ event }) => {
                expect(server.lastCall('GET', '/transaction')?.url).toContain('amount=50000');
                await server.answer('GET', '/transaction', {
                  data: { items: [], pagination: { pageSize: 1, pageNumber: 1, totalItems: 0, totalPages: 0 }, methods: event.output },
                });
              },
              'xstate.error.actor.loadMethods': async () => {
                await server.answer('GET', '/transaction', { status: 500, errors: [err('INTERNAL_ERROR', '')] });
              },
              'investment.methodChosen': async () => {
                fireEvent.click(within(screen.getByTestId('payment-methods')).getAllByRole('radio')[1]);
                await settle(1);
                expect(screen.getByTestId('summary-fee').textContent!.replace(/\s/g, ' ')).toBe('12,50 zł (2,5%)');
              },
              'investment.submitted': async () => {
                fireEvent.click(screen.getByTestId('pay-button'));
                await settle();
              },
              'xstate.done.actor.createOrder': async ({ event }) => {
                const call = server.lastCall('POST', '/investment')!;
                // one key per attempt, kept in the stored draft (a reload or retry sends the same)
                expect(call.headers['idempotency-key']).toBeTruthy();
                expect(call.headers['idempotency-key']).toBe(storedDraft()?.attemptKey);
                expect(call.body).toMatchObject({ offer: 1, series: 11, quantity: 2, agreements: [{ id: 7, isAccepted: Boolean(storedDraft()?.agreements['7']) }], kiisHash: KIIS.hash });
                // the consent goes with the order when the warning was shown
                expect((call.body as { largeInvestmentConsent?: boolean }).largeInvestmentConsent ?? false).toBe(storedDraft()?.largeInvestmentConsent ?? false);
                expect((call.body as { thankYouPageUrlPattern: string }).thankYouPageUrlPattern).toContain('{orderId}');
                await server.answer('POST', '/investment', { status: 201, data: event.output });
              },
              'xstate.error.actor.createOrder': async ({ event }) => {
                const before = storedDraft()?.attemptKey;
                expect(server.lastCall('POST', '/investment')!.headers['idempotency-key']).toBe(before);
                const e = event.error as { status: number; errors: ErrorItem[] };
                await server.answer('POST', '/investment', { status: e.status, errors: e.errors });
                // a refusal (4xx) ends the attempt; an unknown outcome keeps its key for the retry
                expect(storedDraft()?.attemptKey ?? null).toBe(e.status < 500 ? null : before);
              },
              'xstate.done.actor.loadOrder': async ({ event }) => {
                await server.answer('GET', '/order/ord-1', { data: event.output });
              },
              'xstate.error.actor.loadOrder': async () => {
                await server.answer('GET', '/order/ord-1', { status: 500, errors: [err('INTERNAL_ERROR', '')] });
              },
              'investment.locationChanged': async ({ event }) => {
                // the investor goes to a step's address (the same one again counts: a new location)
                const to = routeHref(event.route);
                app.go(app.location().split('?')[0] === to ? `${to}?again=${++moves}` : to);
                await settle();
              },
            },
          });
        });
      }
    });
  }

  it('covers every state and transition of the chart', () => {
    const result = mergeCoverage(all.map(({ start, paths }) => machineCoverage(investmentMachine, paths, { input: start.input })));
    printCoverage(result);
    expectFullCoverage(result);
  });
});

