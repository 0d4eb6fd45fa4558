// Model-based test of the pagination chart (machines/pagination.machine.ts) through the Pagination view:
// the user clicks pages and picks page sizes; the list's server answers (`pagination.loaded`) and its
// new requests (`pagination.requested`) are played by the harness, as the offers list does. The chart's
// navigate and scroll effects are recorded and turned into URLs with the offers list's URL rules.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { useSelector } from '@xstate/react';
import { createActor, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { beforeAll, describe, expect, it } from 'vitest';
import { paginationMachine, type PaginationActorRef } from '../../machines/pagination.machine';
import { listHref, OFFERS_PAGE_SIZES } from '../../src/components/offers/paging';
import { Pagination } from '../../src/components/offers/Pagination';
import { byValueAnd, createMachineTestModel, runPath, expectFullCoverage, machineCoverage, printCoverage } from '../support/model';
import { loadTexts, renderView } from '../unit/layout/render';

const pages = (totalPages: number, pageSize = 6) => ({ pageSize, pageNumber: 1, totalItems: totalPages * pageSize, totalPages });

// The answers: no pages at all; page 2 of 3; page 5 of 3 (above the total); page 3 when there is only one.
const events = [
  { type: 'pagination.loaded', page: 1, pagination: pages(0) },
  { type: 'pagination.loaded', page: 2, pagination: pages(3) },
  { type: 'pagination.loaded', page: 5, pagination: pages(3, 9) },
  { type: 'pagination.loaded', page: 3, pagination: pages(1) },
  { type: 'pagination.requested', page: 1, pageSize: 6 },
] as never[];

const base = byValueAnd();
const serializeState = (state: AnyMachineSnapshot, event?: EventObject, prev?: AnyMachineSnapshot) =>
  base(state, event, prev) + (event && event.type !== 'xstate.init' ? ' ' + JSON.stringify(event) : '');

const model = createMachineTestModel(paginationMachine, { events, serializeState: serializeState as never, input: { page: 1, pageSize: 6 } } as never);
const paths = model.getShortestPaths();

interface Effects {
  urls: Array<{ to: string; replace: boolean }>;
  scrolls: Array<'smooth' | 'instant'>;
}

function Harness({ actor }: { actor: PaginationActorRef }) {
  const skeleton = useSelector(actor, (s) => s.hasTag('skeleton'));
  return (
    <div>
      {skeleton && <p data-testid="skeleton">loading</p>}
      <Pagination actorRef={actor} sizes={OFFERS_PAGE_SIZES} />
    </div>
  );
}

function start() {
  const effects: Effects = { urls: [], scrolls: [] };
  const actor = createActor(
    paginationMachine.provide({
      actions: {
        navigate: (_, p) => effects.urls.push({ to: listHref('en', p.page, p.pageSize, '?sort=new'), replace: p.replace }),
        scrollToTop: (_, p) => effects.scrolls.push(p.smooth ? 'smooth' : 'instant'),
      },
    }),
    { input: { page: 1, pageSize: 6 } },
  );
  actor.start();
  renderView(<Harness actor={actor} />);
  return { actor, effects };
}

const nav = () => screen.queryByRole('navigation', { name: 'Pages of investments' });

describe('pagination (model-based, Pagination)', () => {
  beforeAll(loadTexts);

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, effects } = start();
      await runPath(path, {
        states: {
          waiting: () => {
            expect(screen.getByTestId('skeleton')).toBeInTheDocument();
            // while waiting the control (if any) cannot be used
            if (nav()) {
              for (const b of within(nav()!).getAllByRole('button')) expect(b).toBeDisabled();
              expect(within(nav()!).getByRole('combobox')).toBeDisabled();
            }
          },
          empty: () => {
            // no pages renders nothing
            expect(nav()).toBeNull();
            expect(screen.queryByTestId('skeleton')).toBeNull();
          },
          ready: () => {
            const { page, pageSize, totalPages } = actor.getSnapshot().context;
            expect(screen.queryByTestId('skeleton')).toBeNull();
            const control = nav()!;
            expect(control).not.toBeNull();
            expect(within(control).getAllByRole('button', { name: /^Page \d+$/ })).toHaveLength(totalPages);
            expect(within(control).getByRole('button', { name: `Page ${page}` })).toHaveAttribute('aria-current', 'page');
            expect(within(control).getByRole('button', { name: 'Previous page' })).toHaveProperty('disabled', page <= 1);
            expect(within(control).getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', page >= totalPages);
            expect(within(control).getByLabelText('Investments per page')).toHaveValue(String(pageSize));
          },
        },
        events: {
          'pagination.requested': ({ event }) => {
            act(() => {
              actor.send(event as never);
            });
          },
          'pagination.loaded': ({ event }) => {
            const e = event as unknown as { page: number; pagination: { totalPages: number; pageSize: number } };
            const before = effects.urls.length;
            act(() => {
              actor.send(event as never);
            });
            if (e.pagination.totalPages >= 1 && e.page > e.pagination.totalPages) {
              // above the total: replaced by the last page, or the first-page route when there is one page
              const size = e.pagination.pageSize === 6 ? '' : `&items=${e.pagination.pageSize}`;
              const expected = e.pagination.totalPages === 1 ? `/en/investments?sort=new${size}` : `/en/investments/page/${e.pagination.totalPages}?sort=new${size}`;
              expect(effects.urls.slice(before)).toEqual([{ to: expected, replace: true }]);
            } else {
              expect(effects.urls.length).toBe(before);
            }
          },
          'pagination.pageSelected': () => {
            const { page } = actor.getSnapshot().context;
            const target = page === 1 ? 2 : 1;
            fireEvent.click(screen.getByRole('button', { name: `Page ${target}` }));
            const size = actor.getSnapshot().context.pageSize;
            const items = size === 6 ? '' : `&items=${size}`;
            // the first page uses the first-page route; page changes scroll to top at once
            expect(effects.urls.at(-1)).toEqual({
              to: target === 1 ? `/en/investments?sort=new${items}` : `/en/investments/page/2?sort=new${items}`,
              replace: false,
            });
            expect(effects.scrolls.at(-1)).toBe('instant');
          },
          'pagination.pageSizeSelected': () => {
            const { pageSize } = actor.getSnapshot().context;
            const next = pageSize === 12 ? 6 : 12;
            fireEvent.change(screen.getByLabelText('Investments per page'), { target: { value: String(next) } });
            // a new size starts at the first page; `items` is left out at the smallest option
            expect(effects.urls.at(-1)).toEqual({
              to: next === 6 ? '/en/investments?sort=new' : '/en/investments?sort=new&items=12',
              replace: false,
            });
            expect(effects.scrolls.at(-1)).toBe('smooth');
          },
        },
      });
      expect(actor.getSnapshot().value).toEqual(path.state.value);
      actor.stop();
    });
  }

  it('covers every state and transition of the chart', () => {
    const result = machineCoverage(paginationMachine, paths, { input: { page: 1, pageSize: 6 } });
    printCoverage(result);
    expectFullCoverage(result);
  });
});
