import { XMLBuilder } from 'fast-xml-parser';

// The bank payment file of a payout run: ISO 20022 `pain.001.001.03` (Customer Credit Transfer Initiation),
// which Polish banks' corporate channels accept for domestic PLN transfers. One payment information block (the
// platform's account is the debtor), one credit transfer per payout: the investor's IBAN, the amount, the
// payout's reference as the end-to-end id (the bank hands it back in the statement's `Refs/EndToEndId`) and at
// the start of the remittance information (what the investor's bank shows as the title; the statement import
// finds it there too). Charges are borne by the platform (`DEBT`), so the investor receives the whole net
// amount. Tests validate the output against the official schema (tests/support/xsd/pain.001.001.03.xsd).

export const PAIN001_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.03';

export interface Pain001Transfer {
  /** The payout's reference (compact, ≤ 35 characters): end-to-end id and the start of the title. */
  reference: string;
  amountGrosze: number;
  creditorName: string;
  /** IBAN, e.g. "PL61109010140000071219812874". */
  creditorIban: string;
  /** The rest of the title after the reference (cut to fit 140 characters). */
  remittance: string;
}

export interface Pain001Input {
  /** Unique per file (≤ 35 characters): banks refuse a repeated message id, so a file cannot be paid twice. */
  messageId: string;
  createdAt: Date;
  /** YYYY-MM-DD */
  executionDate: string;
  debtor: { name: string; iban: string; bic: string };
  transfers: readonly Pain001Transfer[];
}

export class Pain001Error extends Error {
  constructor(
    readonly code: 'PAYOUT_NO_TRANSFERS' | 'PAYOUT_AMOUNT_NOT_VALID' | 'PAYOUT_IBAN_NOT_VALID' | 'PAYOUT_REFERENCE_NOT_VALID',
    readonly context: string,
  ) {
    super(`${code} (${context})`);
    this.name = 'Pain001Error';
  }
}

const IBAN = /^[A-Z]{2}[0-9]{2}[A-Za-z0-9]{1,30}$/;
const BIC = /^[A-Z]{6}[A-Z2-9][A-NP-Z0-9]([A-Z0-9]{3})?$/;
const ID = /^[A-Za-z0-9/\-?:().,'+ ]{1,35}$/;

/** IBAN mod-97 (ISO 13616): the first four characters moved to the end, letters as 10–35, remainder 1. */
export function isValidIban(iban: string): boolean {
  if (!IBAN.test(iban)) return false;
  const rearranged = (iban.slice(4) + iban.slice(0, 4)).toUpperCase();
  let remainder = 0;
  for (const ch of rearranged) {
    const value = ch >= 'A' && ch <= 'Z' ? ch.charCodeAt(0) - 55 : Number(ch);
    remainder = (remainder * (value >= 10 ? 100 : 10) + value) % 97;
  }
  return remainder === 1;
}

/** Free text for Max70/Max140Text: no control characters, single spaces, cut to `max` characters. */
export function bankText(value: string, max: number): string {
  const clean = value
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return [...clean].slice(0, max).join('').trim();
}

/** 12345 → "123.45" (the schema's decimal, two places for PLN). */
export const decimalAmount = (grosze: number) => `${Math.floor(grosze / 100)}.${String(grosze % 100).padStart(2, '0')}`;

const isoDateTime = (d: Date) => d.toISOString().slice(0, 19);

export function buildPain001(input: Pain001Input): string {
  if (input.transfers.length === 0) throw new Pain001Error('PAYOUT_NO_TRANSFERS', 'transfers');
  if (!ID.test(input.messageId)) throw new Pain001Error('PAYOUT_REFERENCE_NOT_VALID', 'messageId');
  if (!isValidIban(input.debtor.iban)) throw new Pain001Error('PAYOUT_IBAN_NOT_VALID', 'debtor.iban');
  if (!BIC.test(input.debtor.bic)) throw new Pain001Error('PAYOUT_IBAN_NOT_VALID', 'debtor.bic');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.executionDate)) throw new RangeError('executionDate must be YYYY-MM-DD');
  let sum = 0n;
  input.transfers.forEach((t, i) => {
    if (!Number.isSafeInteger(t.amountGrosze) || t.amountGrosze <= 0) throw new Pain001Error('PAYOUT_AMOUNT_NOT_VALID', `transfers.${i}.amount`);
    if (!isValidIban(t.creditorIban)) throw new Pain001Error('PAYOUT_IBAN_NOT_VALID', `transfers.${i}.iban`);
    if (!ID.test(t.reference)) throw new Pain001Error('PAYOUT_REFERENCE_NOT_VALID', `transfers.${i}.reference`);
    sum += BigInt(t.amountGrosze);
  });
  const total = sum > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(sum);
  if (total === null) throw new Pain001Error('PAYOUT_AMOUNT_NOT_VALID', 'transfers');
  const count = String(input.transfers.length);

  const document = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    Document: {
      '@_xmlns': PAIN001_NAMESPACE,
      CstmrCdtTrfInitn: {
        GrpHdr: {
          MsgId: input.messageId,
          CreDtTm: isoDateTime(input.createdAt),
          NbOfTxs: count,
          CtrlSum: decimalAmount(total),
          InitgPty: { Nm: bankText(input.debtor.name, 140) },
        },
        PmtInf: {
          PmtInfId: input.messageId,
          PmtMtd: 'TRF',
          BtchBookg: 'false',
          NbOfTxs: count,
          CtrlSum: decimalAmount(total),
          ReqdExctnDt: input.executionDate,
          Dbtr: { Nm: bankText(input.debtor.name, 140) },
          DbtrAcct: { Id: { IBAN: input.debtor.iban }, Ccy: 'PLN' },
          DbtrAgt: { FinInstnId: { BIC: input.debtor.bic } },
          ChrgBr: 'DEBT',
          CdtTrfTxInf: input.transfers.map((t) => ({
            PmtId: { InstrId: t.reference, EndToEndId: t.reference },
            Amt: { InstdAmt: { '@_Ccy': 'PLN', '#text': decimalAmount(t.amountGrosze) } },
            Cdtr: { Nm: bankText(t.creditorName, 140) || t.reference },
            CdtrAcct: { Id: { IBAN: t.creditorIban } },
            RmtInf: { Ustrd: bankText(`${t.reference} ${t.remittance}`, 140) },
          })),
        },
      },
    },
  };
  const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, suppressEmptyNode: true });
  return builder.build(document) as string;
}
