// The order: its creation (the result handled by the payment method, a refusal back to the step it concerns),
// the error page with its retry, and the way out to PayPal.
import { assign } from 'xstate';
import { createBodyOf, errorsOf } from './rules';
import { investmentSetup } from './setup';

export const submitting = investmentSetup.createStateConfig({
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
});

// The error page of the flow's fourth step: what went wrong, a retry (same key when the outcome was
// unknown) and the way back to earlier steps.
export const failed = investmentSetup.createStateConfig({
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
});

// Leaving for PayPal: nothing more happens on this page.
export const redirecting = investmentSetup.createStateConfig({
  tags: ['busy'],
});
