import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../../lib/envelope';
import { notFound } from '../../../lib/errors';
import { pick } from '../../../lib/translated';
import { toDoc } from './mappers';
import { slugParam, staticPageSchema } from './schemas';

const pageRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const repo = fastify.publicRepository;
  fastify.get('/page/:slug', {
    schema: { params: z.object({ slug: slugParam }), response: responses(staticPageSchema, [400, 404]) },
    handler: async (request) => {
      const lang = request.language;
      const found = await repo.pageBySlug(request.params.slug);
      if (!found) throw notFound('slug');
      const { page, attachments } = found;
      return ok({
        id: page.id,
        slug: { pl: page.slug.pl, en: page.slug.en },
        title: pick(page.title, lang),
        subTitle: pick(page.subTitle, lang),
        imageUrl: page.imageUrl,
        content: pick(page.content, lang),
        seoTitle: pick(page.seoTitle, lang),
        seoDescription: pick(page.seoDescription, lang),
        attachments: attachments.map((a) => toDoc(a, lang)),
      });
    },
  });
};

export default pageRoutes;
