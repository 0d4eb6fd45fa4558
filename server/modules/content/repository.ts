import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { contentNodes, contentVersion, menuItems, siteSettings, sliderItems, socialMedia } from '../../db/schema';
import { faqItems, staticPageAttachments, staticPages } from '../../db/schema-content';
import { slugIs } from '../offers/repository';

export type SiteSettingsRow = typeof siteSettings.$inferSelect;
export type SliderItemRow = typeof sliderItems.$inferSelect;
export type ContentNodeRow = typeof contentNodes.$inferSelect;
export type MenuItemRow = typeof menuItems.$inferSelect;
export type SocialMediaRow = typeof socialMedia.$inferSelect;
export type StaticPageRow = typeof staticPages.$inferSelect;

const EMPTY = { pl: '', en: '' };

/** What the platform shows when the settings row is missing: maintenance off, no texts. */
export const defaultSiteSettings: SiteSettingsRow = {
  id: 1,
  maintenanceMode: false,
  maintenanceModeTitle: EMPTY,
  maintenanceModeMessage: EMPTY,
  systemMaintenanceMode: false,
  systemMaintenanceModeTitle: EMPTY,
  systemMaintenanceModeMessage: EMPTY,
  seoTitle: EMPTY,
  seoDescription: EMPTY,
};

/**
 * Marks public content as changed: every node drops its cached public answers (server/cache/public-cache.ts)
 * within a second. Call it INSIDE the transaction that changes anything a visitor sees: offers and everything
 * hanging off them (badges, properties, descriptions, sections, series' names/prices/open flags, documents),
 * FAQ, featured lists, static pages, agreements, slider, static content nodes, menus, social media, site
 * settings (texts, SEO, maintenance). Then, after the commit, call `fastify.siteState.invalidate()` so this node
 * sees it at once (other nodes see it within a second). Orders need not call it: share counters are tracked
 * separately (plugins/app/site-state.ts).
 *
 *   await fastify.db.transaction(async (tx) => { await tx.update(offers)...; await bumpContentVersion(tx); });
 *   fastify.siteState.invalidate();
 */
export async function bumpContentVersion(tx: Executor): Promise<void> {
  await tx
    .insert(contentVersion)
    .values({ id: 1, version: 1 })
    .onConflictDoUpdate({ target: contentVersion.id, set: { version: sql`${contentVersion.version} + 1`, changedAt: sql`now()` } });
}

export async function readSiteSettings(db: Executor): Promise<SiteSettingsRow> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1)).limit(1);
  return row ?? defaultSiteSettings;
}

/** Just the two flags, for the maintenance gate that runs on every API call. */
export async function readMaintenanceFlags(db: Executor): Promise<{ maintenanceMode: boolean; systemMaintenanceMode: boolean }> {
  const [row] = await db
    .select({ maintenanceMode: siteSettings.maintenanceMode, systemMaintenanceMode: siteSettings.systemMaintenanceMode })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1))
    .limit(1);
  return row ?? { maintenanceMode: false, systemMaintenanceMode: false };
}

export function listSliderItems(db: Executor): Promise<SliderItemRow[]> {
  return db.select().from(sliderItems).orderBy(asc(sliderItems.position), asc(sliderItems.id));
}

export function listContentNodes(db: Executor): Promise<ContentNodeRow[]> {
  return db.select().from(contentNodes).orderBy(asc(contentNodes.position), asc(contentNodes.id));
}

export function listMenuItems(db: Executor): Promise<MenuItemRow[]> {
  return db.select().from(menuItems).orderBy(asc(menuItems.position), asc(menuItems.id));
}

export function listSocialMedia(db: Executor): Promise<SocialMediaRow[]> {
  return db.select().from(socialMedia).orderBy(asc(socialMedia.position), asc(socialMedia.id));
}

/** The FAQ in its order; `featuredOnly`: the home page's selection. */
export function listFaq(db: Executor, featuredOnly: boolean) {
  return db
    .select()
    .from(faqItems)
    .where(featuredOnly ? eq(faqItems.featured, true) : undefined)
    .orderBy(asc(faqItems.position), asc(faqItems.id));
}

/** Every static page's slugs (the sitemap). */
export function listStaticPageSlugs(db: Executor): Promise<{ slug: StaticPageRow['slug'] }[]> {
  return db.select({ slug: staticPages.slug }).from(staticPages).orderBy(asc(staticPages.id));
}

/** The static page with this slug in either language, with its attachments in order. */
export async function findStaticPage(db: Executor, slug: string) {
  const [page] = await db.select().from(staticPages).where(slugIs(staticPages.slug, slug)).limit(1);
  if (!page) return undefined;
  const attachments = await db
    .select()
    .from(staticPageAttachments)
    .where(eq(staticPageAttachments.pageId, page.id))
    .orderBy(asc(staticPageAttachments.position), asc(staticPageAttachments.id));
  return { page, attachments };
}
