import type { BankTransferDetails } from '../../../contract/orders';
import { formatReference } from '../orders/reference';

// The platform's receiving bank account (configuration: BANK_*), the NRB checksum, and the Polish transfer QR
// code of the ZBP recommendation "Standard 2D" (../shared/PAYMENTS-NOTES.md).

export interface BankAccountConfig {
  holder: string;
  address: string;
  bankName: string;
  /** 26-digit NRB, digits only. */
  accountNumber: string;
  swift: string;
}

/** Digits only ("61 1090 1014 ..." or "PL61109010140000071219812874" → "61109010140000071219812874"). */
export const compactAccountNumber = (value: string) => value.replace(/^\s*PL/i, '').replace(/[\s-]/g, '');

/**
 * A Polish NRB (26 digits) with a valid IBAN mod-97 check: `PL` + NRB, the country and check digits moved to
 * the end, letters as numbers (P = 25, L = 21), remainder 1.
 */
export function isValidNrb(nrb: string): boolean {
  if (!/^\d{26}$/.test(nrb)) return false;
  const rearranged = `${nrb.slice(2)}2521${nrb.slice(0, 2)}`;
  // Piecewise mod 97: the remainder (2 digits) plus 7 more digits stays far below 2^53.
  let remainder = 0;
  for (let i = 0; i < rearranged.length; i += 7) {
    remainder = Number(`${remainder}${rearranged.slice(i, i + 7)}`) % 97;
  }
  return remainder === 1;
}

export const ibanOf = (nrb: string) => `PL${nrb}`;

/** SWIFT/BIC: 8 or 11 characters (bank 4 letters, country 2 letters, location 2, branch 3 optional). */
export const isValidSwift = (swift: string) => /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(swift);

/** The largest amount the QR code's 6-digit grosze field holds: 9 999,99 zł. */
export const QR_MAX_GROSZE = 999_999;

/** Keeps a QR field free of the separator and within its length. */
const qrField = (value: string, max: number) =>
  value
    .replace(/[|\r\n\t]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();

/**
 * ZBP "Standard 2D" payload: `NIP|PL|NRB|amount|recipient|title|reserve|reserve|reserve`, NIP empty, amount in
 * grosze as 6 digits, recipient at most 20 characters, title at most 32, the whole at most 160. Null when
 * the amount does not fit the 6-digit field (above 9 999,99 zł): the page then explains the limit and
 * shows the fields to copy (docs/api.md "Orders and payments").
 */
export function transferQrPayload(input: { accountNumber: string; amountGrosze: number; recipient: string; title: string }): string | null {
  if (!Number.isSafeInteger(input.amountGrosze) || input.amountGrosze <= 0 || input.amountGrosze > QR_MAX_GROSZE) return null;
  const payload = [
    '',
    'PL',
    input.accountNumber,
    String(input.amountGrosze).padStart(6, '0'),
    qrField(input.recipient, 20),
    qrField(input.title, 32),
    '',
    '',
    '',
  ].join('|');
  return payload.length <= 160 ? payload : null;
}

/** Everything a bank customer needs to pay one order (thank-you page, order page, confirmation e-mail). */
export function bankTransferDetails(
  account: BankAccountConfig,
  order: { reference: string; totalPrice: number; expiresAt: Date | null },
): BankTransferDetails {
  const title = formatReference(order.reference);
  return {
    codeName: 'BankTransfer',
    accountHolder: account.holder,
    address: account.address,
    bankName: account.bankName,
    accountNumber: account.accountNumber,
    iban: ibanOf(account.accountNumber),
    swift: account.swift,
    title,
    amount: order.totalPrice,
    deadline: (order.expiresAt ?? new Date()).toISOString(),
    qrCode: transferQrPayload({ accountNumber: account.accountNumber, amountGrosze: order.totalPrice, recipient: account.holder, title }),
  };
}

/** "61109010140000071219812874" → "61 1090 1014 0000 0712 1981 2874" (e-mails; the SPA groups its own). */
export const groupNrb = (nrb: string) => `${nrb.slice(0, 2)} ${nrb.slice(2).replace(/(\d{4})(?=\d)/g, '$1 ')}`;
