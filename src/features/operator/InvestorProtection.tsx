// One investor's investor-protection records in the back office, as the regulator may ask for them: the
// classification (on record and in force), the knowledge tests, the large-investment consents and the
// revocations in the reflection period.
import { Link } from 'wouter';
import type { InvestorProtectionRecords } from '../../../contract/operator';
import { href } from '../../../contract/routes';
import { formatMoney } from '../../../lib/format';
import { useLanguage, useT } from '../../i18n/i18n';
import { DataTable, when } from './ui';

export function InvestorProtection({ records }: { records: InvestorProtectionRecords }) {
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
