import { and, eq, sql } from 'drizzle-orm';
import { offerSeries } from '../../db/schema-content';
import type { Executor } from '../mail/outbox';

// Shares of a series move only through these conditional updates, inside the transaction that changes the
// order. Each is ONE statement: PostgreSQL locks the series row and re-checks the condition after any
// concurrent writer commits, so no interleaving of nodes or connections can oversell; the table's CHECK
// (sold + reserved <= total) is the last line of defence.

/** Holds `quantity` shares for a new order. False when the series (open) does not have them free. */
export async function reserveShares(tx: Executor, seriesId: number, quantity: number): Promise<boolean> {
  const rows = await tx
    .update(offerSeries)
    .set({ reservedShares: sql`${offerSeries.reservedShares} + ${quantity}` })
    .where(
      and(
        eq(offerSeries.id, seriesId),
        eq(offerSeries.isOpen, true),
        sql`${offerSeries.totalShares} - ${offerSeries.soldShares} - ${offerSeries.reservedShares} >= ${quantity}`,
      ),
    )
    .returning({ id: offerSeries.id });
  return rows.length === 1;
}

/** An unpaid order's shares go back to the series (expiry, cancellation). */
export async function releaseReserved(tx: Executor, seriesId: number, quantity: number): Promise<void> {
  await tx
    .update(offerSeries)
    .set({ reservedShares: sql`${offerSeries.reservedShares} - ${quantity}` })
    .where(eq(offerSeries.id, seriesId));
}

/** A paid order's reservation becomes a sale. */
export async function sellReserved(tx: Executor, seriesId: number, quantity: number): Promise<void> {
  await tx
    .update(offerSeries)
    .set({
      reservedShares: sql`${offerSeries.reservedShares} - ${quantity}`,
      soldShares: sql`${offerSeries.soldShares} + ${quantity}`,
    })
    .where(eq(offerSeries.id, seriesId));
}

/** A paid order cancelled by an operator (refund): its sold shares go back. */
export async function releaseSold(tx: Executor, seriesId: number, quantity: number): Promise<void> {
  await tx
    .update(offerSeries)
    .set({ soldShares: sql`${offerSeries.soldShares} - ${quantity}` })
    .where(eq(offerSeries.id, seriesId));
}

/**
 * Sells shares that are not reserved for this order (money accepted after the order was cancelled): only
 * if they are still free, whether or not the series is still open. False when they are gone.
 */
export async function sellIfAvailable(tx: Executor, seriesId: number, quantity: number): Promise<boolean> {
  const rows = await tx
    .update(offerSeries)
    .set({ soldShares: sql`${offerSeries.soldShares} + ${quantity}` })
    .where(
      and(
        eq(offerSeries.id, seriesId),
        sql`${offerSeries.totalShares} - ${offerSeries.soldShares} - ${offerSeries.reservedShares} >= ${quantity}`,
      ),
    )
    .returning({ id: offerSeries.id });
  return rows.length === 1;
}
