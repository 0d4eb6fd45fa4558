// Activation (SPEC §2, §4 "Activation screen"): with a token (the link from the e-mail) the token is
// POSTed on arrival and the chart ends activated or invalid; with an e-mail (after registering, or an
// inactive user sent here by login) the user can ask for the activation e-mail again, as often as the
// server allows: success shows the resend-success message, failure the errors looked up by code.
// The confirm-e-mail screen uses the same chart with its own `activate` actor (a token POSTed on arrival).
import { assign, fromPromise, setup } from 'xstate';
import { described } from './descriptions/describe';
import descriptions from './descriptions/activation';

export interface ActivationInput {
  token?: string | null;
  email?: string | null;
}

export interface ActivationContext {
  token: string | null;
  email: string | null;
  /** error codes of the last failure */
  errors: string[];
}

export type ActivationEvent = { type: 'activation.resendRequested' };

/** Error codes of a failed call, as the provided actors reject with them. */
export interface CodedFailure {
  codes: string[];
}

const codesOf = (error: unknown): string[] => {
  const codes = (error as CodedFailure | undefined)?.codes;
  return codes && codes.length ? codes : ['GENERIC'];
};

export const activationMachine = described(setup({
  types: {
    context: {} as ActivationContext,
    events: {} as ActivationEvent,
    input: {} as ActivationInput,
    tags: {} as 'busy',
  },
  actors: {
    activate: fromPromise<unknown, { token: string }>(async () => {
      throw new Error('activate actor not provided');
    }),
    resend: fromPromise<unknown, { email: string }>(async () => {
      throw new Error('resend actor not provided');
    }),
  },
  guards: {
    hasToken: ({ context }) => Boolean(context.token),
  },
}).createMachine({
  id: 'activation',
  context: ({ input }) => ({ token: input.token ?? null, email: input.email ?? null, errors: [] }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'hasToken', target: 'activating' }, { target: 'resend' }],
    },
    activating: {
      tags: ['busy'],
      invoke: {
        id: 'activate',
        src: 'activate',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: 'activated',
        onError: { target: 'invalid', actions: assign({ errors: ({ event }) => codesOf(event.error) }) },
      },
    },
    activated: {},
    invalid: {},
    resend: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'activation.resendRequested': 'sending' },
        },
        // While a resend runs the button is disabled: this state takes no second request.
        sending: {
          tags: ['busy'],
          invoke: {
            id: 'resend',
            src: 'resend',
            input: ({ context }) => ({ email: context.email ?? '' }),
            onDone: { target: 'sent', actions: assign({ errors: [] }) },
            onError: { target: 'failed', actions: assign({ errors: ({ event }) => codesOf(event.error) }) },
          },
        },
        sent: {
          on: { 'activation.resendRequested': 'sending' },
        },
        failed: {
          on: { 'activation.resendRequested': 'sending' },
        },
      },
    },
  },
}), descriptions);
