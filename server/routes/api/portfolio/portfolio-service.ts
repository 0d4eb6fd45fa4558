import { and, asc, count, countDistinct, desc, eq, inArray, isNotNull, max, min, or, sql, sum } from 'drizzle-orm';
import { investorsEquity as investorsEquityOf } from '../../../../contract/funding';
import type { OrderStatus } from '../../../../contract/orders';
import { progressPercent, type Investment, type InvestmentDetail, type PortfolioPage } from '../../../../contract/portfolio';
import type { Language } from '../../../config';
import type { Db } from '../../../db/client';
import { offerSeries, offers } from '../../../db/schema-content';
import { orders } from '../../../db/schema-orders';
import { paged, pageWindow, type PageRequest } from '../../../lib/pagination';
import { pick } from '../../../lib/translated';
import { listOrders } from '../../../orders/order-repository';

// The investor's portfolio (SPEC §3 "Investment", §9 progress): one entry per offer the caller holds shares
// in, from their paid and completed orders (every series of the offer). Nothing here is stored: it is summed
// from the orders each time, so it can never disagree with them.

const HELD: OrderStatus[] = ['paid', 'completed'];
const round2 = (n: number) => Math.round(n * 100) / 100;

interface Aggregate {
  offerId: number;
  shares: number;
  amount: number;
  fees: number;
  orders: number;
  first: Date;
  last: Date;
}

const num = (value: unknown) => Number(value ?? 0);
const date = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));

export function createPortfolioService(db: Db) {
  const heldBy = (userId: string) => and(eq(orders.userId, userId), inArray(orders.status, HELD));

  const aggregateColumns = {
    offerId: orders.offerId,
    shares: sum(orders.quantity),
    amount: sum(orders.amount),
    fees: sum(orders.feeValue),
    orders: count(),
    first: min(orders.paidAt),
    last: max(orders.paidAt),
  };

  async function investmentsOf(aggregates: Aggregate[], language: Language): Promise<Investment[]> {
    if (!aggregates.length) return [];
    const ids = aggregates.map((a) => a.offerId);
    const [offerRows, soldRows] = await Promise.all([
      db.select().from(offers).where(inArray(offers.id, ids)),
      db
        .select({ offerId: offerSeries.offerId, soldValue: sum(sql`${offerSeries.soldShares}::bigint * ${offerSeries.pricePerShare}`) })
        .from(offerSeries)
        .where(inArray(offerSeries.offerId, ids))
        .groupBy(offerSeries.offerId),
    ]);
    const offerById = new Map(offerRows.map((o) => [o.id, o]));
    const soldById = new Map(soldRows.map((s) => [s.offerId, num(s.soldValue)]));
    return aggregates.flatMap((a) => {
      const offer = offerById.get(a.offerId);
      if (!offer) return [];
      // the funding target (contract/funding.ts)
      const investorsEquity = investorsEquityOf(offer);
      const developerEquityPercent = progressPercent(offer.developerEquity, offer.totalCost);
      const fundedPercent = progressPercent(soldById.get(a.offerId) ?? 0, investorsEquity);
      const bp = offer.projectedReturnBasisPoints;
      return [
        {
          offer: {
            id: offer.id,
            slug: offer.slug,
            title: pick(offer.title, language),
            thumbUrl: offer.thumbUrl,
            isOpen: offer.isOpen,
            totalCost: offer.totalCost,
          },
          developerEquity: offer.developerEquity,
          investorsEquity,
          investedAmount: a.amount,
          feesPaid: a.fees,
          numberOfShares: a.shares,
          pricePerShare: a.shares > 0 ? Math.round(a.amount / a.shares) : 0,
          ownershipPercent: progressPercent(a.amount, investorsEquity),
          return: {
            projectedAnnualPercent: bp === null ? null : round2(bp / 100),
            projectedAnnualAmount: bp === null ? null : Math.round((a.amount * bp) / 10_000),
          },
          progress: {
            developerEquityPercent,
            investorsEquityPercent: round2(100 - developerEquityPercent),
            fundedPercent,
            remainingPercent: round2(100 - fundedPercent),
          },
          ordersCount: a.orders,
          firstInvestedAt: a.first.toISOString(),
          lastInvestedAt: a.last.toISOString(),
        },
      ];
    });
  }

  const toAggregate = (row: { offerId: number; shares: unknown; amount: unknown; fees: unknown; orders: number; first: unknown; last: unknown }): Aggregate => ({
    offerId: row.offerId,
    shares: num(row.shares),
    amount: num(row.amount),
    fees: num(row.fees),
    orders: num(row.orders),
    first: date(row.first),
    last: date(row.last),
  });

  return {
    /** GET /investment: newest investment first (by its latest payment). */
    async portfolio(userId: string, page: PageRequest, language: Language): Promise<PortfolioPage> {
      const { limit, offset } = pageWindow(page);
      const [rows, [totals]] = await Promise.all([
        db
          .select(aggregateColumns)
          .from(orders)
          .where(heldBy(userId))
          .groupBy(orders.offerId)
          .orderBy(desc(max(orders.paidAt)), asc(orders.offerId))
          .limit(limit)
          .offset(offset),
        db
          .select({ offers: countDistinct(orders.offerId), shares: sum(orders.quantity), amount: sum(orders.amount) })
          .from(orders)
          .where(heldBy(userId)),
      ]);
      const items = await investmentsOf(rows.map(toAggregate), language);
      return {
        ...paged(items, num(totals?.offers), page),
        totals: { investedAmount: num(totals?.amount), numberOfShares: num(totals?.shares), offers: num(totals?.offers) },
      };
    },

    /** GET /investment/{slug}: a slug of either language; undefined when the caller holds no shares of it. */
    async investment(userId: string, slug: string, language: Language): Promise<InvestmentDetail | undefined> {
      const [offer] = await db
        .select({ id: offers.id })
        .from(offers)
        .where(or(sql`${offers.slug}->>'pl' = ${slug}`, sql`${offers.slug}->>'en' = ${slug}`))
        .limit(1);
      if (!offer) return undefined;
      const [row] = await db
        .select(aggregateColumns)
        .from(orders)
        .where(and(heldBy(userId), eq(orders.offerId, offer.id)))
        .groupBy(orders.offerId);
      if (!row) return undefined;
      const [investment] = await investmentsOf([toAggregate(row)], language);
      if (!investment) return undefined;
      const [{ items }, paidRows] = await Promise.all([
        listOrders(db, { userId, offerId: offer.id, limit: 1000, offset: 0 }, language),
        db
          .select({ paidAt: orders.paidAt, amount: orders.amount, quantity: orders.quantity })
          .from(orders)
          .where(and(heldBy(userId), eq(orders.offerId, offer.id), isNotNull(orders.paidAt)))
          .orderBy(asc(orders.paidAt), asc(orders.id)),
      ]);
      let investedAmount = 0;
      let numberOfShares = 0;
      const timeline = paidRows.map((r) => {
        investedAmount += r.amount;
        numberOfShares += r.quantity;
        return { date: r.paidAt!.toISOString(), investedAmount, numberOfShares };
      });
      return { ...investment, orders: items, timeline };
    },
  };
}

export type PortfolioService = ReturnType<typeof createPortfolioService>;
