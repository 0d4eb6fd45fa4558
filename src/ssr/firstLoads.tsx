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

/** The server's record of one load: pending while its fetch runs, then its data (a failure is not kept). */
export interface ServerLoad {
  promise: Promise<void>;
  status: 'pending' | 'success' | 'failure';
  data?: unknown;
}

/** What one render knows of the page's first loads. */
export type FirstLoads =
  | { side: 'server'; loads: Map<string, ServerLoad>; preferences: RenderPreferences }
  | { side: 'client'; loads: Map<string, unknown>; preferences: RenderPreferences };

export const FirstLoadsContext = createContext<FirstLoads | null>(null);

export const useFirstLoads = () => useContext(FirstLoadsContext);

/** The slot of one `useLoad` call: where it is in the tree and what it asks. */
export const loadSlot = (id: string, paramsKey: string) => `${id}\u0000${paramsKey}`;

/** The successful loads, for the page (JSON). */
export function settledLoads(loads: Map<string, ServerLoad>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [slot, load] of loads) if (load.status === 'success') out[slot] = load.data;
  return out;
}

/** The page's `#server-loads`, read once and taken out of the document. */
export function readServerLoads(): Map<string, unknown> | null {
  if (typeof document === 'undefined') return null;
  const element = document.getElementById(SERVER_LOADS_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    const parsed = JSON.parse(element.textContent) as Record<string, unknown>;
    return new Map(Object.entries(parsed));
  } catch {
    return null;
  } finally {
    element.remove();
  }
}

/**
 * The first load of a server-rendered page for the slot of this hook call and `key`: on the server it runs
 * `produce` once and suspends until it settles (the render waits; a failure is not kept, the browser asks again);
 * in the hydrating browser it gives what the server settled. `settled` is null when there is nothing to restore.
 */
export function useFirstLoad(key: string, produce: () => Promise<unknown>): { settled: { data: unknown } | null; id: string; first: FirstLoads | null } {
  const id = useId();
  const first = useFirstLoads();
  let settled: { data: unknown } | null = null;
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
          () => {
            // the page is drawn as the browser starts it (a skeleton); the browser asks again
            record.status = 'failure';
          },
        );
      first.loads.set(slot, record);
      load = record;
    }
    if (load.status === 'pending') use(load.promise);
    if (load.status === 'success') settled = { data: load.data };
  } else if (first?.side === 'client') {
    const slot = loadSlot(id, key);
    if (first.loads.has(slot)) settled = { data: first.loads.get(slot) };
  }
  return { settled, id, first };
}
