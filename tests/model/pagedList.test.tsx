// Model-based test of the investor area's paged-list chart (machines/pagedList.machine.ts) through the real
// OrdersPage: the address (route page, `items` query, the status filter) is the chart's request — the
// harness (tests/model/support/listPage.tsx, shared with the offers list) opens the page at an address or
// moves the router to another one; the server's answers are played by a fake HTTP client; the investor
// clicks page links, picks page sizes and retries a failed load. Checked at every state: the skeleton, the
// orders and their count, the paging control (links with the list's addresses), the empty text, the error
// with its retry, and where the chart sent the router.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { memoryLocation } from 'wouter/memory-location';
import { beforeAll, describe, expect, it } from 'vitest';
import { pagedListMachine, type PagedListRequest } from '../../machines/pagedList.machine';
import type { AppSystem } from '../../src/system/system';
import { OrdersPage } from '../../src/features/investor/OrdersPage';
import { byValueAnd, createMachineTestModel, expectFullCoverage, flushMicrotasks, machineCoverage, printCoverage, runPath } from '../support/model';
import { loadTexts } from '../unit/layout/render';
import { ListRoute, listPage, renderRoute } from './support/listPage';

const order = (n: number) => ({
  id: `ord-${n}`,
  reference: `ES-${1000 + n}`,
  createdAt: '2026-01-0' + n + 'T10:00:00.000Z',
  offer: { title: `Offer ${n}` },
  status: 'new',
  quantity: n,
  totalPrice: 10_000 * n,
});

const req = (page: number, pageSize: number): PagedListRequest => ({ page, pageSize, language: 'en', search: '' });
const answer = (totalPages: number, pageSize = 10) => ({
  items: totalPages ? [order(1), order(2)] : [],
  pagination: { pageSize, pageNumber: 1, totalItems: totalPages ? (totalPages - 1) * pageSize + 2 : 0, totalPages },
});

// Addresses: the first page; page 2; page 5 with 25 a page (above the total). Answers: no orders; three
// pages; a failure.
const events = [
  { type: 'pagedList.requested', request: req(1, 10) },
  { type: 'pagedList.requested', request: req(2, 10) },
  { type: 'pagedList.requested', request: req(5, 25) },
  { type: 'xstate.done.actor.fetch', output: answer(0) },
  { type: 'xstate.done.actor.fetch', output: answer(3) },
  { type: 'xstate.error.actor.fetch', error: new Error('HTTP 500') },
  { type: 'pagedList.pageSelected', page: 3 },
  { type: 'pagedList.pageSizeSelected', pageSize: 50 },
  { type: 'pagedList.retried' },
] as never[];

const model = createMachineTestModel(pagedListMachine, { events, serializeState: byValueAnd('request') as never, input: req(1, 10) } as never);
const paths = model.getShortestPaths();

const route = <ListRoute path="/en/investor/orders" page={OrdersPage} />;

describe('pagedList (model-based, OrdersPage)', () => {
  beforeAll(loadTexts);

  for (const path of paths) {
    it(path.description, async () => {
      const page = listPage({
        route,
        path: '/en/investor/orders',
        firstSize: 10,
        query: 'x',
        pagingLabel: 'Pages of the list',
        pageSizeLabel: 'Rows per page',
        request: req(1, 10),
      });
      const { calls, live, here, nav } = page;
      const skeletonShown = () => {
        expect(screen.getByTestId('skeleton')).toHaveAttribute('aria-busy', 'true');
        expect(screen.queryAllByTestId('order-row')).toHaveLength(0);
        expect(screen.queryByTestId('load-error')).toBeNull();
      };

      await runPath(path, {
        states: {
          idle: () => expect(page.mounted).toBe(false),
          loading: () => {
            skeletonShown();
            // one live request, for the address's page and size
            expect(live()).toHaveLength(1);
            expect(live()[0].path).toBe('/order');
            expect(live()[0].query).toEqual({ 'pagination[pageSize]': page.request.pageSize, 'pagination[pageNumber]': page.request.page, status: undefined });
          },
          navigating: () => {
            skeletonShown();
            expect(here()).toMatch(/^\/en\/investor\/orders(\/page\/[2-9]\d*)?(\?|$)/);
          },
          empty: () => {
            expect(screen.getByTestId('orders-empty')).toHaveTextContent('You have no orders yet.');
            expect(nav()).toBeNull();
            expect(screen.queryByTestId('skeleton')).toBeNull();
          },
          ready: () => {
            expect(screen.getAllByTestId('order-row')).toHaveLength(2);
            expect(screen.getByText('22 orders')).toBeInTheDocument();
            const control = nav()!;
            const links = within(control).getAllByRole('link', { name: /^Page \d+$/ });
            expect(links).toHaveLength(3);
            // page links are links to the list's addresses (open in a new tab works), keeping the query
            expect(links[0]).toHaveAttribute('href', expect.stringMatching(/^\/en\/investor\/orders\?x=\d+/));
            expect(links[1]).toHaveAttribute('href', expect.stringMatching(/^\/en\/investor\/orders\/page\/2\?x=\d+/));
            expect(within(control).getByRole('link', { name: `Page ${page.request.page}` })).toHaveAttribute('aria-current', 'page');
            expect(within(control).getByLabelText('Rows per page')).toHaveValue(String(page.request.pageSize));
          },
          failure: () => {
            const error = screen.getByTestId('load-error');
            expect(error).toHaveAttribute('role', 'alert');
            expect(within(error).getByRole('button', { name: 'Try again' })).toBeEnabled();
            expect(screen.queryByTestId('skeleton')).toBeNull();
            expect(nav()).toBeNull();
          },
        },
        events: {
          'pagedList.requested': ({ event }) => page.open(event.request as PagedListRequest),
          'xstate.done.actor.fetch': ({ event }) => page.answer(event.output),
          'xstate.error.actor.fetch': ({ event }) => page.fail(event.error),
          'pagedList.pageSelected': () => page.selectPage(3),
          'pagedList.pageSizeSelected': () => page.selectPageSize(50),
          'pagedList.retried': async () => {
            const before = calls.length;
            await act(async () => {
              fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
              await flushMicrotasks();
            });
            // the same address asked again
            expect(calls).toHaveLength(before + 1);
          },
        },
      });
      page.unmount();
    });
  }

  it('the status filter is part of the address: choosing one goes to the first page with it, and the list asks the server with it', async () => {
    const calls: Array<{ query: Record<string, unknown>; resolve: (v: unknown) => void }> = [];
    const http = ((_p: string, opts: { query: Record<string, unknown> }) =>
      new Promise((resolve) => calls.push({ query: opts.query, resolve }))) as unknown as AppSystem['http'];
    const location = memoryLocation({ path: '/en/investor/orders/page/2?items=25', record: true });
    const view = renderRoute(location, http, route);
    await act(async () => {
      calls.at(-1)!.resolve(answer(3, 25));
      await flushMicrotasks();
    });
    await act(async () => {
      fireEvent.change(screen.getByTestId('status-filter'), { target: { value: 'paid' } });
      await flushMicrotasks();
    });
    expect(location.history.at(-1)).toBe('/en/investor/orders?items=25&status=paid');
    expect(calls.at(-1)!.query).toEqual({ 'pagination[pageSize]': 25, 'pagination[pageNumber]': 1, status: 'paid' });
    await act(async () => {
      calls.at(-1)!.resolve(answer(0, 25));
      await flushMicrotasks();
    });
    expect(screen.getByTestId('orders-empty')).toHaveTextContent('No orders with this status.');
    view.unmount();
  });

  it('covers every state and transition of the chart', () => {
    const result = machineCoverage(pagedListMachine, paths, { input: req(1, 10) });
    printCoverage(result);
    expectFullCoverage(result);
  });
});
