// The timeline's rules (SPEC §2, §9), kept apart from the view so they can be tested alone.
import type { TimelineElement } from './types';

export type TimelineStatus = 'done' | 'current' | 'upcoming';

/** The last element flagged current marks progress; -1 when none is. */
export function currentIndexOf(elements: TimelineElement[]): number {
  let found = -1;
  elements.forEach((e, i) => {
    if (e.current) found = i;
  });
  return found;
}

/** Items before the current one are done, the current is highlighted, later ones are greyed. */
export function timelineStatus(index: number, current: number): TimelineStatus {
  if (current < 0) return 'upcoming';
  if (index < current) return 'done';
  if (index === current) return 'current';
  return 'upcoming';
}

export const TIMELINE_PER_VIEW = { large: 4, medium: 2, small: 1 } as const;

/** Arrows only with more than 4 items (more than 2 on small screens). */
export function timelineArrows(count: number, screen: 'large' | 'small'): boolean {
  return screen === 'large' ? count > 4 : count > 2;
}

export const TIMELINE_CONTENT_MAX_HEIGHT = 300;
