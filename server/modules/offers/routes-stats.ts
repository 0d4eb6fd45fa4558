import { and, count, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { offers } from '../../db/schema-content';
import { COMPRESSED_BY_CACHE } from '../../cache/public-cache';
import { responses } from '../../lib/envelope';
import { platformStatsSchema } from './schemas';

// GET /stats: the home page's platform figures, computed from the orders; cached like other public content and
// refreshed within a second of any order changing the share counters (server/cache/public-cache.ts `shares`).
const statsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get('/stats', {
    ...COMPRESSED_BY_CACHE,
    schema: { response: responses(platformStatsSchema, []) },
    handler: (request, reply) =>
      fastify.publicCache.send(request, reply, {
        key: 'stats',
        shares: true,
        async build() {
          const [figures, [published]] = await Promise.all([
            fastify.figureQueries.platform(),
            fastify.db.select({ n: count() }).from(offers).where(and(eq(offers.published, true))),
          ]);
          return { ...figures, offers: published.n };
        },
      }),
  });
};

export default statsRoutes;
