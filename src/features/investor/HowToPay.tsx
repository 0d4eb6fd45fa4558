// How to pay an unpaid bank-transfer order, again (issue: investor area): the bank fields with click-to-copy,
// the account number grouped in fours, and the Polish transfer QR code (ZBP "Standard 2D", none above
// 9 999,99 zł): the thank-you page's component (src/components/payment/BankTransfer.tsx) with the investor
// area's texts; loaded only on the order page (with `qrcode`).
import styled from 'styled-components';
import type { BankTransferDetails } from '../../../contract/orders';
import { BankTransferQr, BankTransferRows } from '../../components/payment/BankTransfer';

export default function HowToPay({ payment }: { payment: BankTransferDetails }) {
  return (
    <Layout>
      <BankTransferRows payment={payment} ns="investor.bank" />
      <BankTransferQr payment={payment} ns="investor.bank" />
    </Layout>
  );
}

const Layout = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 24px;
  align-items: flex-start;
`;
