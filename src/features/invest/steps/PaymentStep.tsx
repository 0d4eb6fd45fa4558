// Step three: the payment method, and the order's submission.
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import { formatFractionPercent, formatMoney } from '../../../../lib/format';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { useLanguage, useT } from '../../../i18n/i18n';
import type { InvestmentActor } from '../investActors';
import { Actions, BackLink, ErrorList, newAttemptKey, StepForm } from './ui';

export function PaymentStep({ actor }: { actor: InvestmentActor }) {
  const t = useT();
  const language = useLanguage();
  const loading = useSelector(actor, (s) => s.hasTag('skeleton'));
  const failed = useSelector(actor, (s) => s.matches({ steps: { payment: 'methodsFailed' } }));
  const methods = useSelector(actor, (s) => s.context.methods);
  const methodId = useSelector(actor, (s) => s.context.draft?.methodId ?? null);
  const errors = useSelector(actor, (s) => s.context.errors);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  return (
    <StepForm
      noValidate
      aria-busy={busy}
      data-testid="step-payment"
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'investment.submitted', attemptKey: newAttemptKey() });
      }}
    >
      <h1 id="invest-step-title">{t('invest.steps.payment')}</h1>
      {loading && <Spinner />}
      {failed && (
        <>
          <p role="alert">{t('invest.payment.loadFailed')}</p>
          <Button onClick={() => actor.send({ type: 'investment.retried' })}>{t('invest.frame.retry')}</Button>
        </>
      )}
      {!loading && !failed && (
        <fieldset data-testid="payment-methods">
          <legend>{t('invest.payment.choose')}</legend>
          {methods.map((m) => (
            <Method key={m.id} data-method={m.codeName}>
              <input
                type="radio"
                name="method"
                value={m.id}
                disabled={!m.enabled || busy}
                checked={methodId === m.id}
                onChange={() => actor.send({ type: 'investment.methodChosen', methodId: m.id })}
              />
              <span>
                <strong>{m.name}</strong>{' '}
                {m.enabled
                  ? t('invest.payment.commission', {
                      value: formatMoney(m.commission.commissionValue, language),
                      percent: formatFractionPercent(m.commission.commissionPercent, language),
                    })
                  : `(${t('invest.payment.unavailable')})`}
              </span>
            </Method>
          ))}
        </fieldset>
      )}
      <ErrorList errors={failed ? [] : errors} />
      <Actions>
        <BackLink actor={actor} to="documents" />
        <Button type="submit" disabled={loading || failed} busy={busy} data-loading={busy || undefined} data-testid="pay-button">
          {busy ? t('invest.payment.paying') : t('invest.payment.pay')}
        </Button>
      </Actions>
    </StepForm>
  );
}

const Method = styled.label`
  display: flex;
  align-items: center;
  gap: 10px;
  padding: 12px;
  border: 2px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius}px;
  cursor: pointer;
  &:has(input:checked) {
    border-color: ${({ theme }) => theme.colors.green};
  }
`;
