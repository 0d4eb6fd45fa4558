import { describe, expect, it } from 'vitest';
import en from '../../lib/locales/en/index';
import pl from '../../lib/locales/pl/index';
import { errorCodeKey, isDictionaryLoaded, loadDictionary, translate, translateError } from '../../src/i18n/i18n';

function flatten(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

// SPEC §8, every code of the catalogue (the last one is looked up by its part after the colon).
const SPEC_CODES = [
  'EMAIL_EMPTY', 'EMAIL_IS_EMPTY', 'PASSWORD_EMPTY', 'INVALID_GRANT', 'EMAIL_INVALID_FORMAT',
  'PASSWORD_CONSTRAINTS_MISMATCH', 'PASSWORD_NOT_SAME', 'FIRST_NAME_IS_EMPTY', 'LAST_NAME_IS_EMPTY',
  'FULLNAME_IS_EMPTY', 'MESSAGE_IS_EMPTY', 'BANK_ACCOUNT_ACCOUNT_NUMBER_IS_WRONG', 'TOO_MANY_TRIES',
  'CURRENT_PASSWORD_EMPTY', 'NEW_PASSWORD_EMPTY', 'REPEAT_PASSWORD_EMPTY', 'CURRENT_PASSWORD_NOT_MATCH',
  'EMAIL_SAME', 'EMAIL_NOT_SAME', 'EMAIL_EXISTS', 'EMAIL_TAKEN', 'ACTIVATION_TOKEN_NOT_EXIST', 'IS_EMPTY',
  'STOCKS_IS_REQUIRED', 'IS_LOWER_THAN_MIN', 'NOT_ENOUGH_SHARES_AVAILABLE', 'VALUE_NOT_VALID',
  'PHONE_NUMBER_NOT_VALID', 'SERIES_NOT_ASSIGNED_TO_OFFER', 'SERIES_CLOSED_FOR_INVESTMENTS',
  'OFFER_CLOSED_FOR_INVESTMENTS', 'NO_TRANSACTION_METHOD_AVAILABLE', 'CAN_CREATE_PAYMENT',
  'TOKEN_REQUEST:USER_NOT_ACTIVE',
];

describe('dictionaries', () => {
  it('pl and en have the same namespaces', () => {
    expect(Object.keys(pl).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(pl)).toEqual(expect.arrayContaining(['auth', 'common', 'errors', 'language', 'maintenance', 'pages']));
  });

  for (const ns of Object.keys(pl) as (keyof typeof pl)[]) {
    it(`pl and en have identical keys in ${ns}`, () => {
      const plKeys = flatten(pl[ns]).sort();
      const enKeys = flatten((en as Record<string, unknown>)[ns]).sort();
      // A namespace may still be empty while its feature is being built, but then in both languages.
      expect(plKeys.length > 0 || enKeys.length === 0).toBe(true);
      expect({ onlyInPl: plKeys.filter((k) => !enKeys.includes(k)), onlyInEn: enKeys.filter((k) => !plKeys.includes(k)) }).toEqual({
        onlyInPl: [],
        onlyInEn: [],
      });
    });
  }

  it('loadDictionary makes every key of both languages translatable, with non-empty texts', async () => {
    await expect(loadDictionary('pl')).resolves.toBe('pl');
    await expect(loadDictionary('en')).resolves.toBe('en');
    expect(isDictionaryLoaded('pl') && isDictionaryLoaded('en')).toBe(true);
    const keys = flatten(pl);
    for (const key of keys) {
      for (const l of ['pl', 'en'] as const) {
        const text = translate(l, key, { name: 'X' });
        expect(text, `${l} ${key}`).not.toBe(key);
        expect(text.trim(), `${l} ${key}`).not.toBe('');
      }
    }
    expect(translate('pl', 'auth.login.submit')).toBe('Zaloguj się');
    expect(translate('en', 'auth.login.submit')).not.toBe(translate('pl', 'auth.login.submit'));
    // A missing key shows itself, never a blank.
    expect(translate('en', 'no.such.key')).toBe('no.such.key');
  });
});

describe('errors', () => {
  it('errorCodeKey keeps the part after the last colon', () => {
    expect(errorCodeKey('TOKEN_REQUEST:USER_NOT_ACTIVE')).toBe('USER_NOT_ACTIVE');
    expect(errorCodeKey('A:B:C')).toBe('C');
    expect(errorCodeKey('EMAIL_EMPTY')).toBe('EMAIL_EMPTY');
  });

  it('every SPEC §8 code has a text in the errors dictionary of both languages', async () => {
    await loadDictionary('pl');
    await loadDictionary('en');
    for (const code of SPEC_CODES) {
      const key = errorCodeKey(code);
      expect(Object.keys(pl.errors), `pl ${code}`).toContain(key);
      expect(Object.keys(en.errors), `en ${code}`).toContain(key);
      for (const l of ['pl', 'en'] as const) {
        const text = translateError(l, code);
        expect(text, `${l} ${code}`).not.toBe(translate(l, 'errors.GENERIC'));
        expect(text.length).toBeGreaterThan(0);
      }
    }
  });

  it('translateError: known code, unknown code with a server message, unknown code without one', async () => {
    await loadDictionary('en');
    expect(translateError('en', 'TOKEN_REQUEST:USER_NOT_ACTIVE')).toBe(en.errors.USER_NOT_ACTIVE);
    expect(translateError('en', 'INVALID_GRANT')).toBe('E-mail or password is not valid');
    expect(translateError('en', 'SOMETHING_NEW', 'Server says no')).toBe('Server says no');
    expect(translateError('en', 'SOMETHING_NEW')).toBe(en.errors.GENERIC);
  });
});
