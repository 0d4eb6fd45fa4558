// Runs a load machine for a view: `useLoad(fetcher, params)` requests again whenever `params` change
// (compared by value) and returns what the view renders. The fetcher gets an AbortSignal so leaving a page
// or asking again cancels the request.
import { useActorRef } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import { createLoadMachine } from '../../../machines/load.machine';
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
  const actor = useActorRef(
    machine.provide({
      actors: {
        // `load.requested` always carries the parameters before `loading` runs the fetch
        fetch: fromPromise(({ input, signal }) => fetcherRef.current(input as TParams, signal)),
      },
    }),
  );
  const key = JSON.stringify(params);
  useEffect(() => {
    actor.send({ type: 'load.requested', params });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actor, key]);

  // The chart's state reaches the view in a transition: an answer (often the page's whole content, an offer) is
  // drawn time-sliced instead of in one long task (issue 11).
  const snapshot = useSnapshotInTransition(actor);
  return {
    status: snapshot.value as LoadStatus,
    data: snapshot.context.data,
    error: snapshot.context.error,
    skeleton: snapshot.hasTag('skeleton'),
    retry: () => actor.send({ type: 'load.retried' }),
  };
}
