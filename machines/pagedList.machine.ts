// A paged list of the investor area (SPEC §2 "Pagination", §4, §9: orders, transactions, portfolio): one
// chart owns the list's load and its paging, as machines/offersList.machine.ts does for the offers list, so
// the view only renders its state. The URL is the list's address: the view reads the page (route), the
// page size (`items` query), the language and the query (the orders' status filter), and sends them as
// `pagedList.requested` whenever one of them changes (the first time too).
// - `idle` (skeleton) until the first request;
// - `loading` (skeleton) invokes the `fetch` actor (leaving `loading` stops it, so a newer request aborts
//   the older one); the answer decides: no items at all → `empty`; a page above the total → `navigating`
//   (replace) to the last page, or the list's first-page address when there is one page; else `ready`
//   (the list and the paging control);
// - in `ready` a page choice navigates and scrolls to the top at once, a page-size choice navigates to the
//   first page with the new size and scrolls smoothly; both wait (`navigating`, skeleton) for the new
//   address's request;
// - a failed load is `failure` (the error with a retry); retrying loads the same address again, and a new
//   address loads too.
// The whole answer is kept (a list's extra figures, e.g. the portfolio's totals, come with it). The view
// provides `fetch`, `navigate` (page, size, language and query → the list's address, with the list's URL
// rules) and `scrollToTop` (machine.provide); the chart only names them.
import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { described } from './descriptions/describe';
import descriptions from './descriptions/pagedList';
import type { Language, Pagination } from './types';

/** What the address asks for. */
export interface PagedListRequest {
  page: number;
  pageSize: number;
  language: Language;
  /** the address's query (filters and the size), kept by every navigation */
  search: string;
}

export interface PagedListContext<TAnswer extends { pagination: Pagination }> {
  request: PagedListRequest;
  /** the last answer (null until one arrives) */
  answer: TAnswer | null;
  totalPages: number;
  totalItems: number;
  /** the raw error of the last failure */
  error: unknown;
}

export type PagedListEvent =
  /** the address changed (page, size, language or query), or the list opened */
  | { type: 'pagedList.requested'; request: PagedListRequest }
  | { type: 'pagedList.pageSelected'; page: number }
  | { type: 'pagedList.pageSizeSelected'; pageSize: number }
  | { type: 'pagedList.retried' };

export interface PagedListNavigation {
  language: Language;
  page: number;
  pageSize: number;
  search: string;
  replace: boolean;
}

/** The chart with its answer typed (the view passes its answer type; diagrams and tests use the base). */
export function createPagedListMachine<TAnswer extends { pagination: Pagination }>() {
  return described(setup({
    types: {
      context: {} as PagedListContext<TAnswer>,
      input: {} as PagedListRequest,
      events: {} as PagedListEvent,
      tags: {} as 'skeleton' | 'controls',
    },
    actors: {
      fetch: fromPromise<TAnswer, PagedListRequest>(async () => {
        throw new Error('fetch actor not provided');
      }),
    },
    actions: {
      /** go to an address of the list (the first page is the list's first-page address) */
      navigate: (_, _params: PagedListNavigation) => {},
      scrollToTop: (_, _params: { smooth: boolean }) => {},
    },
    guards: {
      otherPage: ({ event, context }) =>
        event.type === 'pagedList.pageSelected' && event.page !== context.request.page && event.page >= 1 && event.page <= context.totalPages,
      otherPageSize: ({ event, context }) => event.type === 'pagedList.pageSizeSelected' && event.pageSize !== context.request.pageSize,
    },
  }).createMachine({
    id: 'pagedList',
    context: ({ input }) => ({ request: input, answer: null, totalPages: 0, totalItems: 0, error: null }),
    initial: 'idle',
    on: {
      'pagedList.requested': { target: '.loading', reenter: true, actions: assign({ request: ({ event }) => event.request }) },
    },
    states: {
      idle: { tags: ['skeleton'] },
      loading: {
        tags: ['skeleton'],
        invoke: {
          id: 'fetch',
          src: 'fetch',
          input: ({ context }) => context.request,
          onDone: [
            {
              guard: ({ event }) => event.output.pagination.totalPages < 1,
              target: 'empty',
              actions: assign(({ event }) => stored(event.output)),
            },
            {
              guard: ({ event, context }) => context.request.page > event.output.pagination.totalPages,
              target: 'navigating',
              actions: [
                assign(({ event }) => stored(event.output)),
                {
                  type: 'navigate',
                  params: ({ context, event }) => ({
                    ...navigationOf(context.request),
                    page: Math.max(1, event.output.pagination.totalPages),
                    replace: true,
                  }),
                },
              ],
            },
            { target: 'ready', actions: assign(({ event }) => stored(event.output)) },
          ],
          onError: { target: 'failure', actions: assign({ error: ({ event }) => event.error }) },
        },
      },
      navigating: { tags: ['skeleton'] },
      empty: {},
      ready: {
        tags: ['controls'],
        on: {
          'pagedList.pageSelected': {
            guard: 'otherPage',
            target: 'navigating',
            actions: [
              { type: 'navigate', params: ({ context, event }) => ({ ...navigationOf(context.request), page: event.page, replace: false }) },
              { type: 'scrollToTop', params: { smooth: false } },
            ],
          },
          'pagedList.pageSizeSelected': {
            guard: 'otherPageSize',
            target: 'navigating',
            actions: [
              {
                type: 'navigate',
                params: ({ context, event }) => ({ ...navigationOf(context.request), page: 1, pageSize: event.pageSize, replace: false }),
              },
              { type: 'scrollToTop', params: { smooth: true } },
            ],
          },
        },
      },
      failure: {
        on: { 'pagedList.retried': 'loading' },
      },
    },
  }), descriptions);
}

function navigationOf(r: PagedListRequest): Omit<PagedListNavigation, 'replace'> {
  return { language: r.language, page: r.page, pageSize: r.pageSize, search: r.search };
}

function stored<TAnswer extends { pagination: Pagination }>(answer: TAnswer) {
  return { answer, totalPages: answer.pagination.totalPages, totalItems: answer.pagination.totalItems, error: null };
}

export const pagedListMachine = createPagedListMachine<{ pagination: Pagination }>();

export type PagedListActorRef<TAnswer extends { pagination: Pagination }> = ActorRefFrom<ReturnType<typeof createPagedListMachine<TAnswer>>>;
