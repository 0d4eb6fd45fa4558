import { createHash, timingSafeEqual } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  agreements,
  featuredListOffers,
  featuredLists,
  offerBadges,
  offerDescriptions,
  offerDocuments,
  offerProperties,
  offerSections,
  offerSeries,
  offers,
  staticPages,
  type AgreementContext,
  type FeaturedListName,
} from '../../db/schema-content';
import { offerDocumentFiles } from '../../db/schema-offer-files';
import { pageWindow, type PageRequest } from '../../lib/pagination';

// Reads of the public site's offers and agreements (FAQ and static pages: content/repository.ts). Only published offers are listed; an unpublished one is reachable by its slug
// with its preview token.

export type OfferRow = typeof offers.$inferSelect;
export type BadgeRow = typeof offerBadges.$inferSelect;
export type SectionRow = typeof offerSections.$inferSelect;
export type DocumentRow = typeof offerDocuments.$inferSelect;
export type AgreementRow = typeof agreements.$inferSelect;

export const hashPreviewToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Constant-time comparison of a presented preview token with the stored hash. */
export function previewTokenMatches(storedHash: string | null, presented: string | undefined): boolean {
  if (!storedHash || !presented) return false;
  const a = Buffer.from(hashPreviewToken(presented), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The row whose slug is `slug` in either language (offers and static pages keep a slug per language). */
export const slugIs = (column: typeof offers.slug | typeof staticPages.slug, slug: string) =>
  or(sql`${column}->>'pl' = ${slug}`, sql`${column}->>'en' = ${slug}`);

/** Each offer's badges in order, by offer id. */
export async function badgesFor(db: Executor, offerIds: number[]): Promise<Map<number, BadgeRow[]>> {
  const result = new Map<number, BadgeRow[]>();
  if (!offerIds.length) return result;
  const rows = await db
    .select()
    .from(offerBadges)
    .where(inArray(offerBadges.offerId, offerIds))
    .orderBy(asc(offerBadges.position), asc(offerBadges.id));
  for (const row of rows) result.set(row.offerId, [...(result.get(row.offerId) ?? []), row]);
  return result;
}

export function offerDocumentRows(db: Executor, offerId: number): Promise<DocumentRow[]> {
  return db
    .select()
    .from(offerDocuments)
    .where(eq(offerDocuments.offerId, offerId))
    .orderBy(asc(offerDocuments.position), asc(offerDocuments.id));
}

/** Agreements of every investment, then the offer's own. */
export function offerAgreements(db: Executor, offerId: number): Promise<AgreementRow[]> {
  return db
    .select()
    .from(agreements)
    .where(or(eq(agreements.context, 'investment'), eq(agreements.offerId, offerId)))
    .orderBy(sql`${agreements.offerId} is not null`, asc(agreements.position), asc(agreements.id));
}

/** Published offers, newest first. */
export async function listOffers(db: Executor, page: PageRequest): Promise<{ rows: OfferRow[]; total: number }> {
  const { limit, offset } = pageWindow(page);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(offers)
      .where(eq(offers.published, true))
      .orderBy(desc(offers.createdAt), desc(offers.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(offers).where(eq(offers.published, true)),
  ]);
  return { rows, total };
}

/** The offer with this slug in either language, published or not. */
export async function offerBySlug(db: Executor, slug: string): Promise<OfferRow | undefined> {
  const [row] = await db.select().from(offers).where(slugIs(offers.slug, slug)).limit(1);
  return row;
}

export async function publishedOfferById(db: Executor, id: number): Promise<OfferRow | undefined> {
  const [row] = await db
    .select()
    .from(offers)
    .where(and(eq(offers.id, id), eq(offers.published, true)))
    .limit(1);
  return row;
}

/** What hangs off an offer, each part in its order. */
export async function offerParts(db: Executor, offerId: number) {
  const [properties, descriptions, sections, series, documentRows, agreementRows] = await Promise.all([
    db.select().from(offerProperties).where(eq(offerProperties.offerId, offerId)).orderBy(asc(offerProperties.position), asc(offerProperties.id)),
    db.select().from(offerDescriptions).where(eq(offerDescriptions.offerId, offerId)).orderBy(asc(offerDescriptions.position), asc(offerDescriptions.id)),
    db.select().from(offerSections).where(eq(offerSections.offerId, offerId)).orderBy(asc(offerSections.position), asc(offerSections.id)),
    db.select().from(offerSeries).where(eq(offerSeries.offerId, offerId)).orderBy(asc(offerSeries.position), asc(offerSeries.id)),
    offerDocumentRows(db, offerId),
    offerAgreements(db, offerId),
  ]);
  return { properties, descriptions, sections, series, documents: documentRows, agreements: agreementRows };
}

/** The agreements of a context (registration, contact, investment) that belong to no one offer. */
export function agreementsByContext(db: Executor, context: AgreementContext): Promise<AgreementRow[]> {
  return db
    .select()
    .from(agreements)
    .where(and(eq(agreements.context, context), isNull(agreements.offerId)))
    .orderBy(asc(agreements.position), asc(agreements.id));
}

/** A featured list with its published offers in the list's order. */
export async function featuredList(db: Executor, name: FeaturedListName) {
  const [list] = await db.select().from(featuredLists).where(eq(featuredLists.name, name)).limit(1);
  if (!list) return undefined;
  const rows = await db
    .select({ offer: offers })
    .from(featuredListOffers)
    .innerJoin(offers, eq(offers.id, featuredListOffers.offerId))
    .where(and(eq(featuredListOffers.listId, list.id), eq(offers.published, true)))
    .orderBy(asc(featuredListOffers.position), asc(offers.id));
  return { list, offers: rows.map((r) => r.offer) };
}

/** Every published offer's slugs, oldest first (the sitemap). */
export function publishedOfferSlugs(db: Executor): Promise<{ slug: OfferRow['slug'] }[]> {
  return db.select({ slug: offers.slug }).from(offers).where(eq(offers.published, true)).orderBy(asc(offers.createdAt), asc(offers.id));
}

/** How many offers are published (the platform figures). */
export async function publishedOfferCount(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(offers).where(and(eq(offers.published, true)));
  return row.n;
}

/** An uploaded offer document's file, with what decides who may read it: its kind and whether its offer is published. */
export async function offerDocumentFile(db: Executor, documentId: number) {
  const [row] = await db
    .select({ kind: offerDocuments.kind, published: offers.published, fileName: offerDocumentFiles.fileName, content: offerDocumentFiles.content, sha256: offerDocumentFiles.sha256 })
    .from(offerDocumentFiles)
    .innerJoin(offerDocuments, eq(offerDocuments.id, offerDocumentFiles.documentId))
    .innerJoin(offers, eq(offers.id, offerDocuments.offerId))
    .where(eq(offerDocumentFiles.documentId, documentId))
    .limit(1);
  return row;
}

/** An offer's id and title, published or not (the back office's pages about one offer). */
export async function offerTitleById(db: Executor, id: number): Promise<Pick<OfferRow, 'id' | 'title'> | undefined> {
  const [row] = await db.select({ id: offers.id, title: offers.title }).from(offers).where(eq(offers.id, id)).limit(1);
  return row;
}
