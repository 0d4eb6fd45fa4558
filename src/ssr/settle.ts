// Server rendering and hydration start from the same place: the app-wide actors settled on the page's own data
// (the language's dictionary loaded, boot's loads answered from the page's initial data, the session known). The
// server renders that state; the browser brings its own actors to it before hydrating, so its first render draws
// what the server drew.
import { waitFor } from 'xstate';
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
