import { and, eq } from 'drizzle-orm';
import type { OrderActor } from '../../../contract/orders';
import { orders, transactions, type OrderRow } from '../../db/schema-orders';
import { apiError } from '../../lib/errors';
import type { Executor } from '../mail/outbox';
import { queuePaidMail } from '../orders/notifications';
import { transitionOrder } from '../orders/status';

// Money that arrived for an order (a matched statement line, an accepted exception, a transfer an operator
// records by hand) is booked here: the order moves to paid through transitionOrder (new → paid, or
// cancelled → paid when its shares are still free) and its bank-transfer transaction becomes paid with
// the bank's reference, all in the caller's transaction.

export interface BookPayment {
  order: OrderRow;
  /** grosze actually received */
  amount: number;
  /** The bank's reference (unique per method), or another stable id of the payment. */
  externalId: string;
  actor: OrderActor;
  actorUserId?: string | null;
  reason: string;
  note?: string | null;
  details: Record<string, unknown>;
  /** Operators: the order version they looked at. */
  expectedVersion?: number;
  at: Date;
  /** PUBLIC_URL, for the link in the payment confirmation e-mail queued with the change. */
  publicUrl: string;
}

export type BookResult = { ok: true; order: OrderRow } | { ok: false; reason: 'stale' };

export async function bookPayment(tx: Executor, input: BookPayment): Promise<BookResult> {
  const { order } = input;
  if (order.status !== 'new' && order.status !== 'cancelled') throw apiError(409, 'INVALID_STATUS_CHANGE', 'status');
  const moved = await transitionOrder(tx, {
    orderId: order.id,
    from: order.status,
    to: 'paid',
    actor: input.actor,
    actorUserId: input.actorUserId ?? null,
    reason: input.reason,
    note: input.note ?? null,
    details: input.details,
    expectedVersion: input.expectedVersion,
    at: input.at,
  });
  if (!moved.ok) return moved;

  const providerData = { ...input.details, receivedAmount: input.amount };
  // The order's pending bank-transfer transaction (created with the order) becomes the paid one.
  const [pending] = await tx
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.orderId, order.id), eq(transactions.methodCode, 'BankTransfer'), eq(transactions.status, 'new')))
    .limit(1);
  if (pending) {
    await tx
      .update(transactions)
      .set({ status: 'paid', amount: input.amount, externalId: input.externalId, providerStatus: 'BOOKED', providerData, updatedAt: input.at })
      .where(eq(transactions.id, pending.id));
  } else {
    await tx.insert(transactions).values({
      orderId: order.id,
      methodCode: 'BankTransfer',
      status: 'paid',
      amount: input.amount,
      commission: order.feeValue,
      commissionBasisPoints: order.feeBasisPoints,
      externalId: input.externalId,
      providerStatus: 'BOOKED',
      providerData,
      createdAt: input.at,
      updatedAt: input.at,
    });
  }
  await queuePaidMail(tx, order, { publicUrl: input.publicUrl, paidAmount: input.amount });
  return moved;
}

/** Reads an order row (for update decisions). */
export async function orderRow(tx: Executor, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  return row;
}
