// The client-side rules of the account forms (SPEC §5), each answering with the code the server would.
import { describe, expect, it } from 'vitest';
import {
  checkAccountNumber,
  checkEmail,
  checkNewEmail,
  checkPassword,
  checkRequired,
  checkSame,
  normalizeAccountNumber,
} from '../../../src/features/account/rules';
import { checkPhone } from '../../../src/components/forms/phoneLib';
import { toFieldErrors } from '../../../src/features/account/api';
import { ApiRequestError } from '../../../src/api/http';

describe('password: at least 8 characters, 1 capital letter, 1 digit', () => {
  it.each([
    ['', 'PASSWORD_EMPTY'],
    ['Abcdef1', 'PASSWORD_CONSTRAINTS_MISMATCH'], // 7 characters
    ['abcdefg1', 'PASSWORD_CONSTRAINTS_MISMATCH'], // no capital
    ['Abcdefgh', 'PASSWORD_CONSTRAINTS_MISMATCH'], // no digit
    ['Abcdefg1', null],
    ['Żółwik12', null], // a Polish capital counts
  ])('%j → %s', (value, code) => {
    expect(checkPassword(value)).toBe(code);
  });

  it('the empty code can be the form\'s own', () => {
    expect(checkPassword('', 'NEW_PASSWORD_EMPTY')).toBe('NEW_PASSWORD_EMPTY');
  });

  it('passwords must match', () => {
    expect(checkSame('Secret123', 'Secret123', 'REPEAT_PASSWORD_EMPTY')).toBeNull();
    expect(checkSame('Secret124', 'Secret123', 'REPEAT_PASSWORD_EMPTY')).toBe('PASSWORD_NOT_SAME');
    expect(checkSame('', 'Secret123', 'REPEAT_PASSWORD_EMPTY')).toBe('REPEAT_PASSWORD_EMPTY');
    expect(checkSame('a@b.pl', 'c@d.pl', 'IS_EMPTY', 'EMAIL_NOT_SAME')).toBe('EMAIL_NOT_SAME');
  });
});

describe('bank account: 26 digits, optionally after PL, spaces removed', () => {
  it.each([
    ['61109010140000071219812874', null],
    ['61 1090 1014 0000 0712 1981 2874', null],
    [' 61 1090 1014 0000 0712 1981 2874 ', null],
    ['6110901014000007121981287', 'BANK_ACCOUNT_ACCOUNT_NUMBER_IS_WRONG'], // 25
    ['611090101400000712198128745', 'BANK_ACCOUNT_ACCOUNT_NUMBER_IS_WRONG'], // 27
    // what Polish banking apps copy: the IBAN with PL, in any grouping
    ['PL61109010140000071219812874', null],
    ['PL61 1090 1014 0000 0712 1981 2874', null],
    ['pl 61 1090 1014 0000 0712 1981 2874', null],
    ['PL 6110 9010 1400 0007 1219 8128 74', null],
    ['PL6110\u00a09010 14000007 121981 2874', null],
    ['DE61109010140000071219812874', 'BANK_ACCOUNT_ACCOUNT_NUMBER_IS_WRONG'],
    ['PL6110901014000007121981287', 'BANK_ACCOUNT_ACCOUNT_NUMBER_IS_WRONG'], // PL + 25
    ['PLPL61109010140000071219812874', 'BANK_ACCOUNT_ACCOUNT_NUMBER_IS_WRONG'],
    ['61-1090-1014-0000-0712-1981-2874', 'BANK_ACCOUNT_ACCOUNT_NUMBER_IS_WRONG'],
    ['', 'BANK_ACCOUNT_ACCOUNT_NUMBER_IS_WRONG'],
  ])('%j → %s', (value, code) => {
    expect(checkAccountNumber(value)).toBe(code);
  });

  it('what is sent has no spaces', () => {
    expect(normalizeAccountNumber('61 1090 1014 0000 0712 1981 2874')).toBe('61109010140000071219812874');
    expect(normalizeAccountNumber('PL61 1090 1014 0000 0712 1981 2874')).toBe('61109010140000071219812874');
  });
});

describe('phone: valid for the chosen country (default PL); empty is not an error', () => {
  it.each([
    ['', 'PL', null],
    ['   ', 'DE', null],
    ['501 234 567', 'PL', null],
    ['+48 501 234 567', 'PL', null],
    ['501 234 567', null, null], // default PL
    ['12345', 'PL', 'PHONE_NUMBER_NOT_VALID'],
    ['501 234 567', 'US', 'PHONE_NUMBER_NOT_VALID'], // a Polish mobile is no US number
    ['030 123456', 'DE', null],
    ['(201) 555-0123', 'US', null],
    ['(201) 555-0123', 'PL', 'PHONE_NUMBER_NOT_VALID'],
    ['abc', 'PL', 'PHONE_NUMBER_NOT_VALID'],
  ])('%j in %s → %s', (value, country, code) => {
    expect(checkPhone(value, country)).toBe(code);
  });
});

describe('e-mail and required fields', () => {
  it('e-mail: required, then a format', () => {
    expect(checkEmail('')).toBe('EMAIL_EMPTY');
    expect(checkEmail('jan')).toBe('EMAIL_INVALID_FORMAT');
    expect(checkEmail(' jan@example.pl ')).toBeNull();
  });

  it('new e-mail: must differ from the current one (case-insensitive)', () => {
    expect(checkNewEmail('Jan@Example.pl', 'jan@example.pl')).toBe('EMAIL_SAME');
    expect(checkNewEmail('nowy@example.pl', 'jan@example.pl')).toBeNull();
    expect(checkNewEmail('', 'jan@example.pl')).toBe('EMAIL_EMPTY');
  });

  it('required: blank is empty', () => {
    expect(checkRequired('  ')).toBe('IS_EMPTY');
    expect(checkRequired(null, 'FIRST_NAME_IS_EMPTY')).toBe('FIRST_NAME_IS_EMPTY');
    expect(checkRequired('Jan')).toBeNull();
  });
});

describe('server errors per field (settings groups)', () => {
  it('drops the group prefix of the context', () => {
    const error = new ApiRequestError(400, [
      { code: 'CURRENT_PASSWORD_NOT_MATCH', context: 'password.currentPassword', message: '' },
      { code: 'PASSWORD_NOT_SAME', context: 'data.password.repeatPassword', message: '' },
      { code: 'TOO_MANY_TRIES', context: '', message: '' },
    ]);
    expect(toFieldErrors(error, 'password')).toEqual({
      fieldErrors: { currentPassword: 'CURRENT_PASSWORD_NOT_MATCH', repeatPassword: 'PASSWORD_NOT_SAME', '': 'TOO_MANY_TRIES' },
    });
  });

  it('a network failure is a form-level error', () => {
    expect(toFieldErrors(new TypeError('fetch failed'))).toEqual({ fieldErrors: { '': 'NETWORK_ERROR' } });
  });
});
