import { describe, expect, it } from 'vitest';
import { formatContactPhone } from '../../../src/components/layout/phone';

describe('formatContactPhone (SPEC §2: international format for a valid Polish number, else as given)', () => {
  it.each([
    ['221234567', '+48 22 123 45 67', '+48221234567'],
    ['+48 500 100 200', '+48 500 100 200', '+48500100200'],
    ['500-100-200', '+48 500 100 200', '+48500100200'],
    ['(+48) 22 123 45 67', '+48 22 123 45 67', '+48221234567'],
  ])('valid PL %s -> %s', (given, display, tel) => {
    expect(formatContactPhone(given)).toEqual({ display, tel });
  });

  it.each([
    ['12345', '12345'],
    ['call us anytime', 'call us anytime'],
    ['0 22 123 45 67 ext. 5', '0 22 123 45 67 ext. 5'],
  ])('invalid %s is shown as given', (given, display) => {
    expect(formatContactPhone(given).display).toBe(display);
  });

  it('shows a valid foreign number as given (it is not a Polish number)', () => {
    expect(formatContactPhone('+44 20 7946 0958')).toEqual({ display: '+44 20 7946 0958', tel: '+442079460958' });
  });

  it('empty input gives nothing to show or dial', () => {
    expect(formatContactPhone('')).toEqual({ display: '', tel: '' });
    expect(formatContactPhone(null)).toEqual({ display: '', tel: '' });
  });
});

describe('formatContactPhone agrees with libphonenumber-js on Polish numbers (it formats without it)', () => {
  it.each(['601234567', '+48 12 345 67 89', '0048 601 234 567', '48 58 123 45 67', '+48 800 123 456', '+48 39 123 45 67', '123', '+49 30 1234567', '000000000', '+48 123'])(
    '%s',
    async (given) => {
      const { parsePhoneNumberFromString } = await import('libphonenumber-js');
      const parsed = parsePhoneNumberFromString(given, 'PL');
      const expected = parsed && parsed.isValid() && parsed.country === 'PL' ? parsed.formatInternational() : given;
      expect(formatContactPhone(given).display).toBe(expected);
    },
  );
});
