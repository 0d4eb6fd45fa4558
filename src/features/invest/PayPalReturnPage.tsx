// The PayPal return page (SPEC §2, /invest/{slug}/{orderId}; issue: PayPal). The PayPal return chart
// (machines/paypalReturn.machine.ts) owns it: this page provides its I/O (the PayPal calls, leaving for
// PayPal) and renders its state. Reloading it or opening it twice asks the server again, which never
// captures twice: the answer is the same. It is also the order page's "retry payment" screen
// (/retry-payment/{orderId}, no PayPal token): the newest attempt's answer, with its way back to PayPal.
import { useActorRef, useSelector } from '@xstate/react';
import styled from 'styled-components';
import { useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import type { Order } from '../../../contract/orders';
import { paypalReturnMachine } from '../../../machines/paypalReturn.machine';
import { useAppSystem } from '../../system/AppSystemContext';
import { formatDate as formatDateIn, formatMoney } from '../../../lib/format';
import { Button, LinkButton } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { usePageTitle } from '../../components/ui/usePageTitle';
import { href, type RouteParams } from '../../../contract/routes';
import { useLanguage, useT, useTranslateError } from '../../i18n/i18n';
import { useAlternateLinks } from '../../components/language/alternates';
import { LANGUAGES } from '../../config/env';
import { leaveFor } from './leavePage';
import { createPayPalApi } from './paypalApi';
import { ThankYouBankTransfer } from './ThankYou';

function usePayPalReturnActor(orderId: string, token: string | null, slug: string) {
  const { http } = useAppSystem();
  const language = useLanguage();
  const api = createPayPalApi(http);
  // Without a slug (the order page's "retry payment" route) the server sends PayPal's payer back to its default
  // return page, this page's route with the order's offer.
  const pattern = slug
    ? `${window.location.origin}${href(language, 'paypalReturn', { slug, orderId: '__ORDER__' }).replace('__ORDER__', '{orderId}')}`
    : undefined;
  return useActorRef(
    paypalReturnMachine.provide({
      actors: {
        confirmReturn: fromPromise(({ input, signal }) => api.confirm(input.orderId, input.token, signal)),
        retryPayPal: fromPromise(({ input, signal }) => api.retryPayPal(input.orderId, pattern, signal)),
        switchToBankTransfer: fromPromise(({ input, signal }) => api.switchToBankTransfer(input.orderId, signal)),
      },
      actions: {
        goToPayPal: (_, { url }) => {
          if (url) leaveFor(url);
        },
      },
    }),
    { input: { orderId, token } },
  );
}

type Actor = ReturnType<typeof usePayPalReturnActor>;

/**
 * The order the page shows (its offer's title, its status) comes from the server in the interface's language,
 * so the page's chart is keyed by the language: a switch asks the server again (which never captures twice)
 * and shows the same answer in the new language. The switcher goes to the address with the offer's slug in
 * the other language, PayPal's query kept.
 */
export function PayPalReturnPage({ params }: { params: RouteParams }) {
  const language = useLanguage();
  return <PayPalReturn key={language} params={params} />;
}

function PayPalReturn({ params }: { params: RouteParams }) {
  const t = useT();
  const search = useSearch();
  const token = new URLSearchParams(search).get('token');
  const orderId = params.orderId ?? '';
  const actor = usePayPalReturnActor(orderId, token, params.slug ?? '');
  usePageTitle(t('paypal.title'));
  const slugs = useSelector(actor, (s) => s.context.answer?.order.offer.slug ?? null);
  useAlternateLinks(
    params.slug && slugs
      ? Object.fromEntries(LANGUAGES.map((l) => [l, `${href(l, 'paypalReturn', { slug: slugs[l], orderId })}${search ? `?${search}` : ''}`]))
      : null,
  );
  return (
    <Page data-testid="paypal-return">
      <Body actor={actor} />
    </Page>
  );
}

function Body({ actor }: { actor: Actor }) {
  const t = useT();
  const language = useLanguage();
  const translateError = useTranslateError();
  const state = useSelector(actor, (s) => s.value as string);
  const answer = useSelector(actor, (s) => s.context.answer);
  const bankTransfer = useSelector(actor, (s) => s.context.bankTransfer);
  const errors = useSelector(actor, (s) => s.context.errors);
  const canRetry = useSelector(actor, (s) => s.can({ type: 'paypalReturn.payPalRetried' }));
  const canGoBack = useSelector(actor, (s) => s.can({ type: 'paypalReturn.backToPayPal' }));
  const order = answer?.order;
  const reason = answer?.reason ?? '';

  if (state === 'capturing' || state === 'retrying' || state === 'switching' || state === 'leaving') {
    const label = state === 'capturing' ? t('paypal.capturing') : state === 'leaving' ? t('paypal.leaving') : t('paypal.working');
    return (
      <Busy role="status" aria-live="polite" data-testid={`paypal-${state}`}>
        <Spinner label={label} />
        <p>{label}</p>
      </Busy>
    );
  }

  const choices = (
    <Actions>
      {canGoBack && (
        <Button variant="primary" onClick={() => actor.send({ type: 'paypalReturn.backToPayPal' })}>
          {t('paypal.declined.back')}
        </Button>
      )}
      {canRetry && (
        <Button variant={canGoBack ? 'secondary' : 'primary'} onClick={() => actor.send({ type: 'paypalReturn.payPalRetried' })}>
          {t('paypal.retry')}
        </Button>
      )}
      {canRetry && (
        <Button variant="secondary" onClick={() => actor.send({ type: 'paypalReturn.bankTransferChosen' })}>
          {t('paypal.bankTransfer')}
        </Button>
      )}
    </Actions>
  );

  switch (state) {
    case 'paid':
      return (
        <Card data-testid="paypal-paid">
          <h1>{t('paypal.paid.title')}</h1>
          <p role="status">{t('paypal.paid.text')}</p>
          {order && <OrderFacts order={order} />}
          <LinkButton variant="primary" href={href(language, 'orders')}>{t('paypal.toOrders')}</LinkButton>
        </Card>
      );
    case 'pending':
      return (
        <Card data-testid="paypal-pending">
          <h1>{t('paypal.pending.title')}</h1>
          <p role="status">{reason.startsWith('PAYPAL_') || reason === 'REVIEW' ? t('paypal.pending.review') : t('paypal.pending.text', { reason })}</p>
          {order && <OrderFacts order={order} />}
          <Actions>
            <Button variant="secondary" onClick={() => actor.send({ type: 'paypalReturn.refreshed' })}>{t('paypal.pending.refresh')}</Button>
            <LinkButton variant="ghost" href={href(language, 'orders')}>{t('paypal.toOrders')}</LinkButton>
          </Actions>
        </Card>
      );
    case 'declined':
      return (
        <Card data-testid="paypal-declined">
          <h1>{t('paypal.declined.title')}</h1>
          <p role="alert">{t('paypal.declined.text')}</p>
          {order && <OrderFacts order={order} />}
          {choices}
        </Card>
      );
    case 'cancelled':
      return (
        <Card data-testid="paypal-cancelled">
          <h1>{t('paypal.cancelled.title')}</h1>
          <p role="status">{t('paypal.cancelled.text', { deadline: order?.expiresAt ? formatDate(order.expiresAt, language) : '—' })}</p>
          {order && <OrderFacts order={order} />}
          {choices}
        </Card>
      );
    case 'expired':
      return (
        <Card data-testid="paypal-expired">
          <h1>{t('paypal.expired.title')}</h1>
          <p role="status">{reason.startsWith('PAYPAL_') ? t('paypal.expired.late') : t('paypal.expired.text')}</p>
          {order && <OrderFacts order={order} />}
          <LinkButton variant="primary" href={href(language, 'offers')}>{t('paypal.toOffer')}</LinkButton>
        </Card>
      );
    case 'bankTransfer':
      return (
        <Card data-testid="paypal-bankTransfer">
          {/* the bank-transfer thank-you brings the page's one h1 */}
          <p role="status" data-testid="paypal-switched">{t('paypal.bankTransferTitle')}</p>
          {order && bankTransfer && <ThankYouBankTransfer order={order} payment={bankTransfer} />}
        </Card>
      );
    default:
      return (
        <Card data-testid="paypal-error">
          <h1>{t('paypal.error.title')}</h1>
          {/* The alert wraps the list: a role on the <ul> itself would take its list semantics away. */}
          <div role="alert">
            <ul>
              {errors.map((e) => (
                <li key={`${e.code}|${e.context}`}>{translateError(e.code, e.message)}</li>
              ))}
            </ul>
          </div>
          <Button variant="primary" onClick={() => actor.send({ type: 'paypalReturn.retried' })}>{t('paypal.error.retry')}</Button>
        </Card>
      );
  }
}

function formatDate(iso: string, language: 'pl' | 'en') {
  return formatDateIn(iso, language, 'longTime');
}

function OrderFacts({ order }: { order: Order }) {
  const t = useT();
  const language = useLanguage();
  return (
    <Facts data-testid="paypal-order">
      <dt>{t('paypal.order', { reference: order.reference })}</dt>
      <dd>{order.offer.title}</dd>
      <dt>{t('paypal.shares')}</dt>
      <dd>{order.quantity}</dd>
      <dt>{t('paypal.total')}</dt>
      <dd>{formatMoney(order.totalPrice, language)}</dd>
      <dt>{t('paypal.status')}</dt>
      <dd data-testid="paypal-order-status">{t(`investor.orderStatus.${order.status}`)}</dd>
    </Facts>
  );
}

const Page = styled.div`
  max-width: 800px;
  margin: 0 auto;
  padding: 40px 16px;
`;

const Card = styled.section`
  display: flex;
  flex-direction: column;
  gap: 16px;
  h1 {
    margin: 0;
    font-size: 1.6rem;
  }
  ul {
    margin: 0;
    padding-left: 20px;
    color: #b00020;
  }
`;

const Busy = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 16px;
  padding: 40px 0;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 4px 16px;
  margin: 0;
  dt {
    color: #555;
  }
  dd {
    margin: 0;
    font-weight: 600;
  }
`;
