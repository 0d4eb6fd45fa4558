// The investment chart's setup: its types, the actors and actions the app provides (placeholders here: the chart
// does no I/O), its own actions and its guards. Each region's state config is written against it.
import { assign, fromCallback, fromPromise, sendTo, setup } from 'xstate';
import type { ErrorItem } from '../../contract/envelope';
import type { CreateInvestmentBody, CreateInvestmentResult, TransactionMethod, ValidateInvestmentBody } from '../../contract/investment';
import { onlyLaterStepErrors, type InvestmentStep } from '../../contract/investment-steps';
import type { MethodCode, Order } from '../../contract/orders';
import type { KnowledgeTestOutput } from '../knowledgeTest.machine';
import { errorsOf, firstErrorStep, isDefinitive, kiisMissing, laterThan, needsLargeInvestmentConsent, refusedWith } from './rules';
import type { FlowRoute, FlowStep, InvestmentContext, InvestmentEvent, InvestmentInput, LoadedFlow, NavigationCommand, ValidationAnswer } from './types';

export const investmentSetup = setup({
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
    /**
     * the browser's address, for as long as the chart runs: it reports the investor's own moves to another step's
     * address (a link, back/forward, a typed address) as `investment.locationChanged`; the moves the chart makes
     * (`goToStep`) go through it and are not reported back. The offer page's invest box has none.
     */
    navigation: fromCallback<NavigationCommand>(() => {}),
  },
  actions: {
    /** writes `context.draft` to storage (a flow screen of the same offer finds it by its slugs) */
    persistDraft: () => {},
    /** shows a flow route: pushes it, or replaces the current entry (`replace`) when it differs */
    goToStep: sendTo('navigation', (_, params: { route: FlowRoute; replace: boolean }): NavigationCommand => ({ type: 'navigation.go', ...params })),
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
});
