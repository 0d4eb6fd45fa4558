// The browser side of the layout's app-wide machines: the connectivity and cookie-consent charts are pure
// (their defaults do nothing), and the app runs them with these effects — window online/offline events,
// sessionStorage, cookies and the page reload. Tests provide their own instead.
import { fromCallback, fromPromise } from 'xstate';
import { connectivityMachine, type ConnectivityEvent } from '../../../machines/connectivity.machine';
import {
  COOKIE_ACCEPT_EXPIRES,
  COOKIE_DISMISS_DAYS,
  cookieConsentMachine,
  type ConsentCookies,
} from '../../../machines/cookieConsent.machine';
import { CONSENT_COOKIES } from '../../../contract/page-data';

/** sessionStorage key carrying "the connection came back" across the reload it causes. */
export const RESTORED_FLAG_KEY = 'connectionRestored';

function session(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export const browserConnectivityMachine = connectivityMachine.provide({
  actors: {
    /** Feeds window online/offline into the machine; reports a start while already offline. */
    watchConnectivity: fromCallback<ConnectivityEvent>(({ sendBack }) => {
      if (typeof window === 'undefined') return;
      const offline = () => sendBack({ type: 'connectivity.wentOffline' });
      const online = () => sendBack({ type: 'connectivity.wentOnline' });
      window.addEventListener('offline', offline);
      window.addEventListener('online', online);
      if (typeof navigator !== 'undefined' && navigator.onLine === false) offline();
      return () => {
        window.removeEventListener('offline', offline);
        window.removeEventListener('online', online);
      };
    }),
    /** Whether the previous page load reloaded because the connection came back. */
    readRestoredFlag: fromPromise<boolean>(async () => session()?.getItem(RESTORED_FLAG_KEY) === '1'),
  },
  actions: {
    persistRestoredFlag: () => {
      try {
        session()?.setItem(RESTORED_FLAG_KEY, '1');
      } catch {
        // storage full or blocked: the reload still happens, only the message is lost
      }
    },
    clearRestoredFlag: () => {
      try {
        session()?.removeItem(RESTORED_FLAG_KEY);
      } catch {
        // nothing to clear
      }
    },
    reloadPage: () => {
      if (typeof window !== 'undefined') window.location.reload();
    },
  },
});

/** The names of the page's cookies, read once (every `document.cookie` read is a synchronous call to the browser). */
function cookieNames(): Set<string> {
  if (typeof document === 'undefined') return new Set();
  return new Set(document.cookie.split(';').map((part) => part.split('=')[0].trim()).filter(Boolean));
}

function writeCookie(name: string, value: string, expires: Date): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${name}=${encodeURIComponent(value)}; expires=${expires.toUTCString()}; path=/; SameSite=Lax`;
}

export const browserCookieConsentMachine = cookieConsentMachine.provide({
  actors: {
    readConsentCookies: fromPromise<ConsentCookies>(async () => {
      const cookies = cookieNames();
      return {
        accepted: cookies.has(CONSENT_COOKIES.accepted),
        declined: cookies.has(CONSENT_COOKIES.declined),
        dismissed: cookies.has(CONSENT_COOKIES.dismissed),
      };
    }),
  },
  actions: {
    writeAcceptCookie: () => writeCookie(CONSENT_COOKIES.accepted, '1', COOKIE_ACCEPT_EXPIRES),
    writeDeclineCookie: () => writeCookie(CONSENT_COOKIES.declined, '1', COOKIE_ACCEPT_EXPIRES),
    writeDismissCookie: () =>
      writeCookie(CONSENT_COOKIES.dismissed, '1', new Date(Date.now() + COOKIE_DISMISS_DAYS * 24 * 60 * 60 * 1000)),
  },
});
