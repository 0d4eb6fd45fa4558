import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { commissionValue, decimalStringToGrosze, groszeToDecimalString } from '../../../contract/money';
import type { PayPalPayment } from '../../../contract/orders';
import type { PayPalOutcome, PayPalReturnAnswer, RetryAnswer, RetryBody } from '../../../contract/paypal';
import { nowOf, type Config, type Language } from '../../config';
import type { Db } from '../../db/client';
import { offers } from '../../db/schema-content';
import { orderStatusHistory, orders, transactionMethods, transactions, type OrderRow, type TransactionRow } from '../../db/schema-orders';
import { paypalWebhookEvents } from '../../db/schema-payments';
import { apiError, ApiError, notFound } from '../../lib/errors';
import { pick } from '../../lib/translated';
import type { Executor } from '../../mail/outbox';
import { methodOffered } from '../../orders/investment-rules';
import { isOrderId, loadOrder } from '../../orders/order-repository';
import type { PaymentMethodHandler, PaymentMethodRegistry } from '../../orders/payment-methods';
import { formatReference } from '../../orders/reference';
import { transitionOrder } from '../../orders/status';
import { queuePaidMail } from '../../orders/notifications';
import { payerActionUrl, PayPalError, type PayPalCapture, type PayPalClient, type PayPalOrder, type WebhookEvent, type WebhookHeaders } from './client';

// PayPal payments (docs/api.md "PayPal"; server/README.md "PayPal"). One rule makes every path safe: PayPal
// is asked, never trusted from a browser, and whatever it says is recorded under row locks by `record`, which
// is idempotent. The return page, the webhooks and the retry all go through `settle(transaction)`:
//   GET the PayPal order → APPROVED: capture it (PayPal-Request-Id `<paypal order>-capture-<declines>`, so a
//   repeat, another node or a webhook racing the return page replays the same capture, never a second one) →
//   COMPLETED: `record` the capture: order new → paid (transitionOrder, actor paypal, PAYPAL_CAPTURED) and the
//   transaction → paid; the partial unique index allows one paid transaction per order.
// Money that does not fit (amount or currency differs, the order was cancelled or expired, or already paid by
// other means) is never silently accepted: the order gets `attention_reason` and a history entry with the
// reason, and the transaction keeps everything PayPal said.

export interface PayPalServiceDeps {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  client: PayPalClient;
  paymentMethods: PaymentMethodRegistry;
}

interface Outcome {
  outcome: PayPalOutcome;
  reason: string | null;
  approveUrl: string | null;
}

type ProviderData = Record<string, unknown> & { attempt?: number; declines?: number; approveUrl?: string; capture?: PayPalCapture };

const PAID = new Set(['paid', 'completed']);
const paypalUnavailable = () => apiError(502, 'PAYPAL_UNAVAILABLE');

/** The parts of PayPal's order worth keeping on the transaction (links and payer included). */
const snapshot = (order: PayPalOrder) => ({
  id: order.id,
  status: order.status,
  payer: order.payer ?? null,
  purchaseUnit: order.purchase_units?.[0] ? { ...order.purchase_units[0], payments: undefined } : null,
  links: order.links ?? [],
  updateTime: order.update_time ?? null,
});

const captureOf = (order: PayPalOrder): PayPalCapture | undefined => order.purchase_units?.[0]?.payments?.captures?.[0];

export function createPayPalService(deps: PayPalServiceDeps) {
  const { db, config, client } = deps;
  const log = deps.log.child({ module: 'paypal' });

  // ---------- where PayPal sends the payer back ----------

  /**
   * The return page: POST /investment's thankYouPageUrlPattern with `{orderId}` filled in, when it is an address
   * of this site (a path, or an absolute URL on PUBLIC_URL's origin); else the SPA's PayPal return route.
   */
  async function returnUrls(order: OrderRow, pattern: string | undefined) {
    const origin = new URL(config.publicUrl).origin;
    let base: URL | undefined;
    if (pattern && pattern.includes('{orderId}')) {
      try {
        const candidate = new URL(pattern.replaceAll('{orderId}', order.id), `${origin}/`);
        if (candidate.origin === origin) base = candidate;
        else log.warn({ orderId: order.id }, 'thankYouPageUrlPattern is not on PUBLIC_URL; using the default return page');
      } catch {
        base = undefined;
      }
    }
    if (!base) {
      const [offer] = await db.select({ slug: offers.slug }).from(offers).where(eq(offers.id, order.offerId)).limit(1);
      const slug = encodeURIComponent(offer ? pick(offer.slug, order.language) : String(order.offerId));
      const path = order.language === 'pl' ? `/pl/inwestuj/${slug}/${order.id}` : `/en/invest/${slug}/${order.id}`;
      base = new URL(path, `${origin}/`);
    }
    const returnUrl = new URL(base);
    returnUrl.searchParams.set('paypal', 'return');
    const cancelUrl = new URL(base);
    cancelUrl.searchParams.set('paypal', 'cancel');
    return { returnUrl: returnUrl.toString(), cancelUrl: cancelUrl.toString() };
  }

  // ---------- starting an approval ----------

  async function paypalTransactions(ex: Executor, orderId: string) {
    return ex
      .select()
      .from(transactions)
      .where(and(eq(transactions.orderId, orderId), eq(transactions.methodCode, 'PayPal')))
      .orderBy(asc(transactions.id));
  }

  /**
   * Creates the PayPal order of one payment attempt (a `transactions` row) and answers its payer-action link.
   * PayPal-Request-Id is `<our order id>-<attempt>`: calling this again for the same attempt (a lost answer,
   * a repeated POST /investment) gets the same PayPal order back, never a second one.
   */
  async function createApproval(order: OrderRow, transaction: TransactionRow, pattern?: string): Promise<PayPalPayment> {
    const data = (transaction.providerData ?? {}) as ProviderData;
    if (transaction.externalId && data.approveUrl) return { codeName: 'PayPal', approveUrl: data.approveUrl };
    const attempt = data.attempt ?? 1;
    const { returnUrl, cancelUrl } = await returnUrls(order, pattern);
    const [offer] = await db.select({ title: offers.title }).from(offers).where(eq(offers.id, order.offerId)).limit(1);
    const reference = formatReference(order.reference);
    let created: PayPalOrder;
    try {
      created = await client.createOrder(
        {
          orderId: order.id,
          invoiceId: attempt > 1 ? `${reference}-${attempt}` : reference,
          description: `${reference} ${offer ? pick(offer.title, order.language) : ''}`.trim(),
          value: groszeToDecimalString(transaction.amount),
          currency: 'PLN',
          returnUrl,
          cancelUrl,
          locale: order.language === 'pl' ? 'pl-PL' : 'en-US',
          brandName: config.paypal.brandName,
        },
        `${order.id}-${attempt}`,
      );
    } catch (error) {
      log.warn({ err: error, orderId: order.id, attempt }, 'PayPal order could not be created');
      await db
        .update(transactions)
        .set({ providerData: { ...data, attempt, lastError: describe(error) }, updatedAt: nowOf(config) })
        .where(eq(transactions.id, transaction.id));
      throw apiError(502, 'CAN_CREATE_PAYMENT', 'method');
    }
    const approveUrl = payerActionUrl(created);
    if (!approveUrl) {
      log.warn({ orderId: order.id, paypalOrderId: created.id, status: created.status }, 'PayPal order has no payer-action link');
      throw apiError(502, 'CAN_CREATE_PAYMENT', 'method');
    }
    await db
      .update(transactions)
      .set({
        externalId: created.id,
        providerStatus: created.status,
        providerData: { ...data, attempt, approveUrl, requestId: `${order.id}-${attempt}`, paypalOrder: snapshot(created), lastError: undefined },
        updatedAt: nowOf(config),
      })
      .where(eq(transactions.id, transaction.id));
    log.info({ orderId: order.id, paypalOrderId: created.id, attempt }, 'PayPal order created');
    return { codeName: 'PayPal', approveUrl };
  }

  /** The payment-method handler `createOrder` calls (server/orders/payment-methods.ts). */
  const handler: PaymentMethodHandler = {
    codeName: 'PayPal',
    // The investor is on their way to PayPal; the paid order is what they hear about (no e-mail here).
    confirmationMail: () => null,
    async afterCreate(_ctx, created) {
      let transaction = created.transaction;
      if (created.replayed) {
        // A repeat of POST /investment: the order's current attempt (a retry may have made a newer one).
        const list = await paypalTransactions(db, created.order.id);
        transaction = list.at(-1) ?? transaction;
        if (PAID.has(created.order.status) || (transaction.externalId && transaction.providerStatus !== 'PAYER_ACTION_REQUIRED' && transaction.providerStatus !== 'CREATED')) {
          // Nothing to approve any more: the return page tells how it ended.
          const { returnUrl } = await returnUrls(created.order, created.thankYouPageUrlPattern);
          return { codeName: 'PayPal', approveUrl: returnUrl };
        }
      }
      return createApproval(created.order, transaction, created.thankYouPageUrlPattern);
    },
  };

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
        // Never downgrade a paid transaction; a refund is kept and shown to an operator.
        if (capture.status === 'REFUNDED' && changed) {
          await update(base);
          await flag(tx, order, 'PAYPAL_REFUNDED', details);
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

  // ---------- the return page ----------

  async function handleReturn(userId: string, orderId: string, token: string | undefined, language: Language): Promise<PayPalReturnAnswer> {
    if (!isOrderId(orderId)) throw notFound('id');
    const [order] = await db.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.userId, userId))).limit(1);
    if (!order) throw notFound('id');
    const attempts = (await paypalTransactions(db, order.id)).filter((t) => t.externalId);
    const row = token ? attempts.find((t) => t.externalId === token) : attempts.at(-1);
    if (token && !row) throw notFound('token');
    let outcome: Outcome;
    if (!row) {
      if (!PAID.has(order.status) && order.status !== 'cancelled') throw notFound('id');
      outcome = outcomeOf(order, { providerStatus: null, providerData: null, status: 'new', captureId: null } as TransactionRow, null);
    } else {
      outcome = await settle(row.id);
    }
    const fresh = await loadOrder(db, order.id, language, config, { userId });
    if (!fresh) throw notFound('id');
    const canRetry =
      fresh.status === 'new' && outcome.outcome !== 'pending' && !(outcome.outcome === 'paid');
    return { ...outcome, canRetry, order: fresh };
  }

  // ---------- retry ----------

  async function retry(userId: string, body: RetryBody, language: Language): Promise<RetryAnswer> {
    if (!isOrderId(body.orderId)) throw notFound('orderId');
    const [order] = await db.select().from(orders).where(and(eq(orders.id, body.orderId), eq(orders.userId, userId))).limit(1);
    if (!order) throw notFound('orderId');
    const refuse = (current: OrderRow) => {
      if (PAID.has(current.status)) throw apiError(409, 'ORDER_ALREADY_PAID', 'orderId');
      if (current.status === 'cancelled') throw apiError(409, 'ORDER_EXPIRED', 'orderId');
    };
    refuse(order);

    const [method] = await db
      .select()
      .from(transactionMethods)
      .where(eq(transactionMethods.id, body.method ?? order.methodId))
      .limit(1);
    if (!method || !methodOffered(method, deps.paymentMethods)) throw apiError(400, 'NO_TRANSACTION_METHOD_AVAILABLE', 'method');
    const methodHandler = deps.paymentMethods.get(method.codeName)!;

    // A PayPal attempt may already be on its way: bring it up to date first (it may capture it).
    const open = (await paypalTransactions(db, order.id)).filter((t) => t.externalId && t.status === 'new').at(-1);
    if (open) {
      const outcome = await settle(open.id);
      if (outcome.outcome === 'paid') throw apiError(409, 'ORDER_ALREADY_PAID', 'orderId');
      if (outcome.outcome === 'pending') throw apiError(409, 'PAYMENT_PENDING', 'orderId');
    }

    const at = nowOf(config);
    const { current, transaction } = await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
      refuse(locked);
      let current = locked;
      if (method.id !== locked.methodId) {
        const feeValue = commissionValue(locked.amount, method.commissionBasisPoints);
        [current] = await tx
          .update(orders)
          .set({
            methodId: method.id,
            methodCode: method.codeName,
            feeBasisPoints: method.commissionBasisPoints,
            feeValue,
            totalPrice: locked.amount + feeValue,
            updatedAt: at,
          })
          .where(eq(orders.id, locked.id))
          .returning();
        await tx.insert(orderStatusHistory).values({
          orderId: locked.id,
          fromStatus: locked.status,
          toStatus: locked.status,
          actor: 'investor',
          actorUserId: userId,
          reason: 'PAYMENT_METHOD_CHANGED',
          details: { from: locked.methodCode, to: method.codeName },
          createdAt: at,
        });
      }
      // Earlier attempts that were never paid are superseded (a late approval of one is not captured).
      await tx
        .update(transactions)
        .set({ status: 'rejected', updatedAt: at })
        .where(and(eq(transactions.orderId, locked.id), eq(transactions.status, 'new')));
      const [{ value: previous }] = await tx
        .select({ value: count() })
        .from(transactions)
        .where(and(eq(transactions.orderId, locked.id), eq(transactions.methodCode, method.codeName)));
      const [transaction] = await tx
        .insert(transactions)
        .values({
          orderId: locked.id,
          methodCode: method.codeName,
          status: 'new',
          amount: current.totalPrice,
          commission: current.feeValue,
          commissionBasisPoints: current.feeBasisPoints,
          providerData: method.codeName === 'PayPal' ? { attempt: Number(previous) + 1 } : null,
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      return { current, transaction };
    });

    const [offer] = await db.select({ title: offers.title }).from(offers).where(eq(offers.id, current.offerId)).limit(1);
    const payment = await methodHandler.afterCreate(
      { db, config, log },
      {
        order: current,
        transaction,
        offerTitle: offer ? pick(offer.title, current.language) : '',
        firstName: current.investorData.firstName,
        replayed: false,
        thankYouPageUrlPattern: body.thankYouPageUrlPattern,
      },
    );
    const fresh = await loadOrder(db, current.id, language, config, { userId });
    return { order: fresh!, payment };
  }

  // ---------- webhooks ----------

  /** The PayPal order an event is about: the order itself, or a capture's related order. */
  function paypalOrderIdOf(event: WebhookEvent): string | undefined {
    const resource = event.resource as { id?: string; supplementary_data?: { related_ids?: { order_id?: string } }; links?: { rel: string; href: string }[] };
    if (event.event_type.startsWith('CHECKOUT.ORDER.')) return resource.id;
    return resource.supplementary_data?.related_ids?.order_id;
  }

  const HANDLED = new Set([
    'CHECKOUT.ORDER.APPROVED',
    'CHECKOUT.ORDER.COMPLETED',
    'PAYMENT.CAPTURE.COMPLETED',
    'PAYMENT.CAPTURE.PENDING',
    'PAYMENT.CAPTURE.DENIED',
    'PAYMENT.CAPTURE.DECLINED',
    'PAYMENT.CAPTURE.REFUNDED',
    'PAYMENT.CAPTURE.REVERSED',
  ]);

  /**
   * A verified event: stored by id, claimed by one node (a lease of a minute), processed, marked. A repeat of
   * a processed event (or one another node is processing right now) changes nothing.
   */
  async function handleEvent(event: WebhookEvent, transmissionId: string): Promise<{ duplicate: boolean; outcome: string }> {
    const paypalOrderId = paypalOrderIdOf(event) ?? null;
    await db
      .insert(paypalWebhookEvents)
      .values({
        id: event.id,
        eventType: event.event_type,
        resourceId: (event.resource as { id?: string }).id ?? null,
        paypalOrderId,
        transmissionId,
        payload: event as Record<string, unknown>,
      })
      .onConflictDoNothing({ target: paypalWebhookEvents.id });
    const [claimed] = await db
      .update(paypalWebhookEvents)
      .set({ processingStartedAt: sql`now()`, attempts: sql`${paypalWebhookEvents.attempts} + 1` })
      .where(
        and(
          eq(paypalWebhookEvents.id, event.id),
          sql`${paypalWebhookEvents.processedAt} is null`,
          sql`(${paypalWebhookEvents.processingStartedAt} is null or ${paypalWebhookEvents.processingStartedAt} < now() - interval '1 minute')`,
        ),
      )
      .returning({ id: paypalWebhookEvents.id });
    if (!claimed) return { duplicate: true, outcome: 'duplicate' };

    try {
      let outcome = 'ignored: not handled';
      let status: 'processed' | 'ignored' = 'ignored';
      if (HANDLED.has(event.event_type) && paypalOrderId) {
        const [row] = await db
          .select({ id: transactions.id })
          .from(transactions)
          .where(and(eq(transactions.methodCode, 'PayPal'), eq(transactions.externalId, paypalOrderId)))
          .limit(1);
        if (row) {
          const result = await settle(row.id, { fromWebhook: true });
          outcome = `${result.outcome}${result.reason ? `: ${result.reason}` : ''}`;
          status = 'processed';
        } else {
          outcome = 'ignored: unknown PayPal order';
        }
      }
      await db
        .update(paypalWebhookEvents)
        .set({ status, outcome, processedAt: sql`now()`, lastError: null })
        .where(eq(paypalWebhookEvents.id, event.id));
      log.info({ eventId: event.id, eventType: event.event_type, paypalOrderId, outcome }, 'PayPal webhook processed');
      return { duplicate: false, outcome };
    } catch (error) {
      await db
        .update(paypalWebhookEvents)
        .set({ status: 'failed', lastError: describe(error), processingStartedAt: null })
        .where(eq(paypalWebhookEvents.id, event.id));
      throw error;
    }
  }

  async function verify(headers: WebhookHeaders, event: WebhookEvent): Promise<boolean> {
    try {
      return await client.verifyWebhookSignature(headers, event);
    } catch (error) {
      log.warn({ err: error, eventId: event.id }, 'PayPal webhook could not be verified (PayPal unreachable)');
      throw paypalUnavailable();
    }
  }

  return { handler, createApproval, handleReturn, retry, settle, handleEvent, verify };
}

export type PayPalService = ReturnType<typeof createPayPalService>;

function describe(error: unknown): string {
  if (error instanceof PayPalError) return `${error.status} ${error.errorName}${error.issue ? ` ${error.issue}` : ''}${error.debugId ? ` debug id ${error.debugId}` : ''}`;
  return error instanceof Error ? error.message.slice(0, 500) : String(error);
}
