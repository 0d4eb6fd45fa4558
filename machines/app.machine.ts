// The app-wide actors as one actor system: this root chart invokes the language, the maintenance gate, the
// session (auth) and boot, each under its `systemId`, so any of them is `system.get('auth')` from anywhere in
// the system, and it carries the facts that pass between them, as transitions a diagram shows:
// - content: boot loads the site's content in the page's language, so it waits until the language is known,
//   and loads again when a ready language differs from the one it loaded in;
// - session: the maintenance gate opens for a logged-in user unless the server says 503, so it is told
//   whenever the user signs in or out;
// - operatorLanding: an operator who signs in on the login form (not a page that asked for a login: that one
//   goes back to the page) lands in the back office once the user is known.
// The children's effects (HTTP calls, storage, navigation) are provided by the app (`src/system/system.ts`)
// through `appMachine.provide({ actors: { auth: authMachine.provide(…) } })`; this file stays pure.
import { assign, not, sendTo, setup, type SnapshotFrom } from 'xstate';
import { authMachine, type Tokens } from './auth.machine';
import { bootMachine } from './boot.machine';
import { languageMachine } from './language.machine';
import { maintenanceMachine } from './maintenance.machine';
import type { Language } from './types';
import { described } from './descriptions/describe';
import descriptions from './descriptions/app';

export interface AppInput {
  defaultLanguage: Language;
  /** the platform language kept in local storage */
  storedLanguage: Language | null;
  /** the session kept in local storage */
  tokens: Tokens | null;
}

export interface AppContext extends AppInput {
  /** the language boot loaded the content in; null until boot has started */
  bootedIn: Language | null;
}

type LanguageSnapshot = SnapshotFrom<typeof languageMachine>;
type AuthSnapshot = SnapshotFrom<typeof authMachine>;

export type AppEvent =
  | { type: 'xstate.snapshot.language'; snapshot: LanguageSnapshot }
  | { type: 'xstate.snapshot.auth'; snapshot: AuthSnapshot };

const languageOf = (event: AppEvent) => (event as Extract<AppEvent, { type: 'xstate.snapshot.language' }>).snapshot.context.language;
const authOf = (event: AppEvent) => (event as Extract<AppEvent, { type: 'xstate.snapshot.auth' }>).snapshot;
const signedIn = (event: AppEvent) => authOf(event).hasTag('loggedIn');
const userKnown = (event: AppEvent) => !authOf(event).hasTag('userLoading');
const operator = (event: AppEvent) => (authOf(event).context.user as { role?: string } | null)?.role === 'operator';

export const appMachine = described(setup({
  types: {
    context: {} as AppContext,
    input: {} as AppInput,
    events: {} as AppEvent,
  },
  actors: {
    language: languageMachine,
    maintenance: maintenanceMachine,
    auth: authMachine,
    boot: bootMachine,
  },
  actions: {
    rememberLanguage: assign({ bootedIn: ({ event }) => languageOf(event) }),
    startBoot: sendTo('boot', { type: 'boot.started' }),
    reloadContent: sendTo('boot', { type: 'boot.languageChanged' }),
    tellGateSignedIn: sendTo('maintenance', { type: 'maintenance.sessionChanged', loggedIn: true }),
    tellGateSignedOut: sendTo('maintenance', { type: 'maintenance.sessionChanged', loggedIn: false }),
    /** provided by the app: opens the back office when the page is still home or the login page */
    openBackOffice: () => {},
  },
  guards: {
    languageKnown: ({ event }) => languageOf(event) !== null,
    readyInAnotherLanguage: ({ context, event }) =>
      (event as Extract<AppEvent, { type: 'xstate.snapshot.language' }>).snapshot.matches('ready') && languageOf(event) !== context.bootedIn,
    hasSession: ({ context }) => context.tokens !== null,
    signedIn: ({ event }) => signedIn(event),
    signedOut: ({ event }) => !signedIn(event),
    signingIn: ({ event }) => authOf(event).matches('signingIn'),
    operatorKnown: ({ event }) => signedIn(event) && userKnown(event) && operator(event),
    userKnown: ({ event }) => userKnown(event),
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => ({ ...input, bootedIn: null }),
  // The maintenance gate, which the chart only tells things, is the root's; each other child is invoked by the
  // region that acts on it. All regions are always active, so every child lives as long as the app. XState relays
  // a child's every new snapshot to the chart when its invoke has `onSnapshot` (a region's own, taken when none of
  // its states acts on that snapshot).
  invoke: { id: 'maintenance', systemId: 'maintenance', src: 'maintenance', input: ({ context }) => ({ loggedIn: context.tokens !== null }) },
  type: 'parallel',
  states: {
    content: {
      invoke: [
        {
          id: 'language',
          systemId: 'language',
          src: 'language',
          input: ({ context }) => ({ defaultLanguage: context.defaultLanguage, stored: context.storedLanguage }),
          onSnapshot: {},
        },
        { id: 'boot', systemId: 'boot', src: 'boot', input: ({ context }) => ({ hasSession: context.tokens !== null }) },
      ],
      initial: 'waitingForLanguage',
      states: {
        waitingForLanguage: {
          on: {
            'xstate.snapshot.language': { guard: 'languageKnown', target: 'loaded', actions: ['rememberLanguage', 'startBoot'] },
          },
        },
        loaded: {
          on: {
            'xstate.snapshot.language': { guard: 'readyInAnotherLanguage', actions: ['rememberLanguage', 'reloadContent'] },
          },
        },
      },
    },
    session: {
      invoke: { id: 'auth', systemId: 'auth', src: 'auth', input: ({ context }) => ({ tokens: context.tokens }), onSnapshot: {} },
      initial: 'checking',
      states: {
        checking: {
          always: [{ guard: 'hasSession', target: 'signedIn' }, { target: 'signedOut' }],
        },
        signedOut: {
          on: { 'xstate.snapshot.auth': { guard: 'signedIn', target: 'signedIn', actions: 'tellGateSignedIn' } },
        },
        signedIn: {
          on: { 'xstate.snapshot.auth': { guard: 'signedOut', target: 'signedOut', actions: 'tellGateSignedOut' } },
        },
      },
    },
    operatorLanding: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'xstate.snapshot.auth': { guard: 'signingIn', target: 'signingIn' } },
        },
        signingIn: {
          on: {
            'xstate.snapshot.auth': [
              { guard: 'signedIn', target: 'landing' },
              { guard: not('signingIn'), target: 'idle' },
            ],
          },
        },
        landing: {
          on: {
            'xstate.snapshot.auth': [
              { guard: 'operatorKnown', target: 'idle', actions: 'openBackOffice' },
              { guard: 'userKnown', target: 'idle' },
            ],
          },
        },
      },
    },
  },
}), descriptions);
