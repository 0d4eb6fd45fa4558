// The frame every settings form shares, and the card each tab's content sits on.
import { useId, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { FieldError } from '../../../components/forms/FieldError';
import { Button } from '../../../components/ui/Button';
import { useT } from '../../../i18n/i18n';
import { Actions, Form, Success, useErrorText } from '../ui';
import type { Save } from './useSave';

/** The frame of one settings form: title, fields, form-level error, save button, success message. */
export function SettingsForm({
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

export const Card = styled.section`
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
