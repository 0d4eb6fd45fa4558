// One data load (SPEC §4: "every data load has status idle, loading, success or failure; idle or loading
// shows skeletons"). A page provides the `fetch` actor and sends `load.requested` with its parameters; a new
// request while one runs aborts the old one (leaving `loading` stops its actor), so a quick language or
// query change never shows stale data. A view that changed the data itself (an operator's action) sends
// `load.refreshed`: the same request again while the data it has stays on screen, and `revision` counts the
// answers, so forms drawn from the old data can start again from the new.
import { assign, fromPromise, setup } from 'xstate';
import { described } from './descriptions/describe';
import descriptions from './descriptions/load';

export interface LoadContext<TData = unknown, TParams = unknown> {
  params: TParams | null;
  data: TData | null;
  /** the raw error of the last failure (SPEC §7 stores it for offers, offer, featured offers and FAQ) */
  error: unknown;
  /** how many answers have arrived (a form keyed by it starts again from the data it was drawn from) */
  revision: number;
}

export type LoadEvent<TParams = unknown> = { type: 'load.requested'; params: TParams } | { type: 'load.retried' } | { type: 'load.refreshed' };

/** The chart with its data and parameters typed (a view passes its own; diagrams and tests use `unknown`). */
export function createLoadMachine<TData = unknown, TParams = unknown>() {
  return described(setup({
    types: {
      context: {} as LoadContext<TData, TParams>,
      events: {} as LoadEvent<TParams>,
      tags: {} as 'skeleton' | 'refreshing',
    },
    actors: {
      fetch: fromPromise<TData, unknown>(async () => {
        throw new Error('fetch actor not provided');
      }),
    },
  }).createMachine({
    id: 'load',
    context: { params: null, data: null, error: null, revision: 0 },
    initial: 'idle',
    on: {
      'load.requested': {
        target: '.loading',
        reenter: true,
        actions: assign({ params: ({ event }) => event.params }),
      },
    },
    states: {
      idle: { tags: ['skeleton'] },
      loading: {
        tags: ['skeleton'],
        invoke: {
          id: 'fetch',
          src: 'fetch',
          input: ({ context }: { context: LoadContext<TData, TParams> }) => context.params,
          onDone: { target: 'success', actions: assign(({ context, event }) => ({ data: event.output, error: null, revision: context.revision + 1 })) },
          onError: { target: 'failure', actions: assign({ error: ({ event }) => event.error }) },
        },
      },
      success: {
        on: { 'load.refreshed': 'refreshing' },
      },
      refreshing: {
        tags: ['refreshing'],
        invoke: {
          id: 'fetch',
          src: 'fetch',
          input: ({ context }: { context: LoadContext<TData, TParams> }) => context.params,
          onDone: { target: 'success', actions: assign(({ context, event }) => ({ data: event.output, error: null, revision: context.revision + 1 })) },
          onError: { target: 'failure', actions: assign({ error: ({ event }) => event.error }) },
        },
      },
      failure: {
        on: { 'load.retried': 'loading' },
      },
    },
  }), descriptions);
}

export const loadMachine = createLoadMachine();
