// A single investment (SPEC §2, §3 "Investment"): the offer's fields, what has come back and the funding
// progress, the investment over time (invested, net income, capital returned; victory, loaded only here) and
// every order of this offer.
import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import type { InvestmentDetail } from '../../../contract/portfolio';
import { useAppSystem } from '../../system/AppSystemContext';
import type { Screen } from '../../screens/screen';
import { formatMoney } from '../../../lib/format';
import { useLoad } from '../../components/ui/useLoad';
import { usePageTitle } from '../../components/ui/usePageTitle';
import { href } from '../../../contract/routes';
import { useLanguage, useT } from '../../i18n/i18n';
import { NotFoundPage } from '../../pages/NotFoundPage';
import { createInvestorApi } from './api';
import { OrdersTable } from './OrdersTable';
import { FundingProgress, InvestmentFields, RealisedFields } from './PortfolioPage';
import { Card, Empty, formatDate, InvestorPage, LoadError, Skeleton } from '../../components/investor/ui';

const TimelineChart = lazy(() => import('./Charts').then((m) => ({ default: m.ValueOverTimeChart })));

export const InvestmentPage: Screen = ({ params }) => {
  const t = useT();
  const language = useLanguage();
  const { http } = useAppSystem();
  const api = createInvestorApi(http);
  const slug = params.slug ?? '';
  const load = useLoad((p: { slug: string; language: string }, signal) => api.investment(p.slug, signal), { slug, language });
  const data: InvestmentDetail | null = load.status === 'success' ? load.data : null;
  usePageTitle(data ? data.offer.title : t('investor.investment.title'));

  if (load.status === 'failure' && (load.error as { status?: number })?.status === 404) return <NotFoundPage />;
  return (
    <InvestorPage testId="page-investment" title={data?.offer.title ?? t('investor.investment.title')} subtitle={<Link href={href(language, 'portfolio')}>{t('investor.investment.back')}</Link>}>
      {load.status === 'failure' && <LoadError error={load.error} onRetry={load.retry} />}
      {load.skeleton && <Skeleton rows={4} />}
      {data && (
        <>
          <Card>
            <InvestmentFields investment={data} language={language} t={t} />
            <RealisedFields realised={data.realised} language={language} t={t} />
            <FundingProgress investment={data} language={language} t={t} />
            <p>
              <Link href={href(language, 'offer', { slug: data.offer.slug[language] })}>{t('investor.investment.offerPage')}</Link>
            </p>
          </Card>
          <Card as="section" aria-labelledby="over-time-title">
            <h2 id="over-time-title">{t('investor.investment.overTime')}</h2>
            <Suspense fallback={<Skeleton rows={1} testId="chart-loading" />}>
              <TimelineChart
                label={t('investor.investment.overTime')}
                points={data.timeline}
                formatValue={(v) => formatMoney(v, language)}
                formatDate={(iso) => formatDate(iso, language, false)}
              />
            </Suspense>
          </Card>
          <Card as="section" aria-labelledby="investment-orders-title">
            <h2 id="investment-orders-title">{t('investor.investment.orders')}</h2>
            {data.orders.length === 0 ? <Empty testId="investment-orders-empty" text={t('investor.orders.empty')} /> : <OrdersTable orders={data.orders} />}
          </Card>
        </>
      )}
    </InvestorPage>
  );
};
