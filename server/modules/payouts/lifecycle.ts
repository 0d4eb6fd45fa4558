import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { offerLifecycleState, type OfferLifecycleState } from '../../../contract/offer-lifecycle';
import { offers } from '../../db/schema-content';
import { distributions, payouts } from '../../db/schema-payouts';
import type { Executor } from '../mail/outbox';

// Where offers are in their lifecycle (machines/offerLifecycle.machine.ts), read from their rows: the close's
// stored outcome and closed_at, and whether a distribution is under way (awaiting approval, or approved with a
// payout the bank has not executed: approved, exported, or returned and waiting for corrected bank details).
// The routes ask the chart what a state allows (offerLifecycleAllows): closing early, declaring a distribution.

export async function offerLifecycles(db: Executor, offerIds: readonly number[]): Promise<Map<number, OfferLifecycleState>> {
  const result = new Map<number, OfferLifecycleState>();
  if (offerIds.length === 0) return result;
  const [rows, underWay] = await Promise.all([
    db.select({ id: offers.id, closedAt: offers.closedAt, closeOutcome: offers.closeOutcome }).from(offers).where(inArray(offers.id, [...offerIds])),
    db
      .select({ offerId: distributions.offerId, n: sql<number>`count(distinct ${distributions.id})::int` })
      .from(distributions)
      .leftJoin(payouts, eq(payouts.distributionId, distributions.id))
      .where(
        and(
          inArray(distributions.offerId, [...offerIds]),
          or(eq(distributions.status, 'awaiting_approval'), inArray(payouts.status, ['approved', 'exported', 'returned'])),
        ),
      )
      .groupBy(distributions.offerId),
  ]);
  const counts = new Map(underWay.map((r) => [r.offerId, Number(r.n)]));
  for (const row of rows) {
    result.set(row.id, offerLifecycleState({ closedAt: row.closedAt, closeOutcome: row.closeOutcome, distributionsUnderWay: counts.get(row.id) ?? 0 }));
  }
  return result;
}

/** One offer's lifecycle state; undefined when there is no such offer. */
export async function offerLifecycle(db: Executor, offerId: number): Promise<OfferLifecycleState | undefined> {
  return (await offerLifecycles(db, [offerId])).get(offerId);
}
