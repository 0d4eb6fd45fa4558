import { LIST_VIEW_COOKIE, readRenderPreferences, SIGNED_IN_COOKIE } from '../../contract/page-data';
// SPEC §9: the local-storage keys the product uses, in one place so nothing else spells them (the cookies' names,
// which the server reads too, are in contract/page-data.ts).
export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  /** epoch milliseconds: now + expiresIn seconds at the time the token was stored */
  expiresAt: 'expiresAt',
  isLoggedIn: 'isLoggedIn',
  isListView: 'isListView',
  platformLanguage: 'platformLanguage',
  /** the investment flow's draft (JSON), cleared when the investor enters the main frame */
  investmentDraft: 'investmentDraft',
} as const;

/** The offers list's view: in local storage (SPEC §9) and, for the server's render of the list, in a cookie. */
export function writeListView(list: boolean): void {
  writeStorage(STORAGE_KEYS.isListView, list ? 'true' : 'false');
  writeListViewCookie(list);
}

/** A visitor who chose before the cookie existed gets it, so the server draws their view next time. */
export function syncListViewCookie(): void {
  const stored = readStorage(STORAGE_KEYS.isListView);
  if (stored !== null && readRenderPreferences(document.cookie).offersListView !== (stored === 'true')) writeListViewCookie(stored === 'true');
}

function writeListViewCookie(list: boolean): void {
  writeCookie(LIST_VIEW_COOKIE, list ? 'true' : 'false', 31_536_000);
}

/**
 * Whether this browser holds a session, for the server's render of a public page (contract/page-data.ts): set with
 * the tokens, removed with them. It says only that tokens exist; it is no credential.
 */
export function writeSignedInCookie(signedIn: boolean): void {
  if (typeof document === 'undefined') return;
  if (signedIn) writeCookie(SIGNED_IN_COOKIE, 'true', 31_536_000);
  else if (readRenderPreferences(document.cookie).signedIn) writeCookie(SIGNED_IN_COOKIE, '', 0);
}

function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  document.cookie = `${name}=${value}; path=/; max-age=${maxAgeSeconds}; SameSite=Lax${window.location.protocol === 'https:' ? '; Secure' : ''}`;
}

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage can be full or disabled (private mode); the app still works for this tab.
  }
}
