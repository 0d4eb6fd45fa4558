// SPEC §9: the local-storage and cookie keys the product uses. One place, so nothing else spells them.
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

export const COOKIE_KEYS = {
  accepted: 'cookieConsentAccepted',
  declined: 'cookieConsentDeclined',
  dismissed: 'cookieConsentDismissed',
} as const;

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
