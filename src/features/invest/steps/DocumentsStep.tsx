// Step two: the offer's investor documents, its consents and the key investment information sheet; above the
// large-investment threshold, the warning the investor consents to first.
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import { Link } from 'wouter';
import { stepOfContext } from '../../../../contract/investment-steps';
import { href } from '../../../../contract/routes';
import { formatMoney } from '../../../../lib/format';
import { amountOf } from '../../../../machines/investment.machine';
import { Checkbox } from '../../../components/forms/Checkbox';
import { Button } from '../../../components/ui/Button';
import { ServerHtml } from '../../../components/ui/ServerHtml';
import { useLanguage, useT, useTranslateError } from '../../../i18n/i18n';
import type { InvestmentActor } from '../investActors';
import { Actions, BackLink, ErrorList, NextButton, splitErrors, StepForm } from './ui';

export function DocumentsStep({ actor }: { actor: InvestmentActor }) {
  const t = useT();
  const tError = useTranslateError();
  const offer = useSelector(actor, (s) => s.context.offer!);
  const accepted = useSelector(actor, (s) => s.context.draft?.agreements ?? {});
  const errors = useSelector(actor, (s) => s.context.errors);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const { byField, rest } = splitErrors(errors, (context) => (context.startsWith('agreements.') ? context.slice('agreements.'.length) : undefined));
  const kiis = useSelector(actor, (s) => s.context.kiis);
  const kiisAcknowledged = useSelector(actor, (s) => s.context.kiis !== null && s.context.draft?.kiisHash === s.context.kiis.hash);
  const kiisError = errors.find((e) => e.context === 'kiis');
  const large = useSelector(actor, (s) => s.matches({ steps: { documents: 'largeInvestment' } }));
  if (large) return <LargeInvestmentWarning actor={actor} />;
  return (
    <StepForm
      noValidate
      aria-busy={busy}
      data-testid="step-documents"
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'investment.stepSubmitted' });
      }}
    >
      <h1 id="invest-step-title">{t('invest.steps.documents')}</h1>
      <p>{t('invest.documents.intro')}</p>
      <h2>{t('invest.documents.list')}</h2>
      {offer.documents.length ? (
        <Documents data-testid="investor-documents">
          {offer.documents.map((d) => (
            <li key={d.id}>
              <a href={d.url} target="_blank" rel="noreferrer noopener" aria-label={t('invest.documents.open', { name: d.displayName })}>
                {d.displayName}
              </a>
            </li>
          ))}
        </Documents>
      ) : (
        <p>{t('invest.documents.none')}</p>
      )}
      {offer.agreements.length > 0 && (
        <fieldset>
          <legend>{t('invest.documents.agreements')}</legend>
          {offer.agreements.map((a) => (
            <Checkbox
              key={a.id}
              name={`agreements.${a.id}`}
              label={<ServerHtml html={a.content} as="span" />}
              required={a.required}
              checked={Boolean(accepted[a.id])}
              onChange={(value) => actor.send({ type: 'investment.agreementToggled', id: a.id, accepted: value })}
              error={byField[a.id] ? tError(byField[a.id] === 'IS_EMPTY' ? 'AGREEMENT_REQUIRED' : byField[a.id]) : null}
            />
          ))}
        </fieldset>
      )}
      {kiis && (
        <fieldset data-testid="kiis">
          <legend>{t('protection.kiis.heading')}</legend>
          <p>
            <a href={kiis.url} target="_blank" rel="noreferrer noopener" data-testid="kiis-link">
              {t('protection.kiis.open')}
            </a>
          </p>
          <Checkbox
            name="kiis"
            label={t('protection.kiis.acknowledge')}
            required
            checked={kiisAcknowledged}
            onChange={(value) => actor.send({ type: 'investment.kiisToggled', accepted: value })}
            error={kiisError ? tError(kiisError.code) : null}
          />
        </fieldset>
      )}
      <ErrorList errors={rest.filter((e) => stepOfContext(e.context) !== 'personalInformation' && e.context !== 'kiis')} />
      <Actions>
        <BackLink actor={actor} to="personalInformation" />
        <NextButton busy={busy} />
      </Actions>
    </StepForm>
  );
}

/** ECSP Art. 21(7): the order is above the threshold; the investor consents explicitly or changes the quantity. */
function LargeInvestmentWarning({ actor }: { actor: InvestmentActor }) {
  const t = useT();
  const language = useLanguage();
  const slug = useSelector(actor, (s) => s.context.slug);
  const amount = useSelector(actor, (s) => amountOf(s.context));
  const threshold = useSelector(actor, (s) => s.context.protection.threshold ?? 0);
  const errors = useSelector(actor, (s) => s.context.errors);
  return (
    <StepForm
      noValidate
      data-testid="large-investment"
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'investment.largeInvestmentConsented' });
      }}
    >
      <h1 id="invest-step-title">{t('protection.large.title')}</h1>
      <p role="alert">{t('protection.large.text', { amount: formatMoney(amount, language), threshold: formatMoney(threshold, language) })}</p>
      <ErrorList errors={errors} />
      <Actions>
        <Link href={href(language, 'offer', { slug })}>{t('protection.large.change')}</Link>
        <Button type="submit" data-testid="large-investment-consent">
          {t('protection.large.consent')}
        </Button>
      </Actions>
    </StepForm>
  );
}

const Documents = styled.ul`
  margin: 0;
  padding-left: 20px;
  display: grid;
  gap: 6px;
`;
