// One investor's investor-protection records in the back office, as the regulator may ask for them: the
// classification (on record and in force), the knowledge tests, the large-investment consents and the
// revocations in the reflection period; and the sophisticated-investor applications with the decision on a
// pending one (approve or reject, with a reason, in the audit log).
import { Link } from 'wouter';
import type { InvestorProtectionRecords } from '../../../contract/operator';
import { href } from '../../../contract/routes';
import { formatMoney } from '../../../lib/format';
import { useLanguage, useT } from '../../i18n/i18n';
import { ActionForm, ActionOutcome, DataTable, SelectField, TextField, useOperatorApi, when } from './ui';
import { useOperatorAction } from './useOperatorAction';
import { Button } from '../../components/ui/Button';

type Application = InvestorProtectionRecords['applications'][number];

function ApplicationDecision({ application, onDecided }: { application: Application; onDecided: () => void }) {
  const t = useT();
  const api = useOperatorApi();
  const action = useOperatorAction(
    async (draft, signal) => {
      const result = await api.decideApplication(application.id, draft.decision === 'reject' ? 'reject' : 'approve', draft.reason, signal);
      onDecided();
      return result;
    },
    { draft: { decision: 'approve', reason: '' } },
  );
  return (
    <ActionForm action={action} testId="application-decision">
      <SelectField label={t('operator.protection.decide')} value={action.draft.decision} onChange={(v) => action.change('decision', v)} testId="application-decision-select">
        <option value="approve">{t('operator.protection.approve')}</option>
        <option value="reject">{t('operator.protection.reject')}</option>
      </SelectField>
      <TextField action={action} field="reason" label={t('operator.reason')} testId="application-reason" />
      <Button type="submit" busy={action.busy}>{t('operator.protection.run')}</Button>
      <ActionOutcome action={action} doneText={t('operator.protection.decisionSaved')} />
    </ActionForm>
  );
}

export function InvestorProtection({ records, onChanged }: { records: InvestorProtectionRecords; onChanged: () => void }) {
  const t = useT();
  const language = useLanguage();
  const { classification: c } = records;
  const orderLink = (o: { orderId: string; reference: string }) => <Link href={href(language, 'operatorOrder', { orderId: o.orderId })}>{o.reference}</Link>;
  return (
    <section aria-labelledby="investor-protection" data-testid="investor-protection">
      <h2 id="investor-protection">{t('operator.protection.title')}</h2>
      <h3>{t('operator.protection.classification')}</h3>
      <p data-testid="investor-classification">
        <strong>{t(`operator.protection.class.${c.current}`)}</strong>
        {c.recorded ? (
          <>
            {' · '}
            {t('operator.protection.recorded', {
              class: t(`operator.protection.class.${c.recorded}`),
              decidedAt: when(c.decidedAt, language),
              reviewDueAt: when(c.reviewDueAt, language),
            })}
            {c.recorded !== c.current && <> · {t('operator.protection.lapsed')}</>}
          </>
        ) : (
          <> · {t('operator.protection.neverDecided')}</>
        )}
      </p>
      <h3>{t('operator.protection.applications')}</h3>
      <DataTable
        testId="investor-applications"
        rows={records.applications}
        rowKey={(a) => a.id}
        columns={[
          { head: t('operator.protection.submittedAt'), cell: (a) => when(a.submittedAt, language) },
          {
            head: t('operator.protection.criteria'),
            cell: (a) => (
              <>
                {t(`operator.protection.kind.${a.investorKind}`)}
                <ul>
                  {a.criteria.map((c) => (
                    <li key={c}>{t(`operator.protection.criterion.${c}`)}</li>
                  ))}
                </ul>
              </>
            ),
          },
          { head: t('operator.protection.result'), cell: (a) => t(`operator.protection.applicationStatus.${a.status}`) },
          {
            head: t('operator.protection.decided'),
            cell: (a) => (a.decidedAt ? `${when(a.decidedAt, language)} · ${a.decidedByEmail ?? ''}${a.decisionReason ? ` · ${a.decisionReason}` : ''}` : ''),
          },
        ]}
      />
      {records.applications
        .filter((a) => a.status === 'pending')
        .map((a) => (
          <ApplicationDecision key={a.id} application={a} onDecided={onChanged} />
        ))}
      <h3>{t('operator.protection.tests')}</h3>
      <DataTable
        testId="investor-tests"
        rows={records.knowledgeTests}
        rowKey={(k) => k.id}
        columns={[
          { head: t('operator.protection.takenAt'), cell: (k) => when(k.takenAt, language) },
          { head: t('operator.protection.result'), cell: (k) => (k.passed ? t('operator.protection.passed') : t('operator.protection.failed')) },
          { head: t('operator.protection.version'), cell: (k) => k.version },
          { head: t('operator.protection.language'), cell: (k) => k.language },
          { head: t('operator.protection.acknowledged'), cell: (k) => (k.passed ? '' : k.riskWarningAcknowledgedAt ? when(k.riskWarningAcknowledgedAt, language) : t('operator.protection.notAcknowledged')) },
          { head: t('operator.protection.validUntil'), cell: (k) => when(k.expiresAt, language) },
        ]}
      />
      <h3>{t('operator.protection.consents')}</h3>
      <DataTable
        testId="investor-consents"
        rows={records.largeInvestmentConsents}
        rowKey={(l) => l.orderId}
        columns={[
          { head: t('operator.protection.order'), cell: orderLink },
          { head: t('operator.protection.amount'), cell: (l) => formatMoney(l.amount, language) },
          { head: t('operator.protection.threshold'), cell: (l) => formatMoney(l.threshold, language) },
          { head: t('operator.protection.consentedAt'), cell: (l) => when(l.consentedAt, language) },
        ]}
      />
      <h3>{t('operator.protection.revocations')}</h3>
      <DataTable
        testId="investor-revocations"
        rows={records.revocations}
        rowKey={(r) => `${r.orderId}-${r.revokedAt}`}
        columns={[
          { head: t('operator.protection.order'), cell: orderLink },
          { head: t('operator.protection.revokedAt'), cell: (r) => when(r.revokedAt, language) },
          { head: t('operator.protection.via'), cell: (r) => t(`operator.protection.viaKind.${r.via}`) },
          { head: t('operator.protection.refundDue'), cell: (r) => (r.refundDue ? t('operator.protection.yes') : t('operator.protection.no')) },
        ]}
      />
    </section>
  );
}
