// Model-based test of the load chart (machines/load.machine.ts) through a small view built on useLoad, as
// every page loads its data: idle before the page asks, a skeleton while loading, the data on success, an
// error with a retry on failure; asking again while a request runs aborts it; a reload after the view changed
// the data keeps it on screen while it is asked for again, and counts the answers (revision).
import { act, fireEvent, render, screen } from '@testing-library/react';
import { type AnyMachineSnapshot, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { loadMachine } from '../../machines/load.machine';
import { useLoad } from '../../src/components/ui/useLoad';
import { byValueAnd, createMachineTestModel, runPath, expectFullCoverage, flushMicrotasks, machineCoverage, printCoverage } from '../support/model';

const events = [
  { type: 'xstate.done.actor.fetch', output: 'three offers' },
  { type: 'xstate.error.actor.fetch', error: new Error('HTTP 500') },
] as never[];

const base = byValueAnd();
const serializeState = (state: AnyMachineSnapshot, event?: EventObject, prev?: AnyMachineSnapshot) => base(state, event, prev);
const model = createMachineTestModel(loadMachine, { events, serializeState: serializeState as never });
const paths = model.getShortestPaths();

interface Call {
  params: { page: number };
  signal: AbortSignal;
  resolve: (v: string) => void;
  reject: (e: unknown) => void;
  settled?: boolean;
}

function View({ page, calls }: { page: number; calls: Call[] }) {
  const load = useLoad(
    (params: { page: number }, signal) =>
      new Promise<string>((resolve, reject) => {
        const call: Call = {
          params,
          signal,
          resolve: (v) => ((call.settled = true), resolve(v)),
          reject: (e) => ((call.settled = true), reject(e)),
        };
        calls.push(call);
      }),
    { page },
  );
  return (
    <div>
      <p data-testid="status">{load.status}</p>
      {load.skeleton && <div data-testid="skeleton" aria-busy="true" />}
      {load.status === 'success' && (
        <>
          <p data-testid="data" data-revision={load.revision} aria-busy={load.refreshing}>{`${load.data} (page ${page})`}</p>
          <button type="button" onClick={load.reload} disabled={load.refreshing}>
            Reload
          </button>
        </>
      )}
      {load.status === 'failure' && (
        <div role="alert">
          {(load.error as Error).message}
          <button type="button" onClick={load.retry}>
            Retry
          </button>
        </div>
      )}
    </div>
  );
}

describe('load (model-based, a view using useLoad)', () => {
  for (const path of paths) {
    it(path.description, async () => {
      const calls: Call[] = [];
      let page = 0;
      let answers = 0;
      let view: ReturnType<typeof render> | null = null;
      const live = () => calls.filter((c) => !c.signal.aborted && !c.settled);
      const pending = () => live().at(-1)!;

      await runPath(path, {
        states: {
          idle: () => {
            // the page has not asked yet: nothing requested
            expect(view).toBeNull();
            expect(calls).toEqual([]);
          },
          loading: () => {
            expect(screen.getByTestId('status')).toHaveTextContent('loading');
            expect(screen.getByTestId('skeleton')).toBeInTheDocument();
            expect(screen.queryByTestId('data')).toBeNull();
            // exactly one live request, for the current parameters; earlier ones were aborted
            expect(live()).toHaveLength(1);
            expect(live()[0].params).toEqual({ page });
          },
          success: () => {
            expect(screen.queryByTestId('skeleton')).toBeNull();
            expect(screen.getByTestId('data')).toHaveTextContent(`three offers (page ${page})`);
            expect(screen.getByTestId('data')).toHaveAttribute('aria-busy', 'false');
            // every answer counted, the first for these parameters included
            expect(Number(screen.getByTestId('data').dataset.revision)).toBe(answers);
          },
          refreshing: () => {
            // the data stays on screen, no skeleton, and the same parameters are asked for once more
            expect(screen.getByTestId('status')).toHaveTextContent('success');
            expect(screen.queryByTestId('skeleton')).toBeNull();
            expect(screen.getByTestId('data')).toHaveTextContent(`three offers (page ${page})`);
            expect(screen.getByTestId('data')).toHaveAttribute('aria-busy', 'true');
            expect(live()).toHaveLength(1);
            expect(live()[0].params).toEqual({ page });
          },
          failure: () => {
            expect(screen.queryByTestId('skeleton')).toBeNull();
            expect(screen.getByRole('alert')).toHaveTextContent('HTTP 500');
          },
        },
        events: {
          'load.requested': async () => {
            // the page mounts, or its parameters change (a new page, language or query)
            page += 1;
            const before = calls.length;
            await act(async () => {
              if (!view) view = render(<View page={page} calls={calls} />);
              else view.rerender(<View page={page} calls={calls} />);
            });
            expect(calls.length).toBe(before + 1);
            // a request still running for the old parameters was aborted
            calls.slice(0, -1).forEach((c) => expect(c.signal.aborted || c.settled).toBe(true));
          },
          'load.refreshed': async () => {
            const before = calls.length;
            await act(async () => {
              fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
            });
            expect(calls.length).toBe(before + 1);
          },
          'load.retried': async () => {
            await act(async () => {
              fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
            });
            expect(calls.at(-1)!.params).toEqual({ page });
          },
          'xstate.done.actor.fetch': async ({ event }) => {
            answers += 1;
            await act(async () => {
              pending().resolve(event.output);
              await flushMicrotasks();
            });
          },
          'xstate.error.actor.fetch': async ({ event }) => {
            await act(async () => {
              pending().reject(event.error);
              await flushMicrotasks();
            });
          },
        },
      });
      (view as ReturnType<typeof render> | null)?.unmount();
    });
  }

  it('covers every state and transition of the chart', () => {
    const result = machineCoverage(loadMachine, paths);
    printCoverage(result);
    expectFullCoverage(result);
  });
});
