import { eq, inArray } from 'drizzle-orm';
import type { StatementLine } from '../../../contract/operator';
import { statementExceptions, statementLines } from '../../db/schema-backoffice';
import { payouts, type PayoutRow } from '../../db/schema-payouts';
import type { Executor } from '../mail/outbox';
import { findReferences, formatReference, parseReference } from '../orders/reference';
import type { StatementEntry } from '../statements/types';
import { queuePayoutReturnedMail, queuePayoutSentMail } from './notifications';

// The statement's side of payouts, called by the import (server/modules/statements/import.ts) for each new line before
// it looks for an order:
// - a booked DEBIT whose end-to-end id or title carries an exported payout's reference, for its exact amount in
//   PLN, is that payout leaving the account: executed (and the investor is told). The same reference with another amount goes to the
//   exceptions queue (PAYOUT_AMOUNT_MISMATCH); nothing is guessed.
// - a booked CREDIT carrying the reference of an exported or executed payout is the bank giving it back (closed
//   or wrong account): returned, and an exception (PAYOUT_RETURNED) for an operator; the investor is asked to
//   correct their bank details (an e-mail queued in the same transaction).
// Anything else is not about payouts: the order matching goes on.

export type PayoutMatch = Pick<StatementLine, 'outcome' | 'exception'> & { payout: PayoutRow };

function referencesOf(entry: StatementEntry): string[] {
  const found = new Set(findReferences(entry.title));
  const e2e = entry.endToEndId ? parseReference(entry.endToEndId) : undefined;
  if (e2e) found.add(e2e);
  return [...found];
}

export async function matchPayoutLine(tx: Executor, input: { entry: StatementEntry; lineId: number; at: Date; publicUrl: string }): Promise<PayoutMatch | null> {
  const { entry } = input;
  if (!entry.booked || entry.reversal) return null;
  const references = referencesOf(entry);
  if (references.length === 0) return null;
  const found = await tx.select().from(payouts).where(inArray(payouts.reference, references)).for('update');
  if (found.length !== 1) return null;
  const payout = found[0];

  const exception = async (reason: 'PAYOUT_AMOUNT_MISMATCH' | 'PAYOUT_RETURNED'): Promise<PayoutMatch> => {
    const [row] = await tx
      .insert(statementExceptions)
      .values({ lineId: input.lineId, reason, payoutId: payout.id, status: 'open', createdAt: input.at })
      .returning({ id: statementExceptions.id });
    await tx.update(statementLines).set({ outcome: 'exception', payoutId: payout.id }).where(eq(statementLines.id, input.lineId));
    return { outcome: 'exception', exception: { id: row.id, reason, status: 'open' }, payout };
  };

  if (entry.direction === 'DBIT') {
    if (payout.status !== 'exported') return null;
    if (entry.currency !== 'PLN' || entry.amount !== payout.amount) return exception('PAYOUT_AMOUNT_MISMATCH');
    const [executed] = await tx
      .update(payouts)
      .set({ status: 'executed', executedAt: input.at, statementLineId: input.lineId })
      .where(eq(payouts.id, payout.id))
      .returning();
    await tx.update(statementLines).set({ outcome: 'matched', payoutId: payout.id }).where(eq(statementLines.id, input.lineId));
    await queuePayoutSentMail(tx, executed, input.publicUrl);
    return { outcome: 'matched', exception: null, payout: executed };
  }
  if (payout.status !== 'exported' && payout.status !== 'executed') return null;
  const [returned] = await tx
    .update(payouts)
    .set({ status: 'returned', returnedAt: input.at, statementLineId: input.lineId })
    .where(eq(payouts.id, payout.id))
    .returning();
  await queuePayoutReturnedMail(tx, returned, input.publicUrl);
  return { ...(await exception('PAYOUT_RETURNED')), payout: returned };
}

export const payoutRef = (p: PayoutRow) => ({ id: p.id, reference: formatReference(p.reference), status: p.status });
