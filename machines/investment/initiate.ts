// Step one: the invest box on the offer page (the quantity and series, validated before the flow's screens).
import { assign } from 'xstate';
import { errorsUpTo } from '../../contract/investment-steps';
import { errorsOf, startDraft, validateBodyOf } from './rules';
import { investmentSetup } from './setup';

export const initiate = investmentSetup.createStateConfig({
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
});
