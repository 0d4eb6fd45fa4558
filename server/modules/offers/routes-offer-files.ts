import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { plainName } from '../../../contract/text';
import { contentDisposition } from '../documents/service';
import { errorEnvelopeSchema, fileResponse } from '../../lib/envelope';
import { notFound, unauthorized } from '../../lib/errors';
import { offerDocumentFile } from './repository';
import { mayseeInvestorDocuments, optionalPrincipal } from './viewer';

// The file of an offer document an operator uploaded (server/modules/offers/operator-documents.ts). A general
// document of a published offer is public; an investor-kind document only for a signed-in investor or
// operator (401 otherwise), the rule of `documents.investor` in GET /offers/{slug}. Documents of an
// unpublished offer: operators only (404 to others).

const offerFileRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get('/offer-documents/:id/file', {
    schema: {
      params: z.object({ id: z.string().regex(/^\d{1,9}$/, 'VALUE_NOT_VALID').transform(Number) }),
      response: { 200: fileResponse('The uploaded PDF', ['application/pdf']), 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 404: errorEnvelopeSchema },
    },
    handler: async (request, reply) => {
      const row = await offerDocumentFile(fastify.db, request.params.id);
      if (!row) throw notFound('id');
      const principal = row.kind === 'investor' || !row.published ? await optionalPrincipal(fastify, request) : null;
      if (!row.published && principal?.role !== 'operator') throw notFound('id');
      if (row.kind === 'investor' && !(await mayseeInvestorDocuments(fastify, request))) throw unauthorized();
      return (reply as FastifyReply)
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', contentDisposition('inline', plainName(row.fileName)))
        .header('Cache-Control', row.kind === 'general' && row.published ? 'public, max-age=300' : 'private, no-store')
        .header('ETag', `"${row.sha256}"`)
        .header('X-Content-Type-Options', 'nosniff')
        .send(row.content);
    },
  });
};

export default offerFileRoutes;
