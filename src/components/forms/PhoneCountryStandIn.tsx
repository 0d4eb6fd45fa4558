// The phone country list's place while the phone library loads (./phone.ts): disabled, showing the default
// country, the same size as the list. Used by the account forms' PhoneField and the contact form.
import { useLanguage } from '../../i18n/i18n';
import { countryName } from './countries';
import { DEFAULT_PHONE_COUNTRY } from './phone';

export function PhoneCountryStandIn({ label }: { label: string }) {
  const language = useLanguage();
  return (
    <select aria-label={label} disabled>
      <option>{countryName(DEFAULT_PHONE_COUNTRY, language)}</option>
    </select>
  );
}
