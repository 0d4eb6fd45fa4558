// Click-to-copy with feedback (the bank details of the thank-you page): copying is the provided `copy`
// actor (the clipboard is the browser's), then 'copied' (or 'not copied') shows for 2 seconds.
import { fromPromise, setup } from 'xstate';
import { described } from './descriptions/describe';
import descriptions from './descriptions/clipboard';

export type ClipboardEvent = { type: 'clipboard.copyRequested'; text: string };

export const clipboardMachine = described(setup({
  types: {
    events: {} as ClipboardEvent,
    tags: {} as 'copied' | 'failed',
  },
  actors: {
    copy: fromPromise<void, { text: string }>(async () => {
      throw new Error('copy actor not provided');
    }),
  },
  delays: {
    feedback: 2000,
  },
}).createMachine({
  id: 'clipboard',
  initial: 'idle',
  on: {
    'clipboard.copyRequested': { target: '.copying', reenter: true },
  },
  states: {
    idle: {},
    copying: {
      invoke: {
        id: 'copy',
        src: 'copy',
        input: ({ event }) => ({ text: (event as ClipboardEvent).text }),
        onDone: 'copied',
        onError: 'failed',
      },
    },
    copied: {
      tags: ['copied'],
      after: { feedback: 'idle' },
    },
    failed: {
      tags: ['failed'],
      after: { feedback: 'idle' },
    },
  },
}), descriptions);
