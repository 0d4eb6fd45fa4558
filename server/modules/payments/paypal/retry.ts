import { and, count, eq } from 'drizzle-orm';
import { commissionValue } from '../../../../contract/money';
import type { RetryAnswer, RetryBody } from '../../../../contract/paypal';
import { nowOf, type Language } from '../../../config';
import { offers } from '../../../db/schema-content';
import { orderStatusHistory, orders, transactionMethods, transactions, type OrderRow } from '../../../db/schema-orders';
import { apiError, notFound } from '../../../lib/errors';
import { pick } from '../../../lib/translated';
import { methodOffered } from '../../orders/investment-rules';
import { isOrderId, loadOrder } from '../../orders/order-repository';
import type { Approvals } from './approval';
import { PAID, type PayPalContext } from './context';
import type { Settlement } from './settlement';

// Paying an unpaid order again, by PayPal or another method: the open PayPal attempt is settled first (it may
// capture), then a new attempt supersedes the old ones.

export function createRetry(deps: PayPalContext, { paypalTransactions }: Approvals, { settle }: Settlement) {
  const { db, config, log } = deps;
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

  return { retry };
}
