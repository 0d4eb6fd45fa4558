// The contact form's phone rules (SPEC §4, §5): invalid when non-empty and not valid for the chosen
// country (default PL); empty is not an error.
import { getCountries, getCountryCallingCode, isValidPhoneNumber, type CountryCode } from 'libphonenumber-js';

export const DEFAULT_PHONE_COUNTRY: CountryCode = 'PL';

export function phoneIsInvalid(value: string, country: string): boolean {
  const v = value.trim();
  if (!v) return false;
  try {
    return !isValidPhoneNumber(v, (country || DEFAULT_PHONE_COUNTRY) as CountryCode);
  } catch {
    return true;
  }
}

/** Every country libphonenumber knows, named in the page language, with its calling code. */
export function phoneCountries(language: string): { code: CountryCode; label: string }[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([language], { type: 'region' });
  } catch {
    names = null;
  }
  return getCountries()
    .map((code) => ({ code, label: `${names?.of(code) ?? code} (+${getCountryCallingCode(code)})` }))
    .sort((a, b) => a.label.localeCompare(b.label, language));
}
