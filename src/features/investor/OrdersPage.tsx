// Orders (SPEC §2, §4): the investor's orders, paged 10/25/50/100, filtered by status (pending, paid,
// completed, cancelled); the filter lives in the URL (`?status=new`), so it survives a reload and a
// language switch, and changing it goes back to the first page.
import { useId } from 'react';
import styled from 'styled-components';
import type { OrderStatus, OrdersPage as OrdersAnswer } from '../../../contract/orders';
import { useAppSystem } from '../../system/AppSystemContext';
import type { Screen } from '../../screens/screen';
import { PageControl } from '../../components/offers/Pagination';
import { usePageTitle } from '../../components/ui/usePageTitle';
import { useLanguage, useT } from '../../i18n/i18n';
import { createInvestorApi } from './api';
import { OrdersTable } from './OrdersTable';
import { PAGE_SIZES, usePagedList } from './paging';
import { pluralKey } from '../../../lib/format';
import { Card, Empty, InvestorPage, LoadError, Skeleton } from '../../components/investor/ui';

/** SPEC §4's order statuses (contract/orders.ts ORDER_STATUSES; a value import there would bring zod along). */
const ORDER_STATUSES: readonly OrderStatus[] = ['new', 'paid', 'completed', 'cancelled'];

export const ORDERS_LIST = { first: 'orders', page: 'ordersPage', sizes: PAGE_SIZES } as const;

export function statusOf(search: string): OrderStatus | undefined {
  const value = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search).get('status');
  return (ORDER_STATUSES as readonly string[]).includes(value ?? '') ? (value as OrderStatus) : undefined;
}

export const OrdersPage: Screen = ({ params }) => {
  const t = useT();
  const language = useLanguage();
  const { http } = useAppSystem();
  const api = createInvestorApi(http);
  const selectId = useId();
  const list = usePagedList<OrdersAnswer>(ORDERS_LIST, params.page, (p, signal) => api.orders({ ...p, status: statusOf(p.search) }, signal));
  usePageTitle(t('investor.orders.title'));
  const status = statusOf(list.search);
  const count = list.data?.pagination.totalItems ?? 0;

  const choose = (value: string) => {
    const query = new URLSearchParams(list.search);
    if (value) query.set('status', value);
    else query.delete('status');
    list.navigate(list.firstPageHref(query.toString()));
  };

  return (
    <InvestorPage
      testId="page-orders"
      title={t('investor.orders.title')}
      subtitle={list.data ? t(pluralKey('investor.orders.count', language, count), { count }) : undefined}
      actions={
        <Filter>
          <label htmlFor={selectId}>{t('investor.orders.filter')}</label>
          <select id={selectId} value={status ?? ''} onChange={(e) => choose(e.target.value)} data-testid="status-filter">
            <option value="">{t('investor.orders.all')}</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`investor.orderStatus.${s}`)}
              </option>
            ))}
          </select>
        </Filter>
      }
    >
      {list.failed && <LoadError error={list.error} onRetry={list.retry} />}
      {list.skeleton && <Skeleton rows={5} />}
      {list.empty && <Empty testId="orders-empty" text={status ? t('investor.orders.emptyFiltered') : t('investor.orders.empty')} />}
      {!list.skeleton && list.data && list.data.items.length > 0 && (
        <Card>
          <OrdersTable orders={list.data.items} />
        </Card>
      )}
      <PageControl {...list.pageControl} />
    </InvestorPage>
  );
};

const Filter = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  select {
    min-height: 40px;
    padding: 0 8px;
    border-radius: ${({ theme }) => theme.radius}px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    font: inherit;
  }
`;
