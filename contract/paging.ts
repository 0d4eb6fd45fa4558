// URL rules of the offers list (SPEC §2 "Pagination", §9): page sizes 6/9/12/15 (default 6); the first page
// uses the list's first-page route, others the page route with the page number; the query parameter
// `items` carries the page size and is left out at the smallest option; other query parameters are kept.
import type { Language } from './languages';
import { href, type RouteName } from './routes';

export const OFFERS_PAGE_SIZES = [6, 9, 12, 15] as const;
export const OFFERS_DEFAULT_PAGE_SIZE = 6;
export const ITEMS_PARAM = 'items';

export interface ListRoutes {
  first: RouteName;
  page: RouteName;
  sizes: readonly number[];
}

export const OFFERS_LIST: ListRoutes = { first: 'offers', page: 'offersPage', sizes: OFFERS_PAGE_SIZES };

/** The page size the query asks for, when it is one of the options; else the smallest option. */
export function readPageSize(search: string, sizes: readonly number[] = OFFERS_PAGE_SIZES): number {
  const raw = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search).get(ITEMS_PARAM);
  const n = raw === null ? NaN : Number(raw);
  return sizes.includes(n) ? n : Math.min(...sizes);
}

/** The page number of a route parameter: a whole number from 1 up, else 1. */
export function readPage(param: string | undefined): number {
  if (!param || !/^\d+$/.test(param)) return 1;
  return Math.max(1, parseInt(param, 10));
}

/** `/{lang}/investments?…` for page 1, `/{lang}/investments/page/{n}?…` for the others. */
export function listHref(
  language: Language,
  page: number,
  pageSize: number,
  search = '',
  list: ListRoutes = OFFERS_LIST,
): string {
  const query = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  if (pageSize === Math.min(...list.sizes)) query.delete(ITEMS_PARAM);
  else query.set(ITEMS_PARAM, String(pageSize));
  const path = page <= 1 ? href(language, list.first) : href(language, list.page, { page: String(page) });
  const qs = query.toString();
  return qs ? `${path}?${qs}` : path;
}
