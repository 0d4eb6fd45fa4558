import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { documentDeleteBodySchema, documentUploadBodySchema, offerPatchBodySchema, operatorOfferSchema, previewLinkSchema } from '../../../contract/operator';
import { ok, responses } from '../../lib/envelope';
import { notFound } from '../../lib/errors';
import { operatorOf } from '../backoffice/context';
import { deleteOfferDocument, pdfOf, uploadOfferDocument } from './operator-documents';
import { createPreviewLink, listOperatorOffers, updateOffer } from './operator-offers';

// Offers for operators (docs/api.md "Back office"): list, edit, documents, preview links.

const offerId = z.object({ id: z.string().regex(/^\d{1,9}$/, 'VALUE_NOT_VALID').transform(Number) });
/** Largest offer document an operator may upload (a PDF). */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

const operatorOfferRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const guard = [fastify.authenticate, fastify.requireRole('operator')];

  fastify.get('/operator/offers', {
    onRequest: guard,
    schema: { response: responses(z.array(operatorOfferSchema), [401, 403]) },
    handler: async () => ok(await listOperatorOffers(fastify.db)),
  });

  fastify.get('/operator/offers/:id', {
    onRequest: guard,
    schema: { params: offerId, response: responses(operatorOfferSchema, [400, 401, 403, 404]) },
    handler: async (request) => {
      const [offer] = await listOperatorOffers(fastify.db, request.params.id);
      if (!offer) throw notFound('id');
      return ok(offer);
    },
  });

  fastify.patch('/operator/offers/:id', {
    onRequest: guard,
    schema: { params: offerId, body: offerPatchBodySchema, response: responses(operatorOfferSchema, [400, 401, 403, 404, 409]) },
    handler: async (request) => {
      const operator = await operatorOf(fastify, request);
      const offer = await updateOffer(fastify.db, operator, request.params.id, request.body);
      fastify.siteState?.invalidate();
      return ok(offer);
    },
  });

  // Offer documents (PDF only, DOCUMENT_MAX_BYTES): upload and delete; both bump the content version.
  fastify.post('/operator/offers/:id/documents', {
    onRequest: guard,
    bodyLimit: Math.ceil((DOCUMENT_MAX_BYTES * 4) / 3) + 64 * 1024,
    schema: { params: offerId, body: documentUploadBodySchema, response: (({ 200: created, ...rest }) => ({ 201: created, ...rest }))(responses(operatorOfferSchema, [400, 401, 403, 404, 413, 415])) },
    handler: async (request, reply) => {
      const operator = await operatorOf(fastify, request);
      const bytes = pdfOf(request.body, DOCUMENT_MAX_BYTES);
      const offer = await uploadOfferDocument(fastify.db, operator, request.params.id, request.body, bytes);
      fastify.siteState?.invalidate();
      return reply.code(201).send(ok(offer, 201));
    },
  });

  fastify.delete('/operator/offers/:id/documents/:documentId', {
    onRequest: guard,
    schema: {
      params: offerId.extend({ documentId: z.string().regex(/^\d{1,9}$/, 'VALUE_NOT_VALID').transform(Number) }),
      body: documentDeleteBodySchema,
      response: responses(operatorOfferSchema, [400, 401, 403, 404]),
    },
    handler: async (request) => {
      const operator = await operatorOf(fastify, request);
      const offer = await deleteOfferDocument(fastify.db, operator, request.params.id, request.params.documentId, request.body);
      fastify.siteState?.invalidate();
      return ok(offer);
    },
  });

  fastify.post('/operator/offers/:id/preview-link', {
    onRequest: guard,
    schema: { params: offerId, response: responses(previewLinkSchema, [400, 401, 403, 404]) },
    handler: async (request) => {
      const operator = await operatorOf(fastify, request);
      return ok(await createPreviewLink(fastify.db, operator, request.params.id, fastify.config.publicUrl));
    },
  });
};

export default operatorOfferRoutes;
