// Opening or saving a private file (issue: investor area): an issued PDF or a CSV export that only the
// signed-in investor may fetch, so the browser cannot simply follow a link (the API wants the bearer
// token). The chart fetches the file through the provided `fetchFile` actor, then hands it to `deliver`
// (a new tab for a preview, a save for a download); a failure shows the PDF load failure text (SPEC §2
// "Other UI") with a retry.
// `prepare` runs synchronously inside the user's click, so the view can open the preview tab there (a tab
// opened later, after the fetch, would be blocked as a pop-up); `discard` closes it again on failure.
import { assign, fromPromise, setup } from 'xstate';
import { described } from './descriptions/describe';
import descriptions from './descriptions/fileDownload';

export type FileMode = 'open' | 'save';

export interface FileRequest {
  /** API path of the file */
  url: string;
  mode: FileMode;
  /** name to save under when the answer names none */
  fallbackName: string;
}

export interface FileDownloadContext {
  request: FileRequest | null;
}

export type FileDownloadEvent = { type: 'file.requested'; request: FileRequest } | { type: 'file.retried' } | { type: 'file.dismissed' };

export const fileDownloadMachine = described(setup({
  types: {
    context: {} as FileDownloadContext,
    events: {} as FileDownloadEvent,
    tags: {} as 'busy' | 'failed' | 'done',
  },
  actors: {
    fetchFile: fromPromise<unknown, FileRequest>(async () => {
      throw new Error('fetchFile actor not provided');
    }),
  },
  actions: {
    /** in the click: e.g. open the blank preview tab */
    prepare: (_, _params: { request: FileRequest }) => {},
    /** show or save what was fetched */
    deliver: (_, _params: { request: FileRequest; file: unknown }) => {},
    /** undo `prepare` (close the blank tab) */
    discard: () => {},
    store: assign({ request: ({ event }) => (event.type === 'file.requested' ? event.request : null) }),
  },
}).createMachine({
  id: 'fileDownload',
  context: { request: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'file.requested': { target: 'fetching', actions: ['store', { type: 'prepare', params: ({ event }) => ({ request: event.request }) }] } },
    },
    fetching: {
      tags: ['busy'],
      invoke: {
        id: 'fetchFile',
        src: 'fetchFile',
        input: ({ context }) => context.request!,
        onDone: {
          target: 'done',
          actions: { type: 'deliver', params: ({ context, event }) => ({ request: context.request!, file: event.output }) },
        },
        onError: { target: 'failed', actions: 'discard' },
      },
    },
    done: {
      tags: ['done'],
      on: { 'file.requested': { target: 'fetching', actions: ['store', { type: 'prepare', params: ({ event }) => ({ request: event.request }) }] } },
    },
    failed: {
      tags: ['failed'],
      on: {
        'file.retried': { target: 'fetching', actions: { type: 'prepare', params: ({ context }) => ({ request: context.request! }) } },
        'file.requested': { target: 'fetching', actions: ['store', { type: 'prepare', params: ({ event }) => ({ request: event.request }) }] },
        'file.dismissed': 'idle',
      },
    },
  },
}), descriptions);
