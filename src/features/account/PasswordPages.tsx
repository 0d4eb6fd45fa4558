// Passwords (SPEC §2, §8): the forgot-password form (always the same neutral answer), and the
// reset-password / set-password screens, which validate the token first (an invalid one shows the
// invalid reset-token page with a link to forgot-password), then take the new password and its repeat.
// All three run the passwordReset chart.
import { useActorRef, useSelector } from '@xstate/react';
import { useForm } from 'react-hook-form';
import { fromPromise } from 'xstate';
import { passwordResetMachine, type FieldErrors } from '../../../machines/passwordReset.machine';
import { useAppSystem } from '../../system/AppSystemContext';
import type { Screen } from '../../screens/screen';
import { FieldError } from '../../components/forms/FieldError';
import { PasswordField } from '../../components/forms/PasswordField';
import { TextField } from '../../components/forms/TextField';
import { Button, LinkButton } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { usePageTitle } from '../../components/ui/usePageTitle';
import { href } from '../../../contract/routes';
import { useLanguage, useT } from '../../i18n/i18n';
import { createAccountApi } from './api';
import { checkEmail, checkPassword, checkSame, ok } from './rules';
import { AccountPage, Actions, ErrorMessage, Form, Muted, Success, useErrorText, useFieldMessage, useFocusOnChange } from './ui';

function usePasswordReset(token: string | null) {
  const { http } = useAppSystem();
  return useActorRef(
    passwordResetMachine.provide({
      actors: {
        requestReset: fromPromise(({ input, signal }) => createAccountApi(http).requestReset(input.email, signal)),
        validateToken: fromPromise(({ input, signal }) => createAccountApi(http).validateResetToken(input.token, signal)),
        resetPassword: fromPromise(({ input, signal }) => createAccountApi(http).resetPassword(input, signal)),
      },
    }),
    { input: { token } },
  );
}


export const ForgotPasswordPage: Screen = () => {
  const t = useT();
  const language = useLanguage();
  const text = useErrorText();
  usePageTitle(t('account.forgotPassword.title'));
  const actor = usePasswordReset(null);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const requested = useSelector(actor, (s) => s.matches('requested'));
  const serverErrors = useSelector(actor, (s) => s.context.errors);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ email: string }>({ defaultValues: { email: '' }, mode: 'onBlur', reValidateMode: 'onChange' });
  const resultRef = useFocusOnChange<HTMLDivElement>(requested);
  const message = useFieldMessage(errors, serverErrors);
  return (
    <AccountPage data-testid="page-forgotPassword">
      <h1>{t('account.forgotPassword.title')}</h1>
      {requested ? (
        <div ref={resultRef} tabIndex={-1}>
          <Success>{t('account.forgotPassword.sent')}</Success>
        </div>
      ) : (
        <>
          <Muted>{t('account.forgotPassword.intro')}</Muted>
          <Form
            noValidate
            aria-busy={busy}
            onSubmit={handleSubmit(({ email }) => actor.send({ type: 'passwordReset.requested', email: email.trim() }))}
          >
            <TextField
              label={t('account.forgotPassword.email')}
              type="email"
              autoComplete="email"
              required
              error={message('email')}
              {...register('email', { validate: (v) => ok(checkEmail(v)) })}
            />
            <FieldError>{text(serverErrors[''])}</FieldError>
            <Actions>
              <Button type="submit" busy={busy} data-loading={busy || undefined}>
                {busy ? t('account.forgotPassword.submitting') : t('account.forgotPassword.submit')}
              </Button>
            </Actions>
          </Form>
        </>
      )}
      <p>
        <LinkButton variant="ghost" href={href(language, 'login')}>
          {t('account.forgotPassword.backToLogin')}
        </LinkButton>
      </p>
    </AccountPage>
  );
};

function tokenPage(mode: 'reset' | 'set'): Screen {
  const name = mode === 'reset' ? 'resetPassword' : 'setPassword';
  return function TokenPasswordPage({ params }) {
    const token = params.resetPasswordToken ?? '';
    return <NewPassword key={token} token={token} mode={mode} testId={`page-${name}`} />;
  };
}

export const ResetPasswordPage = tokenPage('reset');
export const SetPasswordPage = tokenPage('set');

interface NewPasswordValues {
  password: string;
  repeatPassword: string;
}

function NewPassword({ token, mode, testId }: { token: string; mode: 'reset' | 'set'; testId: string }) {
  const t = useT();
  const language = useLanguage();
  const title = mode === 'reset' ? t('account.resetPassword.title') : t('account.resetPassword.setTitle');
  const actor = usePasswordReset(token);
  const validating = useSelector(actor, (s) => s.hasTag('loading'));
  const invalid = useSelector(actor, (s) => s.matches('invalidToken'));
  const done = useSelector(actor, (s) => s.matches('done'));
  const form = useSelector(actor, (s) => s.matches('choosing') || s.matches('saving'));
  const email = useSelector(actor, (s) => s.context.email);
  usePageTitle(invalid ? t('account.resetPassword.invalidTitle') : title);

  return (
    <AccountPage data-testid={testId}>
      <h1>{invalid ? t('account.resetPassword.invalidTitle') : title}</h1>
      {validating && <Spinner label={t('account.resetPassword.checking')} />}
      {invalid && (
        <>
          <ErrorMessage>{t('account.resetPassword.invalidText')}</ErrorMessage>
          <Actions>
            <LinkButton href={href(language, 'forgotPassword')}>{t('account.resetPassword.requestNew')}</LinkButton>
          </Actions>
        </>
      )}
      {form && (
        <>
          {email && <Muted>{t('account.resetPassword.forEmail', { email })}</Muted>}
          <NewPasswordForm actor={actor} />
        </>
      )}
      {done && (
        <>
          <Success>{t('account.resetPassword.done')}</Success>
          <Actions>
            <LinkButton href={href(language, 'login')}>{t('account.resetPassword.goToLogin')}</LinkButton>
          </Actions>
        </>
      )}
    </AccountPage>
  );
}

function NewPasswordForm({ actor }: { actor: ReturnType<typeof usePasswordReset> }) {
  const t = useT();
  const text = useErrorText();
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const serverErrors: FieldErrors = useSelector(actor, (s) => s.context.errors);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<NewPasswordValues>({ defaultValues: { password: '', repeatPassword: '' }, mode: 'onBlur', reValidateMode: 'onChange' });
  const message = useFieldMessage(errors, serverErrors);
  return (
    <Form
      noValidate
      aria-busy={busy}
      onSubmit={handleSubmit((values) => actor.send({ type: 'passwordReset.submitted', ...values }))}
    >
      <PasswordField
        label={t('account.resetPassword.password')}
        hint={t('account.form.passwordHint')}
        required
        error={message('password')}
        {...register('password', { validate: (v) => ok(checkPassword(v, 'NEW_PASSWORD_EMPTY')) })}
      />
      <PasswordField
        label={t('account.resetPassword.repeatPassword')}
        required
        error={message('repeatPassword')}
        {...register('repeatPassword', { validate: (v, all) => ok(checkSame(v, all.password, 'REPEAT_PASSWORD_EMPTY')) })}
      />
      <FieldError>{text(serverErrors[''])}</FieldError>
      <Actions>
        <Button type="submit" busy={busy} data-loading={busy || undefined}>
          {busy ? t('account.resetPassword.submitting') : t('account.resetPassword.submit')}
        </Button>
      </Actions>
    </Form>
  );
}
