// The first loads of a server-rendered page, shared by the server's render and the browser's hydration.
//
// On the server each `useLoad` of the page asks its data during the render and suspends until it is there
// (React's streaming renderer waits for it), so the page's HTML holds the loaded view, not its skeleton; the
// settled results (keyed by the hook's `useId`, the same on both sides for the same tree, and its parameters)
// go into the page as `<script type="application/json" id="server-loads">`. In the browser, the hydrating
// render restores each load chart in that settled state (a persisted snapshot), so it draws exactly what the
// server drew and asks nothing again; the results are dropped once the hydrated page has committed.
import { createContext, use, useContext, useId } from 'react';
import { SERVER_LOADS_ELEMENT_ID, type RenderPreferences } from '../../contract/page-data';

/** The server's record of one load: pending while its fetch runs, then its data, or the failure the page shows. */
export interface ServerLoad {
  promise: Promise<void>;
  status: 'pending' | 'success' | 'failure';
  data?: unknown;
  /** a failure that is the page's answer (an offer that does not exist), as JSON; absent for one to ask again */
  failure?: unknown;
}

/** What the page carries of one settled load. */
export type SettledLoad = { data: unknown } | { failure: unknown };

/** What one render knows of the page's first loads. */
export type FirstLoads =
  | { side: 'server'; loads: Map<string, ServerLoad>; preferences: RenderPreferences }
  | { side: 'client'; loads: Map<string, SettledLoad>; preferences: RenderPreferences };

export const FirstLoadsContext = createContext<FirstLoads | null>(null);

export const useFirstLoads = () => useContext(FirstLoadsContext);

/** The slot of one `useLoad` call: where it is in the tree and what it asks. */
export const loadSlot = (id: string, paramsKey: string) => `${id}\u0000${paramsKey}`;

/** The loads the page carries (JSON): the successful ones, and the failures that are the page's answer. */
export function settledLoads(loads: Map<string, ServerLoad>): Record<string, SettledLoad> {
  const out: Record<string, SettledLoad> = {};
  for (const [slot, load] of loads) {
    if (load.status === 'success') out[slot] = { data: load.data };
    else if (load.failure !== undefined) out[slot] = { failure: load.failure };
  }
  return out;
}

/** The page's `#server-loads`, read once and taken out of the document. */
export function readServerLoads(): Map<string, SettledLoad> | null {
  if (typeof document === 'undefined') return null;
  const element = document.getElementById(SERVER_LOADS_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    const parsed = JSON.parse(element.textContent) as Record<string, SettledLoad>;
    return new Map(Object.entries(parsed));
  } catch {
    return null;
  } finally {
    element.remove();
  }
}

/**
 * The first load of a server-rendered page for the slot of this hook call and `key`: on the server it runs
 * `produce` once and suspends until it settles (the render waits); in the hydrating browser it gives what the
 * server settled. A failure is kept only when `keepFailure` turns it into JSON (an answer such as 404, which the
 * page shows as it is); any other failure is drawn as the browser starts (a skeleton) and the browser asks again.
 * `settled` is null when there is nothing to restore.
 */
export function useFirstLoad(
  key: string,
  produce: () => Promise<unknown>,
  keepFailure?: (error: unknown) => unknown,
): { settled: SettledLoad | null; id: string; first: FirstLoads | null } {
  const id = useId();
  const first = useFirstLoads();
  let settled: SettledLoad | null = null;
  if (first?.side === 'server') {
    const slot = loadSlot(id, key);
    let load = first.loads.get(slot);
    if (!load) {
      const record: ServerLoad = { status: 'pending', promise: Promise.resolve() };
      record.promise = Promise.resolve()
        .then(produce)
        .then(
          (data) => {
            record.status = 'success';
            record.data = data;
          },
          (error: unknown) => {
            record.status = 'failure';
            record.failure = keepFailure?.(error);
          },
        );
      first.loads.set(slot, record);
      load = record;
    }
    if (load.status === 'pending') use(load.promise);
    if (load.status === 'success') settled = { data: load.data };
    else if (load.failure !== undefined) settled = { failure: load.failure };
  } else if (first?.side === 'client') {
    settled = first.loads.get(loadSlot(id, key)) ?? null;
  }
  return { settled, id, first };
}
