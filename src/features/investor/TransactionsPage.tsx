// Transactions (SPEC §2, §3 "Transaction", §4): date, method (PayPal / bank transfer), status, shares,
// amount; paged 10/25/50/100; CSV exports of the orders and the transactions (UTF-8 with BOM, the
// language's separators), fetched with the investor's token through machines/fileDownload.machine.ts.
import { Link } from 'wouter';
import type { TransactionsAnswer } from '../../../contract/transactions';
import { useAppSystem } from '../../system/AppSystemContext';
import type { Screen } from '../../screens/screen';
import { formatMoney } from '../../../lib/format';
import { PageControl } from '../../components/offers/Pagination';
import { Button } from '../../components/ui/Button';
import { usePageTitle } from '../../components/ui/usePageTitle';
import { href } from '../../../contract/routes';
import { useLanguage, useT } from '../../i18n/i18n';
import { createInvestorApi } from './api';
import { PAGE_SIZES, usePagedList } from './paging';
import { pluralKey } from '../../../lib/format';
import { Card, Empty, FileFailure, formatDate, InvestorPage, LoadError, Skeleton, StatusBadge, Table, TableScroll, useFileDownload } from './ui';

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
    </InvestorPage>
  );
};
