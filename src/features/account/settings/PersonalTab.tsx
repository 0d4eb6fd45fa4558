// The personal information tab: the investor's name and phone, address and bank account, each form with its
// own save flow.
import { useForm } from 'react-hook-form';
import { BANK_ACCOUNT_NUMBER_MAX_LENGTH } from '../../../../contract/bank-account';
import type { SettingsValues } from '../../../../machines/settings.machine';
import { CountrySelect } from '../../../components/forms/CountrySelect';
import { TextField } from '../../../components/forms/TextField';
import { groupAccountNumber } from '../../../components/format/accountNumber';
import { Button } from '../../../components/ui/Button';
import type { LoadStatus } from '../../../components/ui/useLoad';
import { useT } from '../../../i18n/i18n';
import { NameAndPhoneFields, type NameAndPhoneValues } from '../NameAndPhoneFields';
import { checkAccountNumber, checkRequired, normalizeAccountNumber, ok } from '../rules';
import { Actions, ErrorList, Grid, useFieldMessage } from '../ui';
import { SettingsForm } from './SettingsForm';
import type { Save } from './useSave';

export function PersonalTab({
  saves,
  countries,
}: {
  saves: { personal: Save; address: Save; bank: Save };
  /** the country lists (loaded once for the screen's life) */
  countries: { status: LoadStatus; data: string[] | null; error: unknown; retry: () => void };
}) {
  const t = useT();
  return (
    <>
      {countries.status === 'failure' && (
        // the country lists could not be loaded: the investor's own countries stay selectable
        <div role="alert" data-testid="settings-countries-failed">
          <ErrorList codes={[(countries.error as { code?: string })?.code ?? 'GENERIC']} />
          <Actions>
            <Button onClick={countries.retry}>{t('account.settings.retry')}</Button>
          </Actions>
        </div>
      )}
      <PersonalForm save={saves.personal} />
      <AddressForm save={saves.address} countries={countries.data ?? []} />
      <BankForm save={saves.bank} countries={countries.data ?? []} />
    </>
  );
}

type PersonalValues = NameAndPhoneValues;

function PersonalForm({ save }: { save: Save }) {
  const t = useT();
  const form = useForm<PersonalValues>({ defaultValues: save.values.personal, mode: 'onBlur', reValidateMode: 'onChange' });
  const { handleSubmit, formState, getValues } = form;
  const message = useFieldMessage(formState.errors, save.errors);
  return (
    <SettingsForm
      testId="settings-personal"
      title={t('account.settings.personal.title')}
      save={save}
      successText={t('account.settings.personal.saved')}
      onEdit={() => save.edited({ personal: getValues() })}
      onSubmit={handleSubmit((v) =>
        save.submit({
          firstName: v.firstName.trim(),
          lastName: v.lastName.trim(),
          phone: v.phone.trim() || null,
          phoneCountry: v.phone.trim() ? v.phoneCountry : null,
        }),
      )}
    >
      <NameAndPhoneFields form={form} message={message} />
    </SettingsForm>
  );
}

type AddressValues = SettingsValues['address'];

function AddressForm({ save, countries }: { save: Save; countries: string[] }) {
  const t = useT();
  const a = save.values.address;
  const { register, handleSubmit, formState, getValues } = useForm<AddressValues>({
    defaultValues: a,
    mode: 'onBlur',
    reValidateMode: 'onChange',
  });
  const message = useFieldMessage(formState.errors, save.errors);
  const required = { validate: (v: string) => ok(checkRequired(v)) };
  // The country list may arrive after the form: keep the investor's country selectable meanwhile.
  const codes = countries.length ? countries : a.country ? [a.country] : [];
  return (
    <SettingsForm
      testId="settings-address"
      title={t('account.settings.address.title')}
      save={save}
      successText={t('account.settings.address.saved')}
      onEdit={() => save.edited({ address: getValues() })}
      onSubmit={handleSubmit((v) => save.submit(v))}
    >
      <TextField label={t('account.register.street')} autoComplete="street-address" required error={message('street')} {...register('street', required)} />
      <Grid>
        <TextField label={t('account.register.zip')} autoComplete="postal-code" required error={message('zip')} {...register('zip', required)} />
        <TextField label={t('account.register.city')} autoComplete="address-level2" required error={message('city')} {...register('city', required)} />
      </Grid>
      <Grid>
        <TextField label={t('account.register.state')} autoComplete="address-level1" required error={message('state')} {...register('state', required)} />
        <CountrySelect label={t('account.register.country')} codes={codes} required error={message('country')} {...register('country', required)} />
      </Grid>
    </SettingsForm>
  );
}

type BankValues = SettingsValues['bank'];

function BankForm({ save, countries }: { save: Save; countries: string[] }) {
  const t = useT();
  const b = save.values.bank;
  const { register, handleSubmit, formState, setValue, getValues } = useForm<BankValues>({
    defaultValues: { ...b, accountNumber: groupAccountNumber(b.accountNumber) },
    mode: 'onBlur',
    reValidateMode: 'onChange',
  });
  const message = useFieldMessage(formState.errors, save.errors);
  const required = { validate: (v: string) => ok(checkRequired(v)) };
  const codes = countries.length ? countries : b.country ? [b.country] : [];
  return (
    <SettingsForm
      testId="settings-bank"
      title={t('account.settings.bank.title')}
      save={save}
      successText={t('account.settings.bank.saved')}
      onEdit={() => save.edited({ bank: getValues() })}
      onSubmit={handleSubmit((v) => save.submit({ ...v, accountNumber: normalizeAccountNumber(v.accountNumber) }))}
    >
      <CountrySelect label={t('account.register.bankCountry')} codes={codes} required error={message('country')} {...register('country', required)} />
      <TextField label={t('account.register.bankName')} required error={message('bankName')} {...register('bankName', required)} />
      <TextField
        label={t('account.register.accountNumber')}
        hint={t('account.form.accountNumberHint')}
        inputMode="numeric"
        autoComplete="off"
        maxLength={BANK_ACCOUNT_NUMBER_MAX_LENGTH}
        required
        error={message('accountNumber')}
        {...register('accountNumber', {
          validate: (v) => ok(checkAccountNumber(v)),
          // shown and typed in groups of four; sent as digits only
          onChange: (e) => {
            const grouped = groupAccountNumber(e.target.value);
            if (grouped !== e.target.value) setValue('accountNumber', grouped);
          },
        })}
      />
    </SettingsForm>
  );
}
