// The order could not be made: the errors, a retry with a new attempt, or back to the offer.
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { href } from '../../../../contract/routes';
import { Button } from '../../../components/ui/Button';
import { useLanguage, useT } from '../../../i18n/i18n';
import type { InvestmentActor } from '../investActors';
import { Actions, ErrorList, newAttemptKey, StepForm } from './ui';

export function FailedStep({ actor }: { actor: InvestmentActor }) {
  const t = useT();
  const language = useLanguage();
  const errors = useSelector(actor, (s) => s.context.errors);
  const slug = useSelector(actor, (s) => s.context.slug);
  return (
    <StepForm as="div" data-testid="step-failed">
      <h1 id="invest-step-title">{t('invest.failed.title')}</h1>
      <ErrorList errors={errors} />
      <Actions>
        <Button onClick={() => actor.send({ type: 'investment.retried', attemptKey: newAttemptKey() })} data-testid="retry-order">
          {t('invest.failed.retry')}
        </Button>
        <Link href={href(language, 'offer', { slug })}>{t('invest.failed.changeQuantity')}</Link>
      </Actions>
    </StepForm>
  );
}
