// The offers list (SPEC §2 "Offers list", "Pagination", §5, §9): one chart owns the list's load and its
// paging, so the view only renders its state. The URL is the list's address: the view reads the page
// (route), the page size (`items` query), the language and the query, and sends them as
// `offersList.requested` whenever one of them changes (the first time too).
// - `idle` (skeleton) until the first request;
// - a request for an address that is not the list's own (`/page/1`, `/page/abc`) is replaced by it
//   (`navigating`, replace), and the list waits for that address's request;
// - `loading` (skeleton) invokes the `fetch` actor (the load: leaving `loading` stops it, so a newer
//   request aborts the older one); the answer decides:
//   no offers at all → `empty`; a page above the total → `navigating` (replace) to the last page, or the
//   list's first-page address when there is one page; else `ready` (the list and the paging control);
// - in `ready` a page choice navigates and scrolls to the top at once, a page-size choice navigates to the
//   first page with the new size and scrolls smoothly; both wait (`navigating`, skeleton) for the new
//   address's request;
// - a failed load is `failure` (the view shows the not-found page); a new address loads again.
// The view provides `fetch`, `navigate` (which turns a page, size, language and query into the list's
// address with the list's URL rules) and `scrollToTop` (machine.provide); the chart only names them.
import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { Language, Pagination } from './types';
import { described } from './descriptions/describe';
import descriptions from './descriptions/offersList';

/** What the address asks for. `canonical`: the address is the list's own for that page (not `/page/1`, `/page/abc`). */
export interface OffersListRequest {
  page: number;
  pageSize: number;
  language: Language;
  search: string;
  canonical: boolean;
}

/** One page of the list as the server answers it. */
export interface OffersListAnswer<TItem> {
  items: TItem[];
  pagination: Pagination;
}

export interface OffersListContext<TItem> {
  request: OffersListRequest;
  /** the offers of the page shown (empty until an answer arrives) */
  items: TItem[];
  totalPages: number;
  totalItems: number;
  /** the raw error of the last failure (SPEC §7) */
  error: unknown;
}

export type OffersListEvent =
  /** the address changed (page, size, language or query), or the list opened */
  | { type: 'offersList.requested'; request: OffersListRequest }
  | { type: 'offersList.pageSelected'; page: number }
  | { type: 'offersList.pageSizeSelected'; pageSize: number };

export interface OffersListNavigation {
  language: Language;
  page: number;
  pageSize: number;
  search: string;
  replace: boolean;
}

/** The chart with its offers typed (the view passes its offer type; diagrams and tests use `unknown`). */
export function createOffersListMachine<TItem>() {
  return described(setup({
    types: {
      context: {} as OffersListContext<TItem>,
      input: {} as OffersListRequest,
      events: {} as OffersListEvent,
      tags: {} as 'skeleton' | 'controls',
    },
    actors: {
      fetch: fromPromise<OffersListAnswer<TItem>, OffersListRequest>(async () => {
        throw new Error('fetch actor not provided');
      }),
    },
    actions: {
      /** go to an address of the list (the first page is the list's first-page address) */
      navigate: (_, _params: OffersListNavigation) => {},
      scrollToTop: (_, _params: { smooth: boolean }) => {},
      request: assign(({ event }) => (event.type === 'offersList.requested' ? { request: event.request } : {})),
    },
    guards: {
      notCanonical: ({ event }) => event.type === 'offersList.requested' && !event.request.canonical,
      otherPage: ({ event, context }) =>
        event.type === 'offersList.pageSelected' &&
        event.page !== context.request.page &&
        event.page >= 1 &&
        event.page <= context.totalPages,
      otherPageSize: ({ event, context }) =>
        event.type === 'offersList.pageSizeSelected' && event.pageSize !== context.request.pageSize,
    },
  }).createMachine({
    id: 'offersList',
    context: ({ input }) => ({ request: input, items: [], totalPages: 0, totalItems: 0, error: null }),
    initial: 'idle',
    on: {
      'offersList.requested': [
        {
          guard: 'notCanonical',
          target: '.navigating',
          actions: [
            'request',
            {
              type: 'navigate',
              params: ({ context }) => ({ ...navigationOf(context.request), replace: true }),
            },
          ],
        },
        { target: '.loading', reenter: true, actions: 'request' },
      ],
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
          'offersList.pageSelected': {
            guard: 'otherPage',
            target: 'navigating',
            actions: [
              {
                type: 'navigate',
                params: ({ context, event }) => ({ ...navigationOf(context.request), page: event.page, replace: false }),
              },
              { type: 'scrollToTop', params: { smooth: false } },
            ],
          },
          'offersList.pageSizeSelected': {
            guard: 'otherPageSize',
            target: 'navigating',
            actions: [
              {
                type: 'navigate',
                params: ({ context, event }) => ({
                  ...navigationOf(context.request),
                  page: 1,
                  pageSize: event.pageSize,
                  replace: false,
                }),
              },
              { type: 'scrollToTop', params: { smooth: true } },
            ],
          },
        },
      },
      failure: {},
    },
  }), descriptions);
}

function navigationOf(r: OffersListRequest): Omit<OffersListNavigation, 'replace'> {
  return { language: r.language, page: r.page, pageSize: r.pageSize, search: r.search };
}

function stored<TItem>(answer: OffersListAnswer<TItem>) {
  return {
    items: answer.items,
    totalPages: answer.pagination.totalPages,
    totalItems: answer.pagination.totalItems,
    error: null,
  };
}

export const offersListMachine = createOffersListMachine<unknown>();

export type OffersListActorRef<TItem = unknown> = ActorRefFrom<ReturnType<typeof createOffersListMachine<TItem>>>;
