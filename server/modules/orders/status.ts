import { and, eq, sql } from 'drizzle-orm';
import type { OrderActor, OrderStatus } from '../../../contract/orders';
import { orderStatusHistory, orders, type OrderRow } from '../../db/schema-orders';
import { afterCommit } from '../../db/after-commit';
import { apiError } from '../../lib/errors';
import type { Executor } from '../mail/outbox';
import { publishOrderTransition } from './events';
import { releaseReserved, releaseSold, sellIfAvailable, sellReserved } from './shares';

// THE way an order changes status. Every caller (payment confirmation, expiry, PayPal, bank statements,
// operators) goes through `transitionOrder` inside its own database transaction, which:
//   1. moves the status with a conditional UPDATE (expected status, and version when given): of two
//      concurrent changes exactly one wins, on any number of nodes;
//   2. moves the series' shares to match (reserved → sold, reserved → free, sold → free);
//   3. writes the history row (from, to, when, who or what, why).
// All three commit together or not at all.
//
//   new ──paid──▶ paid ──completed──▶ completed
//    │              │
//    └─cancelled◀───┘          cancelled ──paid (late money accepted, only if shares are free)──▶ paid

const ALLOWED: Record<OrderStatus, readonly OrderStatus[]> = {
  new: ['paid', 'cancelled'],
  paid: ['completed', 'cancelled'],
  completed: [],
  cancelled: ['paid'],
};

export const canTransition = (from: OrderStatus, to: OrderStatus) => ALLOWED[from].includes(to);

export interface TransitionInput {
  orderId: string;
  /** The status the caller saw; the change happens only if the order is still in it. */
  from: OrderStatus;
  to: OrderStatus;
  actor: OrderActor;
  actorUserId?: string | null;
  /** Code the SPA translates: PAYMENT_EXPIRED, BANK_TRANSFER_MATCHED, PAYPAL_CAPTURED, OPERATOR_CANCELLED... */
  reason: string;
  note?: string | null;
  details?: Record<string, unknown> | null;
  /** Operators pass the version they looked at: a change by anyone else in between makes this one lose. */
  expectedVersion?: number;
  at?: Date;
}

export type TransitionResult = { ok: true; order: OrderRow } | { ok: false; reason: 'stale' };

/**
 * Changes an order's status, its series' shares and its history, in the caller's transaction.
 * Returns `{ ok: false, reason: 'stale' }` when the order is no longer in `from` (or at `expectedVersion`):
 * someone else changed it first. Throws 409 INVALID_STATUS_CHANGE for a move the table forbids and
 * 409 NOT_ENOUGH_SHARES_AVAILABLE when a cancelled order cannot be paid because its shares are gone
 * (the caller's transaction then rolls back).
 */
export async function transitionOrder(tx: Executor, input: TransitionInput): Promise<TransitionResult> {
  if (!canTransition(input.from, input.to)) throw apiError(409, 'INVALID_STATUS_CHANGE', 'status');
  const at = input.at ?? new Date();
  const stamps: Partial<Record<'paidAt' | 'completedAt' | 'cancelledAt' | 'expiresAt', Date | null>> = {};
  if (input.to === 'paid') Object.assign(stamps, { paidAt: at, expiresAt: null, cancelledAt: null });
  if (input.to === 'completed') stamps.completedAt = at;
  if (input.to === 'cancelled') stamps.cancelledAt = at;

  const [order] = await tx
    .update(orders)
    .set({ status: input.to, version: sql`${orders.version} + 1`, updatedAt: at, ...stamps })
    .where(
      and(
        eq(orders.id, input.orderId),
        eq(orders.status, input.from),
        input.expectedVersion === undefined ? undefined : eq(orders.version, input.expectedVersion),
      ),
    )
    .returning();
  if (!order) return { ok: false, reason: 'stale' };

  await moveShares(tx, order, input.from, input.to);

  await tx.insert(orderStatusHistory).values({
    orderId: order.id,
    fromStatus: input.from,
    toStatus: input.to,
    actor: input.actor,
    actorUserId: input.actorUserId ?? null,
    reason: input.reason,
    note: input.note ?? null,
    details: input.details ?? null,
    createdAt: at,
  });
  const { from, to, actor, reason } = input;
  afterCommit(() => publishOrderTransition({ from, to, actor, reason }));
  return { ok: true, order };
}

async function moveShares(tx: Executor, order: OrderRow, from: OrderStatus, to: OrderStatus) {
  const { seriesId, quantity } = order;
  if (from === 'new' && to === 'paid') return sellReserved(tx, seriesId, quantity);
  if (from === 'new' && to === 'cancelled') return releaseReserved(tx, seriesId, quantity);
  if (from === 'paid' && to === 'cancelled') return releaseSold(tx, seriesId, quantity);
  if (from === 'cancelled' && to === 'paid') {
    if (!(await sellIfAvailable(tx, seriesId, quantity))) throw apiError(409, 'NOT_ENOUGH_SHARES_AVAILABLE', 'quantity');
  }
  // paid → completed: the shares stay sold (now issued).
}

/** The creation entry of an order's history (from: null), in the creating transaction. */
export async function recordCreation(
  tx: Executor,
  order: Pick<OrderRow, 'id' | 'userId'>,
  at: Date,
  reason = 'ORDER_CREATED',
): Promise<void> {
  await tx.insert(orderStatusHistory).values({
    orderId: order.id,
    fromStatus: null,
    toStatus: 'new',
    actor: 'investor',
    actorUserId: order.userId,
    reason,
    createdAt: at,
  });
}
