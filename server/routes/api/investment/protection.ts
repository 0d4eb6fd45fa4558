import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  knowledgeTestBodySchema,
  knowledgeTestResultSchema,
  knowledgeTestStateSchema,
  revokeResultSchema,
  sophisticatedApplicationBodySchema,
  sophisticatedStatusSchema,
} from '../../../../contract/protection';
import { nowOf } from '../../../config';
import { ok, responses } from '../../../lib/envelope';
import { acknowledgeRiskWarning, knowledgeTestState, revokeOrder, takeKnowledgeTest } from '../../../protection/service';
import { applyForSophisticated, sophisticatedStatus } from '../../../protection/sophisticated';

// docs/api.md "Investor protection": the knowledge test with the loss simulation (GET: the questionnaire in
// the request's language, the classification and the latest result; POST: a new result), the risk warning
// of a failed test acknowledged, the revocation of an order inside the 4-day reflection period, and the
// application to be classified as a sophisticated investor (GET: the classification and the latest application).
// A signed-in, active investor only (401 anonymous, 403 operator).

const protectionRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const investorOnly = [fastify.authenticate, fastify.requireRole('investor')];

  fastify.get('/investor/knowledge-test', {
    preHandler: investorOnly,
    schema: { response: responses(knowledgeTestStateSchema, [401, 403]) },
    handler: async (request) => ok(await knowledgeTestState(fastify.db, request.principal!.userId, request.language, nowOf(fastify.config))),
  });

  fastify.post('/investor/knowledge-test', {
    preHandler: investorOnly,
    schema: { body: knowledgeTestBodySchema, response: responses(knowledgeTestResultSchema, [400, 401, 403, 409]) },
    handler: async (request) => ok(await takeKnowledgeTest(fastify.db, request.principal!.userId, request.language, request.body, nowOf(fastify.config))),
  });

  fastify.post('/investor/knowledge-test/acknowledge-risk', {
    preHandler: investorOnly,
    schema: { response: responses(knowledgeTestResultSchema, [401, 403]) },
    handler: async (request) => ok(await acknowledgeRiskWarning(fastify.db, request.principal!.userId, nowOf(fastify.config))),
  });

  fastify.get('/investor/sophisticated-application', {
    preHandler: investorOnly,
    schema: { response: responses(sophisticatedStatusSchema, [401, 403]) },
    handler: async (request) => ok(await sophisticatedStatus(fastify.db, request.principal!.userId, nowOf(fastify.config))),
  });

  fastify.post('/investor/sophisticated-application', {
    preHandler: investorOnly,
    schema: { body: sophisticatedApplicationBodySchema, response: responses(sophisticatedStatusSchema, [400, 401, 403, 409]) },
    handler: async (request) => ok(await applyForSophisticated(fastify.db, request.principal!.userId, request.language, request.body, nowOf(fastify.config))),
  });

  fastify.post('/order/:id/revoke', {
    preHandler: investorOnly,
    schema: { params: z.object({ id: z.string().max(100) }), response: responses(revokeResultSchema, [401, 403, 404, 409]) },
    handler: async (request) => ok(await revokeOrder(fastify.db, request.principal!.userId, request.params.id, () => nowOf(fastify.config))),
  });
};

export default protectionRoutes;
