import { and, asc, count, desc, eq, inArray, isNotNull, max, min, or, sql, sum } from 'drizzle-orm';
import { investorsEquity as investorsEquityOf } from '../../../contract/funding';
import type { OrderStatus } from '../../../contract/orders';
import { progressPercent, type Investment, type InvestmentDetail, type PortfolioPage, type Realised, type ValuePoint } from '../../../contract/portfolio';
import type { Language } from '../../config';
import type { Db } from '../../db/client';
import { offerSeries, offers } from '../../db/schema-content';
import { orders } from '../../db/schema-orders';
import { distributionAllocations, distributions, payouts } from '../../db/schema-payouts';
import { paged, pageWindow, type PageRequest } from '../../lib/pagination';
import { pick } from '../../lib/translated';
import { listOrders } from '../orders/order-repository';

// The investor's portfolio (SPEC §3 "Investment", §9 progress): one entry per offer the caller holds shares
// in, from their paid and completed orders (every series of the offer). Nothing here is stored: it is summed
// from the orders each time, so it can never disagree with them. What came back (income, tax withheld, capital
// returned, the realised return) is summed the same way from the executed payouts of distributions
// (contract/portfolio.ts realisedSchema says what counts).

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

/** A holder's part of one distribution, paid out (the payout executed). */
export interface ReceivedPart {
  offerId: number;
  kind: 'rental_income' | 'interest' | 'capital_return';
  gross: number;
  tax: number;
  net: number;
  at: Date;
}

const NOTHING: Realised = { incomeGross: 0, taxWithheld: 0, incomeNet: 0, capitalReturned: 0, returnAmount: 0, returnPercent: 0 };

/** An investment's figures from its invested amount and the parts received (contract/portfolio.ts realisedSchema). */
export function realisedOf(investedAmount: number, parts: ReceivedPart[]): Realised {
  let incomeGross = 0;
  let taxWithheld = 0;
  let incomeNet = 0;
  let capitalReturned = 0;
  for (const p of parts) {
    if (p.kind === 'capital_return') capitalReturned += p.net;
    else {
      incomeGross += p.gross;
      taxWithheld += p.tax;
      incomeNet += p.net;
    }
  }
  const returnAmount = incomeNet + Math.max(0, capitalReturned - investedAmount);
  return { incomeGross, taxWithheld, incomeNet, capitalReturned, returnAmount, returnPercent: progressPercent(returnAmount, investedAmount) };
}

/** The totals of several investments: sums, and the percent of the summed return over the summed invested amount. */
export function sumRealised(investedAmount: number, each: Realised[]): Realised {
  const total = each.reduce(
    (s, r) => ({
      incomeGross: s.incomeGross + r.incomeGross,
      taxWithheld: s.taxWithheld + r.taxWithheld,
      incomeNet: s.incomeNet + r.incomeNet,
      capitalReturned: s.capitalReturned + r.capitalReturned,
      returnAmount: s.returnAmount + r.returnAmount,
      returnPercent: 0,
    }),
    NOTHING,
  );
  return { ...total, returnPercent: progressPercent(total.returnAmount, investedAmount) };
}

/**
 * Cumulative figures after each payment and each part received, oldest first (a payment before a payout at the
 * same instant: the money went in before it came back).
 */
export function valueOverTime(payments: { at: Date; amount: number; shares: number }[], parts: ReceivedPart[]): (ValuePoint & { numberOfShares: number })[] {
  const events = [
    ...payments.map((p) => ({ at: p.at, order: 0, invested: p.amount, shares: p.shares, income: 0, capital: 0 })),
    ...parts.map((p) => ({ at: p.at, order: 1, invested: 0, shares: 0, income: p.kind === 'capital_return' ? 0 : p.net, capital: p.kind === 'capital_return' ? p.net : 0 })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime() || a.order - b.order);
  const point = { investedAmount: 0, numberOfShares: 0, incomeNet: 0, capitalReturned: 0 };
  return events.map((e) => {
    point.investedAmount += e.invested;
    point.numberOfShares += e.shares;
    point.incomeNet += e.income;
    point.capitalReturned += e.capital;
    return { date: e.at.toISOString(), ...point };
  });
}

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

  /** The caller's parts of distributions paid out (payout executed), oldest first; of one offer when given. */
  async function receivedParts(userId: string, offerId?: number): Promise<ReceivedPart[]> {
    const rows = await db
      .select({
        offerId: distributions.offerId,
        kind: distributions.kind,
        gross: distributionAllocations.gross,
        tax: distributionAllocations.tax,
        net: distributionAllocations.net,
        at: payouts.executedAt,
      })
      .from(payouts)
      .innerJoin(distributions, eq(distributions.id, payouts.distributionId))
      .innerJoin(distributionAllocations, and(eq(distributionAllocations.distributionId, payouts.distributionId), eq(distributionAllocations.userId, payouts.userId)))
      .where(
        and(
          eq(payouts.userId, userId),
          eq(payouts.kind, 'distribution'),
          eq(payouts.status, 'executed'),
          offerId === undefined ? undefined : eq(distributions.offerId, offerId),
        ),
      )
      .orderBy(asc(payouts.executedAt), asc(payouts.id));
    return rows.map((r) => ({ ...r, gross: num(r.gross), tax: num(r.tax), net: num(r.net), at: date(r.at) }));
  }

  const partsOf = (parts: ReceivedPart[], offerId: number) => parts.filter((p) => p.offerId === offerId);

  async function investmentsOf(aggregates: Aggregate[], language: Language, parts: ReceivedPart[]): Promise<Investment[]> {
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
          realised: realisedOf(a.amount, partsOf(parts, a.offerId)),
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
      const [rows, perOffer, payments, parts] = await Promise.all([
        db
          .select(aggregateColumns)
          .from(orders)
          .where(heldBy(userId))
          .groupBy(orders.offerId)
          .orderBy(desc(max(orders.paidAt)), asc(orders.offerId))
          .limit(limit)
          .offset(offset),
        db
          .select({ offerId: orders.offerId, shares: sum(orders.quantity), amount: sum(orders.amount) })
          .from(orders)
          .where(heldBy(userId))
          .groupBy(orders.offerId),
        db
          .select({ at: orders.paidAt, amount: orders.amount, shares: orders.quantity })
          .from(orders)
          .where(and(heldBy(userId), isNotNull(orders.paidAt)))
          .orderBy(asc(orders.paidAt), asc(orders.id)),
        receivedParts(userId),
      ]);
      // Only what the caller still holds: a part of an offer whose orders were all cancelled is not in the portfolio.
      const held = new Set(perOffer.map((o) => o.offerId));
      const heldParts = parts.filter((p) => held.has(p.offerId));
      const items = await investmentsOf(rows.map(toAggregate), language, heldParts);
      const investedAmount = perOffer.reduce((s, o) => s + num(o.amount), 0);
      return {
        ...paged(items, perOffer.length, page),
        totals: {
          investedAmount,
          numberOfShares: perOffer.reduce((s, o) => s + num(o.shares), 0),
          offers: perOffer.length,
          realised: sumRealised(
            investedAmount,
            perOffer.map((o) => realisedOf(num(o.amount), partsOf(heldParts, o.offerId))),
          ),
        },
        timeline: valueOverTime(
          payments.map((p) => ({ at: date(p.at), amount: p.amount, shares: p.shares })),
          heldParts,
        ).map(({ numberOfShares: _, ...point }) => point),
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
      const parts = await receivedParts(userId, offer.id);
      const [investment] = await investmentsOf([toAggregate(row)], language, parts);
      if (!investment) return undefined;
      const [{ items }, paidRows] = await Promise.all([
        listOrders(db, { userId, offerId: offer.id, limit: 1000, offset: 0 }, language),
        db
          .select({ paidAt: orders.paidAt, amount: orders.amount, quantity: orders.quantity })
          .from(orders)
          .where(and(heldBy(userId), eq(orders.offerId, offer.id), isNotNull(orders.paidAt)))
          .orderBy(asc(orders.paidAt), asc(orders.id)),
      ]);
      const timeline = valueOverTime(
        paidRows.map((r) => ({ at: r.paidAt!, amount: r.amount, shares: r.quantity })),
        parts,
      );
      return { ...investment, orders: items, timeline };
    },
  };
}

export type PortfolioService = ReturnType<typeof createPortfolioService>;
