import { createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { ImportSummary, StatementImport, StatementImportDetail, StatementLine } from '../../../contract/operator';
import type { Db } from '../../db/client';
import { statementExceptions, statementImports, statementLines, type ImportSummary as StoredSummary } from '../../db/schema-backoffice';
import { orders, type OrderRow } from '../../db/schema-orders';
import { ApiError } from '../../lib/errors';
import type { Executor } from '../mail/outbox';
import { writeAudit, type Operator } from '../backoffice/audit';
import { bookPayment, orderRow } from '../payments/book-payment';
import { matchPayoutLine, payoutRef } from '../payouts/statement-match';
import { findReferences, formatReference } from '../orders/reference';
import { decodeStatement, looksLikeText, parseStatement, STATEMENT_EXTENSIONS } from './parse';
import { StatementError, type ParsedStatement, type StatementEntry } from './types';

// Importing a bank statement: ONE database transaction per file, so a file is applied whole or not at all.
//   1. The file is checked (size by the route, then: text, a known extension, a known format) and parsed;
//      a malformed file throws before anything is written (422 STATEMENT_MALFORMED, context = the element
//      or line at fault).
//   2. Each entry gets a key: account + the bank's reference, or account + a hash of its fields (and its
//      occurrence among identical ones). Inserting the line with ON CONFLICT DO NOTHING on that key is
//      what makes a re-import, or an overlapping file, change nothing: a known line is a duplicate.
//   3. New incoming PLN credits are matched: references in the title (findReferences: any case, spaces,
//      extra words) → the order; exact amount on a pending order → paid (history: actor bank,
//      BANK_TRANSFER_MATCHED, details { importId, line, location, bankReference }). Anything else goes to
//      the exceptions queue with its reason; nothing is guessed.
//   3a. Before that, lines about payouts (server/modules/payouts/statement-match.ts): a debit carrying an exported
//      payout's reference executes it; a credit carrying one returns it (exceptions queue).
//   4. The summary (lines read, matched, exceptions, duplicates, ignored) and the audit row are written.

export type LineOutcome = StatementLine['outcome'];
type Reason = (typeof statementExceptions.$inferInsert)['reason'];

export interface ImportInput {
  fileName: string;
  bytes: Uint8Array;
  operator: Operator;
  at: Date;
  /** PUBLIC_URL, for the payment confirmation e-mails of the orders it pays. */
  publicUrl: string;
}

export interface ImportResult {
  detail: StatementImportDetail;
  /** Orders that became paid (the caller may notify). */
  paidOrderIds: string[];
  /** Payouts the bank gave back. */
  returnedPayoutIds: number[];
}

export function statementError(error: StatementError): ApiError {
  const status = error.code === 'STATEMENT_MALFORMED' || error.code === 'STATEMENT_EMPTY' ? 422 : 415;
  return new ApiError(status, [{ code: error.code, context: error.where }]);
}

function readFile(fileName: string, bytes: Uint8Array): { parsed: ParsedStatement } {
  const lower = fileName.toLowerCase();
  if (!STATEMENT_EXTENSIONS.some((ext) => lower.endsWith(ext)) || !looksLikeText(bytes)) {
    throw new ApiError(415, [{ code: 'STATEMENT_FORMAT_UNKNOWN', context: 'fileName' }]);
  }
  try {
    return { parsed: parseStatement(decodeStatement(bytes)) };
  } catch (error) {
    if (error instanceof StatementError) throw statementError(error);
    throw error;
  }
}

/** Keys of the entries: bank reference when there is one, else a hash of the fields + occurrence. */
export function lineKeys(entries: StatementEntry[]): string[] {
  const seen = new Map<string, number>();
  return entries.map((e) => {
    if (e.bankReference) return `${e.account}|ref|${e.bankReference}`;
    const fields = [e.direction, e.amount, e.currency, e.bookingDate, e.valueDate, e.title, e.payerName, e.payerAccount, e.endToEndId];
    const base = createHash('sha256').update(JSON.stringify(fields)).digest('hex').slice(0, 32);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return `${e.account}|hash|${base}|${n}`;
  });
}

export async function importStatement(db: Db, input: ImportInput): Promise<ImportResult> {
  const { parsed } = readFile(input.fileName, input.bytes);
  const fileHash = createHash('sha256').update(input.bytes).digest('hex');
  const keys = lineKeys(parsed.entries);
  const paidOrderIds: string[] = [];
  const returnedPayoutIds: number[] = [];

  const detail = await db.transaction(async (tx) => {
    const summary: StoredSummary = { linesRead: parsed.entries.length, matched: 0, exceptions: 0, duplicates: 0, ignored: 0 };
    const [imported] = await tx
      .insert(statementImports)
      .values({
        fileName: input.fileName,
        fileHash,
        fileSize: input.bytes.byteLength,
        format: parsed.format,
        account: parsed.account,
        statementId: parsed.statementId,
        periodFrom: parsed.periodFrom,
        periodTo: parsed.periodTo,
        importedBy: input.operator.userId,
        summary,
        createdAt: input.at,
      })
      .returning();

    const lines: StatementLine[] = [];
    for (const [i, entry] of parsed.entries.entries()) {
      const base = {
        position: entry.position,
        location: entry.location,
        bankReference: entry.bankReference,
        endToEndId: entry.endToEndId,
        direction: entry.direction,
        amount: entry.amount,
        currency: entry.currency,
        bookingDate: entry.bookingDate,
        valueDate: entry.valueDate,
        title: entry.title,
        payerName: entry.payerName,
        payerAccount: entry.payerAccount,
      };
      const [line] = await tx
        .insert(statementLines)
        .values({ ...base, importId: imported.id, lineKey: keys[i], account: entry.account, outcome: 'ignored', createdAt: input.at })
        .onConflictDoNothing({ target: statementLines.lineKey })
        .returning({ id: statementLines.id });
      if (!line) {
        summary.duplicates++;
        lines.push({ ...base, id: null, outcome: 'duplicate', order: null, exception: null });
        continue;
      }
      const payout = await matchPayoutLine(tx, { entry, lineId: line.id, at: input.at, publicUrl: input.publicUrl });
      if (payout) {
        if (payout.outcome === 'matched') summary.matched++;
        else summary.exceptions++;
        if (payout.payout.status === 'returned') returnedPayoutIds.push(payout.payout.id);
        lines.push({ ...base, id: line.id, outcome: payout.outcome, order: null, payout: payoutRef(payout.payout), exception: payout.exception });
        continue;
      }
      const result = await matchLine(tx, { entry, lineId: line.id, importId: imported.id, at: input.at, publicUrl: input.publicUrl });
      if (result.outcome === 'matched') {
        summary.matched++;
        paidOrderIds.push(result.order!.id);
      } else if (result.outcome === 'exception') summary.exceptions++;
      else summary.ignored++;
      lines.push({ ...base, id: line.id, ...result });
    }

    await tx.update(statementImports).set({ summary }).where(eq(statementImports.id, imported.id));
    await writeAudit(tx, input.operator, {
      action: 'statement.imported',
      entityType: 'statement',
      entityId: imported.id,
      after: { fileName: input.fileName, fileHash, format: parsed.format, account: parsed.account, summary },
    });
    return { ...toStatementImport(imported, input.operator.email), summary: summary satisfies ImportSummary, lines };
  });
  return { detail, paidOrderIds, returnedPayoutIds };
}

interface MatchInput {
  entry: StatementEntry;
  lineId: number;
  importId: number;
  at: Date;
  publicUrl: string;
}

type MatchResult = Pick<StatementLine, 'outcome' | 'order' | 'exception'>;

const orderRef = (o: OrderRow) => ({ id: o.id, reference: formatReference(o.reference), status: o.status });

async function matchLine(tx: Executor, input: MatchInput): Promise<MatchResult> {
  const { entry } = input;
  if (entry.direction !== 'CRDT' || !entry.booked || entry.reversal) return { outcome: 'ignored', order: null, exception: null };

  const exception = async (reason: Reason, order: OrderRow | null): Promise<MatchResult> => {
    const [row] = await tx
      .insert(statementExceptions)
      .values({ lineId: input.lineId, reason, orderId: order?.id ?? null, status: 'open', createdAt: input.at })
      .returning({ id: statementExceptions.id });
    await tx.update(statementLines).set({ outcome: 'exception', orderId: order?.id ?? null }).where(eq(statementLines.id, input.lineId));
    return { outcome: 'exception', order: order ? orderRef(order) : null, exception: { id: row.id, reason, status: 'open' } };
  };

  const references = findReferences(entry.title);
  const found = references.length ? await tx.select().from(orders).where(inArray(orders.reference, references)) : [];
  if (found.length === 0) return exception('UNKNOWN_REFERENCE', null);
  if (found.length > 1) return exception('AMBIGUOUS_REFERENCE', null);
  if (entry.currency !== 'PLN') return exception('WRONG_CURRENCY', found[0]);

  // Two tries: if the order changed under us (the expiry worker cancelled it a moment ago), judge it again.
  let order: OrderRow | undefined = found[0];
  for (let attempt = 0; attempt < 2 && order; attempt++) {
    if (order.status === 'paid' || order.status === 'completed') return exception('ORDER_ALREADY_PAID', order);
    if (order.status === 'cancelled') return exception('ORDER_EXPIRED_OR_CANCELLED', order);
    if (entry.amount < order.totalPrice) return exception('UNDERPAID', order);
    if (entry.amount > order.totalPrice) return exception('OVERPAID', order);
    const booked = await bookPayment(tx, {
      order,
      amount: entry.amount,
      externalId: entry.bankReference ?? `line:${input.lineId}`,
      actor: 'bank',
      reason: 'BANK_TRANSFER_MATCHED',
      details: { importId: input.importId, line: entry.position, location: entry.location, bankReference: entry.bankReference },
      at: input.at,
      publicUrl: input.publicUrl,
    });
    if (booked.ok) {
      await tx.update(statementLines).set({ outcome: 'matched', orderId: order.id }).where(eq(statementLines.id, input.lineId));
      return { outcome: 'matched', order: orderRef(booked.order), exception: null };
    }
    order = await orderRow(tx, order.id);
  }
  return exception('UNKNOWN_REFERENCE', null);
}

/** A stored import as the API answers it (the import's answer, the list, the detail); `email` is the importing operator's. */
export function toStatementImport(i: typeof statementImports.$inferSelect, email: string | null): StatementImport {
  return {
    id: i.id,
    fileName: i.fileName,
    format: i.format,
    account: i.account,
    statementId: i.statementId,
    periodFrom: i.periodFrom,
    periodTo: i.periodTo,
    importedBy: email ?? null,
    createdAt: i.createdAt.toISOString(),
    summary: i.summary,
  };
}
