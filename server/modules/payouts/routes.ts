import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  distributionApproveBodySchema,
  distributionCreateBodySchema,
  distributionDetailSchema,
  distributionsPageSchema,
  offerCloseBodySchema,
  offerCloseResultSchema,
  payoutFileBodySchema,
  payoutFileSchema,
  payoutFilesPageSchema,
  payoutListQuerySchema,
  payoutsPageSchema,
} from '../../../contract/payouts';
import { nowOf } from '../../config';
import { contentDisposition } from '../documents/service';
import { errorEnvelopeSchema, fileResponse, ok, responses } from '../../lib/envelope';
import { paged, paginationQuery } from '../../lib/pagination';
import { operatorOf } from '../backoffice/context';
import {
  approveDistribution,
  createPayoutFile,
  declareDistribution,
  getDistribution,
  getPayoutFile,
  listDistributions,
  listPayoutFiles,
  listPayouts,
} from './service';
import { closeOffer } from './close-offer';
import { offerLifecycle } from './lifecycle';
import { offerLifecycleAllows } from '../../../contract/offer-lifecycle';
import { apiError, notFound } from '../../lib/errors';

// Distributions and payouts (docs/api.md "Distributions and payouts"). Operators only; the services are in
// server/modules/payouts/. The bank file is the one non-JSON answer: application/xml as an attachment.

const idParam = z.object({ id: z.string().regex(/^\d{1,9}$/, 'VALUE_NOT_VALID').transform(Number) });

const payoutRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const guard = [fastify.authenticate, fastify.requireRole('operator')];

  // Closing an offer now (its window may still be open): funded or not, the orders are settled
  // (server/modules/payouts/close-offer.ts). A close that stopped half way is finished by calling it again.
  fastify.post('/operator/offers/:id/close', {
    onRequest: guard,
    schema: { params: idParam, body: offerCloseBodySchema, response: responses(offerCloseResultSchema, [400, 401, 403, 404, 409]) },
    handler: async (request) => {
      const operator = await operatorOf(fastify, request);
      // The offer's lifecycle says whether it may be closed now: open, or a close that stopped half way.
      const state = await offerLifecycle(fastify.db, request.params.id);
      if (!state) throw notFound('id');
      if (!offerLifecycleAllows(state, 'offer.closedEarly')) throw apiError(409, 'OFFER_ALREADY_CLOSED', 'id');
      const result = await closeOffer({ db: fastify.db, paypal: fastify.paypal?.client, publicUrl: fastify.config.publicUrl }, request.params.id, nowOf(fastify.config), operator, request.body.reason);
      if ('busy' in result) throw apiError(409, 'OFFER_CLOSE_IN_PROGRESS', 'id');
      return ok(result);
    },
  });

  fastify.post('/operator/distributions', {
    onRequest: guard,
    schema: { body: distributionCreateBodySchema, response: responses(distributionDetailSchema, [400, 401, 403, 404, 409, 422]) },
    handler: async (request) => {
      const operator = await operatorOf(fastify, request);
      return ok(
        await declareDistribution(fastify.db, operator, request.body, {
          taxRateBasisPoints: fastify.config.distributionTaxRateBasisPoints,
          at: nowOf(fastify.config),
        }),
      );
    },
  });

  fastify.get('/operator/distributions', {
    onRequest: guard,
    schema: { querystring: z.object({ ...paginationQuery }), response: responses(distributionsPageSchema, [400, 401, 403]) },
    handler: async (request) => {
      const page = request.query.pagination;
      const { items, total } = await listDistributions(fastify.db, page);
      return ok(paged(items, total, page));
    },
  });

  fastify.get('/operator/distributions/:id', {
    onRequest: guard,
    schema: { params: idParam, response: responses(distributionDetailSchema, [400, 401, 403, 404]) },
    handler: async (request) => ok(await getDistribution(fastify.db, request.params.id)),
  });

  fastify.post('/operator/distributions/:id/approve', {
    onRequest: guard,
    schema: { params: idParam, body: distributionApproveBodySchema, response: responses(distributionDetailSchema, [400, 401, 403, 404, 409]) },
    handler: async (request) => {
      const operator = await operatorOf(fastify, request);
      return ok(await approveDistribution(fastify.db, operator, request.params.id, request.body.reason, nowOf(fastify.config)));
    },
  });

  fastify.get('/operator/payouts', {
    onRequest: guard,
    schema: { querystring: payoutListQuerySchema.extend(paginationQuery), response: responses(payoutsPageSchema, [400, 401, 403]) },
    handler: async (request) => {
      const page = request.query.pagination;
      const { items, total } = await listPayouts(fastify.db, request.query.status, page);
      return ok(paged(items, total, page));
    },
  });

  fastify.post('/operator/payout-files', {
    onRequest: guard,
    schema: { body: payoutFileBodySchema, response: responses(payoutFileSchema, [400, 401, 403, 409]) },
    handler: async (request) => {
      const operator = await operatorOf(fastify, request);
      return ok(
        await createPayoutFile(fastify.db, operator, { executionDate: request.body.executionDate, at: nowOf(fastify.config), bank: fastify.config.bankAccount }),
      );
    },
  });

  fastify.get('/operator/payout-files', {
    onRequest: guard,
    schema: { querystring: z.object({ ...paginationQuery }), response: responses(payoutFilesPageSchema, [400, 401, 403]) },
    handler: async (request) => {
      const page = request.query.pagination;
      const { items, total } = await listPayoutFiles(fastify.db, page);
      return ok(paged(items, total, page));
    },
  });

  fastify.get('/operator/payout-files/:id/pain.001.xml', {
    onRequest: guard,
    schema: {
      params: idParam,
      response: {
        200: fileResponse('ISO 20022 pain.001.001.03 credit transfer file', ['application/xml']),
        400: errorEnvelopeSchema,
        401: errorEnvelopeSchema,
        403: errorEnvelopeSchema,
        404: errorEnvelopeSchema,
      },
    },
    handler: async (request, reply) => {
      const file = await getPayoutFile(fastify.db, request.params.id);
      return reply
        .header('Content-Type', 'application/xml; charset=utf-8')
        .header('Content-Disposition', contentDisposition('attachment', `${file.messageId}.xml`))
        .header('Cache-Control', 'private, no-store')
        .send(file.xml);
    },
  });
};

export default payoutRoutes;
