// Runs a load machine for a view: `useLoad(fetcher, params)` requests again whenever `params` change
// (compared by value) and returns what the view renders. The fetcher gets an AbortSignal so leaving a page
// or asking again cancels the request.
//
// A server-rendered page's first load is the server's (src/ssr/firstLoads.tsx): the server's render waits for it
// (suspends), and the browser's hydrating render starts the chart in the state the server settled, so neither
// draws a skeleton the other did not, and the page's data is not asked for again. An answer that says the thing
// does not exist (404) is the page's answer too: the server draws the view's failure (the not-found page) and the
// browser starts there.
import { useActorRef } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import { createLoadMachine } from '../../../machines/load.machine';
import { ApiRequestError } from '../../api/http';
import type { ApiError } from '../../api/types';
import { loadSlot, useFirstLoad } from '../../ssr/firstLoads';
import { useSnapshotInTransition } from './useSnapshotInTransition';
import { useLatestCallback } from './useLatestCallback';

export type LoadStatus = 'idle' | 'loading' | 'success' | 'failure';

export interface Load<TData> {
  /** a refresh counts as success: the data stays on screen */
  status: LoadStatus;
  data: TData | null;
  error: unknown;
  skeleton: boolean;
  /** asked for again after the view changed it (`reload`), with the old data still shown */
  refreshing: boolean;
  /** how many answers have arrived: key a form drawn from the data by it to start it again from a new answer */
  revision: number;
  retry: () => void;
  /** the view changed the data (an action succeeded): ask for it again, keeping it on screen meanwhile */
  reload: () => void;
}

type KeptFailure = { status: number; errors: ApiError[] };
/** Only "no such thing" is kept from the server: anything else (a timeout, a 500) the browser asks again. */
const keepNotFound = (error: unknown): KeptFailure | undefined =>
  error instanceof ApiRequestError && error.status === 404 ? { status: error.status, errors: error.errors } : undefined;

export function useLoad<TData, TParams>(
  fetcher: (params: TParams, signal: AbortSignal) => Promise<TData>,
  params: TParams,
): Load<TData> {
  const fetchLatest = useLatestCallback(fetcher);
  // one chart per view, typed with its data and parameters
  const machine = useMemo(() => createLoadMachine<TData, TParams>(), []);
  const key = JSON.stringify(params);
  const { settled, id, first } = useFirstLoad(key, () => fetcher(params, new AbortController().signal), keepNotFound);
  const actor = useActorRef(
    machine.provide({
      actors: {
        // `load.requested` always carries the parameters before `loading` runs the fetch
        fetch: fromPromise(({ input, signal }) => fetchLatest(input as TParams, signal)),
      },
    }),
    settled
      ? {
          snapshot:
            'data' in settled
              ? machine.resolveState({ value: 'success', context: { params, data: settled.data as TData, error: null, revision: 1 } })
              : machine.resolveState({
                  value: 'failure',
                  context: {
                    params,
                    data: null,
                    error: new ApiRequestError((settled.failure as KeptFailure).status, (settled.failure as KeptFailure).errors),
                    revision: 0,
                  },
                }),
        }
      : undefined,
  );
  // the parameters the chart was restored with: its first request is already answered
  const restoredFor = useRef(settled ? key : null);
  useEffect(() => {
    const restored = restoredFor.current === key;
    restoredFor.current = null;
    if (restored) {
      // given out once: a later mount of a view asks the API
      if (first?.side === 'client') first.loads.delete(loadSlot(id, key));
      return;
    }
    actor.send({ type: 'load.requested', params });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actor, key]);

  // The chart's state reaches the view in a transition: an answer (often the page's whole content, an offer) is
  // drawn time-sliced instead of in one long task.
  const snapshot = useSnapshotInTransition(actor);
  const refreshing = snapshot.hasTag('refreshing');
  return {
    status: refreshing ? 'success' : (snapshot.value as LoadStatus),
    data: snapshot.context.data,
    error: snapshot.context.error,
    skeleton: snapshot.hasTag('skeleton'),
    refreshing,
    revision: snapshot.context.revision,
    retry: () => actor.send({ type: 'load.retried' }),
    reload: () => actor.send({ type: 'load.refreshed' }),
  };
}

