import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { OrderRefund } from '../../../contract/orders';
import type { Db } from '../../db/client';
import { orderStatusHistory, orders, transactions, type OrderRow, type TransactionRow } from '../../db/schema-orders';
import { payouts } from '../../db/schema-payouts';
import { apiError, notFound } from '../../lib/errors';
import type { Executor } from '../mail/outbox';
import { writeAudit, type Operator } from '../backoffice/audit';
import { generateReference } from '../orders/reference';
import { PayPalError, type PayPalClient } from '../payments/paypal/client';
import { addCalendarDays } from '../protection/reflection-period';
import { queueRefundMail } from './refund-notifications';

// Giving an investor's money back the way it was paid, shared by the close of an offer that missed its goal
// (server/modules/payouts/close-offer.ts) and the revocation of a paid order in the reflection period:
//   PayPal: the capture's refund call (Orders v2 / Payments v2, PayPal-Request-Id `refund-<order>`, so a
//     repeat, a second pass or a second operator at the same moment, gets the same refund back, never a
//     second one); sent before the database transaction that records it, since a network call must not hold
//     row locks;
//   a bank transfer (or a payment an operator recorded by hand): a `refund` payout of what was paid, status
//     approved, that the next pain.001 bank file carries (server/modules/payouts/pain001.ts); one per order (a unique
//     index), so a repeat inserts nothing.
// docs/adr/0012-refunds-of-revoked-orders.md says why PayPal refunds go out on their own at revocation while
// a bank refund waits for an operator.

/** The promise the investor is given: PayPal within 5 business days, a bank transfer within 7. */
export const REFUND_BUSINESS_DAYS = { PayPal: 5, BankTransfer: 7 } as const;

/** `days` business days (Monday to Friday on the Warsaw calendar; holidays not counted out) after `from`. */
export function addBusinessDays(from: Date, days: number): Date {
  let at = from;
  let left = days;
  const weekday = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Warsaw', weekday: 'short' });
  while (left > 0) {
    at = addCalendarDays(at, 1);
    const day = weekday.format(at);
    if (day !== 'Sat' && day !== 'Sun') left--;
  }
  return at;
}

export const refundExpectedBy = (method: OrderRow['methodCode'], from: Date) => addBusinessDays(from, REFUND_BUSINESS_DAYS[method]);

/**
 * Sends the PayPal refund of a capture and answers PayPal's refund id (null when PayPal says it is refunded
 * already: by an earlier attempt whose answer was lost, or by hand in PayPal). Throws PayPalError otherwise.
 */
export async function sendPayPalRefund(paypal: PayPalClient | undefined, orderId: string, paid: Pick<TransactionRow, 'captureId' | 'providerStatus'>): Promise<string | null> {
  if (!paid.captureId || paid.providerStatus === 'REFUNDED') return null;
  if (!paypal) throw new Error('PayPal client missing');
  try {
    return (await paypal.refundCapture(paid.captureId, `refund-${orderId}`)).id;
  } catch (error) {
    if (error instanceof PayPalError && error.issue === 'CAPTURE_FULLY_REFUNDED') return null;
    throw error;
  }
}

/** A PayPal payment refunds through PayPal; anything else (a bank transfer, a payment booked by hand) by a payout. */
export const refundsThroughPayPal = (order: Pick<OrderRow, 'methodCode'>, paid: Pick<TransactionRow, 'captureId'> | undefined) =>
  order.methodCode === 'PayPal' && !!paid?.captureId;

/**
 * Records a refund in the caller's transaction: the PayPal transaction marked REFUNDED with the refund id, or
 * the refund payout inserted (nothing when it exists). Answers the payout's id for a bank refund.
 */
export async function recordRefund(
  tx: Executor,
  input: { order: OrderRow; paid: TransactionRow | undefined; refundId: string | null; at: Date; rejectTransaction: boolean },
): Promise<{ method: 'PayPal' | 'BankTransfer'; payoutId: number | null }> {
  const { order, paid, refundId, at } = input;
  if (paid && refundsThroughPayPal(order, paid)) {
    await tx
      .update(transactions)
      .set({
        ...(input.rejectTransaction ? { status: 'rejected' as const } : {}),
        providerStatus: 'REFUNDED',
        providerData: { ...(paid.providerData ?? {}), refundId, refundedAt: at.toISOString() },
        updatedAt: at,
      })
      .where(eq(transactions.id, paid.id));
    return { method: 'PayPal', payoutId: null };
  }
  const [inserted] = await tx
    .insert(payouts)
    .values({ reference: generateReference(), kind: 'refund', status: 'approved', userId: order.userId, amount: paid?.amount ?? order.totalPrice, orderId: order.id, createdAt: at })
    .onConflictDoNothing()
    .returning({ id: payouts.id });
  if (inserted) return { method: 'BankTransfer', payoutId: inserted.id };
  const [existing] = await tx.select({ id: payouts.id }).from(payouts).where(and(eq(payouts.orderId, order.id), eq(payouts.kind, 'refund'))).limit(1);
  return { method: 'BankTransfer', payoutId: existing?.id ?? null };
}

// ---------- a revoked paid order ----------

export const REFUND_DUE = 'REFUND_DUE_REVOKED';

/**
 * The payment a revoked order is refunded from: revocation rejects the order's transactions, so it is the
 * one that was paid (PayPal: the one with a capture; a bank transfer: the latest booked one), whatever its
 * status now.
 */
async function paidTransactionOf(db: Executor, order: OrderRow): Promise<TransactionRow | undefined> {
  if (order.methodCode === 'PayPal') {
    const [row] = await db.select().from(transactions).where(and(eq(transactions.orderId, order.id), isNotNull(transactions.captureId))).orderBy(desc(transactions.id)).limit(1);
    if (row) return row;
  }
  const [row] = await db.select().from(transactions).where(eq(transactions.orderId, order.id)).orderBy(desc(transactions.updatedAt), desc(transactions.id)).limit(1);
  return row;
}

export interface RefundDeps {
  db: Db;
  paypal: PayPalClient | undefined;
  publicUrl: string;
}

export type RevokedRefundResult = { outcome: 'refunded' | 'already_refunded'; method: 'PayPal' | 'BankTransfer' };

/**
 * Refunds a revoked paid order (flagged REFUND_DUE_REVOKED): by the system right after the revocation (PayPal),
 * or by an operator (either method; `operator` given: the audit row and the history name them). Idempotent:
 * an order no longer flagged answers `already_refunded` and changes nothing; two at once send one PayPal
 * refund (its request id) and record it once (the order row locked, the flag checked again).
 * A PayPal refund that fails throws (PayPalError): the order stays flagged for the next attempt.
 */
export async function refundRevokedOrder(
  deps: RefundDeps,
  orderId: string,
  at: Date,
  by: { operator: Operator; reason: string } | { operator?: undefined },
): Promise<RevokedRefundResult> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) throw notFound('id');
  if (order.attentionReason !== REFUND_DUE) {
    if (await hasRefund(deps.db, order)) return { outcome: 'already_refunded', method: order.methodCode };
    throw apiError(409, 'REFUND_NOT_DUE', 'id');
  }
  const paid = await paidTransactionOf(deps.db, order);
  const refundId = paid && refundsThroughPayPal(order, paid) ? await sendPayPalRefund(deps.paypal, order.id, paid) : null;
  return deps.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update').limit(1);
    if (locked.attentionReason !== REFUND_DUE) return { outcome: 'already_refunded' as const, method: locked.methodCode };
    const recorded = await recordRefund(tx, { order: locked, paid, refundId, at, rejectTransaction: false });
    await tx.update(orders).set({ attentionReason: null, updatedAt: at }).where(eq(orders.id, orderId));
    const details = { method: recorded.method, amount: paid?.amount ?? locked.totalPrice, refundId, payoutId: recorded.payoutId };
    // The history keeps the refund beside the revocation (the status stays cancelled).
    await tx.insert(orderStatusHistory).values({
      orderId,
      fromStatus: 'cancelled',
      toStatus: 'cancelled',
      actor: by.operator ? 'operator' : recorded.method === 'PayPal' ? 'paypal' : 'system',
      actorUserId: by.operator?.userId ?? null,
      reason: recorded.method === 'PayPal' ? 'REFUND_SENT_PAYPAL' : 'REFUND_PAYOUT_APPROVED',
      note: by.operator ? by.reason : null,
      details,
      createdAt: at,
    });
    if (by.operator) {
      await writeAudit(tx, by.operator, {
        action: 'order.refund',
        entityType: 'order',
        entityId: orderId,
        reason: by.reason,
        before: { status: locked.status, attentionReason: locked.attentionReason },
        after: { status: locked.status, attentionReason: null, ...details },
      });
    }
    // A PayPal refund is done when PayPal accepts it; a bank refund is told when the payout leaves (the
    // statement import's payout_sent e-mail).
    if (recorded.method === 'PayPal') await queueRefundMail(tx, locked, 'sent', refundExpectedBy('PayPal', at), deps.publicUrl);
    return { outcome: 'refunded' as const, method: recorded.method };
  });
}

async function hasRefund(db: Executor, order: OrderRow): Promise<boolean> {
  const [payout] = await db.select({ id: payouts.id }).from(payouts).where(and(eq(payouts.orderId, order.id), eq(payouts.kind, 'refund'))).limit(1);
  if (payout) return true;
  const [refunded] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.orderId, order.id), eq(transactions.providerStatus, 'REFUNDED')))
    .limit(1);
  return !!refunded;
}

// ---------- what the investor's order page says ----------

/**
 * The refund of a cancelled order that had been paid, from what is recorded: the refund payout (a bank
 * refund: sent → refunded when the statement shows it left, or returned), the PayPal transaction refunded,
 * or the flag of a revoked order still waiting. Null when the order has none.
 */
export async function orderRefundOf(db: Executor, order: OrderRow, txs: TransactionRow[]): Promise<OrderRefund | null> {
  if (order.status !== 'cancelled') return null;
  const revokedAt = order.cancelledAt ?? order.updatedAt;
  const [payout] = await db.select().from(payouts).where(and(eq(payouts.orderId, order.id), eq(payouts.kind, 'refund'))).limit(1);
  if (payout) {
    const status = payout.status === 'executed' ? 'refunded' : payout.status === 'returned' ? 'returned' : 'sent';
    return {
      status,
      method: 'BankTransfer',
      amount: payout.amount,
      expectedBy: (payout.executedAt ?? refundExpectedBy('BankTransfer', revokedAt)).toISOString(),
      refundedAt: payout.executedAt?.toISOString() ?? null,
    };
  }
  const refunded = txs.find((t) => t.providerStatus === 'REFUNDED' && t.captureId);
  if (refunded) {
    const raw = (refunded.providerData as { refundedAt?: unknown } | null)?.refundedAt;
    const at = typeof raw === 'string' ? new Date(raw) : refunded.updatedAt;
    return { status: 'refunded', method: 'PayPal', amount: refunded.amount, expectedBy: refundExpectedBy('PayPal', at).toISOString(), refundedAt: at.toISOString() };
  }
  if (order.attentionReason !== REFUND_DUE) return null;
  const paid = txs.find((t) => t.captureId) ?? txs.at(-1);
  const method = paid && refundsThroughPayPal(order, paid) ? 'PayPal' : 'BankTransfer';
  return { status: 'due', method, amount: paid?.amount ?? order.totalPrice, expectedBy: refundExpectedBy(method, revokedAt).toISOString(), refundedAt: null };
}
