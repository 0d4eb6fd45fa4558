import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../../lib/envelope';
import { pick } from '../../../lib/translated';
import { faqItemSchema } from './schemas';

const faqRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const repo = fastify.publicRepository;
  for (const [url, featuredOnly] of [['/faq', false], ['/faq/featured', true]] as const) {
    fastify.get(url, {
      schema: { response: responses(z.array(faqItemSchema), []) },
      handler: async (request) => {
        const lang = request.language;
        const rows = await repo.faq(featuredOnly);
        return ok(rows.map((row) => ({ id: row.id, question: pick(row.question, lang), answer: pick(row.answer, lang) })));
      },
    });
  }
};

export default faqRoutes;
