import { describe, expect, it } from 'vitest';
import en from '../../lib/locales/en/errors';
import pl from '../../lib/locales/pl/errors';
import { errorCodes, isErrorCode, translateCode } from '../../server/i18n/messages';
import { routeErrorCodes } from '../../server/http/error-codes';
import { loadDictionary, translate, translateError } from '../../src/i18n/i18n';

const LANGUAGES = ['pl', 'en'] as const;

// SPEC §8 and the generic codes of docs/api.md: the catalogue may grow, never lose one of these.
const SPEC_CODES = [
  'EMAIL_EMPTY', 'EMAIL_IS_EMPTY', 'PASSWORD_EMPTY', 'INVALID_GRANT', 'EMAIL_INVALID_FORMAT', 'PASSWORD_CONSTRAINTS_MISMATCH',
  'PASSWORD_NOT_SAME', 'FIRST_NAME_IS_EMPTY', 'LAST_NAME_IS_EMPTY', 'FULLNAME_IS_EMPTY', 'MESSAGE_IS_EMPTY',
  'BANK_ACCOUNT_ACCOUNT_NUMBER_IS_WRONG', 'TOO_MANY_TRIES', 'CURRENT_PASSWORD_EMPTY', 'NEW_PASSWORD_EMPTY',
  'REPEAT_PASSWORD_EMPTY', 'CURRENT_PASSWORD_NOT_MATCH', 'EMAIL_SAME', 'EMAIL_NOT_SAME', 'EMAIL_EXISTS', 'EMAIL_TAKEN',
  'ACTIVATION_TOKEN_NOT_EXIST', 'IS_EMPTY', 'STOCKS_IS_REQUIRED', 'IS_LOWER_THAN_MIN', 'NOT_ENOUGH_SHARES_AVAILABLE',
  'VALUE_NOT_VALID', 'PHONE_NUMBER_NOT_VALID', 'SERIES_NOT_ASSIGNED_TO_OFFER', 'SERIES_CLOSED_FOR_INVESTMENTS',
  'OFFER_CLOSED_FOR_INVESTMENTS', 'NO_TRANSACTION_METHOD_AVAILABLE', 'CAN_CREATE_PAYMENT', 'TOKEN_REQUEST:USER_NOT_ACTIVE',
  'NOT_FOUND', 'ROUTE_NOT_FOUND', 'MALFORMED_JSON', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'UNAUTHORIZED',
  'TOKEN_EXPIRED', 'FORBIDDEN', 'MAINTENANCE', 'INTERNAL_ERROR', 'INVALID_CLIENT',
];

describe('the error catalogue (lib/locales/<language>/errors.ts)', () => {
  it('has the same codes in both languages, each with a text', () => {
    expect(Object.keys(pl).sort()).toEqual(Object.keys(en).sort());
    for (const [language, catalogue] of [['pl', pl], ['en', en]] as const) {
      for (const [code, text] of Object.entries(catalogue)) {
        const written = typeof text === 'function' ? text({}) : text;
        expect(written.trim(), `${language} ${code}`).not.toBe('');
      }
    }
  });

  it('every code the server may send has its own message in both languages, the two not the same', () => {
    expect(errorCodes).toEqual(expect.arrayContaining(SPEC_CODES));
    // the codes the routes declare (and the OpenAPI document lists) are the catalogue's
    for (const byStatus of Object.values(routeErrorCodes)) for (const codes of Object.values(byStatus)) for (const code of codes ?? []) expect(isErrorCode(code), code).toBe(true);
    const fallback = { pl: translateCode('VALUE_NOT_VALID', 'pl'), en: translateCode('VALUE_NOT_VALID', 'en') };
    for (const code of errorCodes) {
      const texts = { pl: translateCode(code, 'pl'), en: translateCode(code, 'en') };
      for (const language of LANGUAGES) {
        expect(texts[language].trim(), `${language} ${code}`).not.toBe('');
        if (code !== 'VALUE_NOT_VALID') expect(texts[language], `${language} ${code} falls back`).not.toBe(fallback[language]);
      }
      expect(texts.pl, `${code} is not translated`).not.toBe(texts.en);
    }
  });

  it("the SPA's own codes and unknown ones are not the server's", () => {
    for (const code of ['GENERIC', 'NETWORK_ERROR', 'AGREEMENT_REQUIRED', 'KIIS_NOT_ACKNOWLEDGED', 'USER_NOT_ACTIVE', 'NO_SUCH_CODE']) {
      expect(isErrorCode(code), code).toBe(false);
    }
    expect(translateCode('NO_SUCH_CODE', 'en')).toBe(en.VALUE_NOT_VALID);
  });

  it('a code reads the same in the envelope and on screen', async () => {
    for (const language of LANGUAGES) {
      await loadDictionary(language);
      for (const code of errorCodes) expect(translateError(language, code), `${language} ${code}`).toBe(translateCode(code, language));
    }
    expect(translateError('pl', 'TOKEN_REQUEST:USER_NOT_ACTIVE')).toBe('Twoje konto nie zostało jeszcze aktywowane');
    // the SPA-only codes are in the same catalogue
    expect(translateError('en', 'NETWORK_ERROR')).toBe(en.NETWORK_ERROR);
    expect(translate('en', 'errors.GENERIC')).toBe(en.GENERIC);
  });

  it('TOO_MANY_TRIES names the wait the server knows, in the plural form of the count; the SPA says "a while"', async () => {
    expect(translateCode('TOO_MANY_TRIES', 'en', { minutes: 1 })).toBe('Too many tries. Wait 1 minute until the next try');
    expect(translateCode('TOO_MANY_TRIES', 'en', { minutes: 10 })).toBe('Too many tries. Wait 10 minutes until the next try');
    const pl = (minutes: number) => translateCode('TOO_MANY_TRIES', 'pl', { minutes });
    expect(pl(1)).toBe('Zbyt wiele prób. Odczekaj 1 minutę przed kolejną próbą');
    expect([2, 3, 4, 22].map(pl)).toEqual([2, 3, 4, 22].map((n) => `Zbyt wiele prób. Odczekaj ${n} minuty przed kolejną próbą`));
    expect([5, 11, 12, 14, 21, 25].map(pl)).toEqual([5, 11, 12, 14, 21, 25].map((n) => `Zbyt wiele prób. Odczekaj ${n} minut przed kolejną próbą`));
    expect(translateCode('TOO_MANY_TRIES', 'pl')).toBe('Zbyt wiele prób. Odczekaj chwilę przed kolejną próbą');
    await loadDictionary('en');
    await loadDictionary('pl');
    expect(translateError('en', 'TOO_MANY_TRIES')).toBe('Too many tries. Wait a while until the next try');
    expect(translateError('pl', 'TOO_MANY_TRIES')).toBe('Zbyt wiele prób. Odczekaj chwilę przed kolejną próbą');
  });
});
