// The one formatting module (lib/format.ts), shared by the SPA, the server-rendered pages, e-mails, PDFs and CSV:
// what each function writes in both languages, the exactness of money in grosze, and dates in Polish time wherever
// the code runs.
import { describe, expect, it } from 'vitest';
import {
  parseZloty,
  formatAmountPlain,
  formatDate,
  formatDayMonthYear,
  formatFractionPercent,
  formatMoney,
  formatMonthRange,
  formatNumber,
  formatPercent,
  groszeDecimal,
  numberFormat,
  pluralKey,
  warsawYear,
} from '../../../lib/format';

const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('money from integer grosze', () => {
  it('writes PLN in each language, grouping even four-digit amounts', () => {
    expect(plain(formatMoney(123450, 'pl'))).toBe('1 234,50 zł');
    expect(plain(formatMoney(123450, 'en'))).toBe('PLN 1,234.50');
    expect(plain(formatMoney(999999, 'pl'))).toBe('9 999,99 zł');
    expect(plain(formatMoney(1_000_000_000_00, 'en'))).toBe('PLN 1,000,000,000.00');
  });

  it('keeps every grosz, also beyond a float’s exact cents', () => {
    expect(plain(formatMoney(5, 'pl'))).toBe('0,05 zł');
    expect(plain(formatMoney(1, 'en'))).toBe('PLN 0.01');
    expect(plain(formatMoney(0, 'pl'))).toBe('0,00 zł');
    // 2^53 - 1 grosze have no exact float in złoty; the decimal string keeps the last digit
    expect(groszeDecimal(9_007_199_254_740_991)).toBe('90071992547409.91');
    expect(plain(formatMoney(9_007_199_254_740_991, 'en'))).toBe('PLN 90,071,992,547,409.91');
  });

  it('writes a negative amount with its minus', () => {
    expect(plain(formatMoney(-123450, 'pl'))).toBe('-1 234,50 zł');
    expect(plain(formatMoney(-5, 'en'))).toBe('-PLN 0.05');
  });

  it('uses no-break spaces, so an amount never wraps', () => {
    expect(formatMoney(123450, 'pl')).not.toMatch(/ /);
    expect(formatMoney(123450, 'en')).not.toMatch(/ /);
  });

  it('writes a bare number for spreadsheets', () => {
    expect(formatAmountPlain(123450, 'pl')).toBe('1234,50');
    expect(formatAmountPlain(123450, 'en')).toBe('1234.50');
    expect(formatAmountPlain(-7, 'en')).toBe('-0.07');
  });
});

describe('numbers and percentages', () => {
  it('groups plain numbers from the thousands and keeps up to 2 decimals', () => {
    expect(plain(formatNumber(1250.5, 'pl'))).toBe('1 250,5');
    expect(formatNumber(1250.5, 'en')).toBe('1,250.5');
    expect(formatNumber(2.005, 'en')).toBe('2.01');
  });

  it('gives the language’s own grouping with Intl’s defaults', () => {
    expect(numberFormat('pl').format(1234)).toBe('1234');
    expect(plain(numberFormat('pl').format(12345))).toBe('12 345');
    expect(numberFormat('en').format(1234)).toBe('1,234');
  });

  it('builds each formatter once', () => {
    expect(numberFormat('pl', { maximumFractionDigits: 1 })).toBe(numberFormat('pl', { maximumFractionDigits: 1 }));
  });

  it('writes percentages given in percent and as fractions', () => {
    expect(formatPercent(12.5, 'pl')).toBe('12,5%');
    expect(formatPercent(12.5, 'en')).toBe('12.5%');
    expect(formatPercent(1.15, 'en')).toBe('1.15%');
    expect(formatPercent(33.333, 'en')).toBe('33.33%');
    expect(formatFractionPercent(0.025, 'pl')).toBe('2,5%');
    expect(formatFractionPercent(0.0125, 'en')).toBe('1.25%');
    expect(formatFractionPercent(0, 'en')).toBe('0%');
  });
});

describe('dates, in Polish time', () => {
  it('writes a moment in Warsaw’s calendar day, wherever the code runs', () => {
    // 23:30 UTC on 31 December is already New Year in Warsaw
    expect(formatDate('2025-12-31T23:30:00Z', 'pl')).toBe('01.01.2026');
    expect(formatDate('2025-12-31T23:30:00Z', 'en')).toBe('01/01/2026');
    expect(warsawYear('2025-12-31T23:30:00Z')).toBe(2026);
    expect(formatDate(new Date('2026-03-24T13:05:00Z'), 'pl', 'dateTime')).toBe('24.03.2026, 14:05');
  });

  it('writes the offer’s end date as DD.MM.YYYY in either language (SPEC §9)', () => {
    expect(formatDayMonthYear('2026-09-30T10:00:00Z')).toBe('30.09.2026');
    expect(formatDayMonthYear(null)).toBe('');
  });

  it('writes nothing for a missing or unreadable date', () => {
    expect(formatDate(null, 'pl')).toBe('');
    expect(formatDate('not a date', 'en', 'monthYear')).toBe('');
  });

  it('writes SPEC §9’s month ranges', () => {
    const words = { from: 'from', to: 'to' };
    expect(formatMonthRange('2025-03-01T00:00:00Z', '2026-09-30T00:00:00Z', 'pl', { from: 'od', to: 'do' })).toBe('mar 2025 - wrz 2026');
    expect(formatMonthRange('2025-03-01T00:00:00Z', '2026-05-30T00:00:00Z', 'en', words)).toBe('Mar 2025 - May 2026');
    expect(formatMonthRange('2025-03-01', null, 'en', words)).toBe('from Mar 2025');
    expect(formatMonthRange(null, '2026-05-30', 'en', words)).toBe('to May 2026');
    expect(formatMonthRange(null, 'not a date', 'en', words)).toBe('');
  });
});

describe('plural keys', () => {
  it('picks Polish one, few and many, English one and other', () => {
    expect([1, 2, 5, 22, 25].map((n) => pluralKey('offers.count', 'pl', n))).toEqual([
      'offers.count.one',
      'offers.count.few',
      'offers.count.many',
      'offers.count.few',
      'offers.count.many',
    ]);
    expect(pluralKey('offers.count', 'en', 1)).toBe('offers.count.one');
    expect(pluralKey('offers.count', 'en', 3)).toBe('offers.count.other');
  });
});

describe('parseZloty (an amount typed in złoty to integer units)', () => {
  it('reads Polish and English writing to exact grosze', () => {
    expect(parseZloty('1 234,56')).toBe(123456);
    expect(parseZloty('1234.56')).toBe(123456);
    expect(parseZloty('1\u00a0234,5')).toBe(123450);
    expect(parseZloty('12 500 zł')).toBe(1250000);
    expect(parseZloty('0,01')).toBe(1);
    // a float would give 1005.9999…; digit by digit it is exact
    expect(parseZloty('10,06')).toBe(1006);
  });
  it('takes more decimals when asked (an amount per share in ten-thousandths of a grosz)', () => {
    expect(parseZloty('2,5', 6)).toBe(2500000);
    expect(parseZloty('0,000001', 6)).toBe(1);
  });
  it('refuses what is not a positive amount', () => {
    for (const bad of ['', 'abc', '-5', '0', '0,00', '1,234', '1.2.3', '1e3', ' ,5x']) expect(parseZloty(bad), bad).toBeNull();
    expect(parseZloty('12,345')).toBeNull();
    expect(parseZloty('99999999999999999999')).toBeNull();
  });
});
