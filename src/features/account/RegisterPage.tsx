// Registration (SPEC §2): the registration chart owns the three steps and what was typed on them; each
// step is a react-hook-form form seeded from the chart's context, checked on the client for immediate
// feedback (rules.ts, the server's own rules), and handed to the chart when valid. Server errors stand
// beside their fields; the chart has already gone back to the first step that has one.
import { useActorRef, useSelector } from '@xstate/react';

import { useLatestCallback } from '../../components/ui/useLatestCallback';
import { groupAccountNumber } from '../../components/format/accountNumber';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import {
  registrationMachine,
  STEPS,
  type AccountStep,
  type AddressStep,
  type Agreement,
  type BankStep,
  type FieldErrors,
  type RegistrationData,
  type Step,
} from '../../../machines/registration.machine';
import { useAppSystem } from '../../system/AppSystemContext';
import type { Screen } from '../../screens/screen';
import { Checkbox } from '../../components/forms/Checkbox';
import { CountrySelect } from '../../components/forms/CountrySelect';
import { FieldError } from '../../components/forms/FieldError';
import { PasswordField } from '../../components/forms/PasswordField';
import { TextField } from '../../components/forms/TextField';
import { Button } from '../../components/ui/Button';
import { ServerHtml } from '../../components/ui/ServerHtml';
import { Spinner } from '../../components/ui/Spinner';
import { usePageTitle } from '../../components/ui/usePageTitle';
import { href } from '../../../contract/routes';
import { useLanguage, useT } from '../../i18n/i18n';
import { createAccountApi } from './api';
import { NameAndPhoneFields } from './NameAndPhoneFields';
import { checkAccountNumber, checkEmail, checkPassword, checkRequired, checkSame, ok } from './rules';
import { AccountPage, Actions, ErrorList, Form, Grid, Muted, useErrorText, useFieldMessage, useFocusOnChange } from './ui';
import { BANK_ACCOUNT_NUMBER_MAX_LENGTH } from '../../../contract/bank-account';

export interface RegisterSuccessState {
  email?: string;
}

export const RegisterPage: Screen = () => {
  const t = useT();
  const language = useLanguage();
  const { http } = useAppSystem();
  const [, navigate] = useLocation();
  const navigateLatest = useLatestCallback(navigate);
  usePageTitle(t('account.register.title'));

  const actor = useActorRef(
    registrationMachine.provide({
      actors: {
        loadOptions: fromPromise(({ signal }) => createAccountApi(http).registrationOptions(signal)),
        register: fromPromise(({ input, signal }) => createAccountApi(http).register(input as RegistrationData, signal)),
        checkEmail: fromPromise(({ input, signal }) => createAccountApi(http).checkEmail(input, signal)),
      },
      actions: {
        registered: (_, { email }) =>
          navigateLatest(href(language, 'registerSuccess'), { state: { email } satisfies RegisterSuccessState }),
      },
    }),
  );
  const step = useSelector(actor, (s) => (s.matches('checkingEmail') ? 'account' : STEPS.find((x) => s.matches(x))));
  const submitting = useSelector(actor, (s) => s.hasTag('busy'));
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'));
  const context = useSelector(actor, (s) => s.context);
  const shown: Step | undefined = step ?? (submitting ? 'bank' : undefined);
  const headingRef = useFocusOnChange<HTMLHeadingElement>(shown);

  return (
    <AccountPage data-testid="page-register">
      <h1>{t('account.register.title')}</h1>
      {loading && <Spinner />}
      {loadFailed && (
        <>
          <ErrorList codes={['GENERIC']} />
          <Muted>{t('account.register.loadFailed')}</Muted>
          <Actions>
            <Button onClick={() => actor.send({ type: 'registration.retried' })}>{t('account.register.retry')}</Button>
          </Actions>
        </>
      )}
      {shown && (
        <>
          <h2 ref={headingRef} tabIndex={-1} data-testid="registration-step" data-step={shown}>
            {t('account.register.progress', {
              step: STEPS.indexOf(shown) + 1,
              total: STEPS.length,
              name: t(`account.register.steps.${shown}`),
            })}
          </h2>
          <Muted>{t('account.form.requiredNote')}</Muted>
          {shown === 'account' && (
            <AccountForm
              values={context.account}
              errors={context.errors}
              busy={submitting}
              onNext={(values) => actor.send({ type: 'registration.accountSubmitted', values })}
            />
          )}
          {shown === 'address' && (
            <AddressForm
              values={context.address}
              errors={context.errors}
              countries={context.countries.map((c) => c.code)}
              onNext={(values) => actor.send({ type: 'registration.addressSubmitted', values })}
              onBack={(values) => actor.send({ type: 'registration.wentBack', values })}
            />
          )}
          {shown === 'bank' && (
            <BankForm
              values={context.bank}
              accepted={context.agreements}
              agreements={context.agreementList}
              errors={context.errors}
              countries={context.countries.map((c) => c.code)}
              submitting={submitting}
              onSubmit={(values) => actor.send({ type: 'registration.submitted', values })}
              onRefused={(values) => actor.send({ type: 'registration.bankRefused', values })}
              onToggle={(id, accepted) => actor.send({ type: 'registration.agreementToggled', id, accepted })}
              onBack={(values) => actor.send({ type: 'registration.wentBack', values })}
            />
          )}
          <p>
            {t('account.register.haveAccount')} <Link href={href(language, 'login')}>{t('account.register.login')}</Link>
          </p>
        </>
      )}
    </AccountPage>
  );
};



function AccountForm({
  values,
  errors: serverErrors,
  busy,
  onNext,
}: {
  values: AccountStep;
  errors: FieldErrors;
  /** the e-mail is being checked */
  busy: boolean;
  onNext: (values: AccountStep) => void;
}) {
  const t = useT();
  const form = useForm<AccountStep>({ defaultValues: { ...values }, mode: 'onBlur', reValidateMode: 'onChange' });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;
  const message = useFieldMessage(errors, serverErrors);

  return (
    <Form noValidate onSubmit={handleSubmit(onNext)} aria-label={t('account.register.steps.account')}>
      <TextField
        label={t('account.register.email')}
        type="email"
        autoComplete="email"
        required
        error={message('email')}
        {...register('email', { validate: (v) => ok(checkEmail(v)) })}
      />
      <Grid>
        <PasswordField
          label={t('account.register.password')}
          hint={t('account.form.passwordHint')}
          required
          error={message('password')}
          {...register('password', { validate: (v) => ok(checkPassword(v)) })}
        />
        <PasswordField
          label={t('account.register.repeatPassword')}
          required
          error={message('repeatPassword')}
          {...register('repeatPassword', {
            validate: (v, all) => ok(checkSame(v, all.password, 'REPEAT_PASSWORD_EMPTY')),
          })}
        />
      </Grid>
      <NameAndPhoneFields form={form} message={message} />
      <Actions>
        <Button type="submit" busy={busy} data-loading={busy || undefined}>
          {t('account.register.next')}
        </Button>
      </Actions>
    </Form>
  );
}

function AddressForm({
  values,
  errors: serverErrors,
  countries,
  onNext,
  onBack,
}: {
  values: AddressStep;
  errors: FieldErrors;
  countries: string[];
  onNext: (values: AddressStep) => void;
  onBack: (values: AddressStep) => void;
}) {
  const t = useT();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<AddressStep>({ defaultValues: { ...values }, mode: 'onBlur', reValidateMode: 'onChange' });
  const message = useFieldMessage(errors, serverErrors);
  const required = { validate: (v: string) => ok(checkRequired(v)) };
  return (
    <Form noValidate onSubmit={handleSubmit(onNext)} aria-label={t('account.register.steps.address')}>
      <TextField
        label={t('account.register.street')}
        autoComplete="street-address"
        required
        error={message('street', 'address.street')}
        {...register('street', required)}
      />
      <Grid>
        <TextField
          label={t('account.register.zip')}
          autoComplete="postal-code"
          required
          error={message('zip', 'address.zip')}
          {...register('zip', required)}
        />
        <TextField
          label={t('account.register.city')}
          autoComplete="address-level2"
          required
          error={message('city', 'address.city')}
          {...register('city', required)}
        />
      </Grid>
      <Grid>
        <TextField
          label={t('account.register.state')}
          autoComplete="address-level1"
          required
          error={message('state', 'address.state')}
          {...register('state', required)}
        />
        <CountrySelect
          label={t('account.register.country')}
          codes={countries}
          autoComplete="country"
          required
          error={message('country', 'address.country')}
          {...register('country', required)}
        />
      </Grid>
      <Actions>
        <Button variant="secondary" onClick={() => onBack(getValues())}>
          {t('account.register.back')}
        </Button>
        <Button type="submit">{t('account.register.next')}</Button>
      </Actions>
    </Form>
  );
}

function BankForm({
  values,
  accepted,
  agreements,
  errors: serverErrors,
  countries,
  submitting,
  onSubmit,
  onRefused,
  onToggle,
  onBack,
}: {
  values: BankStep;
  accepted: Record<string, boolean>;
  agreements: Agreement[];
  errors: FieldErrors;
  countries: string[];
  submitting: boolean;
  onSubmit: (values: BankStep) => void;
  /** the fields break their rules: the chart marks the required agreements missing too */
  onRefused: (values: BankStep) => void;
  onToggle: (id: string, accepted: boolean) => void;
  onBack: (values: BankStep) => void;
}) {
  const t = useT();
  const text = useErrorText();
  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    formState: { errors },
  } = useForm<BankStep>({
    defaultValues: { ...values, accountNumber: groupAccountNumber(values.accountNumber) },
    mode: 'onBlur',
    reValidateMode: 'onChange',
  });
  const message = useFieldMessage(errors, serverErrors);
  const required = { validate: (v: string) => ok(checkRequired(v)) };
  // the chart decides whether the required agreements are accepted (it stays on this step when not)
  const submit = handleSubmit(onSubmit, () => onRefused(getValues()));

  return (
    <Form noValidate onSubmit={submit} aria-label={t('account.register.steps.bank')} aria-busy={submitting}>
      <CountrySelect
        label={t('account.register.bankCountry')}
        codes={countries}
        required
        error={message('country', 'bank.country')}
        {...register('country', required)}
      />
      <TextField
        label={t('account.register.bankName')}
        required
        error={message('bankName', 'bank.bankName')}
        {...register('bankName', required)}
      />
      <TextField
        label={t('account.register.accountNumber')}
        hint={t('account.form.accountNumberHint')}
        inputMode="numeric"
        autoComplete="off"
        maxLength={BANK_ACCOUNT_NUMBER_MAX_LENGTH}
        required
        error={message('accountNumber', 'bank.accountNumber')}
        {...register('accountNumber', {
          validate: (v) => ok(checkAccountNumber(v)),
          // shown and typed in groups of four; the account api sends digits only
          onChange: (e) => {
            const grouped = groupAccountNumber(e.target.value);
            if (grouped !== e.target.value) setValue('accountNumber', grouped);
          },
        })}
      />
      {agreements.length > 0 && (
        <fieldset style={{ border: 0, padding: 0, margin: 0, display: 'grid', gap: 12 }}>
          <legend style={{ fontWeight: 700, marginBottom: 8 }}>{t('account.register.agreements')}</legend>
          {agreements.map((a) => {
            const key = String(a.id);
            return (
              <Checkbox
                key={key}
                name={`agreements.${key}`}
                label={<ServerHtml html={a.content} as="span" />}
                required={a.required}
                checked={Boolean(accepted[key])}
                onChange={(value) => onToggle(key, value)}
                error={text(serverErrors[`agreements.${key}`])}
              />
            );
          })}
        </fieldset>
      )}
      <FieldError>{text(serverErrors[''])}</FieldError>
      <Actions>
        <Button variant="secondary" disabled={submitting} onClick={() => onBack(getValues())}>
          {t('account.register.back')}
        </Button>
        <Button type="submit" busy={submitting} data-loading={submitting || undefined}>
          {submitting ? t('account.register.submitting') : t('account.register.submit')}
        </Button>
      </Actions>
    </Form>
  );
}

