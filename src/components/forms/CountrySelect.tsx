// A labelled country select; the options are ISO codes named in the page's language.
import { useId, useMemo, type ComponentProps, type ReactNode } from 'react';
import { useLanguage, useT } from '../../i18n/i18n';
import { countryName, sortByName } from './countries';
import { blurAfterPress } from './blurAfterPress';
import { FieldError } from './FieldError';
import { describedBy, FieldWrap, Required } from './styles';

export interface CountrySelectProps extends Omit<ComponentProps<'select'>, 'children'> {
  label: ReactNode;
  codes: string[];
  error?: string | null;
  /** the text of the empty first option; none when omitted and a value is required */
  placeholder?: string;
}

export function CountrySelect({ label, codes, error, placeholder, required, id: givenId, onBlur, ...select }: CountrySelectProps) {
  const language = useLanguage();
  const t = useT();
  const auto = useId();
  const id = givenId ?? auto;
  const errorId = `${id}-error`;
  const sorted = useMemo(() => sortByName(codes, language), [codes, language]);
  return (
    <FieldWrap>
      <label htmlFor={id}>
        {label}
        {required && <Required aria-hidden="true">*</Required>}
      </label>
      <select
        id={id}
        aria-required={required || undefined}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy(error && errorId)}
        {...select}
        onBlur={blurAfterPress(onBlur)}
      >
        <option value="">{placeholder ?? t('account.form.chooseCountry')}</option>
        {sorted.map((code) => (
          <option key={code} value={code}>
            {countryName(code, language)}
          </option>
        ))}
      </select>
      <FieldError id={errorId}>{error}</FieldError>
    </FieldWrap>
  );
}
