// Chart data rules: the default colour is the theme's dark green (SPEC §2); shares of the total are
// percentages rounded to 2 decimals (SPEC §9).
import { theme } from '../../../lib/theme';
import { percentOf } from './format';
import type { ChartElement } from './types';

export interface ChartDatum {
  x: string;
  y: number;
  color: string;
  percent: number;
}

export function chartData(elements: ChartElement[]): ChartDatum[] {
  const total = elements.reduce((sum, e) => sum + (Number(e.value) || 0), 0);
  return elements.map((e) => ({
    x: e.label,
    y: Number(e.value) || 0,
    color: e.color || theme.colors.chart,
    percent: percentOf(Number(e.value) || 0, total),
  }));
}
