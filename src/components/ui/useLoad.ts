// Runs a load machine for a view: `useLoad(fetcher, params)` requests again whenever `params` change
// (compared by value) and returns what the view renders. The fetcher gets an AbortSignal so leaving a page
// or asking again cancels the request.
//
// A server-rendered page's first load is the server's (src/ssr/firstLoads.tsx): the server's render waits for it
// (suspends), and the browser's hydrating render starts the chart in the state the server settled, so neither
// draws a skeleton the other did not, and the page's data is not asked for again.
import { useActorRef } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import { createLoadMachine } from '../../../machines/load.machine';
import { loadSlot, useFirstLoad } from '../../ssr/firstLoads';
import { useSnapshotInTransition } from './useSnapshotInTransition';

export type LoadStatus = 'idle' | 'loading' | 'success' | 'failure';

export function useLoad<TData, TParams>(
  fetcher: (params: TParams, signal: AbortSignal) => Promise<TData>,
  params: TParams,
): { status: LoadStatus; data: TData | null; error: unknown; skeleton: boolean; retry: () => void } {
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;
  // one chart per view, typed with its data and parameters
  const machine = useMemo(() => createLoadMachine<TData, TParams>(), []);
  const key = JSON.stringify(params);
  const { settled, id, first } = useFirstLoad(key, () => fetcher(params, new AbortController().signal));
  const actor = useActorRef(
    machine.provide({
      actors: {
        // `load.requested` always carries the parameters before `loading` runs the fetch
        fetch: fromPromise(({ input, signal }) => fetcherRef.current(input as TParams, signal)),
      },
    }),
    settled ? { snapshot: machine.resolveState({ value: 'success', context: { params, data: settled.data as TData, error: null } }) } : undefined,
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
  return {
    status: snapshot.value as LoadStatus,
    data: snapshot.context.data,
    error: snapshot.context.error,
    skeleton: snapshot.hasTag('skeleton'),
    retry: () => actor.send({ type: 'load.retried' }),
  };
}

