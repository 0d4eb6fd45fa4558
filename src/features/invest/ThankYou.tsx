// The thank-you page for a bank transfer (SPEC §2; issue "Investing"): every bank field except codeName,
// each with its label and a click-to-copy value ('copied' feedback), the account number stripped and
// grouped in fours, the amount, the transfer title (the order reference), the deadline with a live
// countdown, and the Polish transfer QR code (ZBP "Standard 2D") drawn from the server's `qrCode` string.
// Above 9 999,99 zł a bank QR code cannot carry the amount (its field has 6 digits of grosze): the server
// sends no code and the page says so, pointing to the copy buttons.
import styled from 'styled-components';
import { Link } from 'wouter';
import type { BankTransferDetails, Order } from '../../../contract/orders';
import { BankTransferQr, BankTransferRows, PaymentNote as Note } from '../../components/payment/BankTransfer';
import { Countdown } from '../../components/payment/Countdown';
import { panelCss, panelTitleCss } from '../../components/ui/Panel';
import { href } from '../../../contract/routes';
import type { Language } from '../../config/env';
import { useLanguage, useT } from '../../i18n/i18n';
import { formatDate } from '../../../lib/format';

function formatDeadline(iso: string, language: Language): string {
  return formatDate(iso, language, 'longTime');
}

export function ThankYouBankTransfer({ order, payment }: { order: Order; payment: BankTransferDetails }) {
  const t = useT();
  const language = useLanguage();
  const waiting = order.status === 'new';
  return (
    <Card data-testid="thank-you" data-method="BankTransfer" data-status={order.status}>
      <h1 id="invest-step-title">{t('invest.thankYou.title')}</h1>
      {waiting && <p>{t('invest.thankYou.intro', { deadline: formatDeadline(payment.deadline, language) })}</p>}
      <OrderLine order={order} />
      {waiting ? (
        <>
          <h2>{t('invest.thankYou.details')}</h2>
          <BankTransferRows payment={payment} ns="invest.thankYou" labelKeys={{ title: 'title_' }}>
            <div>
              <dt>{t('invest.thankYou.deadline')}</dt>
              <dd data-testid="bank-deadline">
                {formatDeadline(payment.deadline, language)}
                <DeadlineCountdown deadline={payment.deadline} ns="invest.thankYou" />
              </dd>
            </div>
          </BankTransferRows>
          <h2>{t('invest.thankYou.qrTitle')}</h2>
          <BankTransferQr payment={payment} ns="invest.thankYou" help={t('invest.thankYou.qrHelp')} />
        </>
      ) : (
        <Note data-testid="order-status-note">{t(`invest.thankYou.statusNote.${order.status}`)}</Note>
      )}
    </Card>
  );
}

/** The order's reference, its current status and the link to it in the investor's orders. */
function OrderLine({ order }: { order: Order }) {
  const t = useT();
  const language = useLanguage();
  return (
    <>
      <p>
        {t('invest.thankYou.reference')}: <strong data-testid="order-reference">{order.reference}</strong>{' '}
        <Link href={href(language, 'order', { orderId: order.id })} data-testid="order-link">
          {t('invest.thankYou.seeOrder')}
        </Link>
      </p>
      <p>
        {t('invest.thankYou.status')}:{' '}
        <strong data-testid="order-status" data-status={order.status}>
          {t(`invest.thankYou.statuses.${order.status}`)}
        </strong>
      </p>
    </>
  );
}

/**
 * The thank-you page of a PayPal order (a reload after the payer came back, or one who never went): its
 * current status; while it waits for the money, the way to the PayPal return page, which finishes or
 * retries the payment (or switches to a bank transfer).
 */
export function ThankYouPayPal({ order, slug }: { order: Order; slug: string }) {
  const t = useT();
  const language = useLanguage();
  return (
    <Card data-testid="thank-you" data-method="PayPal" data-status={order.status}>
      <h1 id="invest-step-title">{t('invest.thankYou.title')}</h1>
      <OrderLine order={order} />
      {order.status === 'new' ? (
        <p>
          {t('invest.thankYou.payPalPending')}{' '}
          <Link href={href(language, 'paypalReturn', { slug, orderId: order.id })} data-testid="paypal-return-link">
            {t('invest.thankYou.payPalContinue')}
          </Link>
        </p>
      ) : (
        <Note data-testid="order-status-note">{t(`invest.thankYou.statusNote.${order.status}`)}</Note>
      )}
    </Card>
  );
}

const Card = styled.div`
  ${panelCss}
  ${panelTitleCss}
  h2 {
    margin: 8px 0 0;
    font-size: 1.2rem;
  }
`;

/** On its own line below the deadline. */
const DeadlineCountdown = styled(Countdown)`
  width: 100%;
`;
