// The account number rule shared by the server (contract/accounts.ts wraps it in a zod schema) and the SPA,
// which imports this file as a value: it has no dependency, so zod stays out of the browser bundle.

/**
 * A Polish account number (NRB) as investors type or paste it: 26 digits, optionally after the IBAN country
 * code `PL` (what Polish banking apps copy), in any grouping of spaces. Answers the 26 digits that are
 * stored, or undefined when it is not one.
 */
export function bankAccountDigits(value: string): string | undefined {
  return /^(?:PL)?(\d{26})$/i.exec(value.replace(/\s+/g, ''))?.[1];
}

/** The longest account number field accepted: room for the digits with `PL` and any spacing. */
export const BANK_ACCOUNT_NUMBER_MAX_LENGTH = 64;
