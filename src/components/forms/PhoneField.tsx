// A phone number with its country (SPEC §4, §5: default PL; the number is checked against the chosen
// country). The form decides when to check (on blur and on country change) and clears the error when the
// number is emptied; this component only lays out the two controls and the message.
import { useId, useMemo, type ComponentProps, type ReactNode } from 'react';
import styled from 'styled-components';
import { useLanguage } from '../../i18n/i18n';
import { countryName, sortByName } from './countries';
import { usePhoneLib } from './phone';
import { PhoneCountryStandIn } from './PhoneCountryStandIn';
import { blurAfterPress } from './blurAfterPress';
import { FieldError } from './FieldError';
import { describedBy, FieldWrap, Required } from './styles';

export interface PhoneFieldProps {
  label: ReactNode;
  countryLabel: string;
  /** props of the number input (`{...register('phone')}` fits) */
  phoneProps: ComponentProps<'input'>;
  /** props of the country select (`{...register('phoneCountry')}` fits) */
  countryProps: ComponentProps<'select'>;
  error?: string | null;
  required?: boolean;
}

export function PhoneField({ label, countryLabel, phoneProps, countryProps, error, required }: PhoneFieldProps) {
  const language = useLanguage();
  const id = useId();
  const errorId = `${id}-error`;
  // The country list needs the phone library (./phone.ts); until it is there a disabled stand-in of the same size
  // (keyed apart, so the real list mounts afresh and takes the field's value).
  const phoneLib = usePhoneLib();
  const codes = useMemo(() => (phoneLib ? sortByName(phoneLib.phoneCountryCodes(), language) : null), [phoneLib, language]);
  return (
    <FieldWrap>
      <label htmlFor={`${id}-number`}>
        {label}
        {required && <Required aria-hidden="true">*</Required>}
      </label>
      <Row>
        {phoneLib && codes ? (
          <select key="countries" aria-label={countryLabel} {...countryProps} onBlur={blurAfterPress(countryProps.onBlur)}>
            {codes.map((code) => (
              <option key={code} value={code}>
                {countryName(code, language)} ({phoneLib.callingCode(code)})
              </option>
            ))}
          </select>
        ) : (
          <PhoneCountryStandIn key="stand-in" label={countryLabel} />
        )}
        <input
          id={`${id}-number`}
          type="tel"
          autoComplete="tel-national"
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy(error && errorId)}
          {...phoneProps}
          onBlur={blurAfterPress(phoneProps.onBlur)}
        />
      </Row>
      <FieldError id={errorId}>{error}</FieldError>
    </FieldWrap>
  );
}

const Row = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(0, 3fr);
  gap: 8px;
`;
