// Settings (SPEC §2 "Investor area", §5, §8): five tabs (personal information, notifications, documents,
// security, investor status) in a keyboard-accessible tablist. The investor is loaded with GET /investor (the load chart);
// then every form runs its own copy of the settings chart for the screen's life (idle → saving → saved |
// failed): its context holds the server's data and the fields as typed, so a tab switch keeps the edits and
// a save's answer seeds the fields. The forms are seeded from the chart and report each change to it;
// errors beside the fields, a success message per save.
import { useActorRef, useSelector } from '@xstate/react';
import { useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useCallbackSlot } from '../../components/ui/useLatestCallback';
import { useForm } from 'react-hook-form';
import styled from 'styled-components';
import { BANK_ACCOUNT_NUMBER_MAX_LENGTH } from '../../../contract/bank-account';
import { fromPromise } from 'xstate';
import { settingsMachine, type SettingsGroup, type SettingsValues } from '../../../machines/settings.machine';
import { useAppSystem } from '../../system/AppSystemContext';
import type { Screen } from '../../screens/screen';
import { Checkbox } from '../../components/forms/Checkbox';
import { CountrySelect } from '../../components/forms/CountrySelect';
import { FieldError } from '../../components/forms/FieldError';
import { PasswordField } from '../../components/forms/PasswordField';
import { TextField } from '../../components/forms/TextField';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { useLoad } from '../../components/ui/useLoad';
import { NameAndPhoneFields, type NameAndPhoneValues } from './NameAndPhoneFields';
import { SophisticatedApplication } from './SophisticatedApplication';
import { usePageTitle } from '../../components/ui/usePageTitle';
import { useLanguage, useT } from '../../i18n/i18n';
import { groupAccountNumber } from '../../components/format/accountNumber';
import { createInvestorApi } from '../investor/api';
import { InvestorDocuments } from '../investor/DocumentsPage';
import { useFileDownload } from '../investor/ui';
import { createAccountApi, type Investor } from './api';
import {
  checkAccountNumber,
  checkNewEmail,
  checkPassword,
  checkRequired,
  checkSame,
  normalizeAccountNumber,
  ok,
} from './rules';
import { AccountPage, Actions, ErrorList, Form, Grid, Muted, Success, useErrorText, useFieldMessage } from './ui';

export const SETTINGS_TABS = ['personal', 'notifications', 'documents', 'security', 'status'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];


export const SettingsPage: Screen = () => {
  const t = useT();
  const { http } = useAppSystem();
  usePageTitle(t('account.settings.title'));
  const api = createAccountApi(http);
  const load = useLoad((_: null, signal) => api.investor(signal), null);

  return (
    <Page data-testid="page-settings">
      <h1>{t('account.settings.title')}</h1>
      {load.status === 'failure' && (
        <>
          <ErrorList codes={[(load.error as { code?: string })?.code ?? 'GENERIC']} />
          <Muted>{t('account.settings.loadFailed')}</Muted>
          <Actions>
            <Button onClick={load.retry}>{t('account.settings.retry')}</Button>
          </Actions>
        </>
      )}
      {load.skeleton && <Spinner />}
      {load.status === 'success' && load.data && <SettingsTabs investor={load.data} />}
    </Page>
  );
};

/** The tabs once the investor is loaded: the six save charts live as long as this does (tab switches keep them). */
function SettingsTabs({ investor }: { investor: Investor }) {
  const t = useT();
  const { http } = useAppSystem();
  const api = createAccountApi(http);
  const countries = useLoad((_: null, signal) => api.countries(signal), null);
  // which tab is shown is the tablist's own view state (no flow: nothing loads or saves on a switch)
  const [tab, setTab] = useState<SettingsTab>('personal');
  const saves = {
    personal: useSave('personal', investor),
    address: useSave('address', investor),
    bank: useSave('bank', investor),
    notificationsOptOut: useSave('notificationsOptOut', investor),
    password: useSave('password', investor),
    email: useSave('email', investor),
  };
  return (
        <Tabs current={tab} onChange={setTab}>
          {tab === 'personal' && (
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
          )}
          {tab === 'notifications' && <NotificationsForm save={saves.notificationsOptOut} />}
          {tab === 'documents' && <Documents />}
          {tab === 'security' && (
            <>
              <PasswordForm save={saves.password} />
              <EmailForm save={saves.email} />
            </>
          )}
          {tab === 'status' && <InvestorStatus />}
        </Tabs>
  );
}

// ---------------------------------------------------------------------------------------------------
// Tabs (WAI-ARIA tabs pattern: arrows, Home and End move between tabs; the panel follows the selection)

function Tabs({ current, onChange, children }: { current: SettingsTab; onChange: (tab: SettingsTab) => void; children: ReactNode }) {
  const t = useT();
  const id = useId();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  function onKeyDown(event: KeyboardEvent) {
    const i = SETTINGS_TABS.indexOf(current);
    const next =
      event.key === 'ArrowRight'
        ? SETTINGS_TABS[(i + 1) % SETTINGS_TABS.length]
        : event.key === 'ArrowLeft'
          ? SETTINGS_TABS[(i - 1 + SETTINGS_TABS.length) % SETTINGS_TABS.length]
          : event.key === 'Home'
            ? SETTINGS_TABS[0]
            : event.key === 'End'
              ? SETTINGS_TABS[SETTINGS_TABS.length - 1]
              : null;
    if (!next) return;
    event.preventDefault();
    onChange(next);
    refs.current[next]?.focus();
  }
  return (
    <>
      <TabList role="tablist" aria-label={t('account.settings.tabsLabel')} onKeyDown={onKeyDown}>
        {SETTINGS_TABS.map((tab) => (
          <TabButton
            key={tab}
            ref={(el) => {
              refs.current[tab] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab}`}
            aria-selected={tab === current}
            aria-controls={`${id}-panel`}
            tabIndex={tab === current ? 0 : -1}
            onClick={() => onChange(tab)}
          >
            {t(`account.settings.tabs.${tab}`)}
          </TabButton>
        ))}
      </TabList>
      <Panel role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${current}`} tabIndex={0}>
        {children}
      </Panel>
    </>
  );
}

// ---------------------------------------------------------------------------------------------------
// One save flow per form

function useSave(group: SettingsGroup, investor: Investor) {
  const { http, auth } = useAppSystem();
  /** the form's effect after a save (the password form empties its fields), set by the mounted form */
  const afterSave = useCallbackSlot();
  const actor = useActorRef(
    settingsMachine.provide({
      actors: {
        save: fromPromise(({ input, signal }) => createAccountApi(http).updateInvestor(input.group, input.values, signal)),
      },
      actions: {
        saved: () => {
          // the header shows the signed-in user's name: the auth actor loads the user again
          if (group === 'personal') auth.send({ type: 'auth.userRequested' });
          afterSave.run();
        },
      },
    }),
    { input: { group, investor } },
  );
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const saved = useSelector(actor, (s) => s.matches('saved'));
  const errors = useSelector(actor, (s) => s.context.errors);
  const values = useSelector(actor, (s) => s.context.values);
  const email = useSelector(actor, (s) => s.context.investor.email);
  return {
    busy,
    saved,
    errors,
    /** the fields as the chart holds them (the server's data, then the edits) */
    values,
    /** the investor's current e-mail (the server's data) */
    email,
    afterSave,
    submit: (submitted: unknown) => actor.send({ type: 'settings.submitted', values: submitted }),
    edited: (edits: Partial<SettingsValues>) => actor.send({ type: 'settings.edited', values: edits }),
  };
}

type Save = ReturnType<typeof useSave>;

/** The frame of one settings form: title, fields, form-level error, save button, success message. */
function SettingsForm({
  title,
  save,
  successText,
  onSubmit,
  onEdit,
  children,
  testId,
}: {
  title: string;
  save: Save;
  successText: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** a field changed: the form reports its fields to the chart */
  onEdit: () => void;
  children: ReactNode;
  testId: string;
}) {
  const t = useT();
  const text = useErrorText();
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId} data-testid={testId}>
      <h2 id={headingId}>{title}</h2>
      <Form noValidate aria-busy={save.busy} onSubmit={onSubmit} onChange={onEdit}>
        {children}
        <FieldError>{text(save.errors[''])}</FieldError>
        <Actions>
          <Button type="submit" busy={save.busy} data-loading={save.busy || undefined}>
            {save.busy ? t('account.settings.saving') : t('account.settings.save')}
          </Button>
        </Actions>
        {save.saved && <Success>{successText}</Success>}
      </Form>
    </Card>
  );
}


// ---------------------------------------------------------------------------------------------------
// Personal information tab

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

// ---------------------------------------------------------------------------------------------------
// Notifications tab

function NotificationsForm({ save }: { save: Save }) {
  const t = useT();
  const text = useErrorText();
  const { optOut } = save.values.notificationsOptOut;
  return (
    <SettingsForm
      testId="settings-notifications"
      title={t('account.settings.notifications.title')}
      save={save}
      successText={t('account.settings.notifications.saved')}
      onEdit={() => {}}
      onSubmit={(e) => {
        e.preventDefault();
        save.submit(optOut);
      }}
    >
      <Checkbox
        name="notificationsOptOut"
        label={t('account.settings.notifications.optOut')}
        checked={optOut}
        disabled={save.busy}
        onChange={(value) => save.edited({ notificationsOptOut: { optOut: value } })}
        error={text(save.errors.notificationsOptOut)}
      />
    </SettingsForm>
  );
}

// ---------------------------------------------------------------------------------------------------
// Documents tab

function Documents() {
  const t = useT();
  const language = useLanguage();
  const { http } = useAppSystem();
  // the investor area's list: own documents need the bearer token (the file-download chart fetches them)
  const docs = useLoad((_: { language: string }, signal) => createInvestorApi(http).documents(signal), { language });
  const files = useFileDownload();
  return (
    <Card data-testid="settings-documents">
      <h2>{t('account.settings.documents.title')}</h2>
      <InvestorDocuments load={docs} files={files} />
    </Card>
  );
}

// ---------------------------------------------------------------------------------------------------
// Investor status tab: the classification and the sophisticated-investor application

function InvestorStatus() {
  const t = useT();
  const { http } = useAppSystem();
  const api = createAccountApi(http);
  const status = useLoad((_: null, signal) => api.sophisticatedStatus(signal), null);
  return (
    <Card data-testid="settings-status">
      <h2>{t('account.settings.status.title')}</h2>
      {status.status === 'failure' && (
        <>
          <ErrorList codes={[(status.error as { code?: string })?.code ?? 'GENERIC']} />
          <Actions>
            <Button onClick={status.retry}>{t('account.settings.retry')}</Button>
          </Actions>
        </>
      )}
      {status.skeleton && <Spinner />}
      {status.status === 'success' && status.data && <SophisticatedApplication status={status.data} apply={(body, signal) => api.applySophisticated(body, signal)} />}
    </Card>
  );
}

// ---------------------------------------------------------------------------------------------------
// Security tab

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  repeatPassword: string;
}

function PasswordForm({ save }: { save: Save }) {
  const t = useT();
  const { register, handleSubmit, reset, formState, getValues } = useForm<PasswordValues>({
    defaultValues: save.values.password,
    mode: 'onBlur',
    reValidateMode: 'onChange',
  });
  // After a change the chart empties the fields (the server has revoked the other sessions; this one stays).
  const { afterSave } = save;
  useLayoutEffect(() => {
    afterSave.fill(() => reset({ currentPassword: '', newPassword: '', repeatPassword: '' }));
    return () => afterSave.fill(null);
  }, [afterSave, reset]);
  const message = useFieldMessage(formState.errors, save.errors);
  return (
    <SettingsForm
      testId="settings-password"
      title={t('account.settings.password.title')}
      save={save}
      successText={t('account.settings.password.saved')}
      onEdit={() => save.edited({ password: getValues() })}
      onSubmit={handleSubmit((v) => save.submit(v))}
    >
      <PasswordField
        label={t('account.settings.password.current')}
        autoComplete="current-password"
        required
        error={message('currentPassword')}
        {...register('currentPassword', { validate: (v) => ok(v ? null : 'CURRENT_PASSWORD_EMPTY') })}
      />
      <PasswordField
        label={t('account.settings.password.new')}
        hint={t('account.form.passwordHint')}
        required
        error={message('newPassword')}
        {...register('newPassword', { validate: (v) => ok(checkPassword(v, 'NEW_PASSWORD_EMPTY')) })}
      />
      <PasswordField
        label={t('account.settings.password.repeat')}
        required
        error={message('repeatPassword')}
        {...register('repeatPassword', { validate: (v, all) => ok(checkSame(v, all.newPassword, 'REPEAT_PASSWORD_EMPTY')) })}
      />
    </SettingsForm>
  );
}

interface EmailValues {
  newEmail: string;
  repeatEmail: string;
}

function EmailForm({ save }: { save: Save }) {
  const t = useT();
  const { register, handleSubmit, formState, getValues } = useForm<EmailValues>({
    defaultValues: save.values.email,
    mode: 'onBlur',
    reValidateMode: 'onChange',
  });
  // the link went to the address typed (the chart keeps the e-mail form's fields after a save)
  const sentTo = save.values.email.newEmail.trim();
  const message = useFieldMessage(formState.errors, save.errors);
  return (
    <SettingsForm
      testId="settings-email"
      title={t('account.settings.email.title')}
      save={save}
      successText={t('account.settings.email.sent', { email: sentTo })}
      onEdit={() => save.edited({ email: getValues() })}
      onSubmit={handleSubmit((v) => save.submit({ newEmail: v.newEmail.trim(), repeatEmail: v.repeatEmail.trim() }))}
    >
      <Muted>{t('account.settings.email.current', { email: save.email })}</Muted>
      <TextField
        label={t('account.settings.email.new')}
        type="email"
        autoComplete="email"
        required
        error={message('newEmail')}
        {...register('newEmail', { validate: (v) => ok(checkNewEmail(v, save.email)) })}
      />
      <TextField
        label={t('account.settings.email.repeat')}
        type="email"
        autoComplete="email"
        required
        error={message('repeatEmail')}
        {...register('repeatEmail', {
          validate: (v, all) => ok(checkSame(v.trim().toLowerCase(), all.newEmail.trim().toLowerCase(), 'IS_EMPTY', 'EMAIL_NOT_SAME')),
        })}
      />
    </SettingsForm>
  );
}

// ---------------------------------------------------------------------------------------------------

const Page = styled(AccountPage)`
  max-width: ${({ theme }) => theme.layout.sectionMaxWidth}px;
`;

const TabList = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
  border-bottom: 2px solid ${({ theme }) => theme.colors.border};
`;

const TabButton = styled.button`
  padding: 12px 16px;
  border: 0;
  border-bottom: 3px solid transparent;
  margin-bottom: -2px;
  background: none;
  font: inherit;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  &[aria-selected='true'] {
    color: ${({ theme }) => theme.colors.green};
    border-bottom-color: ${({ theme }) => theme.colors.green};
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Panel = styled.div`
  display: grid;
  gap: 24px;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 4px;
  }
`;

const Card = styled.section`
  display: grid;
  gap: 16px;
  padding: 24px;
  border-radius: ${({ theme }) => theme.radius}px;
  background: ${({ theme }) => theme.colors.white};
  box-shadow: ${({ theme }) => theme.shadow};
  h2 {
    margin: 0;
    font-size: 1.25rem;
  }
`;

