// Paged lists of the investor area (SPEC §2 "Pagination", §9): page sizes 10/25/50/100 (default 10), the
// page in the route (`/investor/orders/page/2`), the size in the `items` query, other query parameters
// (the orders' status filter) kept. One load (machines/load.machine.ts through useLoad) keyed by page, size,
// language and query; the paging rules are machines/pagination.machine.ts, whose navigate/scroll effects
// are provided here. This is the offers list's wiring (OffersPage), for any list.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { paginationMachine } from '../../../machines/pagination.machine';
import type { Pagination } from '../../api/types';
import { listHref, readPage, readPageSize, type ListRoutes } from '../../components/offers/paging';
import { useLoad } from '../../components/ui/useLoad';
import { useLanguage } from '../../i18n/i18n';

export const PAGE_SIZES = [10, 25, 50, 100] as const;

export function usePagedList<TData extends { pagination: Pagination }>(
  list: ListRoutes,
  pageParam: string | undefined,
  fetcher: (params: { page: number; pageSize: number; search: string }, signal: AbortSignal) => Promise<TData>,
) {
  const language = useLanguage();
  const [, navigate] = useLocation();
  const search = useSearch();
  const page = readPage(pageParam);
  const pageSize = readPageSize(search, list.sizes);

  const load = useLoad((p: { page: number; pageSize: number; language: string; search: string }, signal) => fetcher(p, signal), {
    page,
    pageSize,
    language,
    search,
  });

  const here = useRef({ language, search, navigate });
  here.current = { language, search, navigate };
  const paging = useActorRef(
    paginationMachine.provide({
      actions: {
        navigate: (_, p) => {
          const { language: l, search: s, navigate: go } = here.current;
          go(listHref(l, p.page, p.pageSize, s, list), { replace: p.replace });
        },
        scrollToTop: (_, { smooth }) => {
          if (typeof window.scrollTo === 'function') window.scrollTo({ top: 0, behavior: smooth ? 'smooth' : 'auto' });
        },
      },
    }),
    { input: { page, pageSize } },
  );
  const requestKey = JSON.stringify([page, pageSize, language, search]);
  const firstRequest = useRef(true);
  useEffect(() => {
    if (firstRequest.current) {
      firstRequest.current = false;
      return;
    }
    paging.send({ type: 'pagination.requested', page, pageSize });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [paging, requestKey]);
  useEffect(() => {
    if (load.status === 'success' && load.data) paging.send({ type: 'pagination.loaded', page, pagination: load.data.pagination });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [paging, load.status, load.data]);
  const pagingSkeleton = useSelector(paging, (s) => s.hasTag('skeleton'));
  const pagingEmpty = useSelector(paging, (s) => s.matches('empty'));
  const data = load.status === 'success' ? load.data : null;
  const skeleton = load.skeleton || (pagingSkeleton && !pagingEmpty);
  return {
    load,
    paging,
    data,
    skeleton,
    empty: !skeleton && data !== null && pagingEmpty,
    search,
    navigate,
  };
}
