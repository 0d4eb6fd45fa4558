import { and, asc, eq } from 'drizzle-orm';
import type { PayPalPayment } from '../../../../contract/orders';
import { groszeToDecimalString } from '../../../../contract/money';
import { nowOf } from '../../../config';
import { offers } from '../../../db/schema-content';
import { transactions, type OrderRow, type TransactionRow } from '../../../db/schema-orders';
import { apiError } from '../../../lib/errors';
import { pick } from '../../../lib/translated';
import type { Executor } from '../../mail/outbox';
import type { PaymentMethodHandler } from '../../orders/payment-methods';
import { formatReference } from '../../orders/reference';
import { payerActionUrl, type PayPalOrder } from './client';
import { describe, PAID, snapshot, type PayPalContext, type ProviderData } from './context';

// Starting a PayPal payment: where PayPal sends the payer back, the PayPal order of one attempt, and the
// payment-method handler that order creation calls.

export function createApprovals({ db, config, client, log }: PayPalContext) {
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

  /** The payment-method handler `createOrder` calls (server/modules/orders/payment-methods.ts). */
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

  return { returnUrls, paypalTransactions, createApproval, handler };
}

export type Approvals = ReturnType<typeof createApprovals>;
