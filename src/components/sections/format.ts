// Formatting at the edge (SPEC §9): money arrives as integer grosze and becomes PLN only here; dates are
// ISO strings shown with dayjs in the page language; percentages are rounded to 2 decimals.
import dayjs from 'dayjs';
import 'dayjs/locale/pl';
import 'dayjs/locale/en';
import type { Language } from '../../config/env';
import { numberFormat } from '../format/intl';
import { formatMoney } from '../format/money';

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

/** Integer grosze → "12 500 000,00 zł" / "PLN 12,500,000.00" in the page language (the shared money formatter). */
export function formatPln(grosze: number, language: Language): string {
  return formatMoney(grosze, language);
}

/** A number with up to 2 decimals in the page language, always grouped like money ("1 250,5" / "1,250.5"). */
export function formatNumber(value: number, language: Language): string {
  return numberFormat(language, { maximumFractionDigits: 2, useGrouping: 'always' }).format(value);
}

export { formatPercent } from '../format/money';

// A decimal number written with a point (38.0, 1250.75) standing on its own: not part of a date (01.02.2025),
// a version or a code (v1.2, M1.5), nor followed by another point or comma and digit.
const POINT_DECIMAL = /(?<![\w.,])(\d+)\.(\d+)(?!\d|[.,]\d)/g;

/** Polish writes decimals with a comma: `38.0 m²` → `38,0 m²` (dates and codes stay as they are). */
export function decimalCommaText(text: string): string {
  return text.replace(POINT_DECIMAL, '$1,$2');
}

/**
 * Server HTML (a content table's cell) with the numbers of its text written the page language's way: in
 * Polish a decimal comma; English stays as written. Only text is changed, never tags or attributes (links).
 */
export function localizeNumbersHtml(html: string, language: Language): string {
  if (language !== 'pl' || !html || !/\d\.\d/.test(html)) return html;
  if (typeof document === 'undefined') return html;
  const template = document.createElement('template');
  template.innerHTML = html;
  const walker = document.createTreeWalker(template.content, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue ?? '';
    const next = decimalCommaText(text);
    if (next !== text) node.nodeValue = next;
  }
  return template.innerHTML;
}

const valid = (iso: string | null | undefined) => !!iso && dayjs(iso).isValid();

/** "MMM YYYY" in the page language. */
export function monthYear(iso: string, language: Language): string {
  return dayjs(iso).locale(language).format('MMM YYYY');
}

/** SPEC §9: "start - end", "from start", "to end", or '' when neither date is known. */
export function dateRange(
  start: string | null | undefined,
  end: string | null | undefined,
  language: Language,
  words: { from: string; to: string },
): string {
  const s = valid(start) ? monthYear(start!, language) : '';
  const e = valid(end) ? monthYear(end!, language) : '';
  if (s && e) return `${s} - ${e}`;
  if (s) return `${words.from} ${s}`;
  if (e) return `${words.to} ${e}`;
  return '';
}

/** SPEC §9: the offer's end date, DD.MM.YYYY; '' when unknown. */
export function endDate(iso: string | null | undefined): string {
  return valid(iso) ? dayjs(iso).format('DD.MM.YYYY') : '';
}

/** Text of server HTML (for a meta description). */
export function plainText(html: string | null | undefined): string {
  if (!html) return '';
  if (typeof document !== 'undefined') {
    const el = document.createElement('div');
    el.innerHTML = html;
    return (el.textContent ?? '').replace(/\s+/g, ' ').trim();
  }
  return html.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
}
