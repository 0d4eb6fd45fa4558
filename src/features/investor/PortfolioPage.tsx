// Portfolio (SPEC §2, §3 "Investment", §9): one card per offer the investor holds shares in, with developer
// equity, investors equity, invested amount, number of shares, price per share, projected return, what has
// come back (income gross, tax withheld, net, capital returned, realised return) and the funding progress;
// the totals of the whole portfolio, the portfolio over time and the allocation across offers as charts
// (victory, loaded only here). Paged 10/25/50/100.
import { lazy, Suspense } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import type { Investment, PortfolioPage as PortfolioAnswer, Realised } from '../../../contract/portfolio';
import { useAppSystem } from '../../system/AppSystemContext';
import type { Screen } from '../../screens/screen';
import { formatMoney, formatPercent, pluralKey } from '../../../lib/format';
import { PageControl } from '../../components/offers/Pagination';
import { LinkButton } from '../../components/ui/Button';
import { usePageTitle } from '../../components/ui/usePageTitle';
import type { Language } from '../../config/env';
import { href } from '../../../contract/routes';
import { useLanguage, useT, type Translate } from '../../i18n/i18n';
import { createInvestorApi } from './api';
import { PAGE_SIZES, usePagedList } from './paging';
import { Card, Empty, Fields, formatDate, InvestorPage, LoadError, ProgressBar, Skeleton } from '../../components/investor/ui';

const Charts = lazy(() => import('./Charts').then((m) => ({ default: m.AllocationChart })));
const OverTimeChart = lazy(() => import('./Charts').then((m) => ({ default: m.ValueOverTimeChart })));

export const PORTFOLIO_LIST = { first: 'portfolio', page: 'portfolioPage', sizes: PAGE_SIZES } as const;

export const PortfolioPage: Screen = ({ params }) => {
  const t = useT();
  const language = useLanguage();
  const { http } = useAppSystem();
  const api = createInvestorApi(http);
  const list = usePagedList<PortfolioAnswer>(PORTFOLIO_LIST, params.page, (p, signal) => api.portfolio(p, signal));
  usePageTitle(t('investor.portfolio.title'));
  const data = list.data;
  const count = data?.pagination.totalItems ?? 0;

  return (
    <InvestorPage
      testId="page-portfolio"
      title={t('investor.portfolio.title')}
      subtitle={data ? `${t(pluralKey('investor.dashboard.investmentsCount', language, count), { count })} · ${t('investor.portfolio.total', { amount: formatMoney(data.totals.investedAmount, language) })}` : undefined}
      actions={
        <LinkButton variant="secondary" href={href(language, 'payouts')} data-testid="portfolio-payouts">
          {t('investor.portfolio.payouts')}
        </LinkButton>
      }
    >
      {list.failed && <LoadError error={list.error} onRetry={list.retry} />}
      {list.skeleton && <Skeleton rows={3} />}
      {list.empty && (
        <Empty testId="portfolio-empty" text={t('investor.portfolio.empty')}>
          <LinkButton href={href(language, 'offers')}>{t('investor.dashboard.browseOffers')}</LinkButton>
        </Empty>
      )}
      {!list.skeleton && data && data.items.length > 0 && (
        <>
          <Card as="section" aria-labelledby="portfolio-totals-title" data-testid="portfolio-totals">
            <h2 id="portfolio-totals-title">{t('investor.portfolio.totals')}</h2>
            <Fields>
              <div>
                <dt>{t('investor.portfolio.investedAmount')}</dt>
                <dd data-testid="total-invested">{formatMoney(data.totals.investedAmount, language)}</dd>
              </div>
            </Fields>
            <RealisedFields realised={data.totals.realised} language={language} t={t} />
            <Hint>{t('investor.portfolio.realisedHint')}</Hint>
          </Card>
          <Card as="section" aria-labelledby="portfolio-over-time-title">
            <h2 id="portfolio-over-time-title">{t('investor.portfolio.overTime')}</h2>
            <Suspense fallback={<Skeleton rows={1} testId="chart-loading" />}>
              <OverTimeChart
                label={t('investor.portfolio.overTime')}
                points={data.timeline}
                formatValue={(v) => formatMoney(v, language)}
                formatDate={(iso) => formatDate(iso, language, false)}
              />
            </Suspense>
          </Card>
          <Card as="section" aria-labelledby="allocation-title">
            <h2 id="allocation-title">{t('investor.portfolio.allocation')}</h2>
            <Suspense fallback={<Skeleton rows={1} testId="chart-loading" />}>
              <Charts
                label={t('investor.portfolio.allocation')}
                slices={data.items.map((i) => ({ label: i.offer.title, value: i.investedAmount, shown: formatMoney(i.investedAmount, language) }))}
              />
            </Suspense>
          </Card>
          <List>
            {data.items.map((i) => (
              <li key={i.offer.id}>
                <InvestmentCard investment={i} language={language} t={t} />
              </li>
            ))}
          </List>
        </>
      )}
      <PageControl {...list.pageControl} />
    </InvestorPage>
  );
};

export function InvestmentFields({ investment: i, language, t }: { investment: Investment; language: Language; t: Translate }) {
  return (
    <Fields>
      <div>
        <dt>{t('investor.portfolio.investedAmount')}</dt>
        <dd data-testid="invested-amount">{formatMoney(i.investedAmount, language)}</dd>
      </div>
      <div>
        <dt>{t('investor.portfolio.numberOfShares')}</dt>
        <dd data-testid="number-of-shares">{i.numberOfShares}</dd>
      </div>
      <div>
        <dt>{t('investor.portfolio.pricePerShare')}</dt>
        <dd>{formatMoney(i.pricePerShare, language)}</dd>
      </div>
      <div>
        <dt>{t('investor.portfolio.return')}</dt>
        <dd>
          {i.return.projectedAnnualPercent === null
            ? '—'
            : t('investor.portfolio.returnValue', { percent: formatPercent(i.return.projectedAnnualPercent, language), amount: formatMoney(i.return.projectedAnnualAmount ?? 0, language) })}
        </dd>
      </div>
      <div>
        <dt>{t('investor.portfolio.developerEquity')}</dt>
        <dd>
          {formatMoney(i.developerEquity, language)} ({formatPercent(i.progress.developerEquityPercent, language)})
        </dd>
      </div>
      <div>
        <dt>{t('investor.portfolio.investorsEquity')}</dt>
        <dd>
          {formatMoney(i.investorsEquity, language)} ({formatPercent(i.progress.investorsEquityPercent, language)})
        </dd>
      </div>
      <div>
        <dt>{t('investor.portfolio.ownership')}</dt>
        <dd>{formatPercent(i.ownershipPercent, language)}</dd>
      </div>
    </Fields>
  );
}

/** What has come back from an investment (or the portfolio): contract/portfolio.ts realisedSchema. */
export function RealisedFields({ realised: r, language, t }: { realised: Realised; language: Language; t: Translate }) {
  const money = (grosze: number) => formatMoney(grosze, language);
  return (
    <Fields aria-label={t('investor.portfolio.received')} data-testid="realised" style={{ marginTop: 12 }}>
      <div>
        <dt>{t('investor.portfolio.incomeGross')}</dt>
        <dd data-testid="income-gross">{money(r.incomeGross)}</dd>
      </div>
      <div>
        <dt>{t('investor.portfolio.taxWithheld')}</dt>
        <dd data-testid="tax-withheld">{money(r.taxWithheld)}</dd>
      </div>
      <div>
        <dt>{t('investor.portfolio.incomeNet')}</dt>
        <dd data-testid="income-net">{money(r.incomeNet)}</dd>
      </div>
      <div>
        <dt>{t('investor.portfolio.capitalReturned')}</dt>
        <dd data-testid="capital-returned">{money(r.capitalReturned)}</dd>
      </div>
      <div>
        <dt>{t('investor.portfolio.realisedReturn')}</dt>
        <dd data-testid="realised-return">
          {t('investor.portfolio.realisedReturnValue', { amount: money(r.returnAmount), percent: formatPercent(r.returnPercent, language) })}
        </dd>
      </div>
    </Fields>
  );
}

export function FundingProgress({ investment: i, language, t }: { investment: Investment; language: Language; t: Translate }) {
  const label = t('investor.portfolio.funded', { percent: formatPercent(i.progress.fundedPercent, language), remaining: formatPercent(i.progress.remainingPercent, language) });
  return (
    <div>
      <p style={{ margin: '12px 0 6px' }}>{label}</p>
      <ProgressBar percent={i.progress.fundedPercent} label={label} />
    </div>
  );
}

function InvestmentCard({ investment: i, language, t }: { investment: Investment; language: Language; t: Translate }) {
  return (
    <Card data-testid="portfolio-item">
      <CardHead>
        {i.offer.thumbUrl && <img src={i.offer.thumbUrl} alt="" width={96} height={64} />}
        <h2>
          <Link href={href(language, 'portfolioInvestment', { slug: i.offer.slug[language] })}>{i.offer.title}</Link>
        </h2>
      </CardHead>
      <InvestmentFields investment={i} language={language} t={t} />
      <RealisedFields realised={i.realised} language={language} t={t} />
      <FundingProgress investment={i} language={language} t={t} />
    </Card>
  );
}

const Hint = styled.p`
  margin: 12px 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.9rem;
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 16px;
`;

const CardHead = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  margin-bottom: 12px;
  img {
    border-radius: 6px;
    object-fit: cover;
  }
  h2 {
    margin: 0;
  }
  a {
    color: ${({ theme }) => theme.colors.green};
  }
`;
