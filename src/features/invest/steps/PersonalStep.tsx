// Step one: the investor's personal information (the fields as the chart holds them).
import { useSelector } from '@xstate/react';
import type { InvestorField } from '../../../../machines/investment.machine';
import { CountrySelect } from '../../../components/forms/CountrySelect';
import { TextField } from '../../../components/forms/TextField';
import { useT, useTranslateError } from '../../../i18n/i18n';
import { useAppSystem } from '../../../system/AppSystemContext';
import type { InvestmentActor } from '../investActors';
import { Actions, ErrorList, Grid, NextButton, splitErrors, StepForm } from './ui';

const PERSONAL_FIELDS: InvestorField[] = ['firstName', 'lastName', 'phone', 'address', 'zip', 'city', 'country'];

/** `investorData.address.city` → `city`, `investorData.address.country.name` → `country`. */
function investorFieldOf(context: string): string | undefined {
  if (!context.startsWith('investorData')) return undefined;
  const parts = context.split('.').slice(1).filter((p) => p !== 'address' && p !== 'name');
  const field = parts[0] ?? (context.endsWith('.address') ? 'address' : undefined);
  return field && (PERSONAL_FIELDS as string[]).includes(field) ? field : undefined;
}

export function PersonalStep({ actor }: { actor: InvestmentActor }) {
  const t = useT();
  const tError = useTranslateError();
  const { auth } = useAppSystem();
  const email = useSelector(auth, (s) => s.context.user?.userData.email ?? '');
  const investor = useSelector(actor, (s) => s.context.draft?.investor);
  const countries = useSelector(actor, (s) => s.context.countries);
  const errors = useSelector(actor, (s) => s.context.errors);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const { byField, rest } = splitErrors(errors, investorFieldOf);
  const field = (name: InvestorField, autoComplete: string, required = true) => (
    <TextField
      label={t(`invest.personal.${name}`)}
      name={name}
      autoComplete={autoComplete}
      required={required}
      value={investor?.[name] ?? ''}
      error={byField[name] ? tError(byField[name]) : null}
      onChange={(e) => actor.send({ type: 'investment.fieldChanged', field: name, value: e.target.value })}
    />
  );
  return (
    <StepForm
      noValidate
      aria-busy={busy}
      data-testid="step-personalInformation"
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'investment.stepSubmitted' });
      }}
    >
      <h1 id="invest-step-title">{t('invest.steps.personalInformation')}</h1>
      <p>{t('invest.personal.intro')}</p>
      <Grid>
        {field('firstName', 'given-name')}
        {field('lastName', 'family-name')}
      </Grid>
      <TextField label={t('invest.personal.email')} name="email" value={email} readOnly />
      {field('phone', 'tel', false)}
      {field('address', 'street-address')}
      <Grid>
        {field('zip', 'postal-code')}
        {field('city', 'address-level2')}
      </Grid>
      <CountrySelect
        label={t('invest.personal.country')}
        name="country"
        codes={countries.length ? countries : ['PL']}
        required
        value={investor?.country ?? ''}
        error={byField.country ? tError(byField.country) : null}
        onChange={(e) => actor.send({ type: 'investment.fieldChanged', field: 'country', value: e.target.value })}
      />
      <ErrorList errors={rest} />
      <Actions>
        <NextButton busy={busy} />
      </Actions>
    </StepForm>
  );
}
