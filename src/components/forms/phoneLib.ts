// Everything of the SPA that needs libphonenumber-js and its metadata (about 31 kB gzip): the phone check, the
// countries with a numbering plan and their calling codes. Loaded on demand through ./phone.ts, so that a form
// screen draws before it arrives (the route's initial JS).
import { getCountries, getCountryCallingCode, isValidPhoneNumber, type CountryCode } from 'libphonenumber-js';
import { DEFAULT_PHONE_COUNTRY } from '../../../machines/types';
import { countryName } from './countries';

/**
 * The one phone check of the SPA (SPEC §4, §5), shared by the contact form and the account forms: empty is not an
 * error; anything else must be a valid number for the chosen country, PL when none is chosen. It answers the
 * SPEC §8 code the server would, so both show the same dictionary text.
 */
export function checkPhone(value: string, country: string | null | undefined): string | null {
  const v = value.trim();
  if (!v) return null;
  try {
    return isValidPhoneNumber(v, (country || DEFAULT_PHONE_COUNTRY).toUpperCase() as CountryCode) ? null : 'PHONE_NUMBER_NOT_VALID';
  } catch {
    return 'PHONE_NUMBER_NOT_VALID';
  }
}

/** Every country with a phone numbering plan. */
export function phoneCountryCodes(): string[] {
  return getCountries();
}

export function callingCode(code: string): string {
  try {
    return `+${getCountryCallingCode(code as CountryCode)}`;
  } catch {
    return '';
  }
}

/** The contact form's country list: every country with a numbering plan, named in the page language with its
 * calling code, sorted by that label. */
export function phoneCountries(language: string): { code: string; label: string }[] {
  return phoneCountryCodes()
    .map((code) => ({ code, label: `${countryName(code, language)} (${callingCode(code)})` }))
    .sort((a, b) => a.label.localeCompare(b.label, language));
}
