// The 12-column section grid (SPEC §2): each section spans its own column count on mobile, tablet and
// desktop; map and timeline sections 12 columns wide on desktop are flagged full width.
import type { Section, SectionGrid } from './types';

export const GRID_COLUMNS = 12;

const clamp = (n: unknown, fallback: number) => {
  const v = Math.round(Number(n));
  return Number.isFinite(v) && v >= 1 ? Math.min(GRID_COLUMNS, v) : fallback;
};

export function spanOf(grid: Partial<SectionGrid> | null | undefined): SectionGrid {
  const mobile = clamp(grid?.mobile, GRID_COLUMNS);
  const tablet = clamp(grid?.tablet, mobile);
  const desktop = clamp(grid?.desktop, tablet);
  return { mobile, tablet, desktop };
}

export function isFullWidth(section: Pick<Section, 'type' | 'grid'> & { isFullWidth?: boolean }): boolean {
  if (section.type !== 'map' && section.type !== 'timeline') return false;
  return section.isFullWidth === true || spanOf(section.grid).desktop === GRID_COLUMNS;
}
