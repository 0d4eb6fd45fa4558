import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import {
  knowledgeTestBodySchema,
  knowledgeTestResultSchema,
  knowledgeTestStateSchema,
  revokeLinkBodySchema,
  revokeLinkOrderSchema,
  revokeLinkQuerySchema,
  revokeResultSchema,
  sophisticatedApplicationBodySchema,
  sophisticatedStatusSchema,
} from '../../../contract/protection';
import type { RevokeResult } from '../../../contract/protection';
import { nowOf } from '../../config';
import { ok, responses } from '../../lib/envelope';
import { tooManyTries } from '../../lib/errors';
import { revokeByLink, revokeLinkOrder } from './revoke-link';
import { acknowledgeRiskWarning, knowledgeTestState, revokeOrder, takeKnowledgeTest, type Revocation } from './service';
import { refundRevokedOrder } from '../payouts/refund';
import { applyForSophisticated, sophisticatedStatus } from './sophisticated';

// docs/api.md "Investor protection": the knowledge test with the loss simulation (GET: the questionnaire in
// the request's language, the classification and the latest result; POST: a new result), the risk warning
// of a failed test acknowledged, the revocation of an order inside the 4-day reflection period, and the
// application to be classified as a sophisticated investor (GET: the classification and the latest application).
// A signed-in, active investor only (401 anonymous, 403 operator); except the e-mail's revoke link
// (GET/POST /order-revocation), whose token is the authorization: public, and limited per client IP.

/** The revoke link's calls per client IP and window: a person opens a link a few times, a guesser far more. */
export const REVOKE_LINK_RULE = { limit: 10, windowSeconds: 60 };

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

  // A paid order's refund once its revocation has committed: PayPal's goes out at once (the money returns the
  // way it came, nothing for a person to decide: docs/adr/0012-refunds-of-revoked-orders.md); if PayPal
  // refuses or cannot be reached the order stays flagged and an operator retries from the back office. A bank
  // transfer waits for an operator's Refund. The answer is the revocation's either way.
  const refundAfterRevocation = async (request: FastifyRequest, revocation: Revocation): Promise<RevokeResult> => {
    const { orderId, ...result } = revocation;
    if (result.refundMethod === 'PayPal') {
      try {
        await refundRevokedOrder({ db: fastify.db, paypal: fastify.paypal?.client, publicUrl: fastify.config.publicUrl }, orderId, nowOf(fastify.config), {});
      } catch (error) {
        request.log.warn({ orderId, err: error }, 'PayPal refund of a revoked order failed: left flagged for an operator');
      }
    }
    if (result.refundDue) fastify.mail.worker.wake();
    return result;
  };

  fastify.post('/order/:id/revoke', {
    preHandler: investorOnly,
    schema: { params: z.object({ id: z.string().max(100) }), response: responses(revokeResultSchema, [401, 403, 404, 409]) },
    handler: async (request) =>
      ok(await refundAfterRevocation(request, await revokeOrder(fastify.db, request.principal!.userId, request.params.id, () => nowOf(fastify.config), 'order_page', fastify.config.publicUrl))),
  });

  // The token travels in the query and the body, never the path: the request log redacts a `token` value.
  const limitRevokeLink = async (request: FastifyRequest) => {
    const { admitted } = await fastify.rateLimitRepository.admit('revoke_link', { ip: request.ip }, REVOKE_LINK_RULE);
    if (!admitted) throw tooManyTries(REVOKE_LINK_RULE.windowSeconds);
    await fastify.rateLimitRepository.prune('revoke_link', REVOKE_LINK_RULE.windowSeconds);
  };

  fastify.get('/order-revocation', {
    preHandler: limitRevokeLink,
    schema: { querystring: revokeLinkQuerySchema, response: responses(revokeLinkOrderSchema, [400, 404, 409, 429]) },
    handler: async (request) => ok(await revokeLinkOrder(fastify.db, request.query.token ?? '', () => nowOf(fastify.config))),
  });

  fastify.post('/order-revocation', {
    preHandler: limitRevokeLink,
    schema: { body: revokeLinkBodySchema, response: responses(revokeResultSchema, [400, 404, 409, 429]) },
    handler: async (request) => ok(await refundAfterRevocation(request, await revokeByLink(fastify.db, request.body.token, () => nowOf(fastify.config), fastify.config.publicUrl))),
  });
};

export default protectionRoutes;
