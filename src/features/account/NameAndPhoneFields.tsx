// First name, last name and phone with its country: the same fields, rules and behaviour in registration
// and in the settings' personal-information tab (SPEC §4: the phone is checked on blur and again on a country
// change, and its error is cleared when it is emptied).
import type { UseFormReturn } from 'react-hook-form';
import { PhoneField } from '../../components/forms/PhoneField';
import { TextField } from '../../components/forms/TextField';
import { useT } from '../../i18n/i18n';
import { withPhoneLib } from '../../components/forms/phone';
import { checkRequired, ok } from './rules';
import { Grid } from './ui';

export interface NameAndPhoneValues {
  firstName: string;
  lastName: string;
  phone: string;
  phoneCountry: string;
}

export function NameAndPhoneFields<T extends NameAndPhoneValues>({
  form,
  message,
}: {
  form: UseFormReturn<T>;
  message: (name: keyof NameAndPhoneValues) => string | null | undefined;
}) {
  const t = useT();
  // The form holds more fields than these four; only these are touched here.
  const { register, getValues, trigger, clearErrors } = form as unknown as UseFormReturn<NameAndPhoneValues>;
  return (
    <>
      <Grid>
        <TextField
          label={t('account.register.firstName')}
          autoComplete="given-name"
          required
          error={message('firstName')}
          {...register('firstName', { validate: (v) => ok(checkRequired(v, 'FIRST_NAME_IS_EMPTY')) })}
        />
        <TextField
          label={t('account.register.lastName')}
          autoComplete="family-name"
          required
          error={message('lastName')}
          {...register('lastName', { validate: (v) => ok(checkRequired(v, 'LAST_NAME_IS_EMPTY')) })}
        />
      </Grid>
      <PhoneField
        label={t('account.register.phone')}
        countryLabel={t('account.form.phoneCountry')}
        error={message('phone')}
        phoneProps={register('phone', {
          validate: (v, all) => withPhoneLib((l) => ok(l.checkPhone(v, all.phoneCountry)), true),
          onChange: (e) => {
            if (!String(e.target.value).trim()) clearErrors('phone');
          },
        })}
        countryProps={register('phoneCountry', {
          onChange: () => {
            if (getValues('phone').trim()) void trigger('phone');
          },
        })}
      />
    </>
  );
}
