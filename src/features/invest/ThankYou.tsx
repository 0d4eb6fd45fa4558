// The thank-you page for a bank transfer (SPEC §2; issue "Investing"): every bank field except codeName,
// each with its label and a click-to-copy value ('copied' feedback), the account number stripped and
// grouped in fours, the amount, the transfer title (the order reference), the deadline with a live
// countdown, and the Polish transfer QR code (ZBP "Standard 2D") drawn from the server's `qrCode` string.
// Above 9 999,99 zł a bank QR code cannot carry the amount (its field has 6 digits of grosze): the server
// sends no code and the page says so, pointing to the copy buttons.
import { useActorRef, useSelector } from '@xstate/react';
import styled from 'styled-components';
import { Link } from 'wouter';
import { fromPromise } from 'xstate';
import { groszeToDecimalString } from '../../../contract/money';
import type { BankTransferDetails, Order } from '../../../contract/orders';
import { clipboardMachine } from '../../../machines/clipboard.machine';
import { countdownMachine, remaining } from '../../../machines/countdown.machine';
import { compactAccountNumber, formatMoney, groupAccountNumber } from '../../components/format/money';
import { useLoad } from '../../components/ui/useLoad';
import { href } from '../../config/paths';
import type { Language } from '../../config/env';
import { useLanguage, useT } from '../../i18n/i18n';

function formatDeadline(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(language === 'pl' ? 'pl-PL' : 'en-GB', { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));
}

export function ThankYouBankTransfer({ order, payment }: { order: Order; payment: BankTransferDetails }) {
  const t = useT();
  const language = useLanguage();
  const amountText = language === 'pl' ? groszeToDecimalString(payment.amount).replace('.', ',') : groszeToDecimalString(payment.amount);
  const fields: { key: string; label: string; shown: string; copied: string; testId: string }[] = [
    { key: 'accountHolder', label: t('invest.thankYou.accountHolder'), shown: payment.accountHolder, copied: payment.accountHolder, testId: 'bank-accountHolder' },
    { key: 'address', label: t('invest.thankYou.address'), shown: payment.address, copied: payment.address, testId: 'bank-address' },
    { key: 'bankName', label: t('invest.thankYou.bankName'), shown: payment.bankName, copied: payment.bankName, testId: 'bank-bankName' },
    {
      key: 'accountNumber',
      label: t('invest.thankYou.accountNumber'),
      shown: groupAccountNumber(payment.accountNumber),
      copied: compactAccountNumber(payment.accountNumber),
      testId: 'bank-accountNumber',
    },
    { key: 'iban', label: t('invest.thankYou.iban'), shown: groupAccountNumber(payment.iban), copied: compactAccountNumber(payment.iban), testId: 'bank-iban' },
    { key: 'swift', label: t('invest.thankYou.swift'), shown: payment.swift, copied: payment.swift, testId: 'bank-swift' },
    { key: 'title', label: t('invest.thankYou.title_'), shown: payment.title, copied: payment.title, testId: 'bank-title' },
    { key: 'amount', label: t('invest.thankYou.amount'), shown: formatMoney(payment.amount, language), copied: amountText, testId: 'bank-amount' },
  ];
  const waiting = order.status === 'new';
  return (
    <Card data-testid="thank-you" data-method="BankTransfer" data-status={order.status}>
      <h1 id="invest-step-title">{t('invest.thankYou.title')}</h1>
      {waiting && <p>{t('invest.thankYou.intro', { deadline: formatDeadline(payment.deadline, language) })}</p>}
      <OrderLine order={order} />
      {waiting ? (
        <>
          <h2>{t('invest.thankYou.details')}</h2>
          <Details>
            {fields.map((f) => (
              <CopyRow key={f.key} label={f.label} shown={f.shown} copied={f.copied} testId={f.testId} />
            ))}
            <div>
              <dt>{t('invest.thankYou.deadline')}</dt>
              <dd data-testid="bank-deadline">
                {formatDeadline(payment.deadline, language)}
                <Countdown deadline={payment.deadline} />
              </dd>
            </div>
          </Details>
          <h2>{t('invest.thankYou.qrTitle')}</h2>
          {payment.qrCode ? (
            <TransferQr
              text={payment.qrCode}
              alt={t('invest.thankYou.qrAlt', { amount: formatMoney(payment.amount, language), recipient: payment.accountHolder, title: payment.title })}
            />
          ) : (
            <Note data-testid="qr-too-large">{t('invest.thankYou.qrTooLarge')}</Note>
          )}
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

export function CopyRow({ label, shown, copied, testId }: { label: string; shown: string; copied: string; testId: string }) {
  const t = useT();
  const actor = useActorRef(
    clipboardMachine.provide({
      actors: { copy: fromPromise(({ input }) => navigator.clipboard.writeText(input.text)) },
    }),
  );
  const done = useSelector(actor, (s) => s.hasTag('copied'));
  const failed = useSelector(actor, (s) => s.hasTag('failed'));
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        <CopyButton
          type="button"
          data-testid={testId}
          aria-label={`${t('invest.thankYou.copy', { label })}: ${shown}`}
          onClick={() => actor.send({ type: 'clipboard.copyRequested', text: copied })}
        >
          <span className="value">{shown}</span>
          <span aria-hidden="true" className="icon">
            ⧉
          </span>
        </CopyButton>
        <span role="status" className="feedback" data-testid={`${testId}-feedback`}>
          {done ? t('invest.thankYou.copied') : failed ? t('invest.thankYou.notCopied') : ''}
        </span>
      </dd>
    </div>
  );
}

export function Countdown({ deadline }: { deadline: string }) {
  const t = useT();
  const actor = useActorRef(countdownMachine, { input: { deadline: new Date(deadline).getTime(), now: Date.now() } });
  const expired = useSelector(actor, (s) => s.hasTag('expired'));
  const left = useSelector(actor, (s) => remaining(s.context), (a, b) => JSON.stringify(a) === JSON.stringify(b));
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    <Left data-testid="countdown" data-expired={expired}>
      {expired
        ? t('invest.thankYou.expired')
        : t('invest.thankYou.left', { days: left.days, hours: pad(left.hours), minutes: pad(left.minutes), seconds: pad(left.seconds) })}
    </Left>
  );
}

/** The QR library loads only on this screen; error correction L as the ZBP recommendation says. */
function TransferQr({ text, alt }: { text: string; alt: string }) {
  const t = useT();
  const { status, data } = useLoad(
    async (value: string) => {
      const QRCode = await import('qrcode');
      return QRCode.toString(value, { type: 'svg', errorCorrectionLevel: 'L', margin: 2 });
    },
    text,
  );
  if (status === 'failure') return <Note role="alert">{t('invest.thankYou.qrFailed')}</Note>;
  return (
    <Qr>
      {data ? (
        <img data-testid="transfer-qr" data-qr={text} src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(data)}`} alt={alt} width={200} height={200} />
      ) : (
        <div style={{ width: 200, height: 200 }} aria-hidden="true" />
      )}
      <p>{t('invest.thankYou.qrHelp')}</p>
    </Qr>
  );
}

const Card = styled.div`
  display: grid;
  gap: 16px;
  padding: 24px;
  border-radius: ${({ theme }) => theme.radius}px;
  background: ${({ theme }) => theme.colors.white};
  box-shadow: ${({ theme }) => theme.shadow};
  h1 {
    margin: 0;
    font-size: 1.6rem;
    color: ${({ theme }) => theme.colors.brown};
  }
  h2 {
    margin: 8px 0 0;
    font-size: 1.2rem;
  }
`;

const Details = styled.dl`
  margin: 0;
  display: grid;
  gap: 10px;
  > div {
    display: grid;
    grid-template-columns: minmax(120px, 1fr) 2fr;
    gap: 8px;
    align-items: center;
  }
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    align-items: center;
  }
  .feedback {
    color: ${({ theme }) => theme.colors.green};
    font-weight: 700;
    font-size: 0.9rem;
  }
`;

const CopyButton = styled.button`
  display: inline-flex;
  gap: 8px;
  align-items: center;
  padding: 6px 10px;
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius}px;
  background: ${({ theme }) => theme.colors.cream};
  color: inherit;
  font: inherit;
  font-weight: 700;
  text-align: left;
  cursor: copy;
  .value {
    font-variant-numeric: tabular-nums;
    word-break: break-word;
  }
`;

const Left = styled.span`
  display: block;
  width: 100%;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Qr = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 16px;
  align-items: center;
  img {
    background: white;
  }
  p {
    flex: 1;
    min-width: 200px;
  }
`;

const Note = styled.p`
  margin: 0;
  padding: 12px 16px;
  border-radius: ${({ theme }) => theme.radius}px;
  background: ${({ theme }) => theme.colors.greenLight};
`;
