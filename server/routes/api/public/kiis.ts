import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition } from '../../../documents/documents-service';
import { renderPdf } from '../../../documents/pdf';
import { errorEnvelopeSchema, fileResponse, ok, responses } from '../../../lib/envelope';
import { notFound } from '../../../lib/errors';
import { kiisContent, kiisHash, loadKiisParts } from '../../../protection/kiis';

// The key investment information sheet of a published offer (ECSP Art. 23), public like the offer: its
// version (hash) and address in a language (the flow shows it and sends the hash with the order), and the
// PDF itself. The language is a query parameter so the link opens the same sheet in a new tab.

const params = z.object({ id: z.string().regex(/^\d{1,9}$/, 'VALUE_NOT_VALID').transform(Number) });
const query = z.object({ language: z.enum(['pl', 'en'], { error: 'VALUE_NOT_VALID' }).optional() });
export const kiisSchema = z.object({ hash: z.string(), language: z.enum(['pl', 'en']), url: z.string() });

const kiisRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const published = async (id: number) => {
    const parts = await loadKiisParts(fastify.db, id);
    if (!parts || !parts.offer.published) throw notFound('id');
    return parts;
  };

  fastify.get('/offer/:id/kiis', {
    schema: { params, querystring: query, response: responses(kiisSchema, [400, 404]) },
    handler: async (request) => {
      const language = request.query.language ?? request.language;
      const { offer, series } = await published(request.params.id);
      return ok({ hash: kiisHash(kiisContent(offer, series, language)), language, url: `/api/offer/${offer.id}/kiis.pdf?language=${language}` });
    },
  });

  fastify.get('/offer/:id/kiis.pdf', {
    schema: {
      params,
      querystring: query,
      response: { 200: fileResponse('The key investment information sheet', ['application/pdf']), 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
    },
    handler: async (request, reply) => {
      const language = request.query.language ?? request.language;
      const { offer, series } = await published(request.params.id);
      const content = kiisContent(offer, series, language);
      const pdf = await renderPdf(content);
      return (reply as FastifyReply)
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', contentDisposition('inline', `kiis-${offer.id}-${language}.pdf`))
        .header('Cache-Control', 'public, max-age=300')
        .header('ETag', `"${kiisHash(content)}"`)
        .header('X-Content-Type-Options', 'nosniff')
        .send(pdf);
    },
  });
};

export default kiisRoutes;
