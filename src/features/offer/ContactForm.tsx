// The contact form (SPEC §2, §5): react-hook-form holds the values; the contactForm machine sends them.
// Validation is the server's: its errors are shown beside each field, translated through the errors
// dictionary. The phone number is also checked here for the chosen country on blur and on country
// change (and the error cleared when the field is emptied).
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useLatestCallback } from '../../components/ui/useLatestCallback';
import { useForm } from 'react-hook-form';
import styled from 'styled-components';
import type { PromiseActorLogic } from 'xstate';
import { contactFormMachine, type ContactFormActorRef, type ContactMessage } from '../../../machines/contactForm.machine';
import { fieldErrorsOf } from '../../api/http';
import { blurAfterPress } from '../../components/forms/blurAfterPress';
import { Button } from '../../components/ui/Button';
import { ServerHtml } from '../../components/ui/ServerHtml';
import { useLanguage, useT, useTranslateError } from '../../i18n/i18n';
import { DEFAULT_PHONE_COUNTRY, usePhoneLib, withPhoneLib } from '../../components/forms/phone';
import { PhoneCountryStandIn } from '../../components/forms/PhoneCountryStandIn';
import type { Agreement } from './types';

export interface ContactFormValues {
  email: string;
  phoneNumber: string;
  phoneCountry: string;
  fullName: string;
  message: string;
  agreements: Record<string, boolean>;
}

export function trackFormSubmit(): void {
  const w = window as unknown as { dataLayer?: unknown[] };
  w.dataLayer = w.dataLayer ?? [];
  w.dataLayer.push({ event: 'form_submit' });
}

const emptyValues = (agreements: Agreement[]): ContactFormValues => ({
  email: '',
  phoneNumber: '',
  phoneCountry: DEFAULT_PHONE_COUNTRY,
  fullName: '',
  message: '',
  agreements: Object.fromEntries(agreements.map((a) => [a.id, false])),
});

export interface ContactFormProps {
  agreements: Agreement[];
  /** POST /contact-form */
  sendMessage: PromiseActorLogic<unknown, ContactMessage>;
  /** for tests: the form's machine actor */
  onActor?: (actor: ContactFormActorRef) => void;
}

export function ContactForm({ agreements, sendMessage, onActor }: ContactFormProps) {
  const t = useT();
  const translateError = useTranslateError();
  const language = useLanguage();
  const phoneLib = usePhoneLib();
  const countries = useMemo(() => (phoneLib ? phoneLib.phoneCountries(language) : null), [phoneLib, language]);
  const form = useForm<ContactFormValues>({ defaultValues: emptyValues(agreements) });
  const { register, handleSubmit, reset, setError, clearErrors, getValues, formState } = form;
  const resetFields = useLatestCallback(() => reset(emptyValues(agreements)));

  const actor = useActorRef(
    contactFormMachine.provide({
      actors: { sendContactMessage: sendMessage },
      actions: { resetFields: () => resetFields(), trackFormSubmit },
    }),
  );
  useEffect(() => {
    onActor?.(actor);
  }, [actor, onActor]);
  const submitting = useSelector(actor, (s) => s.hasTag('submitting'));
  const success = useSelector(actor, (s) => s.matches('success'));
  const serverErrors = useSelector(actor, (s) => s.context.errors);
  const byField = useMemo(() => fieldErrorsOf(serverErrors), [serverErrors]);
  const general = serverErrors.find((e) => !e.context);

  const checkPhone = () =>
    void withPhoneLib((l) => {
      const { phoneNumber, phoneCountry } = getValues();
      if (l.checkPhone(phoneNumber, phoneCountry)) setError('phoneNumber', { type: 'country', message: 'PHONE_NUMBER_NOT_VALID' });
      else clearErrors('phoneNumber');
    }, undefined);

  const errorOf = (field: string): string | null => {
    const local = field === 'phoneNumber' ? formState.errors.phoneNumber?.message : undefined;
    const code = local || byField[field];
    if (!code) return null;
    const server = serverErrors.find((e) => fieldErrorsOf([e])[field]);
    return translateError(code, local ? undefined : server?.message);
  };

  const onSubmit = handleSubmit((values) => {
    actor.send({
      type: 'contact.submitted',
      values: {
        fullName: values.fullName,
        email: values.email,
        phoneNumber: values.phoneNumber,
        phoneCountry: values.phoneCountry,
        message: values.message,
        agreements: agreements.map((a) => ({ id: a.id, isAccepted: !!values.agreements?.[a.id] })),
      },
    });
  });

  const field = (name: 'email' | 'fullName' | 'message' | 'phoneNumber') => {
    const error = errorOf(name);
    return {
      id: `contact-${name}`,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `contact-${name}-error` : undefined,
    } as const;
  };
  // a plain function, not a component made in each render (which React would mount afresh every time)
  const errorText = (name: string) => {
    const error = errorOf(name);
    return error ? (
      <FieldError id={`contact-${name.replace(/\./g, '-')}-error`} data-testid={`error-${name}`}>
        {error}
      </FieldError>
    ) : null;
  };

  const phone = register('phoneNumber', {
    onBlur: checkPhone,
    onChange: (e: { target: { value: string } }) => {
      if (!e.target.value.trim()) clearErrors('phoneNumber');
    },
  });
  const country = register('phoneCountry', { onChange: checkPhone });

  return (
    <Form onSubmit={onSubmit} noValidate aria-busy={submitting} data-testid="contact-form" data-state={success ? 'success' : submitting ? 'submitting' : 'editing'}>
      {success && (
        <Success role="status" data-testid="contact-success">
          {t('contact.success')}
        </Success>
      )}
      {general && (
        <FormError role="alert" data-testid="contact-error">
          {translateError(general.code, general.message)}
        </FormError>
      )}
      <Field>
        <label htmlFor="contact-email">{t('contact.email')} *</label>
        <input type="email" autoComplete="email" {...field('email')} {...register('email')} />
        {errorText('email')}
      </Field>
      <Field>
        <label htmlFor="contact-phoneNumber">{t('contact.phoneNumber')}</label>
        <PhoneRow>
          {countries ? (
            <select key="countries" aria-label={t('contact.phoneCountry')} {...country}>
              {countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.label}
                </option>
              ))}
            </select>
          ) : (
            // the list needs the phone library (components/forms/phone.ts)
            <PhoneCountryStandIn key="stand-in" label={t('contact.phoneCountry')} />
          )}
          {/* the check on blur must not move the submit button under a click (see blurAfterPress) */}
          <input type="tel" autoComplete="tel" {...field('phoneNumber')} {...phone} onBlur={blurAfterPress(phone.onBlur)} />
        </PhoneRow>
        {errorText('phoneNumber')}
      </Field>
      <Field>
        <label htmlFor="contact-fullName">{t('contact.fullName')} *</label>
        <input type="text" autoComplete="name" {...field('fullName')} {...register('fullName')} />
        {errorText('fullName')}
      </Field>
      <Field>
        <label htmlFor="contact-message">{t('contact.message')} *</label>
        <textarea rows={5} {...field('message')} {...register('message')} />
        {errorText('message')}
      </Field>
      {agreements.map((a) => {
        const name = `agreements.${a.id}`;
        const error = errorOf(name);
        return (
          <Agreement key={a.id}>
            <input
              type="checkbox"
              id={`contact-agreement-${a.id}`}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `contact-agreements-${a.id}-error` : undefined}
              aria-required={a.required || undefined}
              {...register(`agreements.${a.id}` as const)}
            />
            <label htmlFor={`contact-agreement-${a.id}`}>
              <ServerHtml as="span" html={a.content} />
              {a.required && (
                <Required aria-label={t('contact.required')} title={t('contact.required')}>
                  {' '}
                  *
                </Required>
              )}
            </label>
            {errorText(name)}
          </Agreement>
        );
      })}
      <Button type="submit" busy={submitting} data-testid="contact-submit">
        {submitting ? t('contact.sending') : t('contact.submit')}
      </Button>
    </Form>
  );
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  label {
    font-weight: 700;
  }
  input,
  textarea,
  select {
    padding: 10px 12px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius}px;
    background: ${({ theme }) => theme.colors.white};
  }
  input[aria-invalid='true'],
  textarea[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.error};
  }
  input:focus-visible,
  textarea:focus-visible,
  select:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 1px;
  }
`;

const PhoneRow = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(0, 3fr);
  gap: 8px;
`;

const Agreement = styled.div`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 4px 10px;
  align-items: start;
  input {
    width: 20px;
    height: 20px;
    margin-top: 2px;
  }
  input:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
  }
  > :last-child:not(label) {
    grid-column: 2;
  }
`;

const Required = styled.abbr`
  color: ${({ theme }) => theme.colors.error};
  text-decoration: none;
`;

const FieldError = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.error};
  font-size: 0.9rem;
`;

const Success = styled.p`
  margin: 0;
  padding: 12px 16px;
  border-radius: ${({ theme }) => theme.radius}px;
  background: ${({ theme }) => theme.colors.greenLight};
  color: ${({ theme }) => theme.colors.success};
  font-weight: 700;
`;

const FormError = styled(Success)`
  background: #fbeaea;
  color: ${({ theme }) => theme.colors.error};
`;
