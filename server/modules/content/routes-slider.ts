import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COMPRESSED_BY_CACHE } from '../../cache/public-cache';
import { responses } from '../../lib/envelope';
import { pick } from '../../lib/translated';
import { listSliderItems } from './repository';

export const sliderItemSchema = z.object({
  id: z.number().int(),
  fileType: z.enum(['image', 'video']),
  imageUrl: z.string(),
  name: z.string(),
  content: z.string(),
  shadowOverlay: z.boolean(),
  guestButtonLabel: z.string(),
  guestButtonUrl: z.string(),
  loggedUserButtonLabel: z.string(),
  loggedUserButtonUrl: z.string(),
});

const sliderRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get('/slider', {
    ...COMPRESSED_BY_CACHE,
    config: { maintenanceExempt: true },
    schema: { response: responses(z.array(sliderItemSchema), []) },
    handler: (request, reply) => {
      const lang = request.language;
      return fastify.publicCache.send(request, reply, {
        key: `slider:${lang}`,
        async build() {
          return (await listSliderItems(fastify.db)).map((row) => ({
            id: row.id,
            fileType: row.fileType,
            imageUrl: row.imageUrl,
            name: pick(row.name, lang),
            content: pick(row.content, lang),
            shadowOverlay: row.shadowOverlay,
            guestButtonLabel: pick(row.guestButtonLabel, lang),
            guestButtonUrl: pick(row.guestButtonUrl, lang),
            loggedUserButtonLabel: pick(row.loggedUserButtonLabel, lang),
            loggedUserButtonUrl: pick(row.loggedUserButtonUrl, lang),
          }));
        },
      });
    },
  });
};

export default sliderRoutes;
