import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nowOf } from '../../config';
import type { KiisVersionRow } from '../../db/schema-protection';
import { contentDisposition } from '../documents/service';
import { errorEnvelopeSchema, fileResponse, ok, responses } from '../../lib/envelope';
import { notFound } from '../../lib/errors';
import { currentKiis, kiisVersionByNumber, loadKiisParts, renderKiis } from './kiis';

// The key investment information sheet of a published offer (ECSP Art. 23), public like the offer: its
// current version (number, hash, date) and address in a language (the flow shows it and sends the hash with
// the order), and the PDF itself. The language is a query parameter so the link opens the same sheet in a new
// tab; the address names the version, so a cached copy is always the sheet the hash speaks of.

const params = z.object({ id: z.string().regex(/^\d{1,9}$/, 'VALUE_NOT_VALID').transform(Number) });
const query = z.object({ language: z.enum(['pl', 'en'], { error: 'VALUE_NOT_VALID' }).optional() });
const pdfQuery = query.extend({ version: z.string().regex(/^\d{1,9}$/, 'VALUE_NOT_VALID').transform(Number).optional() });
export const kiisSchema = z.object({
  hash: z.string(),
  language: z.enum(['pl', 'en']),
  /** 1, 2, ...: the operator's edit of the text, or a change of the offer's data, makes the next one */
  version: z.number().int(),
  createdAt: z.string(),
  url: z.string(),
});

export const kiisUrl = (v: Pick<KiisVersionRow, 'offerId' | 'language' | 'version'>) => `/api/offer/${v.offerId}/kiis.pdf?language=${v.language}&version=${v.version}`;

/** Sends a version's PDF (inline: it opens in the browser's viewer). */
export async function sendKiisPdf(reply: FastifyReply, version: KiisVersionRow, cacheControl: string) {
  const pdf = await renderKiis(version);
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', contentDisposition('inline', `kiis-${version.offerId}-${version.language}-v${version.version}.pdf`))
    .header('Cache-Control', cacheControl)
    .header('ETag', `"${version.hash}"`)
    .header('X-Content-Type-Options', 'nosniff')
    .send(pdf);
}

const kiisRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const publishedCurrent = async (id: number, language: 'pl' | 'en') => {
    const parts = await loadKiisParts(fastify.db, id);
    if (!parts || !parts.offer.published) throw notFound('id');
    const version = await currentKiis(fastify.db, id, language, nowOf(fastify.config));
    if (!version) throw notFound('id');
    return version;
  };

  fastify.get('/offer/:id/kiis', {
    schema: { params, querystring: query, response: responses(kiisSchema, [400, 404]) },
    handler: async (request) => {
      const language = request.query.language ?? request.language;
      const version = await publishedCurrent(request.params.id, language);
      return ok({ hash: version.hash, language, version: version.version, createdAt: version.createdAt.toISOString(), url: kiisUrl(version) });
    },
  });

  fastify.get('/offer/:id/kiis.pdf', {
    schema: {
      params,
      querystring: pdfQuery,
      response: { 200: fileResponse('The key investment information sheet', ['application/pdf']), 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
    },
    handler: async (request, reply) => {
      const language = request.query.language ?? request.language;
      const current = await publishedCurrent(request.params.id, language);
      if (request.query.version === undefined) return sendKiisPdf(reply as FastifyReply, current, 'no-cache');
      // A named version never changes: cacheable for good.
      const version = request.query.version === current.version ? current : await kiisVersionByNumber(fastify.db, request.params.id, language, request.query.version);
      if (!version) throw notFound('version');
      return sendKiisPdf(reply as FastifyReply, version, 'public, max-age=31536000, immutable');
    },
  });
};

export default kiisRoutes;
