// A live countdown to a deadline (the bank-transfer thank-you page: "pay by ..., 2 d 04:12:09 left").
// It ticks every second, drawn in the chart (`after 1 s`), and reads the clock through the `tick` action,
// so a test or a story provides its own clock. Past the deadline it stops in `expired`.
import { assign, setup } from 'xstate';
import { described } from './descriptions/describe';
import descriptions from './descriptions/countdown';

export interface CountdownContext {
  /** epoch ms */
  deadline: number;
  /** epoch ms, as of the last tick */
  now: number;
}

export const countdownMachine = described(setup({
  types: {
    context: {} as CountdownContext,
    input: {} as CountdownContext,
    tags: {} as 'expired',
  },
  actions: {
    /** reads the clock */
    tick: assign({ now: () => Date.now() }),
  },
  guards: {
    passed: ({ context }) => context.now >= context.deadline,
  },
  delays: {
    second: 1000,
  },
}).createMachine({
  id: 'countdown',
  context: ({ input }) => ({ deadline: input.deadline, now: input.now }),
  initial: 'running',
  states: {
    running: {
      always: { guard: 'passed', target: 'expired' },
      after: { second: { target: 'running', reenter: true, actions: 'tick' } },
    },
    expired: { tags: ['expired'] },
  },
}), descriptions);

/** What is left, split for display: days, hours, minutes, seconds (never negative). */
export function remaining(context: CountdownContext): { days: number; hours: number; minutes: number; seconds: number } {
  const total = Math.max(0, Math.floor((context.deadline - context.now) / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}
