// The PayPal return page (SPEC §2 "PayPal return page", /invest/{slug}/{orderId}; issue: PayPal). PayPal sends
// the payer back here after approving (?paypal=return&token=…&PayerID=…) or cancelling (?paypal=cancel&token=…);
// the investor may also reload it or open it twice. The chart never decides what happened: on arrival it asks
// the server (`confirmReturn`: POST /order/{id}/paypal/return), which asks PayPal, captures an approved
// payment exactly once whoever asks how often, and answers an outcome the chart shows:
//   paid       thank-you with the order
//   pending    PayPal holds the payment (or it waits for review): explained; "check again" asks once more
//   declined   the card was declined: back to PayPal (`approveUrl`) to choose another funding source
//   cancelled  the payer did not approve: the order stays unpaid until it expires; pay with PayPal again
//              (`retryPayPal`: POST /transaction/retry) or switch to bank transfer (`switchToBankTransfer`)
//   expired    the order expired or was cancelled: nothing was taken
//   error      the server or PayPal could not answer: try again
// Leaving for PayPal is the provided `goToPayPal` action (the app assigns window.location); the chart does no I/O.
import { assign, fromPromise, setup } from 'xstate';
import type { ErrorItem } from '../contract/envelope';
import type { BankTransferDetails } from '../contract/orders';
import type { PayPalReturnAnswer, RetryAnswer } from '../contract/paypal';
import { described } from './descriptions/describe';
import descriptions from './descriptions/paypalReturn';

export interface PayPalReturnInput {
  orderId: string;
  /** PayPal's `token` query parameter (its order id), when the page has one. */
  token: string | null;
}

export interface PayPalReturnContext {
  orderId: string;
  token: string | null;
  answer: PayPalReturnAnswer | null;
  /** Where the browser goes when leaving for PayPal. */
  approveUrl: string | null;
  /** Bank details after a switch to bank transfer. */
  bankTransfer: BankTransferDetails | null;
  errors: ErrorItem[];
}

export type PayPalReturnEvent =
  | { type: 'paypalReturn.retried' }
  | { type: 'paypalReturn.refreshed' }
  | { type: 'paypalReturn.backToPayPal' }
  | { type: 'paypalReturn.payPalRetried' }
  | { type: 'paypalReturn.bankTransferChosen' };

const errorsOf = (error: unknown): ErrorItem[] => {
  const errors = (error as { errors?: ErrorItem[] } | undefined)?.errors;
  return errors && errors.length ? errors : [{ code: 'GENERIC', context: '', message: '' }];
};

export const paypalReturnMachine = described(setup({
  types: {
    context: {} as PayPalReturnContext,
    events: {} as PayPalReturnEvent,
    input: {} as PayPalReturnInput,
    tags: {} as 'busy',
  },
  actors: {
    confirmReturn: fromPromise<PayPalReturnAnswer, { orderId: string; token: string | null }>(async () => {
      throw new Error('confirmReturn actor not provided');
    }),
    retryPayPal: fromPromise<RetryAnswer, { orderId: string }>(async () => {
      throw new Error('retryPayPal actor not provided');
    }),
    switchToBankTransfer: fromPromise<RetryAnswer, { orderId: string }>(async () => {
      throw new Error('switchToBankTransfer actor not provided');
    }),
  },
  actions: {
    /** sends the browser to PayPal (provided by the app) */
    goToPayPal: (_, _params: { url: string }) => {},
    keepAnswer: assign({ answer: ({ event }) => (event as unknown as { output: PayPalReturnAnswer }).output, errors: [] as ErrorItem[] }),
  },
  guards: {
    outcomeIs: (_, params: { answer: PayPalReturnAnswer; outcome: PayPalReturnAnswer['outcome'] }) => params.answer.outcome === params.outcome,
    canGoBackToPayPal: ({ context }) => Boolean(context.answer?.approveUrl),
    canRetry: ({ context }) => Boolean(context.answer?.canRetry),
  },
}).createMachine({
  id: 'paypalReturn',
  context: ({ input }) => ({ orderId: input.orderId, token: input.token, answer: null, approveUrl: null, bankTransfer: null, errors: [] }),
  initial: 'capturing',
  states: {
    // Asks the server what happened (it captures an approved payment once, however often this runs).
    capturing: {
      tags: ['busy'],
      invoke: {
        id: 'confirmReturn',
        src: 'confirmReturn',
        input: ({ context }) => ({ orderId: context.orderId, token: context.token }),
        onDone: [
          { guard: { type: 'outcomeIs', params: ({ event }) => ({ answer: event.output, outcome: 'paid' as const }) }, target: 'paid', actions: 'keepAnswer' },
          { guard: { type: 'outcomeIs', params: ({ event }) => ({ answer: event.output, outcome: 'pending' as const }) }, target: 'pending', actions: 'keepAnswer' },
          { guard: { type: 'outcomeIs', params: ({ event }) => ({ answer: event.output, outcome: 'declined' as const }) }, target: 'declined', actions: 'keepAnswer' },
          { guard: { type: 'outcomeIs', params: ({ event }) => ({ answer: event.output, outcome: 'expired' as const }) }, target: 'expired', actions: 'keepAnswer' },
          { target: 'cancelled', actions: 'keepAnswer' },
        ],
        onError: { target: 'error', actions: assign({ errors: ({ event }) => errorsOf(event.error) }) },
      },
    },
    paid: {},
    pending: {
      on: { 'paypalReturn.refreshed': 'capturing' },
    },
    declined: {
      on: {
        'paypalReturn.backToPayPal': { guard: 'canGoBackToPayPal', target: 'leaving', actions: assign({ approveUrl: ({ context }) => context.answer!.approveUrl }) },
        'paypalReturn.payPalRetried': { guard: 'canRetry', target: 'retrying' },
        'paypalReturn.bankTransferChosen': { guard: 'canRetry', target: 'switching' },
      },
    },
    cancelled: {
      on: {
        'paypalReturn.payPalRetried': { guard: 'canRetry', target: 'retrying' },
        'paypalReturn.bankTransferChosen': { guard: 'canRetry', target: 'switching' },
      },
    },
    expired: {},
    // A new PayPal approval for the same order, then off to PayPal.
    retrying: {
      tags: ['busy'],
      invoke: {
        id: 'retryPayPal',
        src: 'retryPayPal',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: {
          target: 'leaving',
          actions: assign({ approveUrl: ({ event }) => (event.output.payment.codeName === 'PayPal' ? event.output.payment.approveUrl : null) }),
        },
        onError: { target: 'error', actions: assign({ errors: ({ event }) => errorsOf(event.error) }) },
      },
    },
    switching: {
      tags: ['busy'],
      invoke: {
        id: 'switchToBankTransfer',
        src: 'switchToBankTransfer',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: {
          target: 'bankTransfer',
          actions: assign({
            bankTransfer: ({ event }) => (event.output.payment.codeName === 'BankTransfer' ? event.output.payment : null),
            answer: ({ context, event }) => (context.answer ? { ...context.answer, order: event.output.order } : null),
          }),
        },
        onError: { target: 'error', actions: assign({ errors: ({ event }) => errorsOf(event.error) }) },
      },
    },
    bankTransfer: {},
    leaving: {
      tags: ['busy'],
      entry: { type: 'goToPayPal', params: ({ context }) => ({ url: context.approveUrl ?? '' }) },
    },
    // The answer could not be had (network, PayPal down, a refused retry): asking again is always safe.
    error: {
      on: { 'paypalReturn.retried': { target: 'capturing', actions: assign({ errors: [] }) } },
    },
  },
}), descriptions);
