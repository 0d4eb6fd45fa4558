// Decimal numbers in the page language, written without Intl (issue 11). The first Intl.NumberFormat or
// DateTimeFormat a page builds loads the browser's locale data: 100–170 ms on a phone-speed CPU (4× slowed
// Chromium, measured side by side), one long task in every public page's first render, for what is two
// separators and a rounding rule. This writes exactly what Intl.NumberFormat writes for the product's two
// locales (pl-PL, en-GB) and the options the views use; tests/unit/format/intl.test.ts compares the two over
// thousands of values.
import type { Language } from '../../config/env';

export interface DecimalOptions {
  /** default 0 */
  minimumFractionDigits?: number;
  /** default the larger of minimumFractionDigits and 3, as Intl */
  maximumFractionDigits?: number;
  /**
   * 'auto' (default): Polish groups from five integer digits (`1234`, `12 345`), English from four
   * (`1,234`); 'always': both from four; false: never.
   */
  useGrouping?: 'auto' | 'always' | false;
}

export interface DecimalFormat {
  format(value: number): string;
}

/** The number locale of a page language (what Intl would be given). */
export const numberLocale = (language: Language) => (language === 'pl' ? 'pl-PL' : 'en-GB');

const SEPARATORS: Record<Language, { group: string; decimal: string; minimumGroupingDigits: number }> = {
  // Intl's Polish group separator is a no-break space.
  pl: { group: '\u00a0', decimal: ',', minimumGroupingDigits: 2 },
  en: { group: ',', decimal: '.', minimumGroupingDigits: 1 },
};

/**
 * The digits of a non-negative finite number as Intl sees them: its shortest round-trip decimal (what
 * `String()` writes, so 1.005 is 1.005 and rounds up as Intl rounds it), without an exponent.
 */
function decimalDigits(value: number): { whole: string; fraction: string } {
  const [mantissa, exponentText] = String(value).split('e');
  const [head, tail = ''] = mantissa.split('.');
  const exponent = Number(exponentText ?? 0);
  const digits = head + tail;
  const point = head.length + exponent;
  if (point <= 0) return { whole: '0', fraction: '0'.repeat(-point) + digits };
  if (point >= digits.length) return { whole: digits + '0'.repeat(point - digits.length), fraction: '' };
  return { whole: digits.slice(0, point), fraction: digits.slice(point) };
}

/** Adds one to a string of decimal digits ('199' → '200', '99' → '100'). */
function increment(digits: string): string {
  const out = digits.split('');
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] !== '9') {
      out[i] = String(Number(out[i]) + 1);
      return out.join('');
    }
    out[i] = '0';
  }
  return `1${out.join('')}`;
}

function group(whole: string, separator: string, from: number): string {
  if (whole.length < from) return whole;
  return whole.replace(/\B(?=(\d{3})+$)/g, separator);
}

const formats = new Map<string, DecimalFormat>();

/** A decimal formatter of the page language with these options (made once per language and options). */
export function numberFormat(language: Language, options: DecimalOptions = {}): DecimalFormat {
  const key = `${language}|${options.minimumFractionDigits ?? ''}|${options.maximumFractionDigits ?? ''}|${options.useGrouping ?? ''}`;
  let made = formats.get(key);
  if (made) return made;
  const min = options.minimumFractionDigits ?? 0;
  const max = options.maximumFractionDigits ?? Math.max(min, 3);
  const { group: groupSeparator, decimal, minimumGroupingDigits } = SEPARATORS[language];
  const grouping = options.useGrouping ?? 'auto';
  // Grouping starts at this many integer digits.
  const groupFrom = grouping === false ? Infinity : grouping === 'always' ? 4 : 3 + minimumGroupingDigits;
  made = {
    format(value: number): string {
      if (Number.isNaN(value)) return 'NaN';
      const minus = value < 0 || Object.is(value, -0) ? '-' : '';
      if (!Number.isFinite(value)) return `${minus}∞`;
      let { whole, fraction } = decimalDigits(Math.abs(value));
      // Half away from zero on the decimal digits, as Intl's default rounding ("halfExpand").
      if (fraction.length > max) {
        const up = fraction.charCodeAt(max) >= 53; // '5'
        fraction = fraction.slice(0, max);
        if (up) {
          const next = increment(whole + fraction);
          whole = next.slice(0, next.length - max) || '0';
          fraction = next.slice(next.length - max);
        }
      }
      fraction = fraction.replace(/0+$/, '');
      if (fraction.length < min) fraction = fraction.padEnd(min, '0');
      whole = whole.replace(/^0+(?=\d)/, '');
      const text = group(whole, groupSeparator, groupFrom) + (fraction ? decimal + fraction : '');
      return minus + text;
    },
  };
  formats.set(key, made);
  return made;
}
