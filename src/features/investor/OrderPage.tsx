// A single order (SPEC §2, §3 "Order", §4): every field, the status history as a timeline (when, what,
// why), the countdown to expiry while unpaid, how to pay it (bank details and the transfer QR code again,
// or PayPal's retry), its confirmation PDFs and the key investment information sheet it acknowledged (that
// version, whatever changed since).
import { lazy, Suspense, useState } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import type { Order } from '../../../contract/orders';
import { useAppSystem } from '../../system/AppSystemContext';
import type { Screen } from '../../screens/screen';
import { formatFractionPercent, formatMoney } from '../../../lib/format';
import { Button, LinkButton } from '../../components/ui/Button';
import { useLoad } from '../../components/ui/useLoad';
import { usePageTitle } from '../../components/ui/usePageTitle';
import { href } from '../../../contract/routes';
import { useLanguage, useT } from '../../i18n/i18n';
import { NotFoundPage } from '../../pages/NotFoundPage';
import { createInvestorApi } from './api';
import { Countdown } from './Countdown';
import { Revocation } from './Revocation';
import { Card, FileFailure, Fields, formatDate, InvestorPage, LoadError, Skeleton, StatusBadge, useFileDownload } from '../../components/investor/ui';

const BankTransferDetails = lazy(() => import('./HowToPay'));

/** A paid order's refund: on its way and by when, or done (PayPal accepted it, the bank transfer has left). */
function RefundNotice({ refund }: { refund: NonNullable<Order['refund']> }) {
  const t = useT();
  const language = useLanguage();
  const key = refund.status === 'due' || refund.status === 'sent' ? `${refund.status}${refund.method}` : refund.status;
  return (
    <p data-testid="order-refund" data-status={refund.status} role="status">
      {t(`investor.order.refund.${key}`, {
        amount: formatMoney(refund.amount, language),
        date: formatDate(refund.expectedBy, language, false),
        refundedAt: formatDate(refund.refundedAt, language, false),
      })}
    </p>
  );
}

export const OrderPage: Screen = ({ params }) => {
  const t = useT();
  const language = useLanguage();
  const { http } = useAppSystem();
  const api = createInvestorApi(http);
  const orderId = params.orderId ?? '';
  // `version` reads the order again after a revocation; meanwhile the page keeps showing what it has (the
  // revocation's result stays in view, no skeleton), since the chart keeps its data while it loads.
  const [version, setVersion] = useState(0);
  const load = useLoad((p: { orderId: string; language: string; version: number }, signal) => api.order(p.orderId, signal), { orderId, language, version });
  const order: Order | null = load.status === 'success' || (load.status === 'loading' && version > 0) ? load.data : null;
  const files = useFileDownload();
  usePageTitle(order ? t('investor.order.title', { reference: order.reference }) : t('investor.order.titleLoading'));

  if (load.status === 'failure' && (load.error as { status?: number })?.status === 404) return <NotFoundPage />;
  const reason = (code: string) => {
    const key = `investor.reasons.${code}`;
    const text = t(key);
    return text === key ? code : text;
  };
  const pdf = (kind: 'order' | 'payment' | 'allotment') => {
    if (!order) return;
    const id = `${kind}-confirmation-${order.id}`;
    files.request({ url: `/investor/documents/${id}`, mode: 'save', fallbackName: `${id}.pdf` });
  };

  return (
    <InvestorPage
      testId="page-order"
      title={order ? t('investor.order.title', { reference: order.reference }) : t('investor.order.titleLoading')}
      subtitle={<Link href={href(language, 'orders')}>{t('investor.order.back')}</Link>}
    >
      {load.status === 'failure' && <LoadError error={load.error} onRetry={load.retry} />}
      {load.skeleton && !order && <Skeleton rows={4} />}
      {order && (
        <>
          <Card>
            <Head>
              <StatusBadge status={order.status} />
              {order.status === 'new' && order.expiresAt && (
                <span data-testid="order-deadline">
                  {t('investor.order.payBy', { date: formatDate(order.expiresAt, language) })} <Countdown deadline={order.expiresAt} />
                </span>
              )}
            </Head>
            <Revocation key={order.id} order={order} revoke={(id) => api.revoke(id)} onRevoked={() => setVersion((v) => v + 1)} />
            {order.refund && <RefundNotice refund={order.refund} />}
            <Fields data-testid="order-fields">
              <Field label={t('investor.orders.reference')} value={order.reference} testId="order-reference" />
              <Field label={t('investor.orders.offer')} value={order.offer.title} />
              <Field label={t('investor.order.series')} value={order.series.name} />
              <Field label={t('investor.order.method')} value={t(`investor.methods.${order.method}`)} />
              <Field label={t('investor.order.createdAt')} value={formatDate(order.createdAt, language)} />
              <Field label={t('investor.order.paidAt')} value={formatDate(order.paidAt, language)} />
              <Field label={t('investor.order.completedAt')} value={formatDate(order.completedAt, language)} />
              <Field label={t('investor.order.cancelledAt')} value={formatDate(order.cancelledAt, language)} />
              <Field label={t('investor.order.expiresAt')} value={formatDate(order.expiresAt, language)} />
              <Field label={t('investor.orders.shares')} value={String(order.quantity)} testId="order-quantity" />
              <Field label={t('investor.portfolio.pricePerShare')} value={formatMoney(order.pricePerShare, language)} />
              <Field label={t('investor.order.amount')} value={formatMoney(order.amount, language)} />
              <Field label={t('investor.order.fee')} value={`${formatMoney(order.feeValue, language)} (${formatFractionPercent(order.feePercent, language)})`} />
              <Field label={t('investor.orders.total')} value={formatMoney(order.totalPrice, language)} testId="order-total" />
              <Field label={t('investor.order.email')} value={order.userMeta.email} />
              <Field
                label={t('investor.order.investor')}
                value={`${order.investorData.firstName} ${order.investorData.lastName}, ${order.investorData.address.address}, ${order.investorData.address.zip} ${order.investorData.address.city}, ${order.investorData.address.country.name}`}
              />
            </Fields>
            <Docs>
              <Button type="button" variant="secondary" onClick={() => pdf('order')} disabled={files.busy} data-testid="order-confirmation-pdf">
                {t('investor.order.confirmationPdf')}
              </Button>
              {order.paidAt && (
                <Button type="button" variant="secondary" onClick={() => pdf('payment')} disabled={files.busy} data-testid="payment-confirmation-pdf">
                  {t('investor.order.paymentPdf')}
                </Button>
              )}
              {order.kiis && (
                <Button
                  type="button"
                  variant="secondary"
                  onClick={() => files.request({ url: `/order/${order.id}/kiis.pdf`, mode: 'save', fallbackName: `kiis-${order.reference}-v${order.kiis!.version}.pdf` })}
                  disabled={files.busy}
                  data-testid="order-kiis-pdf"
                >
                  {t('investor.order.kiisPdf', { version: order.kiis.version, language: order.kiis.language.toUpperCase() })}
                </Button>
              )}
              {order.status === 'completed' && order.completedAt && (
                <Button type="button" variant="secondary" onClick={() => pdf('allotment')} disabled={files.busy} data-testid="allotment-confirmation-pdf">
                  {t('investor.order.allotmentPdf')}
                </Button>
              )}
            </Docs>
            {files.failed && <FileFailure onRetry={files.retry} onDismiss={files.dismiss} />}
          </Card>

          {order.status === 'new' && order.bankTransfer && (
            <Card as="section" aria-labelledby="how-to-pay-title" data-testid="how-to-pay">
              <h2 id="how-to-pay-title">{t('investor.order.howToPay')}</h2>
              <Suspense fallback={<Skeleton rows={2} />}>
                <BankTransferDetails payment={order.bankTransfer} />
              </Suspense>
            </Card>
          )}
          {order.status === 'new' && order.method === 'PayPal' && (
            <Card as="section" aria-labelledby="paypal-title" data-testid="paypal-retry">
              <h2 id="paypal-title">{t('investor.order.howToPay')}</h2>
              <p>{t('investor.order.paypalText')}</p>
              <LinkButton href={href(language, 'retryPayment', { orderId: order.id })}>{t('investor.order.paypalRetry')}</LinkButton>
            </Card>
          )}

          <Card as="section" aria-labelledby="history-title">
            <h2 id="history-title">{t('investor.order.history')}</h2>
            <Timeline data-testid="order-history">
              {order.history.map((h, i) => (
                <li key={i} data-testid="history-entry" data-to={h.to}>
                  <time dateTime={h.at}>{formatDate(h.at, language)}</time>
                  <div>
                    <strong>
                      {h.from ? `${t(`investor.orderStatus.${h.from}`)} → ` : ''}
                      {t(`investor.orderStatus.${h.to}`)}
                    </strong>
                    <div>
                      {reason(h.reason)} · {t(`investor.actors.${h.actor}`)}
                    </div>
                    {h.note && <div className="note">{h.note}</div>}
                  </div>
                </li>
              ))}
            </Timeline>
          </Card>

          {order.transactions.length > 0 && (
            <Card as="section" aria-labelledby="order-transactions-title">
              <h2 id="order-transactions-title">{t('investor.transactions.title')}</h2>
              <ul data-testid="order-transactions">
                {order.transactions.map((tx) => (
                  <li key={tx.id}>
                    {formatDate(tx.date, language)} · {t(`investor.methods.${tx.method}`)} · <StatusBadge status={tx.status} kind="transaction" /> ·{' '}
                    {formatMoney(tx.amount, language)}
                  </li>
                ))}
              </ul>
            </Card>
          )}
        </>
      )}
    </InvestorPage>
  );
};

function Field({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  align-items: center;
  margin-bottom: 16px;
`;

const Docs = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-top: 16px;
`;

const Timeline = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0 0 0 16px;
  border-left: 3px solid ${({ theme }) => theme.colors.greenLight};
  display: grid;
  gap: 16px;
  li {
    position: relative;
    display: grid;
    gap: 4px;
  }
  li::before {
    content: '';
    position: absolute;
    left: -24px;
    top: 4px;
    width: 13px;
    height: 13px;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.green};
  }
  time {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.9rem;
  }
  .note {
    font-style: italic;
  }
`;
