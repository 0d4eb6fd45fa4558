// What a bank statement file says, whatever its format (CAMT.053 or MT940): the parsers in this folder
// turn a file into this shape, and the import (import.ts) only ever sees this shape.

export const STATEMENT_FORMATS = ['camt053', 'mt940'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

export interface StatementEntry {
  /** 1-based position of the entry in the file (all statements of the file, in order). */
  position: number;
  /** Where the entry is in the file, for people: "Stmt[1]/Ntry[3]" (CAMT) or "line 14" (MT940). */
  location: string;
  /** The account the statement is about (IBAN or the bank's :25: identification). */
  account: string;
  /** The bank's unique reference of the entry (CAMT AcctSvcrRef, MT940 :61: bank reference after //). */
  bankReference: string | null;
  /** CAMT Refs/EndToEndId, MT940 :61: customer reference (NONREF dropped). */
  endToEndId: string | null;
  direction: 'CRDT' | 'DBIT';
  /** Positive, in the currency's minor unit (grosze for PLN). */
  amount: number;
  currency: string;
  /** YYYY-MM-DD */
  bookingDate: string | null;
  valueDate: string | null;
  /** The transfer title as the bank gives it (line breaks kept as spaces). */
  title: string;
  payerName: string | null;
  payerAccount: string | null;
  /** A reversal (storno) line: never matched. */
  reversal: boolean;
  /** Booked (CAMT Sts BOOK; every MT940 line): pending or informational entries are never matched. */
  booked: boolean;
  /** The layout (layouts.ts) the entry was read with: "camt.053.001.08", "mt940/~ sub-fields (PKO BP)", ... */
  layout: string;
}

export interface ParsedStatement {
  format: StatementFormat;
  /** The account of the (first) statement in the file. */
  account: string;
  /** The statement's own id or number (CAMT Stmt/Id, MT940 :20: / :28C:). */
  statementId: string | null;
  /** YYYY-MM-DD of the period the file covers, when it says. */
  periodFrom: string | null;
  periodTo: string | null;
  entries: StatementEntry[];
}

/**
 * A statement that cannot be read. `where` names the element ("Stmt[1]/Ntry[2]/Amt") or the line
 * ("line 14") at fault; the API answers 422 STATEMENT_MALFORMED with it as the error's context, and
 * nothing of the file is applied.
 */
export class StatementError extends Error {
  constructor(
    readonly code: 'STATEMENT_MALFORMED' | 'STATEMENT_FORMAT_UNKNOWN' | 'STATEMENT_EMPTY',
    readonly where: string,
    detail: string,
  ) {
    super(`${where}: ${detail}`);
    this.name = 'StatementError';
  }
}

/** Date → YYYY-MM-DD (UTC). */
export const isoDay = (date: Date) => date.toISOString().slice(0, 10);
