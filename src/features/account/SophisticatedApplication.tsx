// The investor-status tab of settings: the classification in force and the application to be treated as a
// sophisticated investor (ECSP Annex II). Renders the application chart (machines/sophisticatedApplication.machine.ts):
// the kind of investor, the criteria as a checkbox list, the declaration; what is missing is said beside the
// list; a waiting application closes the form.
import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import { fromPromise } from 'xstate';
import type { SophisticatedStatus } from '../../../contract/protection';
import { formatDate } from '../../../lib/format';
import { criteriaFor } from '../../../lib/sophisticatedCriteria';
import { sophisticatedApplicationMachine, type SophisticatedApplicationBodyOut } from '../../../machines/sophisticatedApplication.machine';
import { Checkbox } from '../../components/forms/Checkbox';
import { FieldError } from '../../components/forms/FieldError';
import { Button } from '../../components/ui/Button';
import { useLanguage, useT } from '../../i18n/i18n';
import { ErrorList, Form, Muted, Success } from './ui';

export function SophisticatedApplication({
  status,
  apply,
}: {
  status: SophisticatedStatus;
  apply: (body: SophisticatedApplicationBodyOut, signal: AbortSignal) => Promise<SophisticatedStatus>;
}) {
  const t = useT();
  const language = useLanguage();
  const kindName = useId();
  const actor = useActorRef(sophisticatedApplicationMachine.provide({ actors: { apply: fromPromise(({ input, signal }) => apply(input, signal)) } }), { input: { status } });
  const context = useSelector(actor, (s) => s.context);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const waiting = useSelector(actor, (s) => s.matches('waiting'));
  const { status: current, kind, criteria, declarationAccepted, missing, errors } = context;
  const latest = current.application;
  const date = (iso: string | null | undefined) => formatDate(iso ?? null, language, 'date');
  return (
    <div data-testid="settings-status-body">
      <p data-testid="investor-classification">
        {current.classification === 'sophisticated'
          ? t('account.settings.status.sophisticated', { date: date(current.reviewDueAt) })
          : t('account.settings.status.nonSophisticated')}
      </p>
      {latest?.status === 'rejected' && !waiting && (
        <Muted data-testid="application-rejected">{t('account.settings.status.rejected', { date: date(latest.submittedAt), reason: latest.decisionReason ?? '' })}</Muted>
      )}
      {latest?.status === 'approved' && !waiting && <Muted>{t('account.settings.status.approved', { date: date(latest.submittedAt) })}</Muted>}
      {waiting ? (
        <Success data-testid="application-waiting">{t('account.settings.status.waiting', { date: date(latest?.submittedAt) })}</Success>
      ) : (
        <Form
          noValidate
          aria-busy={busy}
          data-testid="sophisticated-application"
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'application.submitted' });
          }}
        >
          <Muted>{t('account.settings.status.intro')}</Muted>
          <fieldset>
            <legend>{t('account.settings.status.kind')}</legend>
            {(['natural_person', 'legal_person'] as const).map((k) => (
              <label key={k}>
                <input type="radio" name={kindName} value={k} checked={kind === k} disabled={busy} onChange={() => actor.send({ type: 'application.kindChosen', kind: k })} />{' '}
                {t(`account.settings.status.${k}`)}
              </label>
            ))}
          </fieldset>
          <fieldset aria-describedby={missing.includes('criteria') ? `${kindName}-criteria` : undefined}>
            <legend>{t('account.settings.status.criteria')}</legend>
            {criteriaFor(kind).map((c) => (
              <Checkbox
                key={c}
                name={c}
                label={t(`account.settings.status.criterion.${c}`)}
                checked={criteria.includes(c)}
                disabled={busy}
                onChange={() => actor.send({ type: 'application.criterionToggled', criterion: c })}
              />
            ))}
            <FieldError id={`${kindName}-criteria`}>{missing.includes('criteria') ? t('account.settings.status.criteriaMissing') : null}</FieldError>
          </fieldset>
          <Checkbox
            name="declaration"
            required
            label={t('account.settings.status.declaration')}
            checked={declarationAccepted}
            disabled={busy}
            onChange={() => actor.send({ type: 'application.declarationToggled' })}
            error={missing.includes('declaration') ? t('account.settings.status.declarationMissing') : null}
          />
          <ErrorList codes={errors.map((e) => e.code)} />
          <div>
            <Button type="submit" busy={busy}>
              {busy ? t('account.settings.status.submitting') : t('account.settings.status.submit')}
            </Button>
          </div>
        </Form>
      )}
    </div>
  );
}
