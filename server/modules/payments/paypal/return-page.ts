import { and, eq } from 'drizzle-orm';
import type { PayPalReturnAnswer } from '../../../../contract/paypal';
import type { Language } from '../../../config';
import { orders, type TransactionRow } from '../../../db/schema-orders';
import { notFound } from '../../../lib/errors';
import { isOrderId, loadOrder } from '../../orders/order-repository';
import type { Approvals } from './approval';
import { PAID, type Outcome, type PayPalContext } from './context';
import type { Settlement } from './settlement';

// The return page: the payer is back from PayPal; the attempt is settled with PayPal and the page told how it ended.

export function createReturnPage({ db, config }: PayPalContext, { paypalTransactions }: Approvals, { settle, outcomeOf }: Settlement) {
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

  return { handleReturn };
}
