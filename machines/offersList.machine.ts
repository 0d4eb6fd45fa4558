// The offers list (SPEC §2 "Offers list", "Pagination", §5, §9): one chart owns the list's load and its
// paging, so the view only renders its state. The URL is the list's address: the view reads the page
// (route), the page size (`items` query), the language and the query, and sends them as
// `offersList.requested` whenever one of them changes (the first time too).
// The chart is the paged-list chart of machines/pagedLoad.ts (idle, loading, navigating, empty, ready,
// failure; shared with the investor area's lists), with these choices of the offers list:
// - a request for an address that is not the list's own (`/page/1`, `/page/abc`) is replaced by it
//   (`navigating`, replace), and the list waits for that address's request (`replaced`);
// - the offers of the page shown are kept (`items`);
// - a failed load is `failure` (the view shows the not-found page), with no retry; a new address loads again.
// The view provides `fetch`, `navigate` (which turns a page, size, language and query into the list's
// address with the list's URL rules) and `scrollToTop` (machine.provide); the chart only names them.
import type { ActorRefFrom } from 'xstate';
import { described } from './descriptions/describe';
import descriptions from './descriptions/offersList';
import { createPagedChart, type PagedContext, type PagedEvent, type PagedNavigation, type PagedRequest } from './pagedLoad';
import type { Pagination } from './types';

/** What the address asks for. `canonical`: the address is the list's own for that page (not `/page/1`, `/page/abc`). */
export interface OffersListRequest extends PagedRequest {
  canonical: boolean;
}

/** One page of the list as the server answers it. */
export interface OffersListAnswer<TItem> {
  items: TItem[];
  pagination: Pagination;
}

/** The request, the totals, the last error, and the offers of the page shown (empty until an answer arrives). */
export type OffersListContext<TItem> = PagedContext<OffersListRequest, { items: TItem[] }>;

export type OffersListEvent = PagedEvent<'offersList', OffersListRequest>;

export type OffersListNavigation = PagedNavigation;

/** The chart with its offers typed (the view passes its offer type; diagrams and tests use `unknown`). */
export function createOffersListMachine<TItem>() {
  return described(
    createPagedChart({
      id: 'offersList',
      keep: (answer: OffersListAnswer<TItem>) => ({ items: answer.items }),
      nothingKept: { items: [] },
      replaced: (request: OffersListRequest) => !request.canonical,
    }),
    descriptions,
  );
}

export const offersListMachine = createOffersListMachine<unknown>();

export type OffersListActorRef<TItem = unknown> = ActorRefFrom<ReturnType<typeof createOffersListMachine<TItem>>>;
