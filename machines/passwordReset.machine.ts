// Passwords (SPEC §2, §8): without a token, the forgot-password form sends a reset e-mail and always ends
// on the same neutral message; with a token (reset-password or set-password link) the token is validated
// first (an invalid one shows the invalid reset-token page), then the new password and its repeat are
// sent; success leads to login. A token the server rejects while saving is the invalid page too.
import { assign, fromPromise, setup } from 'xstate';
import { fieldErrorsFrom, type FieldErrors } from './types';
import { described } from './descriptions/describe';
import descriptions from './descriptions/passwordReset';

export interface PasswordResetInput {
  token?: string | null;
}

/** error code per field (`email`, `password`, `repeatPassword`, '' for none) */
export type { FieldErrors };

export interface PasswordResetContext {
  token: string | null;
  /** the account the token belongs to, once validated */
  email: string | null;
  errors: FieldErrors;
}

export type PasswordResetEvent =
  | { type: 'passwordReset.requested'; email: string }
  | { type: 'passwordReset.submitted'; password: string; repeatPassword: string };

export interface PasswordFailure {
  fieldErrors: FieldErrors;
}

export const TOKEN_FIELD = 'resetPasswordToken';

export const passwordResetMachine = described(setup({
  types: {
    context: {} as PasswordResetContext,
    events: {} as PasswordResetEvent,
    input: {} as PasswordResetInput,
    tags: {} as 'busy' | 'loading',
  },
  actors: {
    requestReset: fromPromise<unknown, { email: string }>(async () => {
      throw new Error('requestReset actor not provided');
    }),
    validateToken: fromPromise<{ email: string | null }, { token: string }>(async () => {
      throw new Error('validateToken actor not provided');
    }),
    resetPassword: fromPromise<unknown, { token: string; password: string; repeatPassword: string }>(async () => {
      throw new Error('resetPassword actor not provided');
    }),
  },
  guards: {
    hasToken: ({ context }) => Boolean(context.token),
    tokenRejected: (_, params: { error: unknown }) => TOKEN_FIELD in fieldErrorsFrom(params.error),
  },
}).createMachine({
  id: 'passwordReset',
  context: ({ input }) => ({ token: input.token ?? null, email: null, errors: {} }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'hasToken', target: 'validating' }, { target: 'request' }],
    },
    request: {
      on: {
        'passwordReset.requested': { target: 'requesting', actions: assign({ errors: {} }) },
      },
    },
    requesting: {
      tags: ['busy'],
      invoke: {
        id: 'requestReset',
        src: 'requestReset',
        input: ({ event }) => ({ email: (event as Extract<PasswordResetEvent, { type: 'passwordReset.requested' }>).email }),
        onDone: 'requested',
        onError: { target: 'request', actions: assign({ errors: ({ event }) => fieldErrorsFrom(event.error) }) },
      },
    },
    requested: {},
    validating: {
      tags: ['loading'],
      invoke: {
        id: 'validateToken',
        src: 'validateToken',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: { target: 'choosing', actions: assign({ email: ({ event }) => event.output.email }) },
        onError: 'invalidToken',
      },
    },
    choosing: {
      on: {
        'passwordReset.submitted': { target: 'saving', actions: assign({ errors: {} }) },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ context, event }) => {
          const e = event as Extract<PasswordResetEvent, { type: 'passwordReset.submitted' }>;
          return { token: context.token ?? '', password: e.password, repeatPassword: e.repeatPassword };
        },
        onDone: 'done',
        onError: [
          { guard: { type: 'tokenRejected', params: ({ event }) => ({ error: event.error }) }, target: 'invalidToken' },
          { target: 'choosing', actions: assign({ errors: ({ event }) => fieldErrorsFrom(event.error) }) },
        ],
      },
    },
    invalidToken: {},
    done: {},
  },
}), descriptions);
