// The first loads of a server-rendered page, shared by the server's render and the browser's hydration.
//
// On the server each `useLoad` of the page asks its data during the render and suspends until it is there
// (React's streaming renderer waits for it), so the page's HTML holds the loaded view, not its skeleton; the
// settled results (keyed by the hook's `useId`, the same on both sides for the same tree, and its parameters)
// go into the page as `<script type="application/json" id="server-loads">`. In the browser, the hydrating
// render restores each load chart in that settled state (a persisted snapshot), so it draws exactly what the
// server drew and asks nothing again; the results are dropped once the hydrated page has committed.
import { createContext, useContext } from 'react';
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
