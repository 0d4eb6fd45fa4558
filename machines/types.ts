// Types and tiny pure helpers that both the machines and the app need. They live here, below both, so the
// dependency runs one way: src/ imports machines/, never the reverse (src/ re-exports these where its
// modules used to define them).

/** One entry of the envelope's errors list (docs/api.md). */
export interface ApiError {
  code: string;
  context: string;
  message: string;
}

/** The pagination block of a paged answer (docs/api.md). */
export interface Pagination {
  pageSize: number;
  pageNumber: number;
  totalItems: number;
  totalPages: number;
}

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
