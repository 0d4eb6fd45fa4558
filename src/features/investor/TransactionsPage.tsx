// Transactions (SPEC §2, §3 "Transaction", §4): date, method (PayPal / bank transfer), status, shares,
// amount; paged 10/25/50/100; CSV exports of the orders and the transactions (UTF-8 with BOM, the
// language's separators), fetched with the investor's token through machines/fileDownload.machine.ts.
// Below the payments, the money that came back: income (gross), the tax withheld from it, capital returned
// and refunds, each an entry of its own with its sign, paged on its own (newer / older).
import { useState } from 'react';
import { Link } from 'wouter';
import type { CashFlow, TransactionsAnswer } from '../../../contract/transactions';
import { useAppSystem } from '../../system/AppSystemContext';
import type { Screen } from '../../screens/screen';
import { formatMoney } from '../../../lib/format';
import { PageControl } from '../../components/offers/Pagination';
import { Button } from '../../components/ui/Button';
import { useLoad } from '../../components/ui/useLoad';
import { usePageTitle } from '../../components/ui/usePageTitle';
import { href } from '../../../contract/routes';
import { useLanguage, useT } from '../../i18n/i18n';
import { createInvestorApi } from './api';
import { PAGE_SIZES, usePagedList } from './paging';
import { pluralKey } from '../../../lib/format';
import styled from 'styled-components';
import { Badge, Card, Empty, FileFailure, formatDate, InvestorPage, LoadError, Skeleton, StatusBadge, Table, TableScroll, useFileDownload } from '../../components/investor/ui';

export const TRANSACTIONS_LIST = { first: 'transactions', page: 'transactionsPage', sizes: PAGE_SIZES } as const;

export const TransactionsPage: Screen = ({ params }) => {
  const t = useT();
  const language = useLanguage();
  const { http } = useAppSystem();
  const api = createInvestorApi(http);
  const list = usePagedList<TransactionsAnswer>(TRANSACTIONS_LIST, params.page, (p, signal) => api.transactions(p, signal));
  const files = useFileDownload();
  usePageTitle(t('investor.transactions.title'));
  const count = list.data?.pagination.totalItems ?? 0;
  const exportCsv = (kind: 'orders' | 'transactions') =>
    files.request({ url: api.exportUrl(kind), mode: 'save', fallbackName: `${kind}.csv` });

  return (
    <InvestorPage
      testId="page-transactions"
      title={t('investor.transactions.title')}
      subtitle={list.data ? t(pluralKey('investor.transactions.count', language, count), { count }) : undefined}
      actions={
        <>
          <Button type="button" variant="secondary" onClick={() => exportCsv('transactions')} disabled={files.busy} data-testid="export-transactions">
            {t('investor.transactions.exportTransactions')}
          </Button>
          <Button type="button" variant="secondary" onClick={() => exportCsv('orders')} disabled={files.busy} data-testid="export-orders">
            {t('investor.transactions.exportOrders')}
          </Button>
        </>
      }
    >
      {files.failed && <FileFailure onRetry={files.retry} onDismiss={files.dismiss} />}
      {list.failed && <LoadError error={list.error} onRetry={list.retry} />}
      {list.skeleton && <Skeleton rows={5} />}
      {list.empty && <Empty testId="transactions-empty" text={t('investor.transactions.empty')} />}
      {!list.skeleton && list.data && list.data.items.length > 0 && (
        <Card>
          <TableScroll>
            <Table data-testid="transactions-table">
              <thead>
                <tr>
                  <th scope="col">{t('investor.transactions.date')}</th>
                  <th scope="col">{t('investor.orders.reference')}</th>
                  <th scope="col">{t('investor.transactions.method')}</th>
                  <th scope="col">{t('investor.orders.status')}</th>
                  <th scope="col" className="num">
                    {t('investor.orders.shares')}
                  </th>
                  <th scope="col" className="num">
                    {t('investor.transactions.amount')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((tx) => (
                  <tr key={tx.id} data-testid="transaction-row" data-method={tx.method}>
                    <td>{formatDate(tx.date, language)}</td>
                    <td>
                      <Link href={href(language, 'order', { orderId: tx.orderId })}>{tx.orderReference}</Link>
                      <div>{tx.offer.title}</div>
                    </td>
                    <td>{t(`investor.methods.${tx.method}`)}</td>
                    <td>
                      <StatusBadge status={tx.status} kind="transaction" />
                    </td>
                    <td className="num">{tx.shares}</td>
                    <td className="num">{formatMoney(tx.amount, language)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableScroll>
        </Card>
      )}
      <PageControl {...list.pageControl} />
      <CashFlows />
    </InvestorPage>
  );
};

const FLOWS_PAGE_SIZE = 25;

/** A signed amount: what came to the investor with a plus, the tax withheld with a minus. */
const signed = (flow: CashFlow, language: 'pl' | 'en') => `${flow.amount < 0 ? '−' : '+'}${formatMoney(Math.abs(flow.amount), language)}`;

function CashFlows() {
  const t = useT();
  const language = useLanguage();
  const { http } = useAppSystem();
  const api = createInvestorApi(http);
  const [page, setPage] = useState(1);
  const load = useLoad((p: { page: number; language: string }, signal) => api.cashFlows({ page: p.page, pageSize: FLOWS_PAGE_SIZE }, signal), { page, language });
  const data = load.status === 'success' ? load.data : null;
  const count = data?.pagination.totalItems ?? 0;
  return (
    <Card as="section" aria-labelledby="cash-flows-title" data-testid="cash-flows" style={{ marginTop: 24 }}>
      <h2 id="cash-flows-title">{t('investor.transactions.flows')}</h2>
      {data && <p>{t(pluralKey('investor.transactions.flowsCount', language, count), { count })}</p>}
      {load.status === 'failure' && <LoadError error={load.error} onRetry={load.retry} />}
      {load.skeleton && <Skeleton rows={3} />}
      {data && data.items.length === 0 && <Empty testId="cash-flows-empty" text={t('investor.transactions.flowsEmpty')} />}
      {data && data.items.length > 0 && (
        <TableScroll>
          <Table data-testid="cash-flows-table">
            <thead>
              <tr>
                <th scope="col">{t('investor.transactions.date')}</th>
                <th scope="col">{t('investor.transactions.flowType')}</th>
                <th scope="col">{t('investor.payouts.offer')}</th>
                <th scope="col">{t('investor.transactions.reference')}</th>
                <th scope="col">{t('investor.transactions.method')}</th>
                <th scope="col">{t('investor.orders.status')}</th>
                <th scope="col" className="num">
                  {t('investor.transactions.amount')}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((f) => (
                <tr key={f.id} data-testid="cash-flow-row" data-type={f.type} data-status={f.status} data-reference={f.reference}>
                  <td>{formatDate(f.date, language)}</td>
                  <td>
                    {t(`investor.transactions.types.${f.type}`)}
                    {f.distributionKind && f.type !== 'taxWithheld' && <div>{t(`investor.payouts.kinds.${f.distributionKind}`)}</div>}
                  </td>
                  <td>
                    <Link href={href(language, 'portfolioInvestment', { slug: f.offer.slug[language] })}>{f.offer.title}</Link>
                    {f.periodFrom && f.periodTo && (
                      <div>
                        {formatDate(f.periodFrom, language, false)} – {formatDate(f.periodTo, language, false)}
                      </div>
                    )}
                  </td>
                  <td>
                    {f.reference}
                    {f.orderId && f.orderReference && f.orderReference !== f.reference && (
                      <div>
                        <Link href={href(language, 'order', { orderId: f.orderId })}>{f.orderReference}</Link>
                      </div>
                    )}
                  </td>
                  <td>{t(`investor.methods.${f.method}`)}</td>
                  <td>
                    <Badge data-status={f.status === 'executed' ? 'paid' : f.status}>{t(`investor.transactions.flowStatuses.${f.status}`)}</Badge>
                  </td>
                  <td className="num" data-testid="cash-flow-amount">
                    {signed(f, language)}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableScroll>
      )}
      {data && data.pagination.totalPages > 1 && (
        <FlowPager>
          <Button type="button" variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {t('investor.transactions.previous')}
          </Button>
          <Button type="button" variant="secondary" disabled={page >= data.pagination.totalPages} onClick={() => setPage((p) => p + 1)}>
            {t('investor.transactions.next')}
          </Button>
        </FlowPager>
      )}
    </Card>
  );
}

const FlowPager = styled.div`
  display: flex;
  gap: 12px;
  margin-top: 12px;
`;
