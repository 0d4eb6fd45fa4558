import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COMPRESSED_BY_CACHE } from '../../cache/public-cache';
import { responses } from '../../lib/envelope';
import { pick } from '../../lib/translated';
import { readSiteSettings } from './repository';

export const splashScreenSchema = z.object({
  maintenanceMode: z.boolean(),
  maintenanceModeTitle: z.string(),
  maintenanceModeMessage: z.string(),
  systemMaintenanceMode: z.boolean(),
  systemMaintenanceModeTitle: z.string(),
  systemMaintenanceModeMessage: z.string(),
  seoTitle: z.string(),
  seoDescription: z.string(),
});

const splashScreenRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get('/splash-screen', {
    ...COMPRESSED_BY_CACHE,
    config: { maintenanceExempt: true },
    schema: { response: responses(splashScreenSchema, []) },
    handler: async (request, reply) => {
      const lang = request.language;
      // The flags are part of the key: a flag flipped by hand (SQL) is seen within a second, like the gate.
      const state = fastify.siteState.peek() ?? (await fastify.siteState.get());
      return fastify.publicCache.send(request, reply, {
        key: `splash:${lang}:${state.maintenanceMode}:${state.systemMaintenanceMode}`,
        async build() {
          const s = await readSiteSettings(fastify.db);
          return {
            maintenanceMode: s.maintenanceMode,
            maintenanceModeTitle: pick(s.maintenanceModeTitle, lang),
            maintenanceModeMessage: pick(s.maintenanceModeMessage, lang),
            systemMaintenanceMode: s.systemMaintenanceMode,
            systemMaintenanceModeTitle: pick(s.systemMaintenanceModeTitle, lang),
            systemMaintenanceModeMessage: pick(s.systemMaintenanceModeMessage, lang),
            seoTitle: pick(s.seoTitle, lang),
            seoDescription: pick(s.seoDescription, lang),
          };
        },
      });
    },
  });
};

export default splashScreenRoutes;
