// The one phone check of the SPA (SPEC §4, §5), shared by the contact form and the account forms: empty is
// not an error; anything else must be a valid number for the chosen country, PL when none is chosen. It
// answers the SPEC §8 code the server would, so both show the same dictionary text.
import { isValidPhoneNumber, type CountryCode } from 'libphonenumber-js';
import { DEFAULT_PHONE_COUNTRY as DEFAULT_COUNTRY } from '../../../machines/types';

/** machines/types.ts holds it (the charts seed their forms with it too) */
export const DEFAULT_PHONE_COUNTRY: CountryCode = DEFAULT_COUNTRY;

export function checkPhone(value: string, country: string | null | undefined): string | null {
  const v = value.trim();
  if (!v) return null;
  try {
    return isValidPhoneNumber(v, (country || DEFAULT_PHONE_COUNTRY).toUpperCase() as CountryCode) ? null : 'PHONE_NUMBER_NOT_VALID';
  } catch {
    return 'PHONE_NUMBER_NOT_VALID';
  }
}
