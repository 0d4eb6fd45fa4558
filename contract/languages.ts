// The site's languages: every page address starts with one (/pl/…, /en/…) and every API call names one. The
// server, the SPA and the machines all read them from here.
export const LANGUAGES = ['pl', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** `/en/offers/x` → `{ prefix: 'en', rest: '/offers/x' }` (the prefix is not checked). */
export function splitLanguage(pathname: string): { prefix: string; rest: string } {
  const m = /^\/([^/]*)(\/.*)?$/.exec(pathname) ?? [];
  return { prefix: m[1] ?? '', rest: m[2] ?? '/' };
}
