import { and, asc, countDistinct, eq, inArray, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { offerSeries, offers } from '../../db/schema-content';
import { orders } from '../../db/schema-orders';
import { fundingOf, percentOf, type FundingOffer } from '../../../contract/funding';

// Figures computed from the series' share counters and the orders: what an offer card shows
// (price, minimum, funding progress, open/closed/funded), an offer's live available shares (read on every request
// and laid over the cached offer), and the platform figures of the home page.

export type SeriesFiguresRow = {
  offerId: number;
  pricePerShare: number;
  minStocks: number;
  totalShares: number;
  soldShares: number;
  reservedShares: number;
  isOpen: boolean;
};

export type OfferStatus = 'open' | 'closed' | 'funded';

export interface OfferFigures {
  /** Lowest price per share among the offer's series (grosze); null: no series. */
  pricePerShare: number | null;
  /** Smallest amount one can invest: min over open series of price × minimum shares (grosze); null: nothing open. */
  minimumInvestment: number | null;
  funding: { raised: number; target: number; percent: number };
  status: OfferStatus;
}

export { percentOf };

/** The card figures of one offer from its series (sold shares count as raised; reserved ones do not yet). */
export function offerFigures(offer: FundingOffer & { isOpen: boolean }, series: SeriesFiguresRow[]): OfferFigures {
  const { isOpen } = offer;
  let price: number | null = null;
  let minimum: number | null = null;
  let allSold = series.length > 0;
  for (const s of series) {
    price = price === null ? s.pricePerShare : Math.min(price, s.pricePerShare);
    if (s.soldShares < s.totalShares) allSold = false;
    if (s.isOpen && s.soldShares + s.reservedShares < s.totalShares) {
      const m = s.pricePerShare * s.minStocks;
      minimum = minimum === null ? m : Math.min(minimum, m);
    }
  }
  const status: OfferStatus = allSold ? 'funded' : isOpen ? 'open' : 'closed';
  return { pricePerShare: price, minimumInvestment: minimum, funding: fundingOf(offer, series), status };
}

export function createFigureQueries(db: Db) {
  const seriesColumns = {
    offerId: offerSeries.offerId,
    pricePerShare: offerSeries.pricePerShare,
    minStocks: offerSeries.minStocks,
    totalShares: offerSeries.totalShares,
    soldShares: offerSeries.soldShares,
    reservedShares: offerSeries.reservedShares,
    isOpen: offerSeries.isOpen,
  };

  // Prepared once: the hot per-request read of an offer page (one indexed select on offer_series).
  const availability = db
    .select({
      id: offerSeries.id,
      available: sql<number>`greatest(${offerSeries.totalShares} - ${offerSeries.soldShares} - ${offerSeries.reservedShares}, 0)`.mapWith(Number),
    })
    .from(offerSeries)
    .where(eq(offerSeries.offerId, sql.placeholder('offerId')))
    .prepare('offer_series_availability');

  // Requests for the same offer share reads, without ever getting one that began before they arrived: per offer
  // at most one read runs and one waits; a request joins the waiting one (it starts after the running one ends,
  // so after the request arrived, and sees every order committed before). Under load that is one query per
  // round trip instead of one per request (PGlite runs queries one at a time).
  const running = new Map<number, Promise<unknown>>();
  const waiting = new Map<number, Promise<Record<number, number>>>();

  async function readAvailability(offerId: number): Promise<Record<number, number>> {
    const rows = await availability.execute({ offerId });
    return Object.fromEntries(rows.map((r) => [r.id, r.available]));
  }

  return {
    /** Series id → shares neither sold nor reserved (the formula of mappers.ts toOffer), as of this request. */
    availability(offerId: number): Promise<Record<number, number>> {
      const queued = waiting.get(offerId);
      if (queued) return queued;
      const before = running.get(offerId) ?? Promise.resolve();
      const next = before
        .catch(() => undefined)
        .then(() => {
          waiting.delete(offerId);
          const read = readAvailability(offerId);
          running.set(offerId, read);
          read.then(
            () => { if (running.get(offerId) === read) running.delete(offerId); },
            () => { if (running.get(offerId) === read) running.delete(offerId); },
          );
          return read;
        });
      waiting.set(offerId, next);
      return next;
    },

    async seriesFor(offerIds: number[]): Promise<Map<number, SeriesFiguresRow[]>> {
      const result = new Map<number, SeriesFiguresRow[]>();
      if (!offerIds.length) return result;
      const rows = await db
        .select(seriesColumns)
        .from(offerSeries)
        .where(inArray(offerSeries.offerId, offerIds))
        .orderBy(asc(offerSeries.position), asc(offerSeries.id));
      for (const row of rows) result.set(row.offerId, [...(result.get(row.offerId) ?? []), row]);
      return result;
    },

    /** The home page band: money raised (paid and completed orders), distinct investors, offers fully sold. */
    async platform(): Promise<{ raised: number; investors: number; offersFunded: number }> {
      const [money] = await db
        .select({ raised: sum(orders.amount).mapWith(Number), investors: countDistinct(orders.userId) })
        .from(orders)
        .where(inArray(orders.status, ['paid', 'completed']));
      const funded = await db
        .select({ id: offers.id })
        .from(offers)
        .innerJoin(offerSeries, eq(offerSeries.offerId, offers.id))
        .where(and(eq(offers.published, true)))
        .groupBy(offers.id)
        .having(sql`sum(${offerSeries.soldShares}) >= sum(${offerSeries.totalShares}) and sum(${offerSeries.totalShares}) > 0`);
      return { raised: money?.raised ?? 0, investors: Number(money?.investors ?? 0), offersFunded: funded.length };
    },
  };
}

export type FigureQueries = ReturnType<typeof createFigureQueries>;
