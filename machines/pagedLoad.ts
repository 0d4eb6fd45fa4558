// The chart of a list that loads a page at a time and is driven by its address (SPEC §2 "Offers list",
// "Pagination", §4, §9), drawn once for the offers list (machines/offersList.machine.ts) and the investor
// area's lists (machines/pagedList.machine.ts). Each of them names its chart (`id`, which prefixes its
// events: `<id>.requested`, `<id>.pageSelected`, `<id>.pageSizeSelected`, `<id>.retried`), says what it
// keeps of an answer and which of the two extras it has; the states, tags, guards and effects are the
// same for both:
// - `idle` (skeleton) until the first request;
// - `<id>.requested` (the address changed, or the list opened) loads that address (`loading`, reenter);
//   with `replaced`, a request for an address that is not the list's own (`/page/1`, `/page/abc`) is
//   replaced by it instead (`navigating`, replace), and the list waits for that address's request;
// - `loading` (skeleton) invokes the `fetch` actor (leaving `loading` stops it, so a newer request aborts
//   the older one); the answer decides: no items at all → `empty`; a page above the total → `navigating`
//   (replace) to the last page, or the list's first-page address when there is one page; else `ready`
//   (the list and the paging control);
// - in `ready` a page choice navigates and scrolls to the top at once, a page-size choice navigates to the
//   first page with the new size and scrolls smoothly; both wait (`navigating`, skeleton) for the new
//   address's request;
// - a failed load is `failure`; with `retry`, `<id>.retried` loads the same address again.
// Pure: the view provides `fetch`, `navigate` (page, size, language and query → the list's address, with
// the list's URL rules) and `scrollToTop` (machine.provide); the chart only names them.
//
// Typing: the chart is written once for every id (see pagedChart below); the machine it returns is typed
// with the caller's id, request, answer and kept context, so a view sends only its own chart's events and
// reads its own context.
import { assign, fromPromise, setup, type EventObject, type PromiseActorLogic, type StateMachine } from 'xstate';
import type { Language, Pagination } from './types';

/** What the address asks for. */
export interface PagedRequest {
  page: number;
  pageSize: number;
  language: Language;
  /** the address's query (filters and the size), kept by every navigation */
  search: string;
}

/** Where the chart sends the router (`navigate`): an address of the list, pushed or replacing the current one. */
export interface PagedNavigation extends PagedRequest {
  replace: boolean;
}

/** What every answer carries: the page's place in the whole list. */
export interface PagedAnswer {
  pagination: Pagination;
}

/** The context every paged chart has; `TKept` is what it keeps of an answer (see `keep`). */
export type PagedContext<TRequest extends PagedRequest, TKept> = {
  request: TRequest;
  totalPages: number;
  totalItems: number;
  /** the raw error of the last failure (SPEC §7) */
  error: unknown;
} & TKept;

/** The events of the chart named `TId`; with `retry`, also `<id>.retried`. */
export type PagedEvent<TId extends string, TRequest extends PagedRequest, TRetry extends boolean = false> =
  /** the address changed (page, size, language or query), or the list opened */
  | { type: `${TId}.requested`; request: TRequest }
  | { type: `${TId}.pageSelected`; page: number }
  | { type: `${TId}.pageSizeSelected`; pageSize: number }
  | (TRetry extends true ? { type: `${TId}.retried` } : never);

export interface PagedChartOptions<TId extends string, TRequest extends PagedRequest, TAnswer extends PagedAnswer, TKept, TRetry extends boolean> {
  /** the chart's id, which prefixes its events */
  id: TId;
  /** what the context keeps of an answer besides its totals (`keep`), and before the first one (`nothingKept`) */
  keep: (answer: TAnswer) => TKept;
  nothingKept: NoInfer<TKept>;
  /** a request for an address that is not the list's own is replaced by it (guard `notCanonical`) */
  replaced?: (request: TRequest) => boolean;
  /** `failure` takes `<id>.retried`, which loads the same address again */
  retry?: TRetry;
}

/**
 * The paged-list chart named `options.id`, typed with the caller's request, answer and kept context (all
 * read from `options`) and its own events. The caller wraps it in `described(…)` with its descriptions.
 */
export function createPagedChart<
  const TId extends string,
  TRequest extends PagedRequest,
  TAnswer extends PagedAnswer,
  TKept extends object,
  TRetry extends boolean = false,
>(options: PagedChartOptions<TId, TRequest, TAnswer, TKept, TRetry>) {
  const machine = pagedChart(options as unknown as PagedChartOptions<string, Request, PagedAnswer, object, boolean>);
  return machine as unknown as Retyped<typeof machine, PagedContext<TRequest, TKept>, PagedEvent<TId, TRequest, TRetry>, TRequest, TAnswer>;
}

// Inside, the chart is written once for every id, request and answer, with the common types (the base
// request and answer; the events typed as those of a placeholder id, `list`, while at run time they carry
// the caller's id), so that XState checks the whole config and types each transition with its own event;
// createPagedChart retypes the machine with the caller's types at the boundary.
type Request = PagedRequest;
type Context = PagedContext<Request, object>;
type AnyPagedEvent = PagedEvent<'list', Request, true>;

function pagedChart({ id, keep, nothingKept, replaced, retry }: PagedChartOptions<string, Request, PagedAnswer, object, boolean>) {
  const stored = (answer: PagedAnswer) => ({
    ...keep(answer),
    totalPages: answer.pagination.totalPages,
    totalItems: answer.pagination.totalItems,
    error: null,
  });
  const navigation = (r: Request, to: Partial<PagedNavigation> & { replace: boolean }): PagedNavigation => ({
    language: r.language,
    page: r.page,
    pageSize: r.pageSize,
    search: r.search,
    ...to,
  });
  const load = { target: '.loading', reenter: true, actions: 'request' } as const;
  // the chart's event names (`<id>.…` at run time, the placeholder's to the type checker)
  const requested = `${id}.requested` as 'list.requested';
  const pageSelected = `${id}.pageSelected` as 'list.pageSelected';
  const pageSizeSelected = `${id}.pageSizeSelected` as 'list.pageSizeSelected';
  const retried = `${id}.retried` as 'list.retried';

  return setup({
    types: {
      context: {} as Context,
      input: {} as Request,
      events: {} as AnyPagedEvent,
      tags: {} as 'skeleton' | 'controls',
    },
    actors: {
      fetch: fromPromise<PagedAnswer, Request>(async () => {
        throw new Error('fetch actor not provided');
      }),
    },
    actions: {
      /** go to an address of the list (the first page is the list's first-page address) */
      navigate: (_, _params: PagedNavigation) => {},
      scrollToTop: (_, _params: { smooth: boolean }) => {},
      request: assign(({ event }) => (event.type === requested ? { request: event.request } : {})),
    },
    guards: {
      notCanonical: ({ event }) => event.type === requested && replaced !== undefined && replaced(event.request),
      otherPage: ({ event, context }) =>
        event.type === pageSelected && event.page !== context.request.page && event.page >= 1 && event.page <= context.totalPages,
      otherPageSize: ({ event, context }) => event.type === pageSizeSelected && event.pageSize !== context.request.pageSize,
    },
  }).createMachine({
    id,
    context: ({ input }) => ({ request: input, ...nothingKept, totalPages: 0, totalItems: 0, error: null }),
    initial: 'idle',
    on: {
      [requested]: replaced
        ? [
            {
              guard: 'notCanonical',
              target: '.navigating',
              actions: ['request', { type: 'navigate', params: ({ context }) => navigation(context.request, { replace: true }) }],
            },
            load,
          ]
        : load,
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
                  params: ({ context, event }) =>
                    navigation(context.request, { page: Math.max(1, event.output.pagination.totalPages), replace: true }),
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
          [pageSelected]: {
            guard: 'otherPage',
            target: 'navigating',
            actions: [
              { type: 'navigate', params: ({ context, event }) => navigation(context.request, { page: event.page, replace: false }) },
              { type: 'scrollToTop', params: { smooth: false } },
            ],
          },
          [pageSizeSelected]: {
            guard: 'otherPageSize',
            target: 'navigating',
            actions: [
              {
                type: 'navigate',
                params: ({ context, event }) => navigation(context.request, { page: 1, pageSize: event.pageSize, replace: false }),
              },
              { type: 'scrollToTop', params: { smooth: true } },
            ],
          },
        },
      },
      failure: retry ? { on: { [retried]: 'loading' } } : {},
    },
  });
}

/** The machine `M` with the caller's context, events, input and answer instead of the common ones. */
type Retyped<M, TContext extends PagedContext<PagedRequest, object>, TEvent extends EventObject, TRequest, TAnswer> =
  M extends StateMachine<
    infer _Context,
    infer _Event,
    infer Children,
    infer _Actor,
    infer Action,
    infer Guard,
    infer Delay,
    infer StateValue,
    infer Tag,
    infer _Input,
    infer Output,
    infer Emitted,
    infer StateMeta,
    infer StateSchema,
    infer TransitionMeta
  >
    ? StateMachine<
        TContext,
        TEvent,
        Children,
        { src: 'fetch'; logic: PromiseActorLogic<TAnswer, TRequest>; id: string | undefined },
        Action,
        Guard,
        Delay,
        StateValue,
        Tag,
        TRequest,
        Output,
        Emitted,
        StateMeta,
        StateSchema,
        TransitionMeta
      >
    : never;
