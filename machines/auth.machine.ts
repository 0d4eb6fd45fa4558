// Auth: login, the session's user, the single token refresh on a 401 and logout (SPEC §4).
// Registered app-wide with systemId 'auth': the HTTP layer sends `auth.tokenRejected` when a request gets a
// 401 and waits until this actor leaves `refreshing`. Only one refresh is ever in flight, because the event
// is only taken while the token is `valid`; requests that failed meanwhile just wait and retry.
import { assign, fromPromise, setup } from 'xstate';
import type { FieldErrors } from './types';
import { described } from './descriptions/describe';
import descriptions from './descriptions/auth';

export interface Tokens {
  accessToken: string;
  refreshToken: string;
  /** epoch ms */
  expiresAt: number;
}

export type { FieldErrors };

export interface LoginFailure {
  /** error code per field name (`email`, `password`), '' for errors not tied to a field */
  fieldErrors: FieldErrors;
  /** set when the account exists but is not activated yet: the e-mail to resend activation to */
  inactiveEmail?: string;
}

export interface AuthContext<TUser = unknown> {
  tokens: Tokens | null;
  user: TUser | null;
  loginErrors: FieldErrors;
  /** the e-mail of the last login attempt, for the resend-activation redirect */
  email: string;
}

export type AuthEvent =
  | { type: 'auth.loginSubmitted'; email: string; password: string }
  | { type: 'auth.tokenRejected'; accessToken: string | null }
  | { type: 'auth.userRequested' }
  | { type: 'auth.logoutRequested' };

export interface AuthInput {
  tokens: Tokens | null;
}

/** The auth chart for a user shape `TUser` (the app passes the API's `User`; the chart only stores it). */
export function createAuthMachine<TUser = unknown>() {
  return described(setup({
    types: {
      context: {} as AuthContext<TUser>,
      events: {} as AuthEvent,
      input: {} as AuthInput,
      tags: {} as 'loggedIn' | 'loading' | 'refreshing' | 'userLoading',
    },
    actors: {
      login: fromPromise<Tokens, { email: string; password: string }>(async () => {
        throw new Error('login actor not provided');
      }),
      refresh: fromPromise<Tokens, { refreshToken: string }>(async () => {
        throw new Error('refresh actor not provided');
      }),
      fetchUser: fromPromise<TUser, void>(async () => {
        throw new Error('fetchUser actor not provided');
      }),
      revoke: fromPromise<void, { tokens: Tokens | null }>(async () => undefined),
    },
    actions: {
      /** writes tokens, expiry and the logged-in flag to local storage */
      persistTokens: (_, _params: { tokens: Tokens }) => {},
      /** removes every auth key from local storage */
      clearSession: () => {},
      /** logout ends with a full reload, so no state of the old session survives */
      reloadPage: () => {},
      redirectToLogin: () => {},
      redirectToResendActivation: (_, _params: { email: string }) => {},
    },
    guards: {
      hasSession: ({ context }) => context.tokens !== null,
      isCurrentToken: ({ context, event }) =>
        event.type === 'auth.tokenRejected' && event.accessToken === context.tokens?.accessToken,
      isInactiveAccount: (_, params: { failure: LoginFailure }) => Boolean(params.failure.inactiveEmail),
    },
  }).createMachine({
    id: 'auth',
    context: ({ input }) => ({ tokens: input.tokens, user: null, loginErrors: {}, email: '' }),
    initial: 'checking',
    states: {
      checking: {
        always: [{ guard: 'hasSession', target: 'signedIn' }, { target: 'signedOut' }],
      },
      signedOut: {
        on: {
          'auth.loginSubmitted': {
            target: 'signingIn',
            actions: assign({ email: ({ event }) => event.email.trim().toLowerCase(), loginErrors: {} }),
          },
        },
      },
      signingIn: {
        tags: ['loading'],
        invoke: {
          id: 'login',
          src: 'login',
          input: ({ event }) => {
            const e = event as Extract<AuthEvent, { type: 'auth.loginSubmitted' }>;
            // SPEC §5: the e-mail is lowercased before sending.
            return { email: e.email.trim().toLowerCase(), password: e.password };
          },
          onDone: {
            target: ['signedIn.token.valid', 'signedIn.user.loading'],
            actions: [
              assign({ tokens: ({ event }) => event.output }),
              { type: 'persistTokens', params: ({ event }) => ({ tokens: event.output }) },
            ],
          },
          onError: [
            {
              guard: { type: 'isInactiveAccount', params: ({ event }) => ({ failure: event.error as LoginFailure }) },
              target: 'signedOut',
              actions: [
                assign({ loginErrors: {} }),
                {
                  type: 'redirectToResendActivation',
                  params: ({ context, event }) => ({
                    email: (event.error as LoginFailure).inactiveEmail || context.email,
                  }),
                },
              ],
            },
            {
              target: 'signedOut',
              actions: assign({
                loginErrors: ({ event }) => (event.error as LoginFailure)?.fieldErrors ?? { '': 'GENERIC' },
              }),
            },
          ],
        },
      },
      signedIn: {
        type: 'parallel',
        tags: ['loggedIn'],
        on: {
          'auth.logoutRequested': { target: 'signingOut' },
        },
        states: {
          token: {
            initial: 'valid',
            states: {
              valid: {
                on: {
                  // A 401 for the token we hold: refresh it. A 401 for an older token means a refresh
                  // already happened: nothing to do, the request retries with the new one.
                  'auth.tokenRejected': { guard: 'isCurrentToken', target: 'refreshing' },
                },
              },
              refreshing: {
                tags: ['refreshing'],
                invoke: {
                  id: 'refresh',
                  src: 'refresh',
                  input: ({ context }) => ({ refreshToken: context.tokens?.refreshToken ?? '' }),
                  onDone: {
                    target: 'valid',
                    actions: [
                      assign({ tokens: ({ event }) => event.output }),
                      { type: 'persistTokens', params: ({ event }) => ({ tokens: event.output }) },
                    ],
                  },
                  // A failed refresh logs out and goes to login (SPEC §4).
                  onError: {
                    target: '#auth.signedOut',
                    actions: ['clearSession', assign({ tokens: null, user: null }), 'redirectToLogin'],
                  },
                },
              },
            },
          },
          user: {
            initial: 'unknown',
            states: {
              // After a page load the session is restored only when the boot sequence asks for it.
              unknown: {
                on: { 'auth.userRequested': 'loading' },
              },
              loading: {
                tags: ['userLoading'],
                invoke: {
                  id: 'fetchUser',
                  src: 'fetchUser',
                  onDone: { target: 'loaded', actions: assign({ user: ({ event }) => event.output }) },
                  onError: 'failed',
                },
              },
              loaded: {
                on: { 'auth.userRequested': 'loading' },
              },
              failed: {
                on: { 'auth.userRequested': 'loading' },
              },
            },
          },
        },
      },
      signingOut: {
        tags: ['loading'],
        // Revoking is best effort: the local session is cleared whatever the server says.
        invoke: {
          id: 'revoke',
          src: 'revoke',
          input: ({ context }) => ({ tokens: context.tokens }),
          onDone: 'signedOutAfterLogout',
          onError: 'signedOutAfterLogout',
        },
      },
      signedOutAfterLogout: {
        entry: ['clearSession', assign({ tokens: null, user: null }), 'reloadPage'],
        always: 'signedOut',
      },
    },
  }), descriptions);
}

// Pure: a bundle that only takes the factory (the app) leaves this default chart out.
export const authMachine = /*#__PURE__*/ createAuthMachine();
