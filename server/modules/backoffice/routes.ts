import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  auditPageSchema,
  auditQuerySchema,
  operatorInvestorDetailSchema,
  operatorInvestorsPageSchema,
  overviewSchema,
} from '../../../contract/operator';
import { nowOf } from '../../config';
import { ok, responses } from '../../lib/envelope';
import { notFound } from '../../lib/errors';
import { paged, paginationQuery } from '../../lib/pagination';
import { operatorOf } from './context';
import { investorDetail, listInvestors } from './investors';
import { auditLogPage, needsAttentionCount, openExceptionsCount, pendingPayments } from './repository';
import { resendActivation } from './service';
import { listOperatorOffers } from '../offers/operator-offers';
import { isOrderId } from '../orders/order-repository';

// Investors, the overview and the audit log for operators (docs/api.md "Back office"): the operator's screens
// that act on no single capability. The offers' operator routes are in modules/offers/routes-operator.ts.

const userId = z.object({ id: z.string().max(64) });

const backofficeRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const guard = [fastify.authenticate, fastify.requireRole('operator')];

  // ---------- investors ----------

  fastify.get('/operator/investors', {
    onRequest: guard,
    schema: {
      querystring: z.object({ q: z.string().max(200, 'VALUE_NOT_VALID').optional(), ...paginationQuery }),
      response: responses(operatorInvestorsPageSchema, [400, 401, 403]),
    },
    handler: async (request) => {
      const page = request.query.pagination;
      const { items, total } = await listInvestors(fastify.db, request.query.q, page);
      return ok(paged(items, total, page));
    },
  });

  fastify.get('/operator/investors/:id', {
    onRequest: guard,
    schema: { params: userId, response: responses(operatorInvestorDetailSchema, [400, 401, 403, 404]) },
    handler: async (request) => ok(await investorDetail(fastify.db, request.params.id, request.language, nowOf(fastify.config))),
  });

  fastify.post('/operator/investors/:id/resend-activation', {
    onRequest: guard,
    schema: { params: userId, response: responses(z.object({ sent: z.boolean() }), [400, 401, 403, 404, 409]) },
    handler: async (request) => {
      if (!isOrderId(request.params.id)) throw notFound('id');
      const operator = await operatorOf(fastify, request);
      await resendActivation(fastify.db, operator, request.params.id, fastify.config);
      fastify.mail.worker.wake();
      return ok({ sent: true });
    },
  });

  // ---------- overview ----------

  fastify.get('/operator/overview', {
    onRequest: guard,
    schema: { response: responses(overviewSchema, [401, 403]) },
    handler: async () => {
      const [offers, pending, openExceptions, needsAttention] = await Promise.all([
        listOperatorOffers(fastify.db),
        pendingPayments(fastify.db),
        openExceptionsCount(fastify.db),
        needsAttentionCount(fastify.db),
      ]);
      return ok({
        offers: offers.map((o) => {
          const total = o.series.reduce((n, s) => n + s.totalShares, 0);
          const sold = o.series.reduce((n, s) => n + s.soldShares, 0);
          const reserved = o.series.reduce((n, s) => n + s.reservedShares, 0);
          return {
            id: o.id,
            title: o.title,
            published: o.published,
            isOpen: o.isOpen,
            raised: o.raised,
            target: o.target,
            sharesTotal: total,
            sharesSold: sold,
            sharesReserved: reserved,
            sharesLeft: total - sold - reserved,
          };
        }),
        pendingPayments: { count: pending.count, total: Number(pending.total) },
        openExceptions,
        needsAttention,
      });
    },
  });

  // ---------- audit log ----------

  fastify.get('/operator/audit-log', {
    onRequest: guard,
    schema: { querystring: auditQuerySchema.extend(paginationQuery), response: responses(auditPageSchema, [400, 401, 403]) },
    handler: async (request) => {
      const { pagination: page, entityType, entityId } = request.query;
      const { items: rows, total } = await auditLogPage(fastify.db, { entityType, entityId }, page);
      return ok(
        paged(
          rows.map((r) => ({
            id: r.id,
            at: r.createdAt.toISOString(),
            actorEmail: r.actorEmail,
            action: r.action,
            entityType: r.entityType,
            entityId: r.entityId,
            reason: r.reason,
            before: r.before ?? null,
            after: r.after ?? null,
          })),
          total,
          page,
        ),
      );
    },
  });
};

export default backofficeRoutes;
