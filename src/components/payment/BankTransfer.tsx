// How to pay an order by bank transfer, written once for the investing feature's thank-you page and the
// investor area's order page: every bank field except codeName with its label and a click-to-copy value
// ('copied' feedback, machines/clipboard.machine.ts), the account number stripped and grouped in fours, the
// amount and the transfer title; and the Polish transfer QR code (ZBP "Standard 2D") drawn from the server's
// `qrCode` string, or a note where the amount is above what a code can carry (9 999,99 zł). The texts come
// from the calling feature's dictionary (`ns`: its copy/copied/notCopied, field labels and qr* keys).
import { useActorRef, useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { fromPromise } from 'xstate';
import { groszeToDecimalString } from '../../../contract/money';
import type { BankTransferDetails } from '../../../contract/orders';
import { clipboardMachine } from '../../../machines/clipboard.machine';
import type { Language } from '../../config/env';
import { useLanguage, useT } from '../../i18n/i18n';
import { formatMoney } from '../../../lib/format';
import { compactAccountNumber, groupAccountNumber } from '../format/accountNumber';
import { useLoad } from '../ui/useLoad';

/** The dictionary section a caller's payment texts are in. */
export type PaymentTexts = 'invest.thankYou' | 'investor.bank';

export type BankField = 'accountHolder' | 'address' | 'bankName' | 'accountNumber' | 'iban' | 'swift' | 'title' | 'amount';

/** What each field shows and what its button copies: the account numbers grouped / stripped, the amount as a decimal. */
export function bankTransferFields(payment: BankTransferDetails, language: Language): { key: BankField; shown: string; copied: string }[] {
  const amountText = language === 'pl' ? groszeToDecimalString(payment.amount).replace('.', ',') : groszeToDecimalString(payment.amount);
  return [
    { key: 'accountHolder', shown: payment.accountHolder, copied: payment.accountHolder },
    { key: 'address', shown: payment.address, copied: payment.address },
    { key: 'bankName', shown: payment.bankName, copied: payment.bankName },
    { key: 'accountNumber', shown: groupAccountNumber(payment.accountNumber), copied: compactAccountNumber(payment.accountNumber) },
    { key: 'iban', shown: groupAccountNumber(payment.iban), copied: compactAccountNumber(payment.iban) },
    { key: 'swift', shown: payment.swift, copied: payment.swift },
    { key: 'title', shown: payment.title, copied: payment.title },
    { key: 'amount', shown: formatMoney(payment.amount, language), copied: amountText },
  ];
}

/**
 * The bank fields as label / click-to-copy rows (`bank-{field}` test ids); `labelKeys` renames a field's
 * label key in `ns`; `children` are further rows (the thank-you page's deadline).
 */
export function BankTransferRows({ payment, ns, labelKeys, children }: { payment: BankTransferDetails; ns: PaymentTexts; labelKeys?: Partial<Record<BankField, string>>; children?: ReactNode }) {
  const t = useT();
  const language = useLanguage();
  return (
    <Details data-testid="bank-details">
      {bankTransferFields(payment, language).map((f) => (
        <CopyRow key={f.key} ns={ns} label={t(`${ns}.${labelKeys?.[f.key] ?? f.key}`)} shown={f.shown} copied={f.copied} testId={`bank-${f.key}`} />
      ))}
      {children}
    </Details>
  );
}

export function CopyRow({ ns, label, shown, copied, testId }: { ns: PaymentTexts; label: string; shown: string; copied: string; testId: string }) {
  const t = useT();
  const actor = useActorRef(
    clipboardMachine.provide({
      actors: { copy: fromPromise(({ input }) => navigator.clipboard.writeText(input.text)) },
    }),
  );
  const done = useSelector(actor, (s) => s.hasTag('copied'));
  const failed = useSelector(actor, (s) => s.hasTag('failed'));
  // the chart's state, as a data attribute (read by the storyboard)
  const state = useSelector(actor, (s) => String(s.value));
  return (
    <div>
      <dt>{label}</dt>
      <dd data-state={state}>
        <CopyButton
          type="button"
          data-testid={testId}
          aria-label={`${t(`${ns}.copy`, { label })}: ${shown}`}
          onClick={() => actor.send({ type: 'clipboard.copyRequested', text: copied })}
        >
          <span className="value">{shown}</span>
          <CopyIcon />
        </CopyButton>
        <span role="status" className="feedback" data-testid={`${testId}-feedback`}>
          {done ? t(`${ns}.copied`) : failed ? t(`${ns}.notCopied`) : ''}
        </span>
      </dd>
    </div>
  );
}

/** Two overlapping sheets, drawn (the "⧉" character is missing from Lato and most system fonts: it showed as a box). */
function CopyIcon() {
  return (
    <svg className="icon" aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.5">
      <rect x="5.5" y="5.5" width="8" height="8" rx="1.5" />
      <path d="M10.5 3.5v-.5A1.5 1.5 0 0 0 9 1.5H3A1.5 1.5 0 0 0 1.5 3v6A1.5 1.5 0 0 0 3 10.5h.5" />
    </svg>
  );
}

/** The transfer QR code (with `help` beside it), or the note that the amount is too large for one. */
export function BankTransferQr({ payment, ns, help }: { payment: BankTransferDetails; ns: PaymentTexts; help?: ReactNode }) {
  const t = useT();
  const language = useLanguage();
  if (!payment.qrCode) return <PaymentNote data-testid="qr-too-large">{t(`${ns}.qrTooLarge`)}</PaymentNote>;
  const alt = t(`${ns}.qrAlt`, { amount: formatMoney(payment.amount, language), recipient: payment.accountHolder, title: payment.title });
  return <TransferQr ns={ns} text={payment.qrCode} alt={alt} help={help} />;
}

/** The QR library loads only where a code is drawn; error correction L as the ZBP recommendation says. */
function TransferQr({ ns, text, alt, help }: { ns: PaymentTexts; text: string; alt: string; help?: ReactNode }) {
  const t = useT();
  const { status, data } = useLoad(
    async (value: string) => {
      const QRCode = await import('qrcode');
      return QRCode.toString(value, { type: 'svg', errorCorrectionLevel: 'L', margin: 2 });
    },
    text,
  );
  if (status === 'failure') return <PaymentNote role="alert">{t(`${ns}.qrFailed`)}</PaymentNote>;
  return (
    <Qr>
      {data ? (
        <img data-testid="transfer-qr" data-qr={text} src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(data)}`} alt={alt} width={200} height={200} />
      ) : (
        <div style={{ width: 200, height: 200 }} aria-hidden="true" />
      )}
      {help && <p>{help}</p>}
    </Qr>
  );
}

export const PaymentNote = styled.p`
  margin: 0;
  padding: 12px 16px;
  border-radius: ${({ theme }) => theme.radius}px;
  background: ${({ theme }) => theme.colors.greenLight};
`;

const Details = styled.dl`
  flex: 1;
  min-width: 260px;
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
  .icon {
    flex: none;
  }
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
