import { and, desc, eq, sql } from 'drizzle-orm';
import { decimalStringToGrosze, groszeToDecimalString } from '../../../../contract/money';
import { nowOf } from '../../../config';
import { offers } from '../../../db/schema-content';
import { orderStatusHistory, orders, transactions, type OrderRow, type TransactionRow } from '../../../db/schema-orders';
import { ApiError, notFound } from '../../../lib/errors';
import type { Executor } from '../../mail/outbox';
import { queuePaidMail } from '../../orders/notifications';
import { transitionOrder } from '../../orders/status';
import { payerActionUrl, PayPalError, type PayPalCapture, type PayPalOrder } from './client';
import { captureOf, PAID, paypalUnavailable, snapshot, type Outcome, type PayPalContext, type ProviderData } from './context';

// Capturing and recording: `settle(transaction)` asks PayPal how an attempt stands, captures it when it is
// approved and ours to capture, and `record`s what PayPal said under row locks (idempotent).

export function createSettlement({ db, config, client, log }: PayPalContext) {
  // ---------- capture and record ----------

  async function loadRow(ex: Executor, transactionId: number) {
    const [row] = await ex.select().from(transactions).where(eq(transactions.id, transactionId)).limit(1);
    const [order] = row ? await ex.select().from(orders).where(eq(orders.id, row.orderId)).limit(1) : [];
    return row && order ? { row, order } : undefined;
  }

  /** The order's newest PayPal attempt (the one a capture is allowed for). */
  async function isLatest(row: TransactionRow) {
    const [latest] = await db
      .select({ id: transactions.id })
      .from(transactions)
      .where(and(eq(transactions.orderId, row.orderId), eq(transactions.methodCode, 'PayPal')))
      .orderBy(desc(transactions.id))
      .limit(1);
    return latest?.id === row.id;
  }

  /** An entry in the history without a status change, and the operator's flag. */
  async function flag(tx: Executor, order: OrderRow, reason: string, details: Record<string, unknown>) {
    const at = nowOf(config);
    await tx.update(orders).set({ attentionReason: reason, updatedAt: at }).where(eq(orders.id, order.id));
    await tx.insert(orderStatusHistory).values({
      orderId: order.id,
      fromStatus: order.status,
      toStatus: order.status,
      actor: 'paypal',
      reason,
      details,
      createdAt: at,
    });
    log.warn({ orderId: order.id, reason, ...details }, 'PayPal payment flagged for an operator');
  }

  /**
   * Records a capture PayPal reported (in a capture answer, an order, or fetched for a webhook). Idempotent:
   * the order row then the transaction row are locked, and only a change is written.
   */
  async function record(transactionId: number, capture: PayPalCapture, paypalOrder: PayPalOrder | undefined) {
    await db.transaction(async (tx) => {
      const [first] = await tx.select({ orderId: transactions.orderId }).from(transactions).where(eq(transactions.id, transactionId));
      if (!first) return;
      const [order] = await tx.select().from(orders).where(eq(orders.id, first.orderId)).for('update');
      const [row] = await tx.select().from(transactions).where(eq(transactions.id, transactionId)).for('update');
      const data = (row.providerData ?? {}) as ProviderData;
      const at = nowOf(config);
      const changed = row.captureId !== capture.id || row.providerStatus !== capture.status;
      const base = {
        captureId: capture.id,
        payerId: paypalOrder?.payer?.payer_id ?? row.payerId,
        providerStatus: capture.status,
        providerData: { ...data, capture, ...(paypalOrder ? { paypalOrder: snapshot(paypalOrder) } : {}) },
        updatedAt: at,
      };
      const update = (values: Partial<typeof transactions.$inferInsert>) =>
        tx.update(transactions).set(values).where(eq(transactions.id, row.id));
      const details = { paypalOrderId: row.externalId, captureId: capture.id, amount: capture.amount };

      if (PAID.has(row.status)) {
        // Never downgrade a paid transaction; a refund is kept and shown to an operator, unless it is the
        // platform's own: the close of an offer that missed its goal refunds every paid PayPal order, and
        // PayPal's REFUNDED may arrive before that close has settled the order (it then cancels it itself).
        if (capture.status === 'REFUNDED' && changed) {
          await update(base);
          const [offer] = await tx.select({ closeOutcome: offers.closeOutcome }).from(offers).where(eq(offers.id, order.offerId));
          if (offer?.closeOutcome !== 'not_funded') await flag(tx, order, 'PAYPAL_REFUNDED', details);
        }
        return;
      }
      if (!changed && row.status !== 'new') return;

      if (capture.status === 'COMPLETED') {
        const grosze = capture.amount?.currency_code === 'PLN' ? decimalStringToGrosze(capture.amount.value) : undefined;
        if (grosze !== row.amount || row.amount !== order.totalPrice) {
          await update(base);
          if (changed) await flag(tx, order, 'PAYPAL_AMOUNT_MISMATCH', { ...details, expected: { currency_code: 'PLN', value: groszeToDecimalString(order.totalPrice) } });
          return;
        }
        if (order.status === 'new') {
          const result = await transitionOrder(tx, {
            orderId: order.id,
            from: 'new',
            to: 'paid',
            actor: 'paypal',
            reason: 'PAYPAL_CAPTURED',
            details: { paypalOrderId: row.externalId, captureId: capture.id },
            at,
          });
          if (!result.ok) throw new Error('order changed under its row lock');
          await update({ ...base, status: 'paid' });
          await queuePaidMail(tx, order, { publicUrl: config.publicUrl, paidAmount: grosze ?? order.totalPrice });
          log.info({ orderId: order.id, paypalOrderId: row.externalId, captureId: capture.id }, 'PayPal payment captured: order paid');
          return;
        }
        if (order.status === 'cancelled') {
          // Money after expiry or cancellation: accepted only if the shares are still free, and flagged either way.
          try {
            await tx.transaction(async (sp) => {
              const result = await transitionOrder(sp, {
                orderId: order.id,
                from: 'cancelled',
                to: 'paid',
                actor: 'paypal',
                reason: 'PAYPAL_PAID_AFTER_CANCEL',
                details: { paypalOrderId: row.externalId, captureId: capture.id },
                at,
              });
              if (!result.ok) throw new Error('order changed under its row lock');
              await sp.update(orders).set({ attentionReason: 'PAYPAL_PAID_AFTER_CANCEL' }).where(eq(orders.id, order.id));
              await sp.update(transactions).set({ ...base, status: 'paid' }).where(eq(transactions.id, row.id));
              await queuePaidMail(sp, order, { publicUrl: config.publicUrl, paidAmount: grosze ?? order.totalPrice });
            });
            log.warn({ orderId: order.id, captureId: capture.id }, 'PayPal payment after the order was cancelled: paid, flagged');
          } catch (error) {
            if (!(error instanceof ApiError) || error.errors[0]?.code !== 'NOT_ENOUGH_SHARES_AVAILABLE') throw error;
            await update(base);
            if (changed) await flag(tx, order, 'PAYPAL_PAID_NO_SHARES', details);
          }
          return;
        }
        // Paid already by another transaction (a bank transfer, another PayPal attempt): a second payment.
        await update(base);
        if (changed) await flag(tx, order, 'PAYPAL_DOUBLE_PAYMENT', details);
        return;
      }
      if (capture.status === 'DECLINED' || capture.status === 'FAILED') {
        await update({ ...base, status: 'rejected' });
        return;
      }
      // PENDING (PayPal holds it), REFUNDED or PARTIALLY_REFUNDED of an unpaid one: keep what PayPal said.
      await update(base);
    });
  }

  /** Capture with the attempt's deterministic request id. Answers PayPal's order, or the decline. */
  async function capture(row: TransactionRow): Promise<{ order: PayPalOrder } | { declinedUrl: string | null }> {
    const paypalOrderId = row.externalId!;
    const declines = ((row.providerData ?? {}) as ProviderData).declines ?? 0;
    try {
      return { order: await client.captureOrder(paypalOrderId, `${paypalOrderId}-capture-${declines}`) };
    } catch (error) {
      if (!(error instanceof PayPalError)) throw error;
      if (error.issue === 'ORDER_ALREADY_CAPTURED' || error.issue === 'ORDER_NOT_APPROVED') return { order: await client.getOrder(paypalOrderId) };
      if (error.issue === 'INSTRUMENT_DECLINED') {
        const link = error.links.find((l) => l.rel === 'redirect' || l.rel === 'payer-action')?.href ?? null;
        // Count the decline once (concurrent callers saw the same count): the next capture gets a new request id.
        await db
          .update(transactions)
          .set({
            providerStatus: 'INSTRUMENT_DECLINED',
            providerData: sql`coalesce(${transactions.providerData}, '{}'::jsonb) || ${JSON.stringify({ declines: declines + 1, lastDecline: { debugId: error.debugId, at: nowOf(config).toISOString() } })}::jsonb`,
            updatedAt: nowOf(config),
          })
          .where(and(eq(transactions.id, row.id), sql`coalesce((${transactions.providerData}->>'declines')::int, 0) = ${declines}`));
        log.info({ orderId: row.orderId, paypalOrderId, debugId: error.debugId }, 'PayPal capture: INSTRUMENT_DECLINED');
        return { declinedUrl: link };
      }
      throw error;
    }
  }

  /**
   * Brings one attempt up to date with PayPal (capturing it when it is approved, the order is unpaid and
   * this is its newest attempt) and answers what the return page should show.
   */
  async function settle(transactionId: number, { fromWebhook = false } = {}): Promise<Outcome> {
    const loaded = await loadRow(db, transactionId);
    if (!loaded) throw notFound();
    let { row, order } = loaded;
    if (!row.externalId) return outcomeOf(order, row, null);
    // Paid: the return page needs no call to PayPal; a webhook still looks (a refund, a reversal).
    if (!fromWebhook && PAID.has(row.status) && PAID.has(order.status)) return outcomeOf(order, row, null);

    let declinedUrl: string | null | undefined;
    try {
      let paypalOrder = await client.getOrder(row.externalId);
      if (paypalOrder.status === 'APPROVED') {
        if (order.status === 'new' && row.status === 'new' && (await isLatest(row))) {
          const result = await capture(row);
          if ('declinedUrl' in result) declinedUrl = result.declinedUrl;
          else paypalOrder = result.order;
        } else {
          await db.update(transactions).set({ providerStatus: 'APPROVED', payerId: paypalOrder.payer?.payer_id ?? row.payerId }).where(eq(transactions.id, row.id));
        }
      }
      const captured = captureOf(paypalOrder);
      if (declinedUrl === undefined && captured) await record(row.id, captured, paypalOrder);
      else if (declinedUrl === undefined && paypalOrder.status !== row.providerStatus && row.providerStatus !== 'INSTRUMENT_DECLINED') {
        await db
          .update(transactions)
          .set({ providerStatus: paypalOrder.status, updatedAt: nowOf(config) })
          .where(eq(transactions.id, row.id));
      }
      const current = await loadRow(db, transactionId);
      ({ row, order } = current!);
      return outcomeOf(order, row, declinedUrl ?? payerActionUrl(paypalOrder) ?? null);
    } catch (error) {
      if (error instanceof PayPalError) {
        log.warn({ err: error, orderId: row.orderId, paypalOrderId: row.externalId, debugId: error.debugId }, 'PayPal call failed');
        throw paypalUnavailable();
      }
      throw error;
    }
  }

  function outcomeOf(order: OrderRow, row: TransactionRow, payerAction: string | null): Outcome {
    const data = (row.providerData ?? {}) as ProviderData;
    if (PAID.has(order.status)) {
      if (PAID.has(row.status) || !row.captureId) return { outcome: 'paid', reason: null, approveUrl: null };
      return { outcome: 'paid', reason: order.attentionReason, approveUrl: null };
    }
    if (order.status === 'cancelled') return { outcome: 'expired', reason: order.attentionReason ?? 'ORDER_EXPIRED', approveUrl: null };
    switch (row.providerStatus) {
      case 'COMPLETED':
        // Money in, not accepted automatically (amount mismatch): an operator decides.
        return { outcome: 'pending', reason: order.attentionReason ?? 'REVIEW', approveUrl: null };
      case 'PENDING':
        return { outcome: 'pending', reason: data.capture?.status_details?.reason ?? 'PENDING', approveUrl: null };
      case 'INSTRUMENT_DECLINED':
        return { outcome: 'declined', reason: 'INSTRUMENT_DECLINED', approveUrl: payerAction };
      case 'DECLINED':
      case 'FAILED':
        return { outcome: 'declined', reason: 'CAPTURE_DECLINED', approveUrl: null };
      case 'APPROVED':
        // Approved but not ours to capture (an older attempt): the newest attempt decides.
        return { outcome: 'cancelled', reason: 'SUPERSEDED', approveUrl: null };
      default:
        return { outcome: 'cancelled', reason: 'ORDER_NOT_APPROVED', approveUrl: row.status === 'new' ? payerAction : null };
    }
  }

  return { loadRow, record, capture, settle, outcomeOf };
}

export type Settlement = ReturnType<typeof createSettlement>;
