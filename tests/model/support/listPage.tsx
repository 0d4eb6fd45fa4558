// The page of a paged list, for the model tests of the paged-list charts (machines/pagedLoad.ts):
// tests/model/offersList.test.tsx through OffersPage, tests/model/pagedList.test.tsx through OrdersPage.
// The page is rendered under a memory router and the app's providers (English); its HTTP client is a fake
// whose requests wait until the test answers them. The harness plays what the model's events do to the
// page — open an address, answer or fail the request, pick a page or a page size — and follows the
// chart's own navigations, so `request` is always what the model's request is. What each state shows is
// for each test to check.
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { ThemeProvider } from 'styled-components';
import { Router, useLocation } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { expect } from 'vitest';
import type { PagedAnswer, PagedRequest } from '../../../machines/pagedLoad';
import { AppSystemProvider } from '../../../src/system/AppSystemContext';
import type { Screen } from '../../../src/screens/screen';
import type { AppSystem } from '../../../src/system/system';
import { I18nProvider } from '../../../src/i18n/i18n';
import { theme } from '../../../lib/theme';
import { flushMicrotasks } from '../../support/model';

/** A request the page made, waiting for the test's answer. */
export interface PendingRequest {
  path: string;
  query: Record<string, unknown>;
  signal?: AbortSignal;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
  settled: boolean;
}

/** A fake `http` for the page: every request waits until the test settles it. */
export function fakeHttp() {
  const calls: PendingRequest[] = [];
  const http = ((path: string, opts: { query: Record<string, unknown>; signal?: AbortSignal }) =>
    new Promise((resolve, reject) => {
      calls.push({ path, query: opts.query, signal: opts.signal, resolve, reject, settled: false });
    })) as unknown as AppSystem['http'];
  return { calls, http };
}

/** The list's routes, as the app's router gives them: `path` (its first page) and `path/page/:page`. */
export function ListRoute({ path, page: Page }: { path: string; page: Screen }) {
  const [location] = useLocation();
  const m = new RegExp(`^${path}(?:/page/([^/?]+))?$`).exec(location);
  return m ? <Page params={m[1] === undefined ? {} : { page: m[1] }} /> : <p>elsewhere</p>;
}

/** The page (its route component) under the memory router at `location` and the app's providers. */
export function renderRoute(location: ReturnType<typeof memoryLocation>, http: AppSystem['http'], route: ReactElement) {
  return render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <ThemeProvider theme={theme}>
        <I18nProvider language="en">
          <AppSystemProvider system={{ http } as unknown as AppSystem}>{route}</AppSystemProvider>
        </I18nProvider>
      </ThemeProvider>
    </Router>,
  );
}

export interface ListPageOptions<TRequest extends PagedRequest> {
  /** the list's routes (`<ListRoute …>`) */
  route: ReactElement;
  /** the list's first-page path, e.g. `/en/investments` (page n is `<path>/page/<n>`) */
  path: string;
  /** the smallest page size: the address leaves it out of its `items` query */
  firstSize: number;
  /** the query key the harness changes on every opened address, so each one is a new address */
  query: string;
  /** the accessible names of the paging control and of its page-size choice */
  pagingLabel: string;
  pageSizeLabel: string;
  /** the model's first request */
  request: TRequest;
}

/** The harness of one model path (see the file's head). */
export function listPage<TRequest extends PagedRequest>(options: ListPageOptions<TRequest>) {
  const { calls, http } = fakeHttp();
  const location = memoryLocation({ path: '/en/', record: true });
  let mounted: ReturnType<typeof render> | null = null;

  const page = {
    calls,
    location,
    /** what the model's request is now */
    request: options.request,
    /** how many addresses were opened (the value of the changing query) */
    opened: 0,
    get mounted() {
      return mounted !== null;
    },
    /** the requests neither answered nor aborted (leaving `loading` aborts the chart's request) */
    live: () => calls.filter((c) => !c.settled && !c.signal?.aborted),
    /** the router's current address */
    here: () => location.history.at(-1)!,
    /** the list's address for a page and size, with the opened address's query */
    address: (pageNumber: number, pageSize: number) =>
      `${pageNumber <= 1 ? options.path : `${options.path}/page/${pageNumber}`}?${options.query}=${page.opened}` +
      (pageSize === options.firstSize ? '' : `&items=${pageSize}`),
    /** the paging control (null when not shown) */
    nav: () => screen.queryByRole('navigation', { name: options.pagingLabel }),

    /** `<id>.requested`: the router goes to the request's address (a new one, or `to()` when given), the
     * page opens there the first time */
    async open(request: TRequest, to?: () => string) {
      page.request = request;
      page.opened += 1;
      const address = to ? to() : page.address(request.page, request.pageSize);
      await act(async () => {
        location.navigate(address);
        if (!mounted) mounted = renderRoute(location, http, options.route);
        await flushMicrotasks();
      });
    },
    /** `fetch done`: the newest request answered with `answer` (at the request's page size); an answer
     * with the request's page above its total must have replaced the address by the last page's */
    async answer(answer: PagedAnswer) {
      const before = location.history.length;
      await settleLast((c) => c.resolve({ ...answer, pagination: { ...answer.pagination, pageSize: page.request.pageSize } }));
      const { totalPages } = answer.pagination;
      if (totalPages >= 1 && page.request.page > totalPages) {
        // above the total: replaced by the last page, keeping the size and the query
        expect(location.history).toHaveLength(before);
        expect(page.here()).toBe(page.address(totalPages, page.request.pageSize));
        page.request = { ...page.request, page: totalPages };
      }
    },
    /** `fetch failed`: the newest request fails with `error` */
    fail: (error: unknown) => settleLast((c) => c.reject(error)),
    /** `<id>.pageSelected`: the user clicks the link of page `n`, which the chart pushes */
    async selectPage(n: number) {
      await act(async () => {
        fireEvent.click(within(page.nav()!).getByRole('link', { name: `Page ${n}` }));
        await flushMicrotasks();
      });
      expect(page.here()).toBe(page.address(n, page.request.pageSize));
      page.request = { ...page.request, page: n };
    },
    /** `<id>.pageSizeSelected`: the user picks `size`; a new size starts at the first page */
    async selectPageSize(size: number) {
      await act(async () => {
        fireEvent.change(screen.getByLabelText(options.pageSizeLabel), { target: { value: String(size) } });
        await flushMicrotasks();
      });
      expect(page.here()).toBe(page.address(1, size));
      page.request = { ...page.request, page: 1, pageSize: size };
    },
    unmount: () => mounted?.unmount(),
  };

  async function settleLast(settle: (call: PendingRequest) => void) {
    await act(async () => {
      const c = page.live().at(-1)!;
      c.settled = true;
      settle(c);
      await flushMicrotasks();
    });
  }

  return page;
}
