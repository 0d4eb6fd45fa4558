import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { COMPRESSED_BY_CACHE } from '../../cache/public-cache';
import { responses } from '../../lib/envelope';
import { publishedOfferCount } from './repository';
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
          const [figures, published] = await Promise.all([fastify.figureQueries.platform(), publishedOfferCount(fastify.db)]);
          return { ...figures, offers: published };
        },
      }),
  });
};

export default statsRoutes;
