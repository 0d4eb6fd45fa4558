import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Language } from '../../config';
import { COMPRESSED_BY_CACHE } from '../../cache/public-cache';
import { responses } from '../../lib/envelope';
import { pick } from '../../lib/translated';
import { listContentNodes, listMenuItems, listSocialMedia, type ContentNodeRow } from './repository';

export interface ContentNode {
  content: string;
  imageUrl: string | null;
  alt: string;
  position: number;
  children: Record<string, ContentNode>;
}

const contentNodeSchema: z.ZodType<ContentNode> = z.lazy(() =>
  z.object({
    content: z.string(),
    imageUrl: z.string().nullable(),
    alt: z.string(),
    position: z.number().int(),
    children: z.record(z.string(), contentNodeSchema),
  }),
  // A named component of the OpenAPI document: a recursive schema needs a name to refer to itself.
).meta({ id: 'ContentNode' });

const menuItemSchema = z.object({
  id: z.number().int(),
  href: z.string(),
  title: z.string(),
  type: z.enum(['link', 'button']),
  isPrivate: z.boolean(),
});

export const staticContentSchema = z.object({
  content: z.record(z.string(), contentNodeSchema),
  menus: z.object({ header: z.array(menuItemSchema), footer: z.array(menuItemSchema) }),
  socialMedia: z.array(
    z.object({ icon: z.enum(['linkedin', 'facebook', 'twitter', 'instagram', 'youtube']), url: z.string(), name: z.string() }),
  ),
});

/** Rows (ordered by position) → `{ key: { content, imageUrl, alt, position, children } }`. */
export function buildContentTree(rows: ContentNodeRow[], language: Language): Record<string, ContentNode> {
  const byParent = new Map<number | null, ContentNodeRow[]>();
  for (const row of rows) {
    const siblings = byParent.get(row.parentId) ?? [];
    siblings.push(row);
    byParent.set(row.parentId, siblings);
  }
  const build = (parentId: number | null, depth: number): Record<string, ContentNode> => {
    const result: Record<string, ContentNode> = {};
    if (depth > 20) return result; // a cycle edited into the table must not hang the server
    for (const row of byParent.get(parentId) ?? []) {
      result[row.key] = {
        content: pick(row.content, language),
        imageUrl: row.imageUrl,
        alt: pick(row.alt, language),
        position: row.position,
        children: build(row.id, depth + 1),
      };
    }
    return result;
  };
  return build(null, 0);
}

const staticContentRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get('/static-content', {
    ...COMPRESSED_BY_CACHE,
    config: { maintenanceExempt: true },
    schema: { response: responses(staticContentSchema, []) },
    handler: (request, reply) => {
      const lang = request.language;
      return fastify.publicCache.send(request, reply, {
        key: `static-content:${lang}`,
        async build() {
          const { db } = fastify;
          const [nodes, menu, social] = await Promise.all([listContentNodes(db), listMenuItems(db), listSocialMedia(db)]);
          const menuOf = (name: 'header' | 'footer') =>
            menu
              .filter((item) => item.menu === name)
              .map((item) => ({ id: item.id, href: item.href, title: pick(item.title, lang), type: item.type, isPrivate: item.isPrivate }));
          return {
            content: buildContentTree(nodes, lang),
            menus: { header: menuOf('header'), footer: menuOf('footer') },
            socialMedia: social.map((item) => ({ icon: item.icon, url: item.url, name: item.name })),
          };
        },
      });
    },
  });
};

export default staticContentRoutes;
