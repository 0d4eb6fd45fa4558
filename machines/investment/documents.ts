// The flow's second screen: the offer's consents and the key investment information sheet, and above the
// threshold the large-investment warning, before the payment.
import { assign } from 'xstate';
import { errorsUpTo, stepOfContext } from '../../contract/investment-steps';
import { errorsOf, validateBodyOf } from './rules';
import { investmentSetup } from './setup';

export const documents = investmentSetup.createStateConfig({
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
});
