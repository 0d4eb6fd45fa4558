// Model-based test of the offers-list chart (machines/offersList.machine.ts) through the real OffersPage:
// the address (route page, `items` query) is the chart's request — the harness opens the page at an
// address or moves the router to another one; the server's answers are played by a fake HTTP client; the
// user clicks page links and picks page sizes. Checked at every state: skeletons (3 on a large screen,
// the count's line and the control's place kept), the list and its count, the paging control (links with
// the list's addresses), the empty text, the not-found page, and where the chart sent the router.
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { Router, useLocation } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { type AnyMachineSnapshot, type EventObject } from 'xstate';
import { beforeAll, describe, expect, it } from 'vitest';
import { offersListMachine, type OffersListRequest } from '../../machines/offersList.machine';
import type { AppSystem } from '../../src/app/system';
import { AppSystemProvider } from '../../src/app/AppSystemContext';
import type { OfferSummary } from '../../src/components/offers/types';
import { listHref } from '../../src/components/offers/paging';
import { OffersPage } from '../../src/features/public/OffersPage';
import { I18nProvider } from '../../src/i18n/i18n';
import { theme } from '../../src/styles/theme';
import { byValueAnd, createMachineTestModel, expectFullCoverage, flushMicrotasks, machineCoverage, printCoverage, runPath } from '../support/model';
import { loadTexts } from '../unit/layout/render';

const offer = (n: number): OfferSummary => ({
  id: `o${n}`,
  slug: { pl: `oferta-${n}`, en: `offer-${n}` },
  title: `Offer ${n}`,
  mainDescription: `<p>Description ${n}</p>`,
  thumbUrl: null,
  imageUrl: null,
  projectType: 'Apartments',
  isOpen: true,
  badges: [],
  investmentStart: null,
  investmentEnd: null,
  address: 'Warsaw',
  totalCost: 100,
  developerEquity: 25,
  investorEquity: 75,
});

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

const base = byValueAnd();
const serializeState = (state: AnyMachineSnapshot, event?: EventObject, prev?: AnyMachineSnapshot) =>
  base(state, event, prev) + ' ' + JSON.stringify((state.context as { request: OffersListRequest }).request);

const model = createMachineTestModel(offersListMachine, { events, serializeState: serializeState as never, input: req(1, 6) } as never);
const paths = model.getShortestPaths();

interface Call {
  path: string;
  query: Record<string, unknown>;
  signal?: AbortSignal;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
  settled: boolean;
}

/** The page's route: `/en/investments` and `/en/investments/page/:page`, as the app's router gives them. */
function Route() {
  const [location] = useLocation();
  const m = /^\/en\/investments(?:\/page\/([^/?]+))?$/.exec(location);
  return m ? <OffersPage params={m[1] === undefined ? {} : { page: m[1] }} /> : <p>elsewhere</p>;
}

/** The address of a request; a query that changes every time, so each request is a new address. */
const addressOf = (r: OffersListRequest, n: number) => {
  const search = `q=${n}`;
  if (!r.canonical) return `/en/investments/page/1?${search}${r.pageSize === 6 ? '' : `&items=${r.pageSize}`}`;
  return listHref('en', r.page, r.pageSize, search);
};

describe('offersList (model-based, OffersPage)', () => {
  beforeAll(loadTexts);

  for (const path of paths) {
    it(path.description, async () => {
      const calls: Call[] = [];
      const http = ((p: string, opts: { query: Record<string, unknown>; signal?: AbortSignal }) =>
        new Promise((resolve, reject) => {
          const call: Call = { path: p, query: opts.query, signal: opts.signal, resolve, reject, settled: false };
          calls.push(call);
        })) as unknown as AppSystem['http'];
      const live = () => calls.filter((c) => !c.settled && !c.signal?.aborted);
      const location = memoryLocation({ path: '/en/', record: true });
      let mounted: ReturnType<typeof render> | null = null;
      let n = 0;
      // what the model's request was (the harness adds its own query to make every address new)
      let request = req(1, 6);
      const here = () => location.history.at(-1)!;
      const nav = () => screen.queryByRole('navigation', { name: 'Pages of investments' });
      const skeletonsShown = () => {
        expect(screen.getByTestId('offers-skeletons')).toHaveAttribute('aria-busy', 'true');
        expect(within(screen.getByTestId('offers-skeletons')).getAllByRole('listitem')).toHaveLength(3);
        expect(screen.queryAllByTestId('offer-card')).toHaveLength(0);
        expect(screen.queryByTestId('offers-count')).toBeNull();
      };

      await runPath(path, {
        states: {
          idle: () => expect(mounted).toBeNull(),
          loading: () => {
            skeletonsShown();
            // one live request, for the address's page and size
            expect(live()).toHaveLength(1);
            expect(live()[0].query).toEqual({ 'pagination[pageSize]': request.pageSize, 'pagination[pageNumber]': request.page });
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
            expect(within(control).getByRole('link', { name: `Page ${request.page}` })).toHaveAttribute('aria-current', 'page');
            expect(within(control).getByLabelText('Investments per page')).toHaveValue(String(request.pageSize));
          },
          failure: () => {
            expect(screen.queryByTestId('page-offers')).toBeNull();
            expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/not found/i);
          },
        },
        events: {
          'offersList.requested': async ({ event }) => {
            request = event.request as OffersListRequest;
            n += 1;
            const to = addressOf(request, n);
            await act(async () => {
              if (!mounted) {
                location.navigate(to);
                mounted = render(
                  <Router hook={location.hook} searchHook={location.searchHook}>
                    <ThemeProvider theme={theme}>
                      <I18nProvider language="en">
                        <AppSystemProvider system={{ http } as unknown as AppSystem}>
                          <Route />
                        </AppSystemProvider>
                      </I18nProvider>
                    </ThemeProvider>
                  </Router>,
                );
              } else {
                location.navigate(to);
              }
              await flushMicrotasks();
            });
            if (!request.canonical) {
              // replaced (not a new history entry) by the list's own address (the first page has no page segment)
              expect(here()).toBe(`/en/investments?q=${n}`);
              request = req(1, request.pageSize);
            }
          },
          'xstate.done.actor.fetch': async ({ event }) => {
            const before = location.history.length;
            const out = event.output as ReturnType<typeof answer>;
            await act(async () => {
              const c = live().at(-1)!;
              c.settled = true;
              c.resolve({ ...out, pagination: { ...out.pagination, pageSize: request.pageSize } });
              await flushMicrotasks();
            });
            if (out.pagination.totalPages >= 1 && request.page > out.pagination.totalPages) {
              // above the total: replaced by the last page, keeping the size and the query
              expect(location.history).toHaveLength(before);
              expect(here()).toBe(`/en/investments/page/3?q=${n}&items=${request.pageSize}`);
              request = req(3, request.pageSize);
            }
          },
          'xstate.error.actor.fetch': async ({ event }) => {
            await act(async () => {
              const c = live().at(-1)!;
              c.settled = true;
              c.reject(event.error);
              await flushMicrotasks();
            });
          },
          'offersList.pageSelected': async () => {
            await act(async () => {
              fireEvent.click(within(nav()!).getByRole('link', { name: 'Page 3' }));
              await flushMicrotasks();
            });
            const size = request.pageSize === 6 ? '' : `&items=${request.pageSize}`;
            expect(here()).toBe(`/en/investments/page/3?q=${n}${size}`);
            request = req(3, request.pageSize);
          },
          'offersList.pageSizeSelected': async () => {
            await act(async () => {
              fireEvent.change(screen.getByLabelText('Investments per page'), { target: { value: '12' } });
              await flushMicrotasks();
            });
            // a new size starts at the first page
            expect(here()).toBe(`/en/investments?q=${n}&items=12`);
            request = req(1, 12);
          },
        },
      });
      (mounted as ReturnType<typeof render> | null)?.unmount();
    });
  }

  it('a modified click on a page link is left to the browser (a new tab)', async () => {
    const calls: Array<(v: unknown) => void> = [];
    const http = (() => new Promise((resolve) => calls.push(resolve))) as unknown as AppSystem['http'];
    const location = memoryLocation({ path: '/en/investments', record: true });
    const view = render(
      <Router hook={location.hook} searchHook={location.searchHook}>
        <ThemeProvider theme={theme}>
          <I18nProvider language="en">
            <AppSystemProvider system={{ http } as unknown as AppSystem}>
              <Route />
            </AppSystemProvider>
          </I18nProvider>
        </ThemeProvider>
      </Router>,
    );
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
