import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { orders, transactions } from '../../server/db/schema-orders';
import { offerSeries } from '../../server/db/schema-content';
import { transitionOrder } from '../../server/modules/orders/status';
import { agreementIdsFor, orderBody, createInvestor, createSeries, methodIds, offerBySlug, type TestInvestor } from './orders-support';

// Orders for the back-office suites, made by the real creation service (fastify.orders.create), each in a
// series of its own so share counts can be asserted exactly.

export interface Fixture {
  investor: TestInvestor;
  seriesId: number;
  offerId: number;
  method: { bank: number; paypal: number };
  agreements: number[];
}

export async function backofficeFixture(app: FastifyInstance, total = 1000, price = 10_000): Promise<Fixture> {
  const investor = await createInvestor(app);
  const { offer } = await offerBySlug(app.db, 'zielone-tarasy');
  const series = await createSeries(app.db, 'zielone-tarasy', total, { pricePerShare: price });
  return {
    investor,
    seriesId: series.id,
    offerId: offer.id,
    method: await methodIds(app.db),
    agreements: (await agreementIdsFor(app.db, offer.id)).map((a) => a.id),
  };
}

export async function placeOrder(app: FastifyInstance, f: Fixture, quantity = 1, method: 'bank' | 'paypal' = 'bank') {
  const result = await app.orders.create({
    userId: f.investor.userId,
    language: 'pl',
    body: await orderBody(app.db, { offer: f.offerId, series: f.seriesId, method: f.method[method], agreements: f.agreements }, quantity),
  });
  return result.order;
}

/** The order as the database holds it. */
export async function orderRowOf(app: FastifyInstance, id: string) {
  const [row] = await app.db.select().from(orders).where(eq(orders.id, id));
  return row;
}

export async function transactionsOf(app: FastifyInstance, id: string) {
  return app.db.select().from(transactions).where(eq(transactions.orderId, id));
}

export async function seriesOf(app: FastifyInstance, id: number) {
  const [row] = await app.db.select().from(offerSeries).where(eq(offerSeries.id, id));
  return row;
}

/** Expires an order the way the expiry worker does (status writer, reason PAYMENT_EXPIRED). */
export async function expireOrder(app: FastifyInstance, id: string) {
  await app.db.transaction(async (tx) => {
    const result = await transitionOrder(tx, { orderId: id, from: 'new', to: 'cancelled', actor: 'system', reason: 'PAYMENT_EXPIRED' });
    if (!result.ok) throw new Error('could not expire');
  });
}

export const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
