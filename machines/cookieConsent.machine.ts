// Cookie consent (SPEC §4): the banner shows until an accept, decline or dismiss cookie exists. Accept and
// Decline are the visitor's choice and are kept alike (a far-future expiry): someone who refused is not asked
// again. Only the close icon, which chooses nothing, lasts 7 days (SPEC §9).
// The cookies are read by an invoked actor and written by named actions, which do nothing here: the app
// provides the browser's (src/components/layout/browserEffects.ts), tests their own.
import { assertEvent, fromPromise, setup, type ActorRefFrom, type DoneActorEvent } from 'xstate';
import { described } from './descriptions/describe';
import descriptions from './descriptions/cookieConsent';

export interface ConsentCookies {
  accepted: boolean;
  declined: boolean;
  dismissed: boolean;
}

/** SPEC §9: a dismissal lasts 7 days. */
export const COOKIE_DISMISS_DAYS = 7;
/** "Permanent" (Accept and Decline alike): browsers cap cookie lifetimes anyway (Chrome at 400 days), so far future is enough. */
export const COOKIE_ACCEPT_EXPIRES = new Date('9999-12-31T23:59:59Z');

export type CookieConsentEvent =
  | { type: 'cookies.accepted' }
  | { type: 'cookies.declined' }
  | { type: 'cookies.dismissed' }
  // what the invoked cookie read reports (written here so the model and the types see it)
  | DoneActorEvent<ConsentCookies, 'readConsentCookies'>
  | { type: 'xstate.error.actor.readConsentCookies'; error: unknown };

export const cookieConsentMachine = described(setup({
  types: {
    events: {} as CookieConsentEvent,
  },
  actors: {
    readConsentCookies: fromPromise<ConsentCookies>(async () => ({ accepted: false, declined: false, dismissed: false })),
  },
  actions: {
    writeAcceptCookie: () => {},
    writeDeclineCookie: () => {},
    writeDismissCookie: () => {},
  },
  guards: {
    hasConsentCookie: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.readConsentCookies');
      return event.output.accepted || event.output.declined || event.output.dismissed;
    },
  },
}).createMachine({
  id: 'cookieConsent',
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        id: 'readConsentCookies',
        src: 'readConsentCookies',
        onDone: [{ guard: 'hasConsentCookie', target: 'hidden' }, { target: 'visible' }],
        // Cookies unreadable (blocked): ask, rather than assume consent.
        onError: { target: 'visible' },
      },
    },
    visible: {
      tags: ['bannerVisible'],
      on: {
        'cookies.accepted': { target: 'hidden', actions: 'writeAcceptCookie' },
        'cookies.declined': { target: 'hidden', actions: 'writeDeclineCookie' },
        'cookies.dismissed': { target: 'hidden', actions: 'writeDismissCookie' },
      },
    },
    hidden: {},
  },
}), descriptions);

export type CookieConsentActorRef = ActorRefFrom<typeof cookieConsentMachine>;
