// Payouts: every distribution part and refund paid (or on its way) to the investor: the offer, the kind and
// period, gross, the tax withheld and net, its status and date; paged like the other lists. The figures are
// what the yearly tax return needs, so the tax withheld is a column of its own.
import { Link } from 'wouter';
import type { InvestorPayout } from '../../../contract/payouts';
import { useAppSystem } from '../../system/AppSystemContext';
import type { Screen } from '../../screens/screen';
import { formatMoney, pluralKey } from '../../../lib/format';
import { PageControl } from '../../components/offers/Pagination';
import { usePageTitle } from '../../components/ui/usePageTitle';
import { href } from '../../../contract/routes';
import { useLanguage, useT } from '../../i18n/i18n';
import { createInvestorApi } from './api';
import { PAGE_SIZES, usePagedList } from './paging';
import { Badge, Card, Empty, formatDate, InvestorPage, LoadError, Skeleton, Table, TableScroll } from '../../components/investor/ui';

export const PAYOUTS_LIST = { first: 'payouts', page: 'payoutsPage', sizes: PAGE_SIZES } as const;

const kindOf = (p: InvestorPayout) => (p.kind === 'refund' ? 'refund' : (p.distributionKind ?? 'rental_income'));

export const PayoutsPage: Screen = ({ params }) => {
  const t = useT();
  const language = useLanguage();
  const { http } = useAppSystem();
  const api = createInvestorApi(http);
  const list = usePagedList(PAYOUTS_LIST, params.page, (p, signal) => api.payouts(p, signal));
  usePageTitle(t('investor.payouts.title'));
  const count = list.data?.pagination.totalItems ?? 0;
  const items = list.data?.items ?? [];
  const sum = (key: 'gross' | 'tax' | 'net') => items.reduce((total, p) => total + p[key], 0);
  return (
    <InvestorPage
      testId="page-payouts"
      title={t('investor.payouts.title')}
      subtitle={list.data ? t(pluralKey('investor.payouts.count', language, count), { count }) : undefined}
    >
      {list.failed && <LoadError error={list.error} onRetry={list.retry} />}
      {list.skeleton && <Skeleton rows={5} />}
      {list.empty && <Empty testId="payouts-empty" text={t('investor.payouts.empty')} />}
      {!list.skeleton && items.length > 0 && (
        <Card>
          <TableScroll>
            <Table data-testid="payouts-table">
              <thead>
                <tr>
                  <th scope="col">{t('investor.payouts.date')}</th>
                  <th scope="col">{t('investor.payouts.offer')}</th>
                  <th scope="col">{t('investor.payouts.kind')}</th>
                  <th scope="col">{t('investor.payouts.period')}</th>
                  <th scope="col" className="num">{t('investor.payouts.gross')}</th>
                  <th scope="col" className="num">{t('investor.payouts.tax')}</th>
                  <th scope="col" className="num">{t('investor.payouts.net')}</th>
                  <th scope="col">{t('investor.payouts.status')}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((p) => (
                  <tr key={p.id} data-testid="payout-row" data-kind={kindOf(p)} data-status={p.status} data-reference={p.reference}>
                    <td>{formatDate(p.executedAt ?? p.returnedAt ?? p.createdAt, language, false)}</td>
                    <td>
                      <Link href={href(language, 'portfolioInvestment', { slug: p.offer.slug })}>{p.offer.title}</Link>
                      <div>{p.reference}</div>
                    </td>
                    <td>{t(`investor.payouts.kinds.${kindOf(p)}`)}</td>
                    <td>{p.periodFrom && p.periodTo ? `${formatDate(p.periodFrom, language, false)} – ${formatDate(p.periodTo, language, false)}` : '—'}</td>
                    <td className="num" data-testid="payout-gross">{formatMoney(p.gross, language)}</td>
                    <td className="num" data-testid="payout-tax">{formatMoney(p.tax, language)}</td>
                    <td className="num" data-testid="payout-net">{formatMoney(p.net, language)}</td>
                    <td>
                      <Badge data-status={p.status} data-testid="status-badge">{t(`investor.payouts.statuses.${p.status}`)}</Badge>
                    </td>
                  </tr>
                ))}
              </tbody>
              {list.pageControl.totalPages <= 1 && (
                <tfoot>
                  <tr>
                    <th scope="row" colSpan={4}>{t('investor.payouts.total')}</th>
                    <td className="num">{formatMoney(sum('gross'), language)}</td>
                    <td className="num">{formatMoney(sum('tax'), language)}</td>
                    <td className="num">{formatMoney(sum('net'), language)}</td>
                    <td />
                  </tr>
                </tfoot>
              )}
            </Table>
          </TableScroll>
        </Card>
      )}
      <PageControl {...list.pageControl} />
    </InvestorPage>
  );
};
