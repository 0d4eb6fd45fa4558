// The contact form's country list: every country with a phone numbering plan, named in the page language,
// with its calling code. The phone check itself is the shared one (src/components/forms/phone.ts).
import type { CountryCode } from 'libphonenumber-js';
import { callingCode, countryName, phoneCountries as countryCodes } from '../../components/forms/countries';

export function phoneCountries(language: string): { code: CountryCode; label: string }[] {
  return countryCodes()
    .map((code) => ({ code: code as CountryCode, label: `${countryName(code, language)} (${callingCode(code)})` }))
    .sort((a, b) => a.label.localeCompare(b.label, language));
}
