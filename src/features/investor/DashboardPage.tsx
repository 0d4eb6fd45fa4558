// The investor dashboard (SPEC §2 "Investor area"): the previous investments with their count in the
// subtitle, what is owed now (unpaid orders with their deadline countdown and how to pay them), and the
// recommended offers of the 'investorPanel' featured list, shown only when that list has offers.
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import { Link } from 'wouter';
import type { OrderSummary } from '../../../contract/orders';
import { useAppSystem } from '../../system/AppSystemContext';
import type { Screen } from '../../screens/screen';
import { formatMoney } from '../../../lib/format';
import { OffersGrid } from '../../components/offers/OffersGrid';
import { LinkButton } from '../../components/ui/Button';
import { useLoad } from '../../components/ui/useLoad';
import { usePageTitle } from '../../components/ui/usePageTitle';
import { href } from '../../../contract/routes';
import { useLanguage, useT } from '../../i18n/i18n';
import { pluralKey } from '../../../lib/format';
import { createInvestorApi } from './api';
import { Countdown } from './Countdown';
import { Card, Empty, InvestorPage, LoadError, Skeleton } from '../../components/investor/ui';

export const DashboardPage: Screen = () => {
  const t = useT();
  const language = useLanguage();
  const { auth, http } = useAppSystem();
  const api = createInvestorApi(http);
  const user = useSelector(auth, (s) => s.context.user);
  const name = user ? `${user.userData.firstName} ${user.userData.lastName}`.trim() : '';
  usePageTitle(t('investor.dashboard.title'));

  const investments = useLoad((p: { language: string }, signal) => api.portfolio({ page: 1, pageSize: 5 }, signal), { language });
  const unpaid = useLoad((p: { language: string }, signal) => api.orders({ page: 1, pageSize: 100, status: 'new' }, signal), { language });
  const recommended = useLoad((p: { language: string }, signal) => api.recommended(signal), { language });

  const count = investments.data?.pagination.totalItems ?? 0;
  return (
    <InvestorPage testId="page-dashboard" title={t('investor.dashboard.title')}>
      {name && <Hello data-testid="dashboard-name">{t('investor.dashboard.hello', { name })}</Hello>}
      <Card as="section" aria-labelledby="owed-title" data-testid="dashboard-owed">
        <h2 id="owed-title">{t('investor.dashboard.owed')}</h2>
        {unpaid.skeleton && <Skeleton rows={1} />}
        {unpaid.status === 'failure' && <LoadError error={unpaid.error} onRetry={unpaid.retry} />}
        {unpaid.status === 'success' && unpaid.data && unpaid.data.items.length === 0 && <Empty testId="owed-empty" text={t('investor.dashboard.owedEmpty')} />}
        {unpaid.status === 'success' && unpaid.data && unpaid.data.items.length > 0 && (
          <OwedList>
            {unpaid.data.items.map((order: OrderSummary) => (
              <li key={order.id} data-testid="owed-order">
                <div>
                  <strong>{order.offer.title}</strong> · {order.reference}
                  <div>{t('investor.dashboard.toPay', { amount: formatMoney(order.totalPrice, language) })}</div>
                  {order.expiresAt && <Countdown deadline={order.expiresAt} />}
                </div>
                <LinkButton href={href(language, 'order', { orderId: order.id })} variant="secondary">
                  {t('investor.dashboard.howToPay')}
                </LinkButton>
              </li>
            ))}
          </OwedList>
        )}
      </Card>

      <Card as="section" aria-labelledby="investments-title" data-testid="dashboard-investments">
        <h2 id="investments-title">{t('investor.dashboard.investments')}</h2>
        {investments.status === 'success' && (
          <Count data-testid="investments-count">{t(pluralKey('investor.dashboard.investmentsCount', language, count), { count })}</Count>
        )}
        {investments.skeleton && <Skeleton rows={2} />}
        {investments.status === 'failure' && <LoadError error={investments.error} onRetry={investments.retry} />}
        {investments.status === 'success' && count === 0 && (
          <Empty testId="investments-empty" text={t('investor.dashboard.investmentsEmpty')}>
            <LinkButton href={href(language, 'offers')}>{t('investor.dashboard.browseOffers')}</LinkButton>
          </Empty>
        )}
        {investments.status === 'success' && investments.data && count > 0 && (
          <>
            <InvestmentList>
              {investments.data.items.map((i) => (
                <li key={i.offer.id} data-testid="dashboard-investment">
                  <Link href={href(language, 'portfolioInvestment', { slug: i.offer.slug[language] })}>{i.offer.title}</Link>
                  <span>
                    {t('investor.portfolio.shares', { count: i.numberOfShares })} · {formatMoney(i.investedAmount, language)}
                  </span>
                </li>
              ))}
            </InvestmentList>
            <LinkButton href={href(language, 'portfolio')} variant="ghost">
              {t('investor.dashboard.seePortfolio')}
            </LinkButton>
          </>
        )}
      </Card>

      {recommended.status === 'success' && recommended.data && recommended.data.offers.length > 0 && (
        <section aria-labelledby="recommended-title" data-testid="dashboard-recommended">
          <h2 id="recommended-title">{recommended.data.title || t('investor.dashboard.recommended')}</h2>
          <OffersGrid offers={recommended.data.offers} language={language} layout="tile" from={href(language, 'dashboard')} label={t('investor.dashboard.recommended')} skeletons={0} />
        </section>
      )}
    </InvestorPage>
  );
};

const Hello = styled.p`
  margin: -12px 0 0;
  font-size: 1.1rem;
`;

const OwedList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 12px;
  li {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    align-items: center;
    gap: 12px;
    padding: 12px;
    border-radius: ${({ theme }) => theme.radius}px;
    background: ${({ theme }) => theme.colors.cream};
  }
`;

const Count = styled.p`
  margin: 0 0 12px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const InvestmentList = styled.ul`
  list-style: none;
  margin: 0 0 12px;
  padding: 0;
  li {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    gap: 8px;
    padding: 10px 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  a {
    font-weight: 700;
    color: ${({ theme }) => theme.colors.green};
  }
`;
