// Screen size classes for offer lists (SPEC §2): small below `sm`, medium from `sm` below `md`, large
// from `md` (the desktop breakpoint, §9). Without matchMedia (tests, old browsers) the screen is large.
import { useSyncExternalStore } from 'react';
import { theme } from '../../../lib/theme';

export type ScreenSize = 'small' | 'medium' | 'large';

const QUERIES = {
  small: `(max-width: ${theme.breakpoints.sm - 0.02}px)`,
  medium: `(max-width: ${theme.breakpoints.md - 0.02}px)`,
};

/** The screen's size class now (for what is decided once, when something is drawn). */
export function screenSizeNow(): ScreenSize {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return 'large';
  if (window.matchMedia(QUERIES.small).matches) return 'small';
  if (window.matchMedia(QUERIES.medium).matches) return 'medium';
  return 'large';
}

function subscribe(update: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const lists = [window.matchMedia(QUERIES.small), window.matchMedia(QUERIES.medium)];
  lists.forEach((l) => l.addEventListener?.('change', update));
  return () => lists.forEach((l) => l.removeEventListener?.('change', update));
}

/**
 * The screen's size class. The server knows no screen: it renders the large one, and a hydrating render starts
 * from the same (React's server snapshot), then moves to the real size.
 */
export function useScreenSize(): ScreenSize {
  return useSyncExternalStore(subscribe, screenSizeNow, () => 'large');
}

/** SPEC §2: 2 skeletons on medium or smaller screens, 3 on large. */
export function skeletonCountFor(size: ScreenSize): number {
  return size === 'large' ? 3 : 2;
}

/**
 * How many cards of a list's first screen are above the fold (their images load eagerly, the list's LCP
 * element among them): the first row of tiles (1 / 2 / 3 columns), or the first one or two rows of the list view.
 */
export function aboveTheFoldCount(size: ScreenSize, layout: 'tile' | 'list' = 'tile'): number {
  if (size === 'small') return 1;
  if (layout === 'list') return 2;
  return size === 'large' ? 3 : 2;
}
