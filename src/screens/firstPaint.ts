// The server's first paint (server/routes/firstPaint.ts): a still picture of an offer page's top in index.html,
// fixed over the app until the app has drawn something of its own in its place. The page removes it in the commit
// that draws the offer (a layout effect: the browser never paints both, nor neither); the app removes it whenever
// it draws something else instead (another address, maintenance, a failure), and after FIRST_PAINT_MAX_MS at the
// latest, so a picture can never stand in front of a live page.
import { FIRST_PAINT_ID } from '../../contract/page-data';

export const FIRST_PAINT_MAX_MS = 10_000;

/** The address the picture shows, or null when there is none (any more). */
export function firstPaintPath(): string | null {
  if (typeof document === 'undefined') return null;
  return document.getElementById(FIRST_PAINT_ID)?.getAttribute('data-path') ?? null;
}

/** Takes the picture and its styles out of the document; nothing when there is none. */
export function removeFirstPaint(): void {
  if (typeof document === 'undefined') return;
  document.getElementById(FIRST_PAINT_ID)?.remove();
  document.getElementById(`${FIRST_PAINT_ID}-style`)?.remove();
}

/** At start: the picture goes after FIRST_PAINT_MAX_MS whatever happens. */
export function expireFirstPaint(): void {
  if (firstPaintPath() !== null) setTimeout(removeFirstPaint, FIRST_PAINT_MAX_MS);
}
