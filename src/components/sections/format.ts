// SPEC §9's arithmetic of the offer page's figures (percentages rounded to 2 decimals) and the text of server HTML.
// Numbers, money and dates are written by lib/format.ts.
import type { Language } from '../../config/env';

const round2 = (n: number) => Math.round((n + Number.EPSILON) * 100) / 100;

/** SPEC §9: 100 × part / total, rounded to 2 decimals; 0 when the total is 0. */
export function percentOf(part: number, total: number): number {
  if (!total) return 0;
  return round2((100 * part) / total);
}

/** SPEC §9: the remainder of a progress percentage. */
export function remainderPercent(part: number, total: number): number {
  return round2(100 - percentOf(part, total));
}

/** SPEC §9: a commission fraction (0.0125) shown as a percentage (1.25), rounded to 2 decimals. */
export function commissionPercent(fraction: number): number {
  return round2(fraction * 100);
}

/** SPEC §9: a commission value rounded to 2 decimals. */
export function commissionValue(value: number): number {
  return round2(value);
}

// A decimal number written with a point (38.0, 1250.75) standing on its own: not part of a date (01.02.2025),
// a version or a code (v1.2, M1.5), nor followed by another point or comma and digit.
const POINT_DECIMAL = /(?<![\w.,])(\d+)\.(\d+)(?!\d|[.,]\d)/g;

/** Polish writes decimals with a comma: `38.0 m²` → `38,0 m²` (dates and codes stay as they are). */
export function decimalCommaText(text: string): string {
  return text.replace(POINT_DECIMAL, '$1,$2');
}

/**
 * Server HTML (a content table's cell) with the numbers of its text written the page language's way: in
 * Polish a decimal comma; English stays as written. Only text between tags is changed, never tags, attributes
 * (links), comments or character references. A string operation, not a DOM one, so the server's render and the
 * browser's hydration produce the same HTML.
 */
export function localizeNumbersHtml(html: string, language: Language): string {
  if (language !== 'pl' || !html || !/\d\.\d/.test(html)) return html;
  return html
    .split(/(<!--[\s\S]*?-->|<(?:[^>"']|"[^"]*"|'[^']*')*>)/)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/&#?\w+;|[^&]+|&/g, (piece) => (piece.startsWith('&') ? piece : decimalCommaText(piece)))))
    .join('');
}

export { plainText } from '../../../contract/plain-text';
