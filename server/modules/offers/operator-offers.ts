import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { OfferPatchBody, OperatorOffer, PreviewLink } from '../../../contract/operator';
import { plainName } from '../../../contract/text';
import type { Db } from '../../db/client';
import { offerDocuments, offerSeries, offers } from '../../db/schema-content';
import { ApiError, apiError, notFound } from '../../lib/errors';
import type { Executor } from '../mail/outbox';
import { bumpContentVersion } from '../content/repository';
import { hashPreviewToken } from './repository';
import { snapshot, writeAudit, type Operator } from '../backoffice/audit';
import { fundingOf } from '../../../contract/funding';
import { offerLifecycles } from '../payouts/lifecycle';

// Offers for operators: the investment fields (open/closed, window, series price/total/minimum, published)
// and a preview link. A series' total can never go below the shares already sold and reserved: the
// UPDATE says so in its WHERE (and the table's CHECK is the last line of defence), so a reservation that
// lands at the same moment cannot slip under it.

export async function listOperatorOffers(db: Executor, only?: number): Promise<OperatorOffer[]> {
  const rows = await db.select().from(offers).where(only === undefined ? undefined : eq(offers.id, only)).orderBy(asc(offers.id));
  if (rows.length === 0) return [];
  const ids = rows.map((o) => o.id);
  const [series, documents, lifecycles] = await Promise.all([
    db.select().from(offerSeries).where(inArray(offerSeries.offerId, ids)).orderBy(asc(offerSeries.position), asc(offerSeries.id)),
    db.select().from(offerDocuments).where(inArray(offerDocuments.offerId, ids)).orderBy(asc(offerDocuments.position), asc(offerDocuments.id)),
    offerLifecycles(db, ids),
  ]);
  return rows.map((o) => ({
    id: o.id,
    key: o.key,
    slug: o.slug,
    title: o.title,
    published: o.published,
    isOpen: o.isOpen,
    investmentStart: o.investmentStart ? o.investmentStart.toISOString() : null,
    investmentEnd: o.investmentEnd ? o.investmentEnd.toISOString() : null,
    hasPreview: o.previewTokenHash !== null,
    // the same funding figures as the public card (contract/funding.ts)
    ...(({ raised, target }) => ({ raised, target }))(fundingOf(o, series.filter((s) => s.offerId === o.id))),
    fundingGoal: o.fundingGoal,
    lifecycle: lifecycles.get(o.id) ?? 'open',
    series: series
      .filter((s) => s.offerId === o.id)
      .map((s) => ({
        id: s.id,
        name: s.name,
        pricePerShare: s.pricePerShare,
        totalShares: s.totalShares,
        minStocks: s.minStocks,
        soldShares: s.soldShares,
        reservedShares: s.reservedShares,
        isOpen: s.isOpen,
      })),
    documents: documents
      .filter((d) => d.offerId === o.id)
      .map((d) => ({ id: d.id, key: d.key, kind: d.kind, displayName: { pl: plainName(d.displayName.pl), en: plainName(d.displayName.en) }, url: d.url })),
  }));
}

export async function updateOffer(db: Db, operator: Operator, id: number, body: OfferPatchBody): Promise<OperatorOffer> {
  await db.transaction(async (tx) => {
    const [before] = await listOperatorOffers(tx, id);
    if (!before) throw notFound('id');
    const start = body.investmentStart === undefined ? before.investmentStart : body.investmentStart;
    const end = body.investmentEnd === undefined ? before.investmentEnd : body.investmentEnd;
    if (start && end && new Date(end) <= new Date(start)) throw new ApiError(400, [{ code: 'INVESTMENT_WINDOW_NOT_VALID', context: 'investmentEnd' }]);

    const fields: Partial<typeof offers.$inferInsert> = {};
    if (body.isOpen !== undefined) fields.isOpen = body.isOpen;
    if (body.published !== undefined) fields.published = body.published;
    if (body.investmentStart !== undefined) fields.investmentStart = body.investmentStart ? new Date(body.investmentStart) : null;
    if (body.investmentEnd !== undefined) fields.investmentEnd = body.investmentEnd ? new Date(body.investmentEnd) : null;
    if (body.fundingGoal !== undefined) {
      if (body.fundingGoal !== null && body.fundingGoal > before.target) throw new ApiError(400, [{ code: 'FUNDING_GOAL_ABOVE_TARGET', context: 'fundingGoal' }]);
      fields.fundingGoal = body.fundingGoal;
    }
    if (Object.keys(fields).length) await tx.update(offers).set(fields).where(eq(offers.id, id));

    for (const [i, change] of (body.series ?? []).entries()) {
      const known = before.series.find((s) => s.id === change.id);
      if (!known) throw notFound(`series.${i}.id`);
      const set: Partial<typeof offerSeries.$inferInsert> = {};
      if (change.pricePerShare !== undefined) set.pricePerShare = change.pricePerShare;
      if (change.minStocks !== undefined) set.minStocks = change.minStocks;
      if (change.isOpen !== undefined) set.isOpen = change.isOpen;
      if (change.totalShares !== undefined) set.totalShares = change.totalShares;
      if (Object.keys(set).length === 0) continue;
      const updated = await tx
        .update(offerSeries)
        .set(set)
        .where(
          and(
            eq(offerSeries.id, change.id),
            eq(offerSeries.offerId, id),
            change.totalShares === undefined ? undefined : sql`${offerSeries.soldShares} + ${offerSeries.reservedShares} <= ${change.totalShares}`,
          ),
        )
        .returning({ id: offerSeries.id });
      if (updated.length === 0) throw apiError(409, 'SERIES_TOTAL_BELOW_TAKEN', `series.${i}.totalShares`);
    }
    await bumpContentVersion(tx as Db);
    const [after] = await listOperatorOffers(tx, id);
    const strip = (o: OperatorOffer) => snapshot({ isOpen: o.isOpen, published: o.published, investmentStart: o.investmentStart, investmentEnd: o.investmentEnd, series: o.series });
    await writeAudit(tx, operator, { action: 'offer.updated', entityType: 'offer', entityId: id, reason: body.reason, before: strip(before), after: strip(after) });
  });
  const [offer] = await listOperatorOffers(db, id);
  return offer;
}

/** A new preview token (the old link stops working); the answer carries the token once. */
export async function createPreviewLink(db: Db, operator: Operator, id: number, publicUrl: string): Promise<PreviewLink> {
  const token = randomBytes(18).toString('base64url');
  return db.transaction(async (tx) => {
    const [row] = await tx.update(offers).set({ previewTokenHash: hashPreviewToken(token) }).where(eq(offers.id, id)).returning();
    if (!row) throw notFound('id');
    await writeAudit(tx, operator, { action: 'offer.previewLinkCreated', entityType: 'offer', entityId: id, after: { hasPreview: true } });
    const q = `?previewToken=${encodeURIComponent(token)}`;
    return {
      token,
      urls: { pl: `${publicUrl}/pl/inwestycja/${row.slug.pl}${q}`, en: `${publicUrl}/en/investment/${row.slug.en}${q}` },
    };
  });
}
