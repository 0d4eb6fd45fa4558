import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COMPRESSED_BY_CACHE } from '../../cache/public-cache';
import { responses } from '../../lib/envelope';
import { pick } from '../../lib/translated';
import { faqItemSchema } from '../offers/schemas';
import { listFaq } from './repository';

const faqRoutes: FastifyPluginAsyncZod = async (fastify) => {
  for (const [url, featuredOnly] of [['/faq', false], ['/faq/featured', true]] as const) {
    fastify.get(url, {
      ...COMPRESSED_BY_CACHE,
      schema: { response: responses(z.array(faqItemSchema), []) },
      handler: (request, reply) => {
        const lang = request.language;
        return fastify.publicCache.send(request, reply, {
          key: `${url}:${lang}`,
          async build() {
            const rows = await listFaq(fastify.db, featuredOnly);
            return rows.map((row) => ({ id: row.id, question: pick(row.question, lang), answer: pick(row.answer, lang) }));
          },
        });
      },
    });
  }
};

export default faqRoutes;
