// Model-based tests of the thank-you page's two small charts through its views: click-to-copy with its
// 'copied' feedback (clipboard chart) and the live countdown to the payment deadline (countdown chart).
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clipboardMachine } from '../../machines/clipboard.machine';
import { countdownMachine } from '../../machines/countdown.machine';
import { CopyRow } from '../../src/components/payment/BankTransfer';
import { Countdown } from '../../src/components/payment/Countdown';
import { byValueAnd, createMachineTestModel, delayOf, expectFullCoverage, machineCoverage, mergeCoverage, printCoverage, runPath } from '../support/model';
import { loadTexts, renderView } from '../unit/layout/render';

describe('clipboard (model-based, through the copy button)', () => {
  const paths = createMachineTestModel(clipboardMachine, {
    events: [{ type: 'clipboard.copyRequested', text: '61109010140000071219812874' }],
    serializeState: byValueAnd() as never,
  }).getShortestPaths();
  beforeAll(loadTexts);
  let pending: { resolve: () => void; reject: (e: unknown) => void } | null = null;
  const written: string[] = [];
  beforeEach(() => {
    vi.useFakeTimers();
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: {
        writeText: (text: string) =>
          new Promise<void>((resolve, reject) => {
            written.push(text);
            pending = { resolve, reject };
          }),
      },
    });
  });
  afterEach(() => vi.useRealTimers());

  for (const path of paths) {
    it(path.description, async () => {
      const view = renderView(<CopyRow ns="invest.thankYou" label="Account number" shown="61 1090 1014 0000 0712 1981 2874" copied="61109010140000071219812874" testId="acc" />);
      const feedback = () => screen.getByTestId('acc-feedback').textContent;
      await runPath(path, {
        states: {
          idle: () => expect(feedback()).toBe(''),
          copying: () => expect(feedback()).toBe(''),
          copied: () => expect(feedback()).toBe('Copied'),
          failed: () => expect(feedback()).toMatch(/^Could not copy/),
        },
        events: {
          'clipboard.copyRequested': () => {
            fireEvent.click(screen.getByRole('button', { name: /Copy Account number/ }));
            // the compact account number goes to the clipboard, the grouped one is shown
            expect(written.at(-1)).toBe('61109010140000071219812874');
          },
          'xstate.done.actor.copy': async () => {
            await act(async () => pending!.resolve());
          },
          'xstate.error.actor.copy': async () => {
            await act(async () => pending!.reject(new Error('denied')));
          },
          'xstate.after.feedback.clipboard.copied': ({ event }) => {
            act(() => vi.advanceTimersByTime(delayOf(clipboardMachine, event.type)));
          },
          'xstate.after.feedback.clipboard.failed': ({ event }) => {
            act(() => vi.advanceTimersByTime(delayOf(clipboardMachine, event.type)));
          },
        },
      });
      view.unmount();
    });
  }

  it('covers every state and transition of the chart', () => {
    const result = machineCoverage(clipboardMachine, paths);
    printCoverage(result);
    expectFullCoverage(result);
  });
});

describe('countdown (model-based, through the deadline line)', () => {
  // Now (the model's traversal reads the real clock when it ticks); the page's clock is then frozen there.
  const NOW = Date.now();
  const starts = [
    { name: 'before the deadline', deadline: NOW + 2 * 86_400_000 + 4 * 3600_000 + 12 * 60_000 + 9_000 },
    { name: 'after the deadline', deadline: NOW - 1000 },
  ];
  const all = starts.map((start) => ({
    start,
    paths: createMachineTestModel(countdownMachine, {
      serializeState: byValueAnd() as never,
      input: { deadline: start.deadline, now: NOW },
    } as never).getShortestPaths(),
  }));
  beforeAll(loadTexts);
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  for (const { start, paths } of all) {
    for (const path of paths) {
      it(`${start.name}: ${path.description}`, async () => {
        const view = renderView(<Countdown ns="invest.thankYou" deadline={new Date(start.deadline).toISOString()} />, { language: 'pl' });
        let ticks = 0;
        await runPath(path, {
          states: {
            running: () => {
              const s = 9 - ticks;
              expect(screen.getByTestId('countdown')).toHaveTextContent(`Pozostało 2 d 04 godz. 12 min 0${s} s`);
            },
            expired: () => {
              expect(screen.getByTestId('countdown')).toHaveTextContent('Termin płatności minął.');
              expect(screen.getByTestId('countdown')).toHaveAttribute('data-expired', 'true');
            },
          },
          events: {
            'xstate.after.second.countdown.running': ({ event }) => {
              ticks++;
              act(() => vi.advanceTimersByTime(delayOf(countdownMachine, event.type)));
            },
          },
        });
        view.unmount();
      });
    }
  }

  it('covers every state and transition of the chart', () => {
    const result = mergeCoverage(all.map(({ start, paths }) => machineCoverage(countdownMachine, paths, { input: { deadline: start.deadline, now: NOW } })));
    printCoverage(result);
    expectFullCoverage(result);
  });
});
