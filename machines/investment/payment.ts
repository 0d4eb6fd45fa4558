// The flow's third screen: the payment methods for the amount, the one chosen, and the order's submission.
import { assign } from 'xstate';
import { amountOf, errorsOf } from './rules';
import { investmentSetup } from './setup';

export const payment = investmentSetup.createStateConfig({
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
});
