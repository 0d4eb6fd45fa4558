// How to pay an unpaid bank-transfer order, again (issue: investor area): the bank fields with click-to-copy
// (machines/clipboard.machine.ts), the account number grouped in fours, and the Polish transfer QR code
// (ZBP "Standard 2D", drawn from the server's `qrCode` string; none above 9 999,99 zł). The same pieces as
// the investing feature's thank-you page, for the order page; loaded only on that page (with `qrcode`).
// TODO(investing): share one component with src/features/invest/ThankYou.tsx once it exports its parts.
import { useActorRef, useSelector } from '@xstate/react';
import styled from 'styled-components';
import { fromPromise } from 'xstate';
import { groszeToDecimalString } from '../../../contract/money';
import type { BankTransferDetails } from '../../../contract/orders';
import { clipboardMachine } from '../../../machines/clipboard.machine';
import { compactAccountNumber, formatMoney, groupAccountNumber } from '../../components/format/money';
import { useLoad } from '../../components/ui/useLoad';
import { useLanguage, useT } from '../../i18n/i18n';

export default function HowToPay({ payment }: { payment: BankTransferDetails }) {
  const t = useT();
  const language = useLanguage();
  const amountText = language === 'pl' ? groszeToDecimalString(payment.amount).replace('.', ',') : groszeToDecimalString(payment.amount);
  const fields = [
    { key: 'accountHolder', shown: payment.accountHolder, copied: payment.accountHolder },
    { key: 'address', shown: payment.address, copied: payment.address },
    { key: 'bankName', shown: payment.bankName, copied: payment.bankName },
    { key: 'accountNumber', shown: groupAccountNumber(payment.accountNumber), copied: compactAccountNumber(payment.accountNumber) },
    { key: 'iban', shown: groupAccountNumber(payment.iban), copied: compactAccountNumber(payment.iban) },
    { key: 'swift', shown: payment.swift, copied: payment.swift },
    { key: 'title', shown: payment.title, copied: payment.title },
    { key: 'amount', shown: formatMoney(payment.amount, language), copied: amountText },
  ];
  return (
    <Layout>
      <Details data-testid="bank-details">
        {fields.map((f) => (
          <CopyRow key={f.key} id={f.key} label={t(`investor.bank.${f.key}`)} shown={f.shown} copied={f.copied} />
        ))}
      </Details>
      {payment.qrCode ? (
        <TransferQr text={payment.qrCode} alt={t('investor.bank.qrAlt', { amount: formatMoney(payment.amount, language), title: payment.title })} />
      ) : (
        <Note data-testid="qr-too-large">{t('investor.bank.qrTooLarge')}</Note>
      )}
    </Layout>
  );
}

function CopyRow({ id, label, shown, copied }: { id: string; label: string; shown: string; copied: string }) {
  const t = useT();
  const actor = useActorRef(clipboardMachine.provide({ actors: { copy: fromPromise(({ input }) => navigator.clipboard.writeText((input as { text: string }).text)) } }));
  const done = useSelector(actor, (s) => s.hasTag('copied'));
  const failed = useSelector(actor, (s) => s.hasTag('failed'));
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        <button type="button" data-testid={`bank-${id}`} aria-label={`${t('investor.bank.copy', { label })}: ${shown}`} onClick={() => actor.send({ type: 'clipboard.copyRequested', text: copied })}>
          {shown}
        </button>
        <span role="status">{done ? t('investor.bank.copied') : failed ? t('investor.bank.notCopied') : ''}</span>
      </dd>
    </div>
  );
}

function TransferQr({ text, alt }: { text: string; alt: string }) {
  const t = useT();
  const { status, data } = useLoad(async (value: string) => {
    const QRCode = await import('qrcode');
    return QRCode.toString(value, { type: 'svg', errorCorrectionLevel: 'L', margin: 2 });
  }, text);
  if (status === 'failure') return <Note role="alert">{t('investor.bank.qrFailed')}</Note>;
  return data ? (
    <img data-testid="transfer-qr" data-qr={text} src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(data)}`} alt={alt} width={200} height={200} />
  ) : (
    <div style={{ width: 200, height: 200 }} aria-hidden="true" />
  );
}

const Layout = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 24px;
  align-items: flex-start;
`;

const Details = styled.dl`
  flex: 1;
  min-width: 260px;
  margin: 0;
  display: grid;
  gap: 8px;
  > div {
    display: grid;
    grid-template-columns: minmax(110px, 1fr) 2fr;
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
  button {
    padding: 6px 10px;
    border: 1px dashed ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius}px;
    background: ${({ theme }) => theme.colors.cream};
    font: inherit;
    font-weight: 700;
    cursor: copy;
    text-align: left;
  }
  [role='status'] {
    color: ${({ theme }) => theme.colors.green};
    font-weight: 700;
  }
`;

const Note = styled.p`
  margin: 0;
  padding: 12px 16px;
  border-radius: ${({ theme }) => theme.radius}px;
  background: ${({ theme }) => theme.colors.greenLight};
`;
