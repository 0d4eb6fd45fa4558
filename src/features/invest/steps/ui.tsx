// What the investment flow's steps share: the step's form frame, the error list and the navigation buttons.
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import { href } from '../../../../contract/routes';
import type { FlowRoute, InvestmentContext } from '../../../../machines/investment.machine';
import { Button, LinkButton } from '../../../components/ui/Button';
import { panelCss, panelTitleCss } from '../../../components/ui/Panel';
import { ROUTE_OF } from '../../../config/investFlow';
import { useLanguage, useT, useTranslateError } from '../../../i18n/i18n';
import type { InvestmentActor } from '../investActors';

export function newAttemptKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** The errors of a step's fields, by field name, and the rest (for the list above the buttons). */
export function splitErrors(errors: InvestmentContext['errors'], fieldOf: (context: string) => string | undefined) {
  const byField: Record<string, string> = {};
  const rest: typeof errors = [];
  for (const e of errors) {
    const field = fieldOf(e.context);
    if (field && !(field in byField)) byField[field] = e.code;
    else if (!field) rest.push(e);
  }
  return { byField, rest };
}

export function ErrorList({ errors }: { errors: InvestmentContext['errors'] }) {
  const tError = useTranslateError();
  if (!errors.length) return null;
  return (
    <Alerts role="alert" data-testid="invest-errors">
      {errors.map((e, i) => (
        <li key={`${e.code}-${e.context}-${i}`}>{tError(e.code, e.message)}</li>
      ))}
    </Alerts>
  );
}

export function NextButton({ busy }: { busy: boolean }) {
  const t = useT();
  return (
    <Button type="submit" busy={busy} data-loading={busy || undefined} data-testid="step-next">
      {busy ? t('invest.nav.checking') : t('invest.nav.next')}
    </Button>
  );
}

export function BackLink({ actor, to }: { actor: InvestmentActor; to: FlowRoute }) {
  const t = useT();
  const language = useLanguage();
  const slug = useSelector(actor, (s) => s.context.slug);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  return busy ? (
    <Button variant="secondary" disabled>
      {t('invest.nav.back')}
    </Button>
  ) : (
    <LinkButton variant="secondary" href={href(language, ROUTE_OF[to], { slug })} data-testid="step-back">
      {t('invest.nav.back')}
    </LinkButton>
  );
}

export const Center = styled.div`
  display: grid;
  justify-items: center;
  gap: 16px;
  padding: 48px 16px;
  text-align: center;
`;

export const StepForm = styled.form`
  ${panelCss}
  ${panelTitleCss}
  fieldset {
    border: 0;
    padding: 0;
    margin: 0;
    display: grid;
    gap: 12px;
  }
  legend {
    font-weight: 700;
    margin-bottom: 8px;
  }
`;

export const Grid = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 16px;
  @media (max-width: 600px) {
    grid-template-columns: 1fr;
  }
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  justify-content: space-between;
  align-items: center;
`;

const Alerts = styled.ul`
  margin: 0;
  padding: 12px 16px 12px 32px;
  border-radius: ${({ theme }) => theme.radius}px;
  color: ${({ theme }) => theme.colors.error};
  background: #fdecea;
`;
