// The investment flow (SPEC §2 "Investment flow", §4): initiate on the offer page's invest box, then
// personal information, documents and payment on the flow's own screens, then thank-you or error.
//
// One chart, two entries: the offer page starts it in `initiate` (input.entry = 'initiate', with the
// offer); a flow screen starts it in `loading` (input.entry = the step of its route), which reads the
// draft the investor left (storage), the offer and the account's data, and resumes where the investor was.
// Everything typed lives in `context.draft` and is persisted through the provided `persistDraft` action
// on every change, so a reload or a later visit loses nothing. The chart does no I/O: `validate`,
// `loadFlow`, `loadMethods`, `createOrder` and `loadOrder` are provided actors; `persistDraft`, `goToStep` and
// `redirectToLogin` are provided actions.
//
// Each step's submit validates on the server (POST /investment/validate with that step) and moves on
// when the answer's errors concern only later steps (`onlyLaterStepErrors`). The final submit creates
// the order (POST /investment) with an Idempotency-Key made once per attempt and kept across retries
// (also across a reload), dropped only when the server has definitely refused (4xx). The result is
// handled by the payment's `codeName`: BankTransfer → thankYou; PayPal → `redirecting`, whose action
// (`redirectToPayPal`, provided) sends the browser to `payment.approveUrl`. The thank-you state reads
// the order again on entry (`loadOrder`, provided), so a reload shows its current status.
import { assign, fromPromise, setup } from 'xstate';
import type { ErrorItem } from '../contract/envelope';
import type { CreateInvestmentBody, CreateInvestmentResult, InvestmentQuote, InvestorDataInput, TransactionMethod, ValidateInvestmentBody } from '../contract/investment';
import { errorsUpTo, INVESTMENT_STEPS, onlyLaterStepErrors, stepOfContext, type InvestmentStep } from '../contract/investment-steps';
import type { MethodCode, Order } from '../contract/orders';
import { described } from './descriptions/describe';
import descriptions from './descriptions/investment';
import type { KnowledgeTestOutput } from './knowledgeTest.machine';

/** The steps shown on the flow's own screens, in order. */
export const FLOW_STEPS = ['personalInformation', 'documents', 'payment'] as const;
export type FlowStep = (typeof FLOW_STEPS)[number];
/** A flow screen's route: one of the steps or the thank-you page. */
export type FlowRoute = FlowStep | 'thankYou';
export type Entry = 'initiate' | FlowRoute;

export interface FlowSeries {
  id: number;
  name: string;
  pricePerShare: number;
  minStocks: number;
  availableShares: number;
  isOpen: boolean;
}

export interface FlowAgreement {
  id: string;
  content: string;
  required: boolean;
}

export interface FlowDocument {
  id: string;
  displayName: string;
  url: string;
}

/** What the flow needs of an offer (GET /offers/{slug}). */
export interface FlowOffer {
  id: number;
  slug: { pl: string; en: string };
  title: string;
  mainDescription: string;
  thumbUrl: string | null;
  isOpen: boolean;
  series: FlowSeries[];
  /** the offer's documents for investors */
  documents: FlowDocument[];
  agreements: FlowAgreement[];
}

/** The personal-information form, as typed. `country` is an ISO alpha-2 code. */
export interface InvestorDraft {
  firstName: string;
  lastName: string;
  phone: string;
  address: string;
  city: string;
  zip: string;
  country: string;
}
export type InvestorField = keyof InvestorDraft;

/** What is persisted (storage) and resumed: everything the investor chose or typed. */
export interface InvestmentDraft {
  offerId: number;
  /** the offer's slugs (both languages): a flow screen resumes the draft whose slugs include its own */
  slugs: string[];
  seriesId: number;
  pricePerShare: number;
  quantity: number;
  /** the furthest step reached (validated up to the one before) */
  reached: FlowStep;
  investor: InvestorDraft | null;
  /** accepted flag per agreement id */
  agreements: Record<string, boolean>;
  methodId: number | null;
  /** the Idempotency-Key of the current order attempt */
  attemptKey: string | null;
  result: CreateInvestmentResult | null;
  /** the investor consented to the large-investment warning (sent, and stored, with the order) */
  largeInvestmentConsent?: boolean;
  /** the hash of the key investment information sheet the investor acknowledged (stored with the order) */
  kiisHash?: string | null;
}

/** Investor protection as the flow needs it (GET /investor/knowledge-test). */
export interface FlowProtection {
  /** no valid knowledge test: the flow sends the investor to it first */
  testRequired: boolean;
  /** an order above this amount (grosze) stops for the large-investment warning; null: no warning applies */
  threshold: number | null;
}

/** The offer's key investment information sheet in the current language. */
export interface FlowKiis {
  hash: string;
  url: string;
}

export interface LoadedFlow {
  offer: FlowOffer;
  /** the stored draft, or null */
  draft: InvestmentDraft | null;
  /** the account's data to prefill personal information with */
  investor: InvestorDraft | null;
  /** ISO alpha-2 codes the address may have */
  countries: string[];
  protection: FlowProtection;
  kiis: FlowKiis | null;
}

export interface ValidationAnswer {
  /** the answer's errors (an empty list when valid) */
  errors: ErrorItem[];
  quote: InvestmentQuote | null;
}

export interface InvestmentInput {
  slug: string;
  entry: Entry;
  loggedIn: boolean;
  /** the offer page passes its offer */
  offer?: FlowOffer | null;
  /** a quantity to start with (after the login detour) */
  quantity?: string | null;
}

export interface InvestmentContext {
  slug: string;
  entry: Entry;
  loggedIn: boolean;
  offer: FlowOffer | null;
  /** initiate: the number of shares as typed, and the chosen series */
  quantityText: string;
  seriesId: number | null;
  draft: InvestmentDraft | null;
  /** ISO alpha-2 codes for the address's country */
  countries: string[];
  quote: InvestmentQuote | null;
  methods: TransactionMethod[];
  /** the errors shown (cleared on every location change) */
  errors: ErrorItem[];
  /** thank-you: the order as the server has it now (GET /order/{id}), read on every entry */
  order: Order | null;
  protection: FlowProtection;
  kiis: FlowKiis | null;
}

export type InvestmentEvent =
  | { type: 'investment.quantityChanged'; quantity: string }
  | { type: 'investment.seriesChosen'; seriesId: number }
  | { type: 'investment.started' }
  | { type: 'investment.fieldChanged'; field: InvestorField; value: string }
  | { type: 'investment.agreementToggled'; id: string; accepted: boolean }
  | { type: 'investment.kiisToggled'; accepted: boolean }
  | { type: 'investment.largeInvestmentConsented' }
  | { type: 'investment.methodChosen'; methodId: number }
  | { type: 'investment.stepSubmitted' }
  | { type: 'investment.submitted'; attemptKey: string }
  | { type: 'investment.retried'; attemptKey?: string }
  | { type: 'investment.locationChanged'; route: FlowRoute };

export const EMPTY_INVESTOR: InvestorDraft = { firstName: '', lastName: '', phone: '', address: '', city: '', zip: '', country: 'PL' };

const GENERIC: ErrorItem = { code: 'GENERIC', context: '', message: '' };

/** The error list of a failed call: its envelope errors when it has them, else a generic one. */
export function errorsOf(error: unknown): ErrorItem[] {
  const list = (error as { errors?: ErrorItem[] } | undefined)?.errors;
  return Array.isArray(list) && list.length ? list : [GENERIC];
}

/** A refusal the server answered (4xx): no order was made, a new attempt may get a new key. */
export function isDefinitive(error: unknown): boolean {
  const status = (error as { status?: number } | undefined)?.status ?? 0;
  return status >= 400 && status < 500;
}

/** The step (of the flow's three) whose fields the first error concerns, in step order. */
export function firstErrorStep(errors: ErrorItem[]): InvestmentStep | undefined {
  const steps = new Set(errors.map((e) => stepOfContext(e.context)));
  return INVESTMENT_STEPS.find((s) => steps.has(s));
}

export const stepIndex = (route: FlowRoute) => (route === 'thankYou' ? FLOW_STEPS.length : FLOW_STEPS.indexOf(route));

/** The offer's series the invest box starts with: the first open one. */
export function firstOpenSeriesId(offer: FlowOffer | null | undefined): number | null {
  return offer?.series.find((s) => s.isOpen)?.id ?? null;
}

export function draftMatches(draft: InvestmentDraft | null, slug: string): draft is InvestmentDraft {
  return draft !== null && draft.slugs.includes(slug);
}

/** The order's amount before commission: the server's quote when known, else quantity × price. */
export function amountOf(context: Pick<InvestmentContext, 'quote' | 'draft'>): number {
  if (context.quote && context.draft && context.quote.quantity === context.draft.quantity) return context.quote.amount;
  return context.draft ? context.draft.quantity * context.draft.pricePerShare : 0;
}

export function investorDataOf(investor: InvestorDraft | null): InvestorDataInput {
  const i = investor ?? EMPTY_INVESTOR;
  return {
    firstName: i.firstName,
    lastName: i.lastName,
    phone: i.phone.trim() ? i.phone.trim() : null,
    address: { address: i.address, city: i.city, zip: i.zip, country: { name: i.country } },
  };
}

const numericId = (id: string) => (/^\d+$/.test(id) ? Number(id) : (id as unknown as number));

export function agreementAnswersOf(offer: FlowOffer | null, accepted: Record<string, boolean>) {
  return (offer?.agreements ?? []).map((a) => ({ id: numericId(a.id), isAccepted: Boolean(accepted[a.id]) }));
}

/** POST /investment/validate's body for a step: the fields of that step and of the steps before it. */
export function validateBodyOf(step: InvestmentStep, context: Pick<InvestmentContext, 'draft' | 'offer' | 'slug'>): ValidateInvestmentBody {
  const d = context.draft!;
  const index = INVESTMENT_STEPS.indexOf(step);
  const body: ValidateInvestmentBody = {
    step,
    investmentData: { quantity: d.quantity, offer: d.offerId, series: d.seriesId, pricePerShare: d.pricePerShare, slug: context.slug },
    slug: context.slug,
  };
  if (index >= 1) body.investorData = investorDataOf(d.investor);
  if (index >= 2) body.agreements = agreementAnswersOf(context.offer, d.agreements);
  if (index >= 3) body.method = d.methodId;
  return body;
}

/** POST /investment's body (without thankYouPageUrlPattern, which the provided actor adds). */
export function createBodyOf(context: Pick<InvestmentContext, 'draft' | 'offer'>): CreateInvestmentBody {
  const d = context.draft!;
  return {
    method: d.methodId!,
    offer: d.offerId,
    series: d.seriesId,
    quantity: d.quantity,
    investorData: investorDataOf(d.investor),
    agreements: agreementAnswersOf(context.offer, d.agreements),
    ...(d.largeInvestmentConsent ? { largeInvestmentConsent: true } : {}),
    ...(d.kiisHash ? { kiisHash: d.kiisHash } : {}),
  };
}

/** The order is above the large-investment threshold and the investor has not consented yet. */
export function needsLargeInvestmentConsent(context: Pick<InvestmentContext, 'quote' | 'draft' | 'protection'>): boolean {
  const { threshold } = context.protection;
  return threshold !== null && amountOf(context) > threshold && context.draft?.largeInvestmentConsent !== true;
}

/** The offer has a key information sheet the investor has not acknowledged (in its current version). */
export function kiisMissing(context: Pick<InvestmentContext, 'kiis' | 'draft'>): boolean {
  return context.kiis !== null && context.draft?.kiisHash !== context.kiis.hash;
}

/** The server refused the order with this error code. */
const refusedWith = (error: unknown, code: string) => isDefinitive(error) && errorsOf(error).some((e) => e.code === code);

/** The draft the invest box starts (step one validated): quantity, series and its price. */
function startDraft(context: InvestmentContext): InvestmentDraft {
  const offer = context.offer!;
  const series = offer.series.find((s) => s.id === context.seriesId)!;
  return {
    offerId: offer.id,
    slugs: [...new Set([offer.slug.pl, offer.slug.en, context.slug])],
    seriesId: series.id,
    pricePerShare: series.pricePerShare,
    quantity: Number(context.quantityText),
    reached: 'personalInformation',
    investor: null,
    agreements: {},
    methodId: null,
    attemptKey: null,
    result: null,
    largeInvestmentConsent: false,
    kiisHash: null,
  };
}

const laterThan = (a: FlowStep, b: FlowStep) => FLOW_STEPS.indexOf(a) > FLOW_STEPS.indexOf(b);

export const investmentMachine = described(setup({
  types: {
    context: {} as InvestmentContext,
    events: {} as InvestmentEvent,
    input: {} as InvestmentInput,
    tags: {} as 'busy' | 'skeleton',
  },
  actors: {
    validate: fromPromise<ValidationAnswer, ValidateInvestmentBody>(async () => {
      throw new Error('validate actor not provided');
    }),
    loadFlow: fromPromise<LoadedFlow, { slug: string }>(async () => {
      throw new Error('loadFlow actor not provided');
    }),
    loadMethods: fromPromise<TransactionMethod[], { amount: number }>(async () => {
      throw new Error('loadMethods actor not provided');
    }),
    createOrder: fromPromise<CreateInvestmentResult, { body: CreateInvestmentBody; attemptKey: string }>(async () => {
      throw new Error('createOrder actor not provided');
    }),
    /** GET /order/{id}: the order's current status (paid once the operator matched the transfer) */
    loadOrder: fromPromise<Order, { orderId: string }>(async () => {
      throw new Error('loadOrder actor not provided');
    }),
    /**
     * the knowledge test and loss simulation: machines/knowledgeTest.machine.ts, provided by the flow's page
     * (with its I/O), so the offer page's invest box, which starts this chart too, does not load it
     */
    knowledgeTest: fromPromise<KnowledgeTestOutput, void>(async () => {
      throw new Error('knowledgeTest actor not provided');
    }),
  },
  actions: {
    /** writes `context.draft` to storage (a flow screen of the same offer finds it by its slugs) */
    persistDraft: () => {},
    /** shows a flow route: pushes it, or replaces the current entry (`replace`) when it differs */
    goToStep: (_, _params: { route: FlowRoute; replace: boolean }) => {},
    /** an anonymous visitor logs in, then comes back to the offer with the quantity typed */
    redirectToLogin: (_, _params: { slug: string; quantity: string }) => {},
    /** PayPal: the browser leaves for PayPal's approval page (issue: PayPal) */
    redirectToPayPal: (_, _params: { url: string }) => {},
    clearErrors: assign({ errors: [] as ErrorItem[] }),
    /** the server refused the order: its errors are shown, and the attempt's key is done with */
    refused: assign(({ context, event }) => ({
      errors: errorsOf((event as { error?: unknown }).error),
      draft: context.draft ? { ...context.draft, attemptKey: null } : null,
    })),
  },
  guards: {
    entersAtOffer: ({ context }) => context.entry === 'initiate',
    isAnonymous: ({ context }) => !context.loggedIn,
    quantityMissing: ({ context }) => context.quantityText.trim() === '' || context.seriesId === null,
    /** the answer's errors concern only steps after `step` (SPEC §4) */
    acceptable: (_, params: { step: InvestmentStep; answer: ValidationAnswer }) =>
      onlyLaterStepErrors(
        params.step,
        params.answer.errors.map((e) => e.context),
      ),
    noDraft: ({ context }) => context.draft === null,
    testRequired: ({ context }) => context.protection.testRequired,
    kiisMissing: ({ context }) => kiisMissing(context),
    /** acceptable, and the order needs the large-investment consent first */
    acceptableButLarge: ({ context }, params: { step: InvestmentStep; answer: ValidationAnswer }) =>
      onlyLaterStepErrors(
        params.step,
        params.answer.errors.map((e) => e.context),
      ) && needsLargeInvestmentConsent({ ...context, quote: params.answer.quote ?? context.quote }),
    refusedWith: (_, params: { error: unknown; code: string }) => refusedWith(params.error, params.code),
    hasResult: ({ context }) => context.draft?.result != null,
    /** the step a flow screen resumes at: the route's step, or the furthest reached when the route is ahead */
    resumesAt: ({ context }, params: { step: FlowStep }) => {
      const reached = context.draft!.reached;
      const wanted = context.entry === 'initiate' || context.entry === 'thankYou' ? reached : context.entry;
      return (laterThan(wanted, reached) ? reached : wanted) === params.step;
    },
    routeIs: ({ event }, params: { route: FlowRoute }) => event.type === 'investment.locationChanged' && event.route === params.route,
    hasMethod: ({ context }) => context.methods.some((m) => m.id === context.draft?.methodId && m.enabled),
    paysBy: (_, params: { result: CreateInvestmentResult; code: MethodCode }) => params.result.payment.codeName === params.code,
    firstErrorOn: (_, params: { error: unknown; step: InvestmentStep }) =>
      isDefinitive(params.error) && firstErrorStep(errorsOf(params.error)) === params.step,
    definitive: (_, params: { error: unknown }) => isDefinitive(params.error),
  },
}).createMachine({
  id: 'investment',
  context: ({ input }) => ({
    slug: input.slug,
    entry: input.entry,
    loggedIn: input.loggedIn,
    offer: input.offer ?? null,
    quantityText: input.quantity ?? '1',
    seriesId: firstOpenSeriesId(input.offer),
    draft: null,
    countries: [],
    quote: null,
    methods: [],
    errors: [],
    order: null,
    protection: { testRequired: false, threshold: null },
    kiis: null,
  }),
  initial: 'entering',
  states: {
    entering: {
      always: [{ guard: 'entersAtOffer', target: 'initiate' }, { target: 'loading' }],
    },

    // ---------- step one: the invest box on the offer page ----------
    initiate: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'investment.quantityChanged': { actions: assign({ quantityText: ({ event }) => event.quantity, errors: [] }) },
            'investment.seriesChosen': { actions: assign({ seriesId: ({ event }) => event.seriesId, errors: [] }) },
            'investment.started': [
              { guard: 'isAnonymous', target: 'loginRequired' },
              {
                guard: 'quantityMissing',
                actions: assign({ errors: [{ code: 'STOCKS_IS_REQUIRED', context: 'investmentData.quantity', message: '' }] }),
              },
              { target: 'validating', actions: assign({ draft: ({ context }) => startDraft(context), errors: [] }) },
            ],
          },
        },
        validating: {
          tags: ['busy'],
          invoke: {
            id: 'validateInitiate',
            src: 'validate',
            input: ({ context }) => validateBodyOf('initiate', context),
            onDone: [
              {
                guard: { type: 'acceptable', params: ({ event }) => ({ step: 'initiate' as const, answer: event.output }) },
                target: 'started',
                actions: [
                  assign({ quote: ({ event }) => event.output.quote }),
                  'persistDraft',
                  { type: 'goToStep', params: { route: 'personalInformation', replace: false } },
                ],
              },
              { target: 'editing', actions: assign({ errors: ({ event }) => errorsUpTo('initiate', event.output.errors) }) },
            ],
            onError: { target: 'editing', actions: assign({ errors: ({ event }) => errorsOf(event.error) }) },
          },
        },
        // The login page takes over; after login the visitor is back on the offer with the quantity.
        loginRequired: {
          entry: { type: 'redirectToLogin', params: ({ context }) => ({ slug: context.slug, quantity: context.quantityText }) },
        },
        // The flow's first screen takes over (this page unmounts); the button stays busy until then.
        started: { tags: ['busy'] },
      },
    },

    // ---------- the flow's screens ----------
    loading: {
      tags: ['skeleton'],
      invoke: {
        id: 'loadFlow',
        src: 'loadFlow',
        input: ({ context }) => ({ slug: context.slug }),
        onDone: {
          target: 'routing',
          actions: assign(({ context, event }) => {
            const { offer, draft, investor, countries, protection, kiis } = event.output;
            const mine = draftMatches(draft, context.slug) ? draft : null;
            return {
              offer,
              countries,
              protection,
              kiis,
              draft: mine && !mine.investor ? { ...mine, investor: investor ?? { ...EMPTY_INVESTOR } } : mine,
            };
          }),
        },
        onError: 'loadFailed',
      },
    },
    loadFailed: {
      on: { 'investment.retried': 'loading' },
    },
    routing: {
      always: [
        { guard: 'noDraft', target: 'noDraft' },
        { guard: 'hasResult', target: 'thankYou', actions: { type: 'goToStep', params: { route: 'thankYou', replace: true } } },
        // ECSP Art. 21: without a valid knowledge test a non-sophisticated investor takes it before ordering.
        { guard: 'testRequired', target: 'knowledgeTest' },
        {
          guard: { type: 'resumesAt', params: { step: 'payment' } },
          target: 'steps.payment',
          actions: { type: 'goToStep', params: { route: 'payment', replace: true } },
        },
        {
          guard: { type: 'resumesAt', params: { step: 'documents' } },
          target: 'steps.documents',
          actions: { type: 'goToStep', params: { route: 'documents', replace: true } },
        },
        { target: 'steps.personalInformation', actions: { type: 'goToStep', params: { route: 'personalInformation', replace: true } } },
      ],
    },
    // A flow address without a draft of this offer (a shared link, or data cleared): start on the offer.
    noDraft: {},
    // The knowledge test and loss simulation (their own chart); once done, the flow resumes where it was,
    // with the large-investment threshold of the new result.
    knowledgeTest: {
      invoke: {
        id: 'knowledgeTest',
        src: 'knowledgeTest',
        onDone: {
          target: 'routing',
          actions: assign({ protection: ({ event }) => ({ testRequired: false, threshold: (event.output as KnowledgeTestOutput).threshold }) }),
        },
      },
    },

    steps: {
      initial: 'personalInformation',
      states: {
        personalInformation: {
          on: {
            'investment.locationChanged': [
              { guard: { type: 'routeIs', params: { route: 'personalInformation' } }, actions: 'clearErrors' },
              { actions: { type: 'goToStep', params: { route: 'personalInformation', replace: true } } },
            ],
          },
          initial: 'editing',
          states: {
            editing: {
              on: {
                'investment.fieldChanged': {
                  actions: [
                    assign({
                      draft: ({ context, event }) => ({
                        ...context.draft!,
                        investor: { ...(context.draft!.investor ?? EMPTY_INVESTOR), [event.field]: event.value },
                      }),
                      errors: ({ context, event }) => context.errors.filter((e) => !e.context.endsWith(`.${event.field}`)),
                    }),
                    'persistDraft',
                  ],
                },
                'investment.stepSubmitted': { target: 'validating', actions: 'clearErrors' },
              },
            },
            validating: {
              tags: ['busy'],
              invoke: {
                id: 'validatePersonal',
                src: 'validate',
                input: ({ context }) => validateBodyOf('personalInformation', context),
                onDone: [
                  {
                    guard: { type: 'acceptable', params: ({ event }) => ({ step: 'personalInformation' as const, answer: event.output }) },
                    target: '#investment.steps.documents',
                    actions: [
                      assign({
                        draft: ({ context }) => ({
                          ...context.draft!,
                          reached: laterThan(context.draft!.reached, 'documents') ? context.draft!.reached : 'documents',
                        }),
                        quote: ({ event, context }) => event.output.quote ?? context.quote,
                      }),
                      'persistDraft',
                      { type: 'goToStep', params: { route: 'documents', replace: false } },
                    ],
                  },
                  { target: 'editing', actions: assign({ errors: ({ event }) => errorsUpTo('personalInformation', event.output.errors) }) },
                ],
                onError: { target: 'editing', actions: assign({ errors: ({ event }) => errorsOf(event.error) }) },
              },
            },
          },
        },

        documents: {
          on: {
            'investment.locationChanged': [
              { guard: { type: 'routeIs', params: { route: 'documents' } }, actions: 'clearErrors' },
              { guard: { type: 'routeIs', params: { route: 'personalInformation' } }, target: 'personalInformation', actions: 'clearErrors' },
              { actions: { type: 'goToStep', params: { route: 'documents', replace: true } } },
            ],
          },
          initial: 'editing',
          states: {
            editing: {
              on: {
                'investment.agreementToggled': {
                  actions: [
                    assign({
                      draft: ({ context, event }) => ({
                        ...context.draft!,
                        agreements: { ...context.draft!.agreements, [event.id]: event.accepted },
                      }),
                      errors: ({ context }) => context.errors.filter((e) => stepOfContext(e.context) !== 'documents'),
                    }),
                    'persistDraft',
                  ],
                },
                'investment.kiisToggled': {
                  actions: [
                    assign({
                      draft: ({ context, event }) => ({ ...context.draft!, kiisHash: event.accepted ? (context.kiis?.hash ?? null) : null }),
                      errors: ({ context }) => context.errors.filter((e) => e.context !== 'kiis'),
                    }),
                    'persistDraft',
                  ],
                },
                'investment.stepSubmitted': [
                  // ECSP Art. 23: the key investment information sheet is acknowledged before the order.
                  { guard: 'kiisMissing', actions: assign({ errors: [{ code: 'KIIS_NOT_ACKNOWLEDGED', context: 'kiis', message: '' }] }) },
                  { target: 'validating', actions: 'clearErrors' },
                ],
              },
            },
            // ECSP Art. 21(7): the order is above the higher of EUR 1 000 and 5% of the net worth; it goes on
            // only with the investor's explicit consent, which is sent with the order.
            largeInvestment: {
              on: {
                'investment.largeInvestmentConsented': {
                  target: '#investment.steps.payment',
                  actions: [
                    assign({ draft: ({ context }) => ({ ...context.draft!, largeInvestmentConsent: true, reached: 'payment' as const }) }),
                    'persistDraft',
                    { type: 'goToStep', params: { route: 'payment', replace: false } },
                  ],
                },
              },
            },
            validating: {
              tags: ['busy'],
              invoke: {
                id: 'validateDocuments',
                src: 'validate',
                input: ({ context }) => validateBodyOf('documents', context),
                onDone: [
                  {
                    guard: { type: 'acceptableButLarge', params: ({ event }) => ({ step: 'documents' as const, answer: event.output }) },
                    target: 'largeInvestment',
                    actions: assign({ quote: ({ event, context }) => event.output.quote ?? context.quote }),
                  },
                  {
                    guard: { type: 'acceptable', params: ({ event }) => ({ step: 'documents' as const, answer: event.output }) },
                    target: '#investment.steps.payment',
                    actions: [
                      assign({
                        draft: ({ context }) => ({ ...context.draft!, reached: 'payment' as const }),
                        quote: ({ event, context }) => event.output.quote ?? context.quote,
                      }),
                      'persistDraft',
                      { type: 'goToStep', params: { route: 'payment', replace: false } },
                    ],
                  },
                  { target: 'editing', actions: assign({ errors: ({ event }) => errorsUpTo('documents', event.output.errors) }) },
                ],
                onError: { target: 'editing', actions: assign({ errors: ({ event }) => errorsOf(event.error) }) },
              },
            },
          },
        },

        payment: {
          on: {
            'investment.locationChanged': [
              { guard: { type: 'routeIs', params: { route: 'payment' } }, actions: 'clearErrors' },
              { guard: { type: 'routeIs', params: { route: 'personalInformation' } }, target: 'personalInformation', actions: 'clearErrors' },
              { guard: { type: 'routeIs', params: { route: 'documents' } }, target: 'documents', actions: 'clearErrors' },
              { actions: { type: 'goToStep', params: { route: 'payment', replace: true } } },
            ],
          },
          initial: 'loadingMethods',
          states: {
            loadingMethods: {
              tags: ['skeleton'],
              invoke: {
                id: 'loadMethods',
                src: 'loadMethods',
                input: ({ context }) => ({ amount: amountOf(context) }),
                onDone: {
                  target: 'choosing',
                  actions: [
                    assign(({ context, event }) => {
                      const methods = event.output;
                      const enabled = methods.filter((m) => m.enabled);
                      const kept = enabled.find((m) => m.id === context.draft!.methodId);
                      return { methods, draft: { ...context.draft!, methodId: (kept ?? enabled[0])?.id ?? null } };
                    }),
                    'persistDraft',
                  ],
                },
                onError: { target: 'methodsFailed', actions: assign({ errors: ({ event }) => errorsOf(event.error) }) },
              },
            },
            methodsFailed: {
              on: { 'investment.retried': { target: 'loadingMethods', actions: 'clearErrors' } },
            },
            choosing: {
              on: {
                'investment.methodChosen': {
                  actions: [
                    assign({
                      draft: ({ context, event }) => ({ ...context.draft!, methodId: event.methodId }),
                      errors: [],
                    }),
                    'persistDraft',
                  ],
                },
                'investment.submitted': [
                  {
                    guard: 'hasMethod',
                    target: '#investment.submitting',
                    actions: [
                      assign({
                        draft: ({ context, event }) => ({ ...context.draft!, attemptKey: context.draft!.attemptKey ?? event.attemptKey }),
                        errors: [],
                      }),
                      'persistDraft',
                    ],
                  },
                  { actions: assign({ errors: [{ code: 'NO_TRANSACTION_METHOD_AVAILABLE', context: 'method', message: '' }] }) },
                ],
              },
            },
          },
        },
      },
    },

    // ---------- the order ----------
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'createOrder',
        src: 'createOrder',
        input: ({ context }) => ({ body: createBodyOf(context), attemptKey: context.draft!.attemptKey! }),
        onDone: [
          {
            guard: { type: 'paysBy', params: ({ event }) => ({ result: event.output, code: 'BankTransfer' as const }) },
            target: 'thankYou',
            actions: [
              assign({ draft: ({ context, event }) => ({ ...context.draft!, result: event.output }) }),
              'persistDraft',
              { type: 'goToStep', params: { route: 'thankYou', replace: false } },
            ],
          },
          // PayPal: the result is kept in the draft, then the browser goes to PayPal's approval page; PayPal
          // sends it back to the PayPal return page (its own chart: machines/paypalReturn.machine.ts).
          {
            guard: { type: 'paysBy', params: ({ event }) => ({ result: event.output, code: 'PayPal' as const }) },
            target: 'redirecting',
            actions: [
              assign({ draft: ({ context, event }) => ({ ...context.draft!, result: event.output }) }),
              'persistDraft',
              {
                type: 'redirectToPayPal',
                params: ({ event }) => ({ url: event.output.payment.codeName === 'PayPal' ? event.output.payment.approveUrl : '' }),
              },
            ],
          },
          { target: 'failed', actions: assign({ errors: [{ code: 'CAN_CREATE_PAYMENT', context: '', message: '' }] }) },
        ],
        // A refusal goes back to the first step its errors concern (the key is dropped: no order was
        // made); errors of the offer, series or quantity, and failures with an unknown outcome, end in
        // `failed`. An unknown outcome keeps the key, so a retry cannot make a second order.
        onError: [
          // The consent is missing (a draft from before the threshold applied): back to the warning.
          {
            guard: { type: 'refusedWith', params: ({ event }) => ({ error: event.error, code: 'LARGE_INVESTMENT_CONSENT_REQUIRED' }) },
            target: '#investment.steps.documents.largeInvestment',
            actions: ['refused', 'persistDraft', { type: 'goToStep', params: { route: 'documents', replace: false } }],
          },
          {
            guard: { type: 'firstErrorOn', params: ({ event }) => ({ error: event.error, step: 'personalInformation' as const }) },
            target: '#investment.steps.personalInformation',
            actions: ['refused', 'persistDraft', { type: 'goToStep', params: { route: 'personalInformation', replace: false } }],
          },
          {
            guard: { type: 'firstErrorOn', params: ({ event }) => ({ error: event.error, step: 'documents' as const }) },
            target: '#investment.steps.documents',
            actions: ['refused', 'persistDraft', { type: 'goToStep', params: { route: 'documents', replace: false } }],
          },
          {
            guard: { type: 'firstErrorOn', params: ({ event }) => ({ error: event.error, step: 'payment' as const }) },
            target: '#investment.steps.payment.choosing',
            actions: ['refused', 'persistDraft', { type: 'goToStep', params: { route: 'payment', replace: false } }],
          },
          {
            guard: { type: 'definitive', params: ({ event }) => ({ error: event.error }) },
            target: 'failed',
            actions: ['refused', 'persistDraft'],
          },
          { target: 'failed', actions: assign({ errors: ({ event }) => errorsOf(event.error) }) },
        ],
      },
    },
    // The error page of the flow's fourth step: what went wrong, a retry (same key when the outcome was
    // unknown) and the way back to earlier steps.
    failed: {
      on: {
        'investment.retried': {
          target: 'submitting',
          actions: [
            assign({
              draft: ({ context, event }) => ({ ...context.draft!, attemptKey: context.draft!.attemptKey ?? event.attemptKey ?? null }),
              errors: [],
            }),
            'persistDraft',
          ],
        },
        'investment.locationChanged': [
          { guard: { type: 'routeIs', params: { route: 'personalInformation' } }, target: 'steps.personalInformation', actions: 'clearErrors' },
          { guard: { type: 'routeIs', params: { route: 'documents' } }, target: 'steps.documents', actions: 'clearErrors' },
          { guard: { type: 'routeIs', params: { route: 'payment' } }, target: 'steps.payment', actions: 'clearErrors' },
        ],
      },
    },
    // Leaving for PayPal: nothing more happens on this page.
    redirecting: {
      tags: ['busy'],
    },
    // The order is made: earlier steps cannot be reopened. On every entry (right after the order, or a
    // reload later) the order is read again (GET /order/{id}) so the page shows its current status: the
    // payment details while it waits for the money (bank transfer), the status once paid or cancelled,
    // and for PayPal the way to the PayPal return page. While it loads, or when it cannot be read, the
    // result kept in the draft is shown (with a retry when reading failed).
    thankYou: {
      on: {
        'investment.locationChanged': {
          actions: { type: 'goToStep', params: { route: 'thankYou', replace: true } },
        },
      },
      initial: 'loadingOrder',
      states: {
        loadingOrder: {
          invoke: {
            id: 'loadOrder',
            src: 'loadOrder',
            input: ({ context }) => ({ orderId: context.draft!.result!.order.id }),
            onDone: { target: 'shown', actions: assign({ order: ({ event }) => event.output, errors: [] }) },
            onError: { target: 'orderFailed', actions: assign({ errors: ({ event }) => errorsOf(event.error) }) },
          },
        },
        shown: {},
        orderFailed: {
          on: { 'investment.retried': { target: 'loadingOrder', actions: 'clearErrors' } },
        },
      },
    },
  },
}), descriptions);
