import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Language } from '../../config';
import { COMPRESSED_BY_CACHE } from '../../cache/public-cache';
import { responses } from '../../lib/envelope';
import { notFound } from '../../lib/errors';
import { pick } from '../../lib/translated';
import { toDoc } from '../offers/mappers';
import { slugParam, staticPageSchema } from '../offers/schemas';
import { findStaticPage } from './repository';

const pageRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get('/page/:slug', {
    ...COMPRESSED_BY_CACHE,
    schema: { params: z.object({ slug: slugParam }), response: responses(staticPageSchema, [400, 404]) },
    handler: (request, reply) => {
      const lang = request.language;
      return fastify.publicCache.send(request, reply, {
        key: `page:${lang}:${request.params.slug}`,
        build() {
          return buildPage(lang, request.params.slug);
        },
      });
    },
  });

  async function buildPage(lang: Language, slug: string) {
    const found = await findStaticPage(fastify.db, slug);
    if (!found) throw notFound('slug');
    const { page, attachments } = found;
    return {
      id: page.id,
      slug: { pl: page.slug.pl, en: page.slug.en },
      title: pick(page.title, lang),
      subTitle: pick(page.subTitle, lang),
      imageUrl: page.imageUrl,
      content: pick(page.content, lang),
      seoTitle: pick(page.seoTitle, lang),
      seoDescription: pick(page.seoDescription, lang),
      attachments: attachments.map((a) => toDoc(a, lang)),
    };
  }
};

export default pageRoutes;
