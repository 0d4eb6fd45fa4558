// Cookie consent (SPEC §4): the banner shows until an accept or a dismiss cookie exists. Accepting is
// permanent (a far-future expiry); dismissing (the close icon, and Decline) lasts 7 days (SPEC §9).
// The cookies are read by an invoked actor and written by named actions, so tests and other hosts swap
// them with `cookieConsentMachine.provide({ actors, actions })`.
import { assertEvent, fromPromise, setup, type ActorRefFrom, type DoneActorEvent } from 'xstate';
import { COOKIE_KEYS } from '../src/config/storage';

export interface ConsentCookies {
  accepted: boolean;
  dismissed: boolean;
}

/** SPEC §9: a dismissal lasts 7 days. */
export const COOKIE_DISMISS_DAYS = 7;
/** "Permanent": browsers cap cookie lifetimes anyway (Chrome at 400 days), so far future is enough. */
export const COOKIE_ACCEPT_EXPIRES = new Date('9999-12-31T23:59:59Z');

export type CookieConsentEvent =
  | { type: 'cookies.accepted' }
  | { type: 'cookies.dismissed' }
  // what the invoked cookie read reports (written here so the model and the types see it)
  | DoneActorEvent<ConsentCookies, 'readConsentCookies'>
  | { type: 'xstate.error.actor.readConsentCookies'; error: unknown };

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

function writeCookie(name: string, value: string, expires: Date): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${name}=${encodeURIComponent(value)}; expires=${expires.toUTCString()}; path=/; SameSite=Lax`;
}

export const cookieConsentMachine = setup({
  types: {
    events: {} as CookieConsentEvent,
  },
  actors: {
    readConsentCookies: fromPromise<ConsentCookies>(async () => ({
      accepted: readCookie(COOKIE_KEYS.accepted) !== null,
      dismissed: readCookie(COOKIE_KEYS.dismissed) !== null,
    })),
  },
  actions: {
    writeAcceptCookie: () => writeCookie(COOKIE_KEYS.accepted, '1', COOKIE_ACCEPT_EXPIRES),
    writeDismissCookie: () =>
      writeCookie(COOKIE_KEYS.dismissed, '1', new Date(Date.now() + COOKIE_DISMISS_DAYS * 24 * 60 * 60 * 1000)),
  },
  guards: {
    hasConsentCookie: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.readConsentCookies');
      return event.output.accepted || event.output.dismissed;
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
        'cookies.dismissed': { target: 'hidden', actions: 'writeDismissCookie' },
      },
    },
    hidden: {},
  },
});

export type CookieConsentActorRef = ActorRefFrom<typeof cookieConsentMachine>;
