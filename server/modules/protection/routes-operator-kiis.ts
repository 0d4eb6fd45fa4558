import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { kiisEditBodySchema, operatorKiisSchema, type KiisVersion } from '../../../contract/kiis';
import { nowOf } from '../../config';
import { errorEnvelopeSchema, fileResponse, ok, responses } from '../../lib/envelope';
import { notFound } from '../../lib/errors';
import { operatorOf } from '../backoffice/context';
import { offerTitleById } from '../offers/repository';
import { currentKiis, editKiisText, kiisVersionByNumber, listKiisVersions } from './kiis';
import { sendKiisPdf } from './routes-kiis';

// The key investment information sheet in the back office: every version of an offer's sheet in both
// languages (who made it and when), the operator's text per language (saving makes the next version, with
// an audit row in the same transaction), and any version's PDF, also of an offer not yet published.

const offerId = z.object({ id: z.string().regex(/^\d{1,9}$/, 'VALUE_NOT_VALID').transform(Number) });
const language = z.enum(['pl', 'en'], { error: 'VALUE_NOT_VALID' });
const versionNumber = z.string().regex(/^\d{1,9}$/, 'VALUE_NOT_VALID').transform(Number);

const operatorKiisRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const guard = [fastify.authenticate, fastify.requireRole('operator')];

  /** The offer's versions; each language's current sheet made first if the offer's data changed since. */
  const answer = async (id: number) => {
    const offer = await offerTitleById(fastify.db, id);
    if (!offer) throw notFound('id');
    const now = nowOf(fastify.config);
    for (const lang of ['pl', 'en'] as const) await currentKiis(fastify.db, id, lang, now);
    const versions: Record<'pl' | 'en', KiisVersion[]> = { pl: [], en: [] };
    for (const { version: v, createdByEmail } of await listKiisVersions(fastify.db, id)) {
      versions[v.language].push({
        id: v.id,
        version: v.version,
        language: v.language,
        operatorText: v.operatorText,
        hash: v.hash,
        createdAt: v.createdAt.toISOString(),
        createdBy: v.createdBy ? (createdByEmail ?? null) : null,
        url: `/api/operator/offers/${id}/kiis/${v.language}/${v.version}/pdf`,
      });
    }
    return { offerId: id, title: { pl: offer.title.pl, en: offer.title.en }, versions };
  };

  fastify.get('/operator/offers/:id/kiis', {
    onRequest: guard,
    schema: { params: offerId, response: responses(operatorKiisSchema, [400, 401, 403, 404]) },
    handler: async (request) => ok(await answer(request.params.id)),
  });

  fastify.put('/operator/offers/:id/kiis/:language', {
    onRequest: guard,
    schema: { params: offerId.extend({ language }), body: kiisEditBodySchema, response: responses(operatorKiisSchema, [400, 401, 403, 404]) },
    handler: async (request) => {
      const operator = await operatorOf(fastify, request);
      const { id, language: lang } = request.params;
      await editKiisText(fastify.db, operator, { offerId: id, language: lang, operatorText: request.body.text, reason: request.body.reason }, nowOf(fastify.config));
      return ok(await answer(id));
    },
  });

  fastify.get('/operator/offers/:id/kiis/:language/:version/pdf', {
    onRequest: guard,
    schema: {
      params: offerId.extend({ language, version: versionNumber }),
      response: {
        200: fileResponse('A version of the key investment information sheet', ['application/pdf']),
        400: errorEnvelopeSchema,
        401: errorEnvelopeSchema,
        403: errorEnvelopeSchema,
        404: errorEnvelopeSchema,
      },
    },
    handler: async (request, reply) => {
      const { id, language: lang, version: number } = request.params;
      const version = await kiisVersionByNumber(fastify.db, id, lang, number);
      if (!version) throw notFound('version');
      return sendKiisPdf(reply as FastifyReply, version, 'private, max-age=31536000, immutable');
    },
  });
};

export default operatorKiisRoutes;
