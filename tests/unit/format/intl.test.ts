// The hand-written decimal and month formatters write exactly what Intl writes for the product's locales
// (src/components/format/intl.ts, src/components/offers/figures.ts: no Intl in a page's first render, issue 11).
import { describe, expect, it } from 'vitest';
import { numberFormat, numberLocale, type DecimalOptions } from '../../../src/components/format/intl';
import { monthYear, SHORT_MONTHS } from '../../../src/components/offers/figures';
import type { Language } from '../../../src/config/env';

const LANGUAGES: Language[] = ['pl', 'en'];
const OPTIONS: DecimalOptions[] = [
  {},
  { maximumFractionDigits: 2 },
  { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: 'always' },
  { maximumFractionDigits: 2, useGrouping: 'always' },
  { maximumFractionDigits: 0 },
  { minimumFractionDigits: 1, maximumFractionDigits: 4, useGrouping: false },
];

// A deterministic spread of values: halves at every rounding position, integers at every grouping length,
// tiny and huge numbers, negatives, zeros and non-finite values.
function values(): number[] {
  const out = [0, -0, 1, -1, 0.5, 1.5, 2.5, -2.5, 1.005, 1.015, 1.025, 0.125, 0.0005, 0.00049, 0.9995, 9.995, 99.995, 999.9995,
    1e-7, 1.5e-7, 123456789.125, 1e21, 1.2345678901234567e25, 2 ** 53, Number.MAX_SAFE_INTEGER, NaN, Infinity, -Infinity, -0.001, -0.004];
  for (let digits = 1; digits <= 16; digits++) out.push(Number('9'.repeat(digits)), Number('1' + '0'.repeat(digits - 1)), Number('1234567890123456'.slice(0, digits)));
  let seed = 7;
  const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
  for (let i = 0; i < 2000; i++) {
    const magnitude = 10 ** Math.floor(random() * 12 - 4);
    const value = (random() - 0.3) * magnitude;
    out.push(value, Math.round(value * 100) / 100, Math.round(value * 1000) / 1000 + 0.0005);
  }
  return out;
}

describe('numberFormat writes what Intl.NumberFormat writes', () => {
  for (const language of LANGUAGES)
    for (const options of OPTIONS)
      it(`${language} ${JSON.stringify(options)}`, () => {
        const intl = new Intl.NumberFormat(numberLocale(language), options as Intl.NumberFormatOptions);
        const ours = numberFormat(language, options);
        const differ = values()
          .map((v) => ({ v, intl: intl.format(v), ours: ours.format(v) }))
          .filter((r) => r.intl !== r.ours);
        expect(differ.slice(0, 5)).toEqual([]);
      });

  it('groups as each language does by default and always when asked', () => {
    expect(numberFormat('pl').format(1234)).toBe('1234');
    expect(numberFormat('pl').format(12345.5)).toBe('12\u00a0345,5');
    expect(numberFormat('en').format(1234)).toBe('1,234');
    expect(numberFormat('pl', { useGrouping: 'always' }).format(1234)).toBe('1\u00a0234');
  });
});

describe('monthYear writes what Intl.DateTimeFormat writes (`MMM YYYY`, UTC)', () => {
  it('for every month in both languages', () => {
    for (const language of LANGUAGES) {
      const intl = new Intl.DateTimeFormat(language === 'pl' ? 'pl-PL' : 'en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
      for (let month = 0; month < 12; month++) {
        const iso = new Date(Date.UTC(2025, month, 28, 23, 30)).toISOString();
        expect(monthYear(iso, language)).toBe(intl.format(Date.parse(iso)));
      }
      expect(SHORT_MONTHS[language]).toHaveLength(12);
    }
  });

  it('writes nothing for a missing or unreadable date', () => {
    expect(monthYear(null, 'pl')).toBe('');
    expect(monthYear('not a date', 'en')).toBe('');
  });
});
