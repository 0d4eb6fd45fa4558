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
//
// The chart's parts are in machines/investment/: its types, what it computes from its context (rules), its setup
// (provided actors and actions, guards) and one file per region of the statechart.
import { described } from './descriptions/describe';
import descriptions from './descriptions/investment';
import { documents } from './investment/documents';
import { knowledgeTest, loadFailed, loading, noDraft, routing } from './investment/entry';
import { initiate } from './investment/initiate';
import { failed, redirecting, submitting } from './investment/order';
import { payment } from './investment/payment';
import { personalInformation } from './investment/personalInformation';
import { firstOpenSeriesId } from './investment/rules';
import { investmentSetup } from './investment/setup';
import { thankYou } from './investment/thankYou';

export * from './investment/types';
export {
  agreementAnswersOf,
  amountOf,
  createBodyOf,
  draftMatches,
  errorsOf,
  firstErrorStep,
  firstOpenSeriesId,
  investorDataOf,
  isDefinitive,
  kiisMissing,
  needsLargeInvestmentConsent,
  stepIndex,
  validateBodyOf,
} from './investment/rules';

export const investmentMachine = described(investmentSetup.createMachine({
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
  // The router, as an actor: the investor's moves come in from it; the chart's own moves (goToStep) go out by it.
  invoke: { id: 'navigation', src: 'navigation' },
  initial: 'entering',
  states: {
    entering: {
      always: [{ guard: 'entersAtOffer', target: 'initiate' }, { target: 'loading' }],
    },

    // ---------- step one: the invest box on the offer page ----------
    initiate,

    // ---------- the flow's screens ----------
    loading,
    loadFailed,
    routing,
    noDraft,
    knowledgeTest,

    steps: {
      initial: 'personalInformation',
      states: {
        personalInformation,
        documents,
        payment,
      },
    },

    // ---------- the order ----------
    submitting,
    failed,
    redirecting,
    thankYou,
  },
}), descriptions);
