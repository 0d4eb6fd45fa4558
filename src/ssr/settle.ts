// Server rendering and hydration start from the same place: the app-wide actors settled on the page's own data
// (the language's dictionary loaded, boot's loads answered from the page's initial data, the session known). The
// server renders that state; the browser brings its own actors to it before hydrating, so its first render draws
// what the server drew.
import { createActor, waitFor, type AnyActorLogic, type EventFromLogic, type InputFrom, type Snapshot, type SnapshotFrom } from 'xstate';
import type { AppSystem } from '../system/system';

/** How long settling may take before the caller gives up (the server sends the shell; the browser renders anew). */
export const SETTLE_TIMEOUT_MS = 3_000;

/** The location the language chart reads (App's LanguageRoot sends it again on mount: the same, so nothing moves). */
export function sendLocation(system: AppSystem, location: { pathname: string; search: string; hash: string }): void {
  system.language.send({ type: 'language.locationChanged', location });
}

/**
 * Resolves once the language is ready (or failed) and boot has left its blocking states (ready or failed);
 * rejects after `timeoutMs`.
 */
export async function settleSystem(system: AppSystem, timeoutMs = SETTLE_TIMEOUT_MS): Promise<void> {
  const started = Date.now();
  const left = () => Math.max(1, timeoutMs - (Date.now() - started));
  const language = await waitFor(system.language, (s) => s.matches('ready') || s.matches('failed'), { timeout: left() });
  if (language.matches('failed')) return;
  await waitFor(system.boot, (s) => s.status === 'active' && (s.matches('ready') || s.hasTag('failed')), { timeout: left() });
}

/**
 * A view's own chart run to where the page's first view is drawn, for the server's render: started with `input`,
 * sent `event`, and its persisted snapshot given when, once it stops moving (`moving` false), `done` says it has
 * settled there. Any other end (a failure, a redirect, the timeout) rejects: the view starts as in the browser and
 * the browser asks itself.
 */
export async function settleChart<TLogic extends AnyActorLogic>(
  logic: TLogic,
  input: InputFrom<TLogic>,
  event: EventFromLogic<TLogic>,
  moving: (snapshot: SnapshotFrom<TLogic>) => boolean,
  done: (snapshot: SnapshotFrom<TLogic>) => boolean,
  timeoutMs = SETTLE_TIMEOUT_MS,
): Promise<Snapshot<unknown>> {
  const actor = createActor(logic, { input });
  actor.start();
  try {
    actor.send(event);
    await waitFor(actor, (s) => !moving(s as SnapshotFrom<TLogic>) || (s as Snapshot<unknown>).status !== 'active', { timeout: timeoutMs });
    const snapshot = actor.getSnapshot() as SnapshotFrom<TLogic>;
    if (!done(snapshot)) throw new Error('the chart settled elsewhere than the first view');
    return actor.getPersistedSnapshot();
  } finally {
    actor.stop();
  }
}
