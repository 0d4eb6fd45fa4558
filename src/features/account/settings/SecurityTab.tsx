// The security tab: the password change and the e-mail change.
import { useLayoutEffect } from 'react';
import { useForm } from 'react-hook-form';
import { PasswordField } from '../../../components/forms/PasswordField';
import { TextField } from '../../../components/forms/TextField';
import { useT } from '../../../i18n/i18n';
import { checkNewEmail, checkPassword, checkSame, ok } from '../rules';
import { Muted, useFieldMessage } from '../ui';
import { SettingsForm } from './SettingsForm';
import type { Save } from './useSave';

export function SecurityTab({ saves }: { saves: { password: Save; email: Save } }) {
  return (
    <>
      <PasswordForm save={saves.password} />
      <EmailForm save={saves.email} />
    </>
  );
}

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
