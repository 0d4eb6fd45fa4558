// The flow's first screen: the investor's personal information, validated on the server before the documents.
import { assign } from 'xstate';
import { errorsUpTo } from '../../contract/investment-steps';
import { errorsOf, laterThan, validateBodyOf } from './rules';
import { investmentSetup } from './setup';
import { EMPTY_INVESTOR } from './types';

export const personalInformation = investmentSetup.createStateConfig({
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
});
