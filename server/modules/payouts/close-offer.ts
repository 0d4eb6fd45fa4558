import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { offers } from '../../db/schema-content';
import { orders, transactions, type OrderRow } from '../../db/schema-orders';
import type { Executor } from '../mail/outbox';
import { writeAudit, type Operator } from '../backoffice/audit';
import { transitionOrder } from '../orders/status';
import type { PayPalClient } from '../payments/paypal/client';
import { closeOutcomeOf } from '../../../contract/offer-lifecycle';
import { queueOfferClosedMail } from './notifications';
import { recordRefund, refundsThroughPayPal, sendPayPalRefund } from './refund';

// Closing an offer when its investment window has ended (the worker) or an operator closes it early.
//   funded (paid orders, fees excluded, reach the funding goal; no goal: any paid order): unpaid orders are
//     cancelled (their shares return), paid ones become completed;
//   not funded: every order is cancelled; a paid one is refunded the way it was paid (server/modules/payouts/refund.ts:
//     PayPal through the capture's refund call, a bank transfer as a refund payout in the next bank file).
// Each investor gets an e-mail per order (kind offer_closed), queued in the transaction that settles it.
// Crash-safe and once: the outcome is decided once and stored on the offer before any order moves, so a close
// that stopped half way finishes the same way; each order is settled in its own transaction by a transition
// that only happens from the status it was seen in (a second run, or a second node, finds nothing left to
// do); a lease on the offer row keeps a second node from working on it at the same time; closed_at is set
// when no order is left to settle.

const LEASE_MS = 2 * 60_000;

export interface CloseDeps {
  db: Db;
  paypal?: PayPalClient;
  /** PUBLIC_URL, for the links in the investors' e-mails (each order's notice is queued with its change). */
  publicUrl: string;
  /** A pause after each order settled, ms (the worker's OFFER_CLOSE_ORDER_PAUSE_MS; none when absent). */
  pauseAfterOrderMs?: number;
  /** How long the close holds the offer before another node may take it over, ms (default 2 min). */
  leaseMs?: number;
}

export type CloseResult = { outcome: 'funded' | 'not_funded'; completed: number; cancelled: number; refunded: number; closed: boolean } | { busy: true };

async function raisedOf(tx: Executor, offerId: number): Promise<number> {
  const [{ raised }] = await tx
    .select({ raised: sql<string>`coalesce(sum(${orders.amount}), 0)` })
    .from(orders)
    .where(and(eq(orders.offerId, offerId), inArray(orders.status, ['paid', 'completed'])));
  return Number(raised);
}

/** Closes (or finishes closing) one offer. `operator` when an operator closes it early (audit row). */
export async function closeOffer(deps: CloseDeps, offerId: number, at: Date, operator?: Operator, reason?: string): Promise<CloseResult> {
  const { db } = deps;
  // Claim the lease and decide the outcome once, in one transaction.
  const claimed = await db.transaction(async (tx) => {
    const [offer] = await tx
      .update(offers)
      .set({ closeLeaseUntil: new Date(at.getTime() + (deps.leaseMs ?? LEASE_MS)), isOpen: false })
      .where(and(eq(offers.id, offerId), isNull(offers.closedAt), or(isNull(offers.closeLeaseUntil), lt(offers.closeLeaseUntil, at))))
      .returning();
    if (!offer) return null;
    if (offer.closeOutcome) return offer.closeOutcome;
    const raised = await raisedOf(tx, offerId);
    // The offer's lifecycle chart decides (machines/offerLifecycle.machine.ts), the same rule everywhere.
    const outcome = closeOutcomeOf({ raised, fundingGoal: offer.fundingGoal });
    await tx.update(offers).set({ closeOutcome: outcome }).where(eq(offers.id, offerId));
    if (operator) {
      await writeAudit(tx, operator, { action: 'offer.closed', entityType: 'offer', entityId: offerId, reason: reason ?? null, after: { outcome, raised, fundingGoal: offer.fundingGoal } });
    }
    return outcome;
  });
  if (!claimed) return { busy: true };

  const open = await db
    .select()
    .from(orders)
    .where(and(eq(orders.offerId, offerId), inArray(orders.status, ['new', 'paid'])))
    .orderBy(asc(orders.createdAt));
  const result = { outcome: claimed, completed: 0, cancelled: 0, refunded: 0, closed: false };
  let failures = 0;
  for (const order of open) {
    try {
      const done = await settle(deps, order, claimed, at);
      if (done === 'completed') result.completed++;
      else if (done === 'cancelled') result.cancelled++;
      else if (done === 'refunded') result.refunded++;
    } catch {
      // A PayPal refund that failed: this order stays paid, the close stays open and the next pass retries it.
      failures++;
    }
    if (deps.pauseAfterOrderMs) await new Promise((resolve) => setTimeout(resolve, deps.pauseAfterOrderMs));
  }
  if (failures === 0) {
    const [left] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(eq(orders.offerId, offerId), inArray(orders.status, claimed === 'funded' ? ['new'] : ['new', 'paid'])));
    if (left.n === 0) {
      await db.update(offers).set({ closedAt: at, closeLeaseUntil: null }).where(eq(offers.id, offerId));
      result.closed = true;
    }
  }
  if (!result.closed) await db.update(offers).set({ closeLeaseUntil: null }).where(eq(offers.id, offerId));
  return result;
}

async function settle(deps: CloseDeps, order: OrderRow, outcome: 'funded' | 'not_funded', at: Date): Promise<'completed' | 'cancelled' | 'refunded' | 'none'> {
  const { db } = deps;
  if (order.status === 'new') {
    const moved = await db.transaction(async (tx) => {
      const r = await transitionOrder(tx, { orderId: order.id, from: 'new', to: 'cancelled', actor: 'system', reason: outcome === 'funded' ? 'OFFER_CLOSED' : 'OFFER_NOT_FUNDED', at });
      if (r.ok) await queueOfferClosedMail(tx, order.id, 'cancelled', deps.publicUrl);
      return r;
    });
    return moved.ok ? 'cancelled' : 'none';
  }
  if (outcome === 'funded') {
    const moved = await db.transaction(async (tx) => {
      const r = await transitionOrder(tx, { orderId: order.id, from: 'paid', to: 'completed', actor: 'system', reason: 'OFFER_FUNDED', at });
      if (r.ok) await queueOfferClosedMail(tx, order.id, 'completed', deps.publicUrl);
      return r;
    });
    return moved.ok ? 'completed' : 'none';
  }
  // Not funded, paid: refund.
  const [paid] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.orderId, order.id), inArray(transactions.status, ['paid', 'completed'])))
    .limit(1);
  // Sent before the transaction that records it (server/modules/payouts/refund.ts); a failure leaves the order paid.
  const paypal = refundsThroughPayPal(order, paid);
  const refundId = paypal ? await sendPayPalRefund(deps.paypal, order.id, paid!) : null;
  const moved = await db.transaction(async (tx) => {
    const r = await transitionOrder(tx, {
      orderId: order.id,
      from: 'paid',
      to: 'cancelled',
      actor: 'system',
      reason: 'OFFER_NOT_FUNDED_REFUNDED',
      details: paypal ? { method: 'PayPal', refundId } : { method: 'BankTransfer' },
      at,
    });
    if (r.ok) {
      await recordRefund(tx, { order, paid, refundId, at, rejectTransaction: true });
      await queueOfferClosedMail(tx, order.id, 'refunded', deps.publicUrl);
    }
    return r;
  });
  return moved.ok ? 'refunded' : 'none';
}

/** Offers whose window has ended and are not closed yet, or whose close stopped half way. */
export async function offersDueForClose(db: Executor, at: Date): Promise<number[]> {
  const rows = await db
    .select({ id: offers.id })
    .from(offers)
    .where(and(isNull(offers.closedAt), or(and(isNotNull(offers.investmentEnd), lte(offers.investmentEnd, at)), isNotNull(offers.closeOutcome))))
    .orderBy(asc(offers.id));
  return rows.map((r) => r.id);
}
