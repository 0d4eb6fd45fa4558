// The flow's fourth screen once the order is made.
import { assign } from 'xstate';
import { errorsOf } from './rules';
import { investmentSetup } from './setup';

// The order is made: earlier steps cannot be reopened. On every entry (right after the order, or a
// reload later) the order is read again (GET /order/{id}) so the page shows its current status: the
// payment details while it waits for the money (bank transfer), the status once paid or cancelled,
// and for PayPal the way to the PayPal return page. While it loads, or when it cannot be read, the
// result kept in the draft is shown (with a retry when reading failed).
export const thankYou = investmentSetup.createStateConfig({
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
});
