// A paged list of the investor area (SPEC §2 "Pagination", §4, §9: orders, transactions, portfolio): one
// chart owns the list's load and its paging, so the view only renders its state. The URL is the list's
// address: the view reads the page (route), the page size (`items` query), the language and the query (the
// orders' status filter), and sends them as `pagedList.requested` whenever one of them changes (the first
// time too).
// The chart is the paged-list chart of machines/pagedLoad.ts (idle, loading, navigating, empty, ready,
// failure; shared with the offers list), with these choices of the investor area:
// - the whole answer is kept (`answer`: a list's extra figures, e.g. the portfolio's totals, come with it);
// - a failed load is `failure` (the error with a retry); retrying (`pagedList.retried`) loads the same
//   address again, and a new address loads too.
// The view provides `fetch`, `navigate` (page, size, language and query → the list's address, with the
// list's URL rules) and `scrollToTop` (machine.provide); the chart only names them.
import type { ActorRefFrom } from 'xstate';
import { described } from './descriptions/describe';
import descriptions from './descriptions/pagedList';
import { createPagedChart, type PagedContext, type PagedEvent, type PagedNavigation, type PagedRequest } from './pagedLoad';
import type { Pagination } from './types';

/** What the address asks for. */
export type PagedListRequest = PagedRequest;

/** The request, the totals, the last error, and the last answer (null until one arrives). */
export type PagedListContext<TAnswer extends { pagination: Pagination }> = PagedContext<PagedListRequest, { answer: TAnswer | null }>;

export type PagedListEvent = PagedEvent<'pagedList', PagedListRequest, true>;

export type PagedListNavigation = PagedNavigation;

/** The chart with its answer typed (the view passes its answer type; diagrams and tests use the base). */
export function createPagedListMachine<TAnswer extends { pagination: Pagination }>() {
  return described(
    createPagedChart({
      id: 'pagedList',
      keep: (answer: TAnswer) => ({ answer: answer as TAnswer | null }),
      nothingKept: { answer: null },
      retry: true,
    }),
    descriptions,
  );
}

export const pagedListMachine = createPagedListMachine<{ pagination: Pagination }>();

export type PagedListActorRef<TAnswer extends { pagination: Pagination }> = ActorRefFrom<ReturnType<typeof createPagedListMachine<TAnswer>>>;
