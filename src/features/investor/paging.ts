// Paged lists of the investor area (SPEC §2 "Pagination", §9): page sizes 10/25/50/100 (default 10), the
// page in the route (`/investor/orders/page/2`), the size in the `items` query, other query parameters
// (the orders' status filter) kept. One chart owns each list (machines/pagedList.machine.ts): its load,
// its paging and where to go. The view reads the address, sends it to the chart when it changes, provides
// the chart's effects (fetch, navigate with the list's URL rules, scroll) and renders the chart's state.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import { createPagedListMachine, type PagedListRequest } from '../../../machines/pagedList.machine';
import type { Pagination } from '../../api/types';
import { listHref, readPage, readPageSize, type ListRoutes } from '../../../contract/paging';
import { useLanguage, useT } from '../../i18n/i18n';

export const PAGE_SIZES = [10, 25, 50, 100] as const;

export function usePagedList<TData extends { pagination: Pagination }>(
  list: ListRoutes,
  pageParam: string | undefined,
  fetcher: (params: { page: number; pageSize: number; search: string }, signal: AbortSignal) => Promise<TData>,
) {
  const t = useT();
  const language = useLanguage();
  const [, navigate] = useLocation();
  const search = useSearch();
  const request: PagedListRequest = { page: readPage(pageParam), pageSize: readPageSize(search, list.sizes), language, search };

  // one chart per list view, typed with its answer
  const machine = useMemo(() => createPagedListMachine<TData>(), []);
  const actor = useActorRef(
    machine.provide({
      actors: {
        fetch: fromPromise(({ input, signal }) => fetcher({ page: input.page, pageSize: input.pageSize, search: input.search }, signal)),
      },
      actions: {
        navigate: (_, p) => navigate(listHref(p.language, p.page, p.pageSize, p.search, list), { replace: p.replace }),
        scrollToTop: (_, { smooth }) => {
          if (typeof window.scrollTo === 'function') window.scrollTo({ top: 0, behavior: smooth ? 'smooth' : 'auto' });
        },
      },
    }),
    { input: request },
  );
  // The address is the list's input: every change of it (and the first one) is a request.
  const requestKey = JSON.stringify(request);
  useEffect(() => {
    actor.send({ type: 'pagedList.requested', request: JSON.parse(requestKey) as PagedListRequest });
  }, [actor, requestKey]);

  const failed = useSelector(actor, (s) => s.matches('failure'));
  const error = useSelector(actor, (s) => s.context.error);
  const empty = useSelector(actor, (s) => s.matches('empty'));
  const ready = useSelector(actor, (s) => s.hasTag('controls'));
  const skeleton = useSelector(actor, (s) => s.hasTag('skeleton'));
  const answer = useSelector(actor, (s) => s.context.answer);
  const totalPages = useSelector(actor, (s) => s.context.totalPages);
  return {
    /** the answer shown (null while the list waits or when it failed) */
    data: ready || empty ? answer : null,
    skeleton,
    empty,
    failed,
    error,
    retry: () => actor.send({ type: 'pagedList.retried' }),
    search,
    /** what the paging control renders (PageControl: page links with the list's addresses) */
    pageControl: {
      page: request.page,
      pageSize: request.pageSize,
      totalPages: empty || failed ? 0 : totalPages,
      ready,
      sizes: list.sizes,
      hrefFor: (page: number) => listHref(language, page, request.pageSize, search, list),
      onPage: (page: number) => actor.send({ type: 'pagedList.pageSelected', page }),
      onPageSize: (pageSize: number) => actor.send({ type: 'pagedList.pageSizeSelected', pageSize }),
      label: t('investor.pagination.label'),
      pageSizeLabel: t('investor.pagination.pageSize'),
    },
    /** the address of the first page with another query (the orders' filter) */
    firstPageHref: (query: string) => listHref(language, 1, request.pageSize, query, list),
    navigate,
  };
}
