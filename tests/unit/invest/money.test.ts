// The shared money formatter and the account-number grouping (issue "Investing": `1 234,50 zł` in pl,
// `PLN 1,234.50` in en; account numbers stripped of non-alphanumerics and grouped in fours).
import { describe, expect, it } from 'vitest';
import { compactAccountNumber, formatFractionPercent, formatMoney, groupAccountNumber } from '../../../src/components/format/money';
import { formatPln } from '../../../src/components/sections/format';

const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatMoney', () => {
  it('writes grosze as PLN in each language, grouping even four-digit amounts', () => {
    expect(plain(formatMoney(123450, 'pl'))).toBe('1 234,50 zł');
    expect(plain(formatMoney(123450, 'en'))).toBe('PLN 1,234.50');
    expect(plain(formatMoney(999999, 'pl'))).toBe('9 999,99 zł');
    expect(plain(formatMoney(1_000_000_000_00, 'pl'))).toBe('1 000 000 000,00 zł');
    expect(plain(formatMoney(1_000_000_000_00, 'en'))).toBe('PLN 1,000,000,000.00');
  });

  it('keeps every grosz (no float rounding) and small amounts', () => {
    expect(plain(formatMoney(5, 'pl'))).toBe('0,05 zł');
    expect(plain(formatMoney(1, 'en'))).toBe('PLN 0.01');
    expect(plain(formatMoney(99_999_999_999, 'pl'))).toBe('999 999 999,99 zł');
    expect(plain(formatMoney(0, 'pl'))).toBe('0,00 zł');
  });

  it('writes a negative amount with its minus first, as the currency style of Intl did', () => {
    expect(plain(formatMoney(-123450, 'pl'))).toBe('-1 234,50 zł');
    expect(plain(formatMoney(-5, 'en'))).toBe('-PLN 0.05');
    expect(plain(formatMoney(-0, 'en'))).toBe('PLN 0.00');
  });

  it('uses non-breaking spaces so an amount never wraps', () => {
    expect(formatMoney(123450, 'pl')).not.toMatch(/ /);
  });

  it('is the formatter of the offer page too', () => {
    expect(formatPln(123450, 'pl')).toBe(formatMoney(123450, 'pl'));
  });

  it('shows commission fractions as percentages with up to 2 decimals', () => {
    expect(formatFractionPercent(0.025, 'pl')).toBe('2,5%');
    expect(formatFractionPercent(0.0125, 'en')).toBe('1.25%');
    expect(formatFractionPercent(0, 'en')).toBe('0%');
  });
});

describe('account numbers', () => {
  it('strips everything but letters and digits and groups in fours from the end', () => {
    expect(groupAccountNumber('61109010140000071219812874')).toBe('61 1090 1014 0000 0712 1981 2874');
    expect(groupAccountNumber('61 1090-1014 0000/0712 1981 2874')).toBe('61 1090 1014 0000 0712 1981 2874');
    expect(groupAccountNumber('PL61109010140000071219812874')).toBe('PL61 1090 1014 0000 0712 1981 2874');
    expect(groupAccountNumber('1234')).toBe('1234');
    expect(groupAccountNumber('')).toBe('');
  });

  it('copies the compact form', () => {
    expect(compactAccountNumber('61 1090 1014 0000 0712 1981 2874')).toBe('61109010140000071219812874');
  });
});
