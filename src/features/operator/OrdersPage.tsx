// The orders list: search and status filter in the address (?q=&status=&page=), the CSV exports.
import { useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import type { Screen } from '../../screens/screen';
import { formatMoney } from '../../../lib/format';
import { Button } from '../../components/ui/Button';
import { useLoad } from '../../components/ui/useLoad';
import { href } from '../../../contract/routes';
import { useLanguage, useT } from '../../i18n/i18n';
import type { OperatorApi } from './api';
import { Area, DataTable, Loaded, PageButtons, saveFile, SearchFilter, SelectField, useOperatorApi, when } from './ui';

const saveExport = (api: OperatorApi, kind: 'orders' | 'payments') => saveFile(() => api.exportFile(kind), `${kind}.csv`);

export const OrdersPage: Screen = () => {
  const t = useT();
  const language = useLanguage();
  const api = useOperatorApi();
  const search = useSearch();
  const [, navigate] = useLocation();
  const query = new URLSearchParams(search);
  const q = query.get('q') ?? '';
  const status = query.get('status') ?? '';
  const attention = query.get('attention') === 'REFUND_DUE_REVOKED' ? 'REFUND_DUE_REVOKED' : '';
  const page = Number(query.get('page') ?? '1') || 1;
  const load = useLoad(
    (p: { q: string; status: string; attention: string; page: number }, signal) => api.orders({ ...p, attention: p.attention ? 'REFUND_DUE_REVOKED' : undefined }, signal),
    { q, status, attention, page },
  );
  const [draft, setDraft] = useState(q);
  const go = (next: Record<string, string>) => {
    const params = new URLSearchParams({ q, status, attention, ...next });
    for (const [k, v] of [...params.entries()]) if (!v) params.delete(k);
    navigate(`${href(language, 'operatorOrders')}${params.size ? `?${params}` : ''}`);
  };
  return (
    <Area
      title={t('operator.orders.title')}
      testId="operator-orders"
      actions={
        <span>
          <Button type="button" variant="secondary" onClick={() => void saveExport(api, 'orders')}>{t('operator.orders.exportOrders')}</Button>{' '}
          <Button type="button" variant="secondary" onClick={() => void saveExport(api, 'payments')}>{t('operator.orders.exportPayments')}</Button>
        </span>
      }
    >
      <SearchFilter label={t('operator.orders.search')} value={draft} onChange={setDraft} onSearch={() => go({ q: draft, page: '' })} testId="order-search">
        <SelectField label={t('operator.orders.status')} value={status} onChange={(v) => go({ status: v, page: '' })} testId="order-status">
          <option value="">{t('operator.orders.all')}</option>
          {(['new', 'paid', 'completed', 'cancelled'] as const).map((s) => (
            <option key={s} value={s}>{t(`operator.status.${s}`)}</option>
          ))}
        </SelectField>
        <SelectField label={t('operator.orders.attentionFilter')} value={attention} onChange={(v) => go({ attention: v, page: '' })} testId="order-attention-filter">
          <option value="">{t('operator.orders.all')}</option>
          <option value="REFUND_DUE_REVOKED">{t('operator.orders.refundDue')}</option>
        </SelectField>
      </SearchFilter>
      <Loaded load={load}>
        {(data) =>
          data.items.length === 0 ? (
            <p>{t('operator.orders.empty')}</p>
          ) : (
            <>
              <DataTable
                testId="orders-table"
                rows={data.items}
                rowKey={(o) => o.id}
                columns={[
                  { head: t('operator.orders.reference'), cell: (o) => <Link href={href(language, 'operatorOrder', { orderId: o.id })}>{o.reference}</Link> },
                  { head: t('operator.orders.created'), cell: (o) => when(o.createdAt, language) },
                  { head: t('operator.orders.investor'), cell: (o) => `${o.investor.firstName} ${o.investor.lastName} · ${o.investor.email}` },
                  { head: t('operator.orders.status'), cell: (o) => t(`operator.status.${o.status}`), testId: 'order-status-cell' },
                  { head: t('operator.orders.total'), cell: (o) => formatMoney(o.totalPrice, language) },
                  { head: t('operator.orders.attentionFilter'), cell: (o) => (o.attentionReason === 'REFUND_DUE_REVOKED' ? t('operator.orders.refundDue') : o.attentionReason ?? ''), testId: 'order-attention-cell' },
                ]}
              />
              <PageButtons page={page} totalPages={data.pagination.totalPages} go={(next) => go({ page: String(next) })} />
            </>
          )
        }
      </Loaded>
    </Area>
  );
};
