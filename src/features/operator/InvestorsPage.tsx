// The investors in the back office: a search over them, and one investor with their orders and their
// investor-protection records (and, while the account is not active, the activation e-mail sent again); the
// records of all investors, or one, export as CSV for the regulator.
import { useState } from 'react';
import { Link } from 'wouter';
import type { Screen } from '../../screens/screen';
import { formatMoney } from '../../../lib/format';
import { Button } from '../../components/ui/Button';
import { useLoad } from '../../components/ui/useLoad';
import { href } from '../../../contract/routes';
import { useLanguage, useT } from '../../i18n/i18n';
import { InvestorProtection } from './InvestorProtection';
import { ActionOutcome, Area, DataTable, Loaded, saveFile, SearchFilter, useOperatorApi } from './ui';
import { useOperatorAction } from './useOperatorAction';

export const InvestorsPage: Screen = () => {
  const t = useT();
  const language = useLanguage();
  const api = useOperatorApi();
  const [q, setQ] = useState('');
  const [draft, setDraft] = useState('');
  const load = useLoad((query: string, signal) => api.investors(query, signal), q);
  return (
    <Area
      title={t('operator.investors.title')}
      testId="operator-investors"
      actions={
        <Button type="button" variant="secondary" onClick={() => void saveFile(() => api.exportProtectionRecords(), 'investor-protection.csv')}>
          {t('operator.protection.exportAll')}
        </Button>
      }
    >
      <SearchFilter label={t('operator.investors.search')} value={draft} onChange={setDraft} onSearch={() => setQ(draft)} />
      <Loaded load={load}>
        {(page) => (
          <DataTable
            rows={page.items}
            rowKey={(i) => i.id}
            columns={[
              { cell: (i) => <Link href={href(language, 'operatorInvestor', { userId: i.id })}>{i.email}</Link> },
              { cell: (i) => `${i.firstName} ${i.lastName}` },
              { cell: (i) => (i.isActive ? t('operator.investors.active') : t('operator.investors.inactive')) },
              { cell: (i) => i.ordersCount },
              { cell: (i) => formatMoney(i.paidTotal, language) },
            ]}
          />
        )}
      </Loaded>
    </Area>
  );
};

export const InvestorPage: Screen = ({ params }) => {
  const t = useT();
  const language = useLanguage();
  const api = useOperatorApi();
  const load = useLoad((userId: string, signal) => api.investor(userId, signal), params.userId);
  const resend = useOperatorAction((_draft, signal) => api.resendActivation(params.userId, signal), { required: [] });
  return (
    <Area
      title={load.data?.email ?? t('operator.investors.title')}
      testId="operator-investor"
      actions={
        <Button type="button" variant="secondary" onClick={() => void saveFile(() => api.exportProtectionRecords(params.userId), 'investor-protection.csv')}>
          {t('operator.protection.exportOne')}
        </Button>
      }
    >
      <Loaded load={load}>
        {(i) => (
          <>
            <p>{i.firstName} {i.lastName} · {i.isActive ? t('operator.investors.active') : t('operator.investors.inactive')}</p>
            {!i.isActive && (
              <p>
                <Button type="button" disabled={resend.busy} onClick={resend.submit}>{t('operator.investors.resend')}</Button>
                <ActionOutcome action={resend} doneText={t('operator.investors.sent')} />
              </p>
            )}
            <h2>{t('operator.investors.orders')}</h2>
            <DataTable
              rows={i.orders}
              rowKey={(o) => o.id}
              columns={[
                { cell: (o) => <Link href={href(language, 'operatorOrder', { orderId: o.id })}>{o.reference}</Link> },
                { cell: (o) => t(`operator.status.${o.status}`) },
                { cell: (o) => formatMoney(o.totalPrice, language) },
              ]}
            />
            <InvestorProtection records={i.protection} onChanged={load.reload} />
          </>
        )}
      </Loaded>
    </Area>
  );
};
