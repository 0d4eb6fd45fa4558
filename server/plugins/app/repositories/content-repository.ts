import { asc, eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db } from '../../../db/client';
import { contentNodes, menuItems, siteSettings, sliderItems, socialMedia } from '../../../db/schema';

export type SiteSettingsRow = typeof siteSettings.$inferSelect;
export type SliderItemRow = typeof sliderItems.$inferSelect;
export type ContentNodeRow = typeof contentNodes.$inferSelect;
export type MenuItemRow = typeof menuItems.$inferSelect;
export type SocialMediaRow = typeof socialMedia.$inferSelect;

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

export function createContentRepository(db: Db) {
  return {
    async siteSettings(): Promise<SiteSettingsRow> {
      const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1)).limit(1);
      return row ?? defaultSiteSettings;
    },
    /** Just the two flags, for the maintenance gate that runs on every API call. */
    async maintenanceFlags(): Promise<{ maintenanceMode: boolean; systemMaintenanceMode: boolean }> {
      const [row] = await db
        .select({ maintenanceMode: siteSettings.maintenanceMode, systemMaintenanceMode: siteSettings.systemMaintenanceMode })
        .from(siteSettings)
        .where(eq(siteSettings.id, 1))
        .limit(1);
      return row ?? { maintenanceMode: false, systemMaintenanceMode: false };
    },
    sliderItems(): Promise<SliderItemRow[]> {
      return db.select().from(sliderItems).orderBy(asc(sliderItems.position), asc(sliderItems.id));
    },
    contentNodes(): Promise<ContentNodeRow[]> {
      return db.select().from(contentNodes).orderBy(asc(contentNodes.position), asc(contentNodes.id));
    },
    menuItems(): Promise<MenuItemRow[]> {
      return db.select().from(menuItems).orderBy(asc(menuItems.position), asc(menuItems.id));
    },
    socialMedia(): Promise<SocialMediaRow[]> {
      return db.select().from(socialMedia).orderBy(asc(socialMedia.position), asc(socialMedia.id));
    },
  };
}

export type ContentRepository = ReturnType<typeof createContentRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    contentRepository: ContentRepository;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('contentRepository', createContentRepository(fastify.db));
  },
  { name: 'content-repository', dependencies: ['database'] },
);
