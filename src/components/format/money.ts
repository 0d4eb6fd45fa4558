// Money at the edge (SPEC §9, issue "Investing"): integer grosze become PLN text only in views —
// `1 234,50 zł` in Polish, `PLN 1,234.50` in English — and bank account numbers are shown grouped.
import type { Language } from '../../config/env';
import { numberFormat, type DecimalOptions } from './intl';

// A decimal number and the product's fixed symbol place, `1 234,50 zł` in Polish, `PLN 1,234.50` in English
// (no Intl currency formatter: see ./intl.ts, issue 11).
const AMOUNT: DecimalOptions = {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  // Polish leaves 4-digit amounts ungrouped by default (1234,50); the product groups them always.
  useGrouping: 'always',
};

/**
 * Integer grosze → `1 234,50 zł` (pl) / `PLN 1,234.50` (en). The spaces are non-breaking (as Intl writes
 * them), so an amount never wraps. Integer arithmetic: no float rounding of grosze.
 */
export function formatMoney(grosze: number, language: Language): string {
  const sign = grosze < 0 ? -1 : 1;
  const abs = Math.abs(Math.trunc(grosze));
  // Whole złoty and grosze apart, so amounts above 2^53 / 100 precision never lose a grosz.
  const amount = numberFormat(language, AMOUNT)
    .format(Math.floor(abs / 100) + (abs % 100) / 100);
  const minus = sign < 0 && abs > 0 ? '-' : '';
  return language === 'pl' ? `${minus}${amount}\u00a0zł` : `${minus}PLN\u00a0${amount}`;
}

/** A percentage with up to 2 decimals in the page language ("12,5%" / "12.5%"). */
export function formatPercent(value: number, language: Language): string {
  return `${numberFormat(language, { maximumFractionDigits: 2 }).format(value)}%`;
}

/** A percentage from a fraction (0.025 → `2,5%` / `2.5%`), rounded to 2 decimals (SPEC §9). */
export function formatFractionPercent(fraction: number, language: Language): string {
  return formatPercent(Math.round(fraction * 100 * 100) / 100, language);
}

/**
 * A bank account number without anything but letters and digits, grouped in fours (SPEC §2), counted
 * from the end: a 26-digit NRB reads `61 1090 1014 0000 0712 1981 2874` and an IBAN `PL61 1090 …`, as
 * Polish banks print them.
 */
export function groupAccountNumber(value: string): string {
  const compact = value.replace(/[^0-9a-z]/gi, '');
  return compact.replace(/\B(?=(.{4})+$)/g, ' ');
}

/** Only letters and digits: what a copy of an account number puts on the clipboard. */
export function compactAccountNumber(value: string): string {
  return value.replace(/[^0-9a-z]/gi, '');
}
