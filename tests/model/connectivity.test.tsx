// Model-based test of the connectivity chart against the rendered OfflineBanner. The real watcher runs:
// going offline / online is a window `offline` / `online` event, as in a browser. The reload and the
// sessionStorage flag are recorded; the 6 s of the restored message run on fake timers.
import { act, fireEvent, screen } from '@testing-library/react';
import { createActor, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  connectivityMachine,
  RESTORED_MESSAGE_MS,
  type ConnectivityActorRef,
} from '../../machines/connectivity.machine';
import { browserConnectivityMachine, RESTORED_FLAG_KEY } from '../../src/components/layout/browserEffects';
import { OfflineBanner } from '../../src/components/layout/OfflineBanner';
import {
  byValueAnd,
  createMachineTestModel,
  deferredActor,
  delayOf,
  expectFullCoverage,
  machineCoverage,
  printCoverage,
  type DeferredActor,
} from '../support/model';
import { loadTexts, renderView } from '../unit/layout/render';

const events = [
  { type: 'xstate.done.actor.readRestoredFlag', output: false },
  { type: 'xstate.done.actor.readRestoredFlag', output: true },
  { type: 'xstate.error.actor.readRestoredFlag', error: new Error('storage blocked') },
] as never[];

const byValue = byValueAnd();
const serializeState = (state: AnyMachineSnapshot, event?: EventObject, prev?: AnyMachineSnapshot) =>
  byValue(state, event, prev) + (event && 'output' in event ? ' ' + JSON.stringify(event.output) : '');

const model = createMachineTestModel(connectivityMachine, { events, serializeState: serializeState as never });
const paths = model.getShortestPaths();

interface Harness {
  flag: DeferredActor<boolean>;
  effects: string[];
  actor: ConnectivityActorRef;
}

function start(): Harness {
  const flag = deferredActor<boolean>();
  const effects: string[] = [];
  const actor = createActor(
    // the browser's watcher (window online/offline events), the rest recorded
    browserConnectivityMachine.provide({
      actors: { readRestoredFlag: flag.logic },
      actions: {
        reloadPage: () => effects.push('reload'),
        persistRestoredFlag: () => effects.push('persistFlag'),
        clearRestoredFlag: () => effects.push('clearFlag'),
      },
    }),
  );
  actor.start();
  renderView(<OfflineBanner actorRef={actor} />);
  return { flag, effects, actor };
}

const OFFLINE_TEXT = 'No internet connection. Check your connection and refresh the page.';
const RESTORED_TEXT = 'Connection restored.';

const offlineBanner = () => screen.queryByText(OFFLINE_TEXT);
const restoredMessage = () => screen.queryByText(RESTORED_TEXT);

describe('connectivity (model-based, OfflineBanner)', () => {
  beforeAll(loadTexts);
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  for (const path of paths) {
    it(path.description, async () => {
      const h = start();
      let seen = 0; // effects already checked
      const newEffects = () => {
        const fresh = h.effects.slice(seen);
        seen = h.effects.length;
        return fresh;
      };
      await path.test({
        states: {
          starting: () => {
            expect(offlineBanner()).toBeNull();
            expect(restoredMessage()).toBeNull();
            expect(h.flag.pending).toBe(true);
          },
          online: () => {
            expect(offlineBanner()).toBeNull();
            expect(restoredMessage()).toBeNull();
          },
          offline: () => {
            expect(screen.getByRole('alert')).toHaveTextContent(OFFLINE_TEXT);
            expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled();
            expect(restoredMessage()).toBeNull();
          },
          reconnected: () => {
            expect(screen.getByRole('status')).toHaveTextContent(RESTORED_TEXT);
            expect(screen.getByRole('button', { name: 'Close the message' })).toBeEnabled();
            expect(offlineBanner()).toBeNull();
          },
        },
        events: {
          'xstate.done.actor.readRestoredFlag': async ({ event }) => {
            const output = (event as unknown as { output: boolean }).output;
            await act(() => h.flag.resolve(output));
            // a page load that follows a reconnect-reload clears the flag, once
            expect(newEffects()).toEqual(output ? ['clearFlag'] : []);
          },
          'xstate.error.actor.readRestoredFlag': async ({ event }) => {
            await act(() => h.flag.reject((event as unknown as { error: unknown }).error));
            expect(newEffects()).toEqual([]);
          },
          'connectivity.wentOffline': () => {
            const wasStarting = h.actor.getSnapshot().matches('starting');
            act(() => {
              window.dispatchEvent(new Event('offline'));
            });
            // offline right at start: a flag left by the last page load is stale, so it is cleared
            expect(newEffects()).toEqual(wasStarting ? ['clearFlag'] : []);
          },
          'connectivity.wentOnline': () => {
            act(() => {
              window.dispatchEvent(new Event('online'));
            });
            // SPEC: on reconnecting the page reloads; the flag carries the message across the reload
            expect(newEffects()).toEqual(['persistFlag', 'reload']);
          },
          'connectivity.refreshRequested': () => {
            fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
            expect(newEffects()).toEqual(['reload']);
          },
          'connectivity.restoredMessageClosed': () => {
            fireEvent.click(screen.getByRole('button', { name: 'Close the message' }));
            expect(newEffects()).toEqual([]);
          },
          // (a delayed event is not in the machine's event type, hence the cast on this map)
          ...({
            'xstate.after.6000.connectivity.reconnected': ({ event }: { event: EventObject }) => {
            const ms = delayOf(connectivityMachine, event.type);
            expect(ms).toBe(RESTORED_MESSAGE_MS);
            // still there just before the 6 s are up
            act(() => {
              vi.advanceTimersByTime(ms - 1);
            });
            expect(restoredMessage()).not.toBeNull();
            act(() => {
              vi.advanceTimersByTime(1);
            });
            },
          } as object),
        },
      });
      expect(h.actor.getSnapshot().value).toEqual(path.state.value);
      h.actor.stop();
    });
  }

  it('covers every state and transition of the chart', () => {
    const result = machineCoverage(connectivityMachine, paths);
    printCoverage(result);
    expectFullCoverage(result);
  });
});

describe('connectivity across a reload (the browser effects the app provides, real sessionStorage)', () => {
  beforeAll(loadTexts);
  afterEach(() => sessionStorage.clear());

  it('a reconnect persists the flag; the next page load starts with the restored message and clears it', async () => {
    const reloads: number[] = [];
    const machine = browserConnectivityMachine.provide({ actions: { reloadPage: () => reloads.push(1) } });

    const before = createActor(machine).start();
    await vi.waitFor(() => expect(before.getSnapshot().value).toBe('online'));
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(before.getSnapshot().value).toBe('offline');
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(reloads).toHaveLength(1);
    expect(sessionStorage.getItem(RESTORED_FLAG_KEY)).toBe('1');
    before.stop(); // the page is gone

    const after = createActor(machine).start();
    renderView(<OfflineBanner actorRef={after} />);
    await vi.waitFor(() => expect(after.getSnapshot().value).toBe('reconnected'));
    expect(await screen.findByText(RESTORED_TEXT)).toBeInTheDocument();
    expect(sessionStorage.getItem(RESTORED_FLAG_KEY)).toBeNull();
    expect(reloads).toHaveLength(1); // no second reload
    after.stop();

    // a third load without the flag shows nothing
    const third = createActor(machine).start();
    await vi.waitFor(() => expect(third.getSnapshot().value).toBe('online'));
    third.stop();
  });

  it('starting while the browser is offline shows the no-internet banner', async () => {
    const spy = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const actor = createActor(browserConnectivityMachine.provide({ actions: { reloadPage: () => {} } })).start();
      renderView(<OfflineBanner actorRef={actor} />);
      await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('offline'));
      expect(screen.getByText(OFFLINE_TEXT)).toBeInTheDocument();
      actor.stop();
    } finally {
      spy.mockRestore();
    }
  });
});
