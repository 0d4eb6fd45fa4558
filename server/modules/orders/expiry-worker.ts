import { and, asc, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { nowOf, type Config } from '../../config';
import type { Db } from '../../db/client';
import { offers } from '../../db/schema-content';
import { orders, transactions } from '../../db/schema-orders';
import { renderOrderExpired, renderPaymentReminder, type OrderMailInput } from '../mail/order-templates';
import { enqueueMail } from '../mail/outbox';
import { pick } from '../../lib/translated';
import { createPassWorker, type PassOutcome, type PeriodicWorker } from '../../lib/periodic-worker';
import { transitionOrder } from './status';

// Unpaid orders: a reminder e-mail ORDER_REMINDER_HOURS_BEFORE the deadline (once: reminder_sent_at), and at
// the deadline the order is cancelled (actor system, reason PAYMENT_EXPIRED) through transitionOrder, which
// gives the shares back and writes the history; its open transactions become rejected and the notice is
// queued, all in one transaction per order.
//
// Several nodes: each batch is CLAIMED with `SELECT ... FOR UPDATE SKIP LOCKED`, so two nodes never work on
// one order at the same time; and transitionOrder's conditional UPDATE (status still `new`) means an order
// is cancelled at most once even if it was paid in between. Nothing is kept in memory: after a restart the
// next run finds every order whose deadline has passed (the condition is on the rows, not on timers).

const BATCH = 50;

export interface ExpiryRunResult {
  reminded: number;
  expired: number;
}

export interface ExpiryWorker {
  /** One pass over due reminders and expiries, by the config's clock (tests call it directly). */
  runOnce(): Promise<ExpiryRunResult>;
  /** The periodic loop (its status: last success, failures in a row). */
  loop: PeriodicWorker;
  start(): void;
  stop(): Promise<void>;
}

export interface ExpiryWorkerOptions {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  onMail?: () => void;
  /** After each pass of the loop, failed or not (metrics: worker passes). */
  onLoopPass?: (outcome: PassOutcome) => void;
}

export function createExpiryWorker(options: ExpiryWorkerOptions): ExpiryWorker {
  const { db, config, log } = options;

  const mailInput = (
    order: typeof orders.$inferSelect,
    offerTitle: typeof offers.$inferSelect.title,
  ): OrderMailInput => ({
    language: order.language,
    publicUrl: config.publicUrl,
    firstName: order.investorData.firstName,
    orderId: order.id,
    reference: order.reference,
    offerTitle: pick(offerTitle, order.language),
    quantity: order.quantity,
    totalPrice: order.totalPrice,
    expiresAt: order.expiresAt,
  });

  /** Reminders: unpaid, not reminded, deadline within the reminder window but not passed. */
  async function remind(now: Date): Promise<number> {
    const windowEnd = new Date(now.getTime() + config.orderReminderHoursBefore * 3_600_000);
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ order: orders, offerTitle: offers.title })
        .from(orders)
        .innerJoin(offers, eq(offers.id, orders.offerId))
        .where(and(eq(orders.status, 'new'), isNull(orders.reminderSentAt), gt(orders.expiresAt, now), lte(orders.expiresAt, windowEnd)))
        .orderBy(asc(orders.expiresAt))
        .limit(BATCH)
        .for('update', { of: orders, skipLocked: true });
      for (const { order, offerTitle } of due) {
        await tx.update(orders).set({ reminderSentAt: now }).where(eq(orders.id, order.id));
        // Bank transfers only: a PayPal order has no transfer to remind of (its handler owns its mails).
        if (order.methodCode === 'BankTransfer') {
          const mail = renderPaymentReminder(mailInput(order, offerTitle), config.bankAccount);
          await enqueueMail(tx, { ...mail, kind: 'order_payment_reminder', to: order.investorData.email, language: order.language });
        }
      }
      return due.length;
    });
  }

  /** Expiry: unpaid orders whose deadline has passed; one transaction per claimed batch. */
  async function expire(now: Date): Promise<number> {
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ order: orders, offerTitle: offers.title })
        .from(orders)
        .innerJoin(offers, eq(offers.id, orders.offerId))
        .where(and(eq(orders.status, 'new'), lte(orders.expiresAt, now)))
        .orderBy(asc(orders.expiresAt))
        .limit(BATCH)
        .for('update', { of: orders, skipLocked: true });
      let expired = 0;
      for (const { order, offerTitle } of due) {
        const result = await transitionOrder(tx, {
          orderId: order.id,
          from: 'new',
          to: 'cancelled',
          actor: 'system',
          reason: 'PAYMENT_EXPIRED',
          details: { expiresAt: order.expiresAt?.toISOString() ?? null },
          at: now,
        });
        if (!result.ok) continue;
        expired += 1;
        await tx
          .update(transactions)
          .set({ status: 'rejected', updatedAt: now })
          .where(and(eq(transactions.orderId, order.id), inArray(transactions.status, ['new'])));
        const mail = renderOrderExpired(mailInput(order, offerTitle));
        await enqueueMail(tx, { ...mail, kind: 'order_expired', to: order.investorData.email, language: order.language });
      }
      return expired;
    });
  }

  async function runAll(stopping: () => boolean): Promise<ExpiryRunResult> {
    const now = nowOf(config);
    let reminded = 0;
    let expired = 0;
    // Expire first: an order past its deadline gets the notice, not a late reminder.
    for (let n = BATCH; n === BATCH && !stopping(); ) expired += n = await expire(now);
    for (let n = BATCH; n === BATCH && !stopping(); ) reminded += n = await remind(now);
    if (reminded || expired) {
      log.info({ reminded, expired }, 'orders: reminders and expiries');
      options.onMail?.();
    }
    return { reminded, expired };
  }

  // The shared loop: every ORDER_WORKER_INTERVAL_MS, and after a failure (database away) a growing wait.
  return createPassWorker({
    name: 'order-expiry',
    intervalMs: config.orderWorkerIntervalMs,
    run: runAll,
    log,
    backoff: config.workerBackoff,
    onPass: options.onLoopPass,
  });
}
