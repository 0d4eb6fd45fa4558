// Paging of a list (SPEC §2 "Pagination", §5, §9): which page and page size the list shows, and what
// happens when the user changes them. The page and size live in the URL (the view reads them from the
// route and the `items` query); the chart decides when the controls show, when the list shows its
// skeleton, and where to go:
// - `waiting` (skeleton) until the list's answer arrives with its pagination;
// - no pages: `empty` (the control renders nothing);
// - a page above the total: `redirecting` (replace) to the last page, or the first-page route when there
//   is only one page, then waiting for that answer;
// - `ready` shows the control; a page change navigates, scrolls to top and waits (skeleton); a page-size
//   change navigates to the first page with the new size, scrolls smoothly to top and waits.
// The view provides `navigate` and `scrollToTop` (machine.provide); the chart only names them.
import { assign, setup, type ActorRefFrom } from 'xstate';
import type { Pagination } from './types';
import { described } from './descriptions/describe';
import descriptions from './descriptions/pagination';

export interface PaginationContext {
  page: number;
  pageSize: number;
  totalPages: number;
  totalItems: number;
}

export interface PaginationInput {
  page: number;
  pageSize: number;
}

export type PaginationEvent =
  /** the list asked the server again (page, size, language or query changed) */
  | { type: 'pagination.requested'; page: number; pageSize: number }
  /** the server answered; `page` is the page the URL asked for */
  | { type: 'pagination.loaded'; page: number; pagination: Pagination }
  | { type: 'pagination.pageSelected'; page: number }
  | { type: 'pagination.pageSizeSelected'; pageSize: number };

export interface NavigateParams {
  page: number;
  pageSize: number;
  replace: boolean;
}

export const paginationMachine = described(setup({
  types: {
    context: {} as PaginationContext,
    input: {} as PaginationInput,
    events: {} as PaginationEvent,
    tags: {} as 'skeleton' | 'controls',
  },
  actions: {
    /** go to a page of the list (the first page is the list's first-page route) */
    navigate: (_, _params: NavigateParams) => {},
    scrollToTop: (_, _params: { smooth: boolean }) => {},
    request: assign(({ event }) =>
      event.type === 'pagination.requested' ? { page: event.page, pageSize: event.pageSize } : {},
    ),
    store: assign(({ event }) =>
      event.type === 'pagination.loaded'
        ? {
            page: event.page,
            pageSize: event.pagination.pageSize,
            totalPages: event.pagination.totalPages,
            totalItems: event.pagination.totalItems,
          }
        : {},
    ),
    selectPage: assign({ page: ({ event, context }) => (event.type === 'pagination.pageSelected' ? event.page : context.page) }),
    selectPageSize: assign(({ event }) => (event.type === 'pagination.pageSizeSelected' ? { pageSize: event.pageSize, page: 1 } : {})),
  },
  guards: {
    noPages: ({ event }) => event.type === 'pagination.loaded' && event.pagination.totalPages < 1,
    pageAboveTotal: ({ event }) => event.type === 'pagination.loaded' && event.page > event.pagination.totalPages,
  },
}).createMachine({
  id: 'pagination',
  context: ({ input }) => ({ page: input.page, pageSize: input.pageSize, totalPages: 0, totalItems: 0 }),
  initial: 'waiting',
  on: {
    'pagination.requested': { target: '.waiting', actions: 'request' },
  },
  states: {
    waiting: {
      tags: ['skeleton'],
      on: {
        'pagination.loaded': [
          { guard: 'noPages', target: 'empty', actions: 'store' },
          { guard: 'pageAboveTotal', target: 'redirecting', actions: 'store' },
          { target: 'ready', actions: 'store' },
        ],
      },
    },
    redirecting: {
      tags: ['skeleton'],
      entry: {
        type: 'navigate',
        params: ({ context }) => ({ page: Math.max(1, context.totalPages), pageSize: context.pageSize, replace: true }),
      },
      always: 'waiting',
    },
    empty: {},
    ready: {
      tags: ['controls'],
      on: {
        'pagination.pageSelected': {
          target: 'waiting',
          actions: [
            'selectPage',
            { type: 'navigate', params: ({ context }) => ({ page: context.page, pageSize: context.pageSize, replace: false }) },
            { type: 'scrollToTop', params: { smooth: false } },
          ],
        },
        'pagination.pageSizeSelected': {
          target: 'waiting',
          actions: [
            'selectPageSize',
            { type: 'navigate', params: ({ context }) => ({ page: 1, pageSize: context.pageSize, replace: false }) },
            { type: 'scrollToTop', params: { smooth: true } },
          ],
        },
      },
    },
  },
}), descriptions);

export type PaginationActorRef = ActorRefFrom<typeof paginationMachine>;
