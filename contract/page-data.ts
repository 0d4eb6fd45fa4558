// The names the server's HTML and the SPA agree on. The server writes them into index.html (server/pages/spaHtml.ts);
// the SPA reads them back (src/api/initialData.ts, src/ssr/firstLoads.tsx).

export interface InitialData {
  language: string;
  /** `requestKey(path, query)` → the envelope's `data` */
  answers: Record<string, unknown>;
  /** `requestKey(path, query)` → a 404 answer (no such offer or page): the page shows it as it is */
  notFound?: Record<string, { status: number; errors: { code: string; context: string; message: string }[] }>;
}

export const INITIAL_DATA_ELEMENT_ID = 'initial-data';

/** The server-rendered views' settled first loads (src/ssr/firstLoads.tsx), which the hydrating render restores. */
export const SERVER_LOADS_ELEMENT_ID = 'server-loads';

/**
 * The key of a GET: the path and its query parameters (undefined left out) sorted by name, as
 * `/offers?pagination%5BpageNumber%5D=1&pagination%5BpageSize%5D=6`. The server builds its keys with this
 * very function.
 */
export function requestKey(path: string, query?: Record<string, string | number | undefined>): string {
  const entries = Object.entries(query ?? {})
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (!entries.length) return path;
  return `${path}?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString()}`;
}

/**
 * What a server-rendered page draws from the visitor's own choices, read from cookies the browser sends with the page
 * request (the offers list's tiles or list view: SPEC §9 remembers it in local storage, and the browser mirrors it in
 * this cookie so the server draws the same view and hydration has nothing to switch), and whether the browser holds
 * a session: the tokens live in local storage, which the server cannot see, so the browser mirrors their presence
 * (never the tokens) in a cookie, and the server leaves the sign-in button out of that visitor's frame. And whether
 * the visitor has answered the cookie banner (any of its cookies), so the banner is in the first view or not at all.
 */
export interface RenderPreferences {
  offersListView: boolean;
  signedIn: boolean;
  cookieChoiceMade: boolean;
}

/** The cookie banner's answers (SPEC §9); any one of them means the banner does not show. */
export const CONSENT_COOKIES = {
  accepted: 'cookieConsentAccepted',
  declined: 'cookieConsentDeclined',
  dismissed: 'cookieConsentDismissed',
} as const;

export const LIST_VIEW_COOKIE = 'isListView';
export const SIGNED_IN_COOKIE = 'isLoggedIn';

const cookie = (header: string | undefined | null, name: string) => new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(header ?? '')?.[1];

/** The preferences in a `Cookie` header (or `document.cookie`). */
export function readRenderPreferences(cookieHeader: string | undefined | null): RenderPreferences {
  // A first visit sends no cookies: nothing to search (the server reads this on every page request).
  if (!cookieHeader) return { offersListView: false, signedIn: false, cookieChoiceMade: false };
  return {
    offersListView: cookie(cookieHeader, LIST_VIEW_COOKIE) === 'true',
    signedIn: cookie(cookieHeader, SIGNED_IN_COOKIE) === 'true',
    cookieChoiceMade: Object.values(CONSENT_COOKIES).some((name) => cookie(cookieHeader, name) !== undefined),
  };
}

/** `/offers/{slug}` with each segment of a nested slug encoded, its slash kept. */
export function offerApiPath(slug: string): string {
  return `/offers/${slug.split('/').filter(Boolean).map(encodeURIComponent).join('/')}`;
}

/** The featured list the not-found page shows under its heading; the server sends it with every 404 page. */
export const NOT_FOUND_FEATURED_LIST = 'featuredWidget' as const;

/** The request of the not-found page's featured offers, as the page carries it. */
export const notFoundFeaturedKey = () => requestKey('/offer/featured', { listName: NOT_FOUND_FEATURED_LIST });
