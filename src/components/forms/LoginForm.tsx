// The e-mail and password form of the login page and of the maintenance screen (SPEC §2: fields userLogin
// and userPassword, errors beside the fields, a loading state on the submit button).
import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useT, useTranslateError } from '../../i18n/i18n';
import { Button } from '../ui/Button';

export interface LoginFormProps {
  /** error code per field: `email`, `password`, or '' for the form as a whole */
  errors: Record<string, string>;
  loading: boolean;
  onSubmit: (email: string, password: string) => void;
}

export function LoginForm({ errors, loading, onSubmit }: LoginFormProps) {
  const t = useT();
  const translateError = useTranslateError();
  const id = useId();
  // The typed values are the form's own; what happens on submit is the auth machine's.
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const emailError = errors.email ?? errors.userLogin;
  const passwordError = errors.password ?? errors.userPassword;
  const formError = errors[''] ?? errors.clientId;

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit(email, password);
  }

  return (
    <Form onSubmit={submit} noValidate aria-busy={loading}>
      <Field>
        <label htmlFor={`${id}-login`}>{t('auth.login.email')}</label>
        <input
          id={`${id}-login`}
          name="userLogin"
          type="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-required="true"
          aria-invalid={Boolean(emailError)}
          aria-describedby={emailError ? `${id}-login-error` : undefined}
        />
        {emailError && (
          <FieldError id={`${id}-login-error`} role="alert">
            {translateError(emailError)}
          </FieldError>
        )}
      </Field>
      <Field>
        <label htmlFor={`${id}-password`}>{t('auth.login.password')}</label>
        <input
          id={`${id}-password`}
          name="userPassword"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-required="true"
          aria-invalid={Boolean(passwordError)}
          aria-describedby={passwordError ? `${id}-password-error` : undefined}
        />
        {passwordError && (
          <FieldError id={`${id}-password-error`} role="alert">
            {translateError(passwordError)}
          </FieldError>
        )}
      </Field>
      {formError && <FieldError role="alert">{translateError(formError)}</FieldError>}
      <Button type="submit" busy={loading} data-loading={loading || undefined}>
        {loading ? t('auth.login.submitting') : t('auth.login.submit')}
      </Button>
    </Form>
  );
}

const Form = styled.form`
  display: grid;
  gap: 16px;
  width: 100%;
  max-width: 400px;
`;

const Field = styled.div`
  display: grid;
  gap: 4px;
  label {
    font-weight: 700;
  }
  input {
    padding: 10px 12px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius}px;
    background: ${({ theme }) => theme.colors.white};
  }
  input[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.error};
  }
`;

export const FieldError = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.error};
  font-size: 0.9rem;
`;
