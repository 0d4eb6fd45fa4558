// Model-based test of the offers-list chart (machines/offersList.machine.ts) through the real OffersPage:
// the address (route page, `items` query) is the chart's request — the harness (tests/model/support/
// listPage.tsx, shared with the investor area's paged list) opens the page at an address or moves the
// router to another one; the server's answers are played by a fake HTTP client; the user clicks page
// links and picks page sizes. Checked at every state: skeletons (3 on a large screen, the count's line and
// the control's place kept), the list and its count, the paging control (links with the list's
// addresses), the empty text, the not-found page, and where the chart sent the router.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { memoryLocation } from 'wouter/memory-location';
import { beforeAll, describe, expect, it } from 'vitest';
import { offersListMachine, type OffersListRequest } from '../../machines/offersList.machine';
import type { AppSystem } from '../../src/system/system';
import { OffersPage } from '../../src/features/public/OffersPage';
import { offerSummary } from '../support/offers';
import { byValueAnd, createMachineTestModel, expectFullCoverage, flushMicrotasks, machineCoverage, printCoverage, runPath } from '../support/model';
import { loadTexts } from '../unit/layout/render';
import { ListRoute, listPage, renderRoute } from './support/listPage';

const offer = (n: number) => offerSummary(n);

const req = (page: number, pageSize: number, canonical = true): OffersListRequest => ({ page, pageSize, language: 'en', search: '', canonical });
const answer = (totalPages: number, pageSize = 6) => ({
  items: totalPages ? Array.from({ length: 2 }, (_, i) => offer(i + 1)) : [],
  pagination: { pageSize, pageNumber: 1, totalItems: totalPages ? (totalPages - 1) * pageSize + 2 : 0, totalPages },
});

// Addresses: the first page; page 2; `/page/1` (not the list's own); page 5 of 9 (above the total).
// Answers: no offers; three pages; a failure.
const events = [
  { type: 'offersList.requested', request: req(1, 6) },
  { type: 'offersList.requested', request: req(2, 6) },
  { type: 'offersList.requested', request: req(1, 6, false) },
  { type: 'offersList.requested', request: req(5, 9) },
  { type: 'xstate.done.actor.fetch', output: answer(0) },
  { type: 'xstate.done.actor.fetch', output: answer(3) },
  { type: 'xstate.error.actor.fetch', error: new Error('HTTP 404') },
  { type: 'offersList.pageSelected', page: 3 },
  { type: 'offersList.pageSizeSelected', pageSize: 12 },
] as never[];

const model = createMachineTestModel(offersListMachine, { events, serializeState: byValueAnd('request') as never, input: req(1, 6) } as never);
const paths = model.getShortestPaths();

const route = <ListRoute path="/en/investments" page={OffersPage} />;

describe('offersList (model-based, OffersPage)', () => {
  beforeAll(loadTexts);

  for (const path of paths) {
    it(path.description, async () => {
      const page = listPage({
        route,
        path: '/en/investments',
        firstSize: 6,
        query: 'q',
        pagingLabel: 'Pages of investments',
        pageSizeLabel: 'Investments per page',
        request: req(1, 6),
      });
      const { live, here, nav } = page;
      const skeletonsShown = () => {
        expect(screen.getByTestId('offers-skeletons')).toHaveAttribute('aria-busy', 'true');
        expect(within(screen.getByTestId('offers-skeletons')).getAllByRole('listitem')).toHaveLength(3);
        expect(screen.queryAllByTestId('offer-card')).toHaveLength(0);
        expect(screen.queryByTestId('offers-count')).toBeNull();
      };

      await runPath(path, {
        states: {
          idle: () => expect(page.mounted).toBe(false),
          loading: () => {
            skeletonsShown();
            // one live request, for the address's page and size
            expect(live()).toHaveLength(1);
            expect(live()[0].query).toEqual({ 'pagination[pageSize]': page.request.pageSize, 'pagination[pageNumber]': page.request.page });
          },
          navigating: () => {
            skeletonsShown();
            // the chart sent the router to the list's own address for the page asked for
            expect(here()).toMatch(/^\/en\/investments(\/page\/[2-9]\d*)?(\?|$)/);
            expect(here()).not.toMatch(/\/page\/1(\?|$)/);
          },
          empty: () => {
            expect(screen.getByTestId('offers-empty')).toHaveTextContent(/no investments/i);
            expect(nav()).toBeNull();
            expect(screen.queryByTestId('offers-skeletons')).toBeNull();
          },
          ready: () => {
            expect(screen.getAllByTestId('offer-card')).toHaveLength(2);
            expect(screen.getByTestId('offers-count')).toHaveTextContent('14 investments');
            const control = nav()!;
            const links = within(control).getAllByRole('link', { name: /^Page \d+$/ });
            expect(links).toHaveLength(3);
            // page links are links to the list's addresses (open in a new tab works)
            expect(links[0]).toHaveAttribute('href', expect.stringMatching(/^\/en\/investments\?q=\d+/));
            expect(links[1]).toHaveAttribute('href', expect.stringMatching(/^\/en\/investments\/page\/2\?q=\d+/));
            expect(within(control).getByRole('link', { name: `Page ${page.request.page}` })).toHaveAttribute('aria-current', 'page');
            expect(within(control).getByLabelText('Investments per page')).toHaveValue(String(page.request.pageSize));
          },
          failure: () => {
            expect(screen.queryByTestId('page-offers')).toBeNull();
            expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/not found/i);
          },
        },
        events: {
          'offersList.requested': async ({ event }) => {
            const request = event.request as OffersListRequest;
            if (request.canonical) return page.open(request);
            // `/page/1`: not the list's own address of its first page
            await page.open(request, () => page.address(1, request.pageSize).replace('/en/investments', '/en/investments/page/1'));
            // replaced (not a new history entry) by the list's own address (the first page has no page segment)
            expect(here()).toBe(`/en/investments?q=${page.opened}`);
            page.request = req(1, request.pageSize);
          },
          'xstate.done.actor.fetch': ({ event }) => page.answer(event.output),
          'xstate.error.actor.fetch': ({ event }) => page.fail(event.error),
          'offersList.pageSelected': () => page.selectPage(3),
          'offersList.pageSizeSelected': () => page.selectPageSize(12),
        },
      });
      page.unmount();
    });
  }

  it('a modified click on a page link is left to the browser (a new tab)', async () => {
    const calls: Array<(v: unknown) => void> = [];
    const http = (() => new Promise((resolve) => calls.push(resolve))) as unknown as AppSystem['http'];
    const location = memoryLocation({ path: '/en/investments', record: true });
    const view = renderRoute(location, http, route);
    await act(async () => {
      calls.at(-1)!(answer(3));
      await flushMicrotasks();
    });
    const link = screen.getByRole('link', { name: 'Page 2' });
    expect(link).toHaveAttribute('href', '/en/investments/page/2');
    act(() => {
      fireEvent.click(link, { ctrlKey: true });
    });
    expect(location.history.at(-1)).toBe('/en/investments');
    view.unmount();
  });

  it('covers every state and transition of the chart', () => {
    const result = machineCoverage(offersListMachine, paths, { input: req(1, 6) });
    printCoverage(result);
    expectFullCoverage(result);
  });
});
