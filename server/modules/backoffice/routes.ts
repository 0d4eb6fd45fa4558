import { count, desc, and, eq, inArray, sql } from 'drizzle-orm';
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
import { users } from '../../db/schema';
import { operatorAuditLog, statementExceptions } from '../../db/schema-backoffice';
import { orders } from '../../db/schema-orders';
import { ok, responses } from '../../lib/envelope';
import { apiError, notFound } from '../../lib/errors';
import { paged, paginationQuery, pageWindow } from '../../lib/pagination';
import { enqueueMail } from '../mail/outbox';
import { renderTokenMail } from '../mail/templates';
import { writeAudit } from './audit';
import { operatorOf } from './context';
import { investorDetail, listInvestors } from './investors';
import { listOperatorOffers } from '../offers/operator-offers';
import { isOrderId } from '../orders/order-repository';
import { createAccountToken } from '../accounts/account-tokens';

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
      const [user] = await fastify.db.select().from(users).where(and(eq(users.id, request.params.id), eq(users.role, 'investor'))).limit(1);
      if (!user) throw notFound('id');
      if (user.isActive) throw apiError(409, 'ACCOUNT_ALREADY_ACTIVE', 'id');
      const { config } = fastify;
      await fastify.db.transaction(async (tx) => {
        // The same link and e-mail as the investor's own "resend activation" (accounts), written to the outbox
        // with the audit row.
        const token = await createAccountToken(tx, { userId: user.id, purpose: 'activation', ttlSeconds: config.activationTokenTtl });
        const rendered = renderTokenMail({ kind: 'activation', language: user.locale, publicUrl: config.publicUrl, token, firstName: user.firstName, ttlSeconds: config.activationTokenTtl });
        await enqueueMail(tx, { ...rendered, kind: 'activation', to: user.email, language: user.locale });
        await writeAudit(tx, operator, { action: 'investor.activationResent', entityType: 'investor', entityId: user.id, after: { email: user.email } });
      });
      fastify.mail.worker.wake();
      return ok({ sent: true });
    },
  });

  // ---------- overview ----------

  fastify.get('/operator/overview', {
    onRequest: guard,
    schema: { response: responses(overviewSchema, [401, 403]) },
    handler: async () => {
      const [offers, [pending], [exceptions], [attention]] = await Promise.all([
        listOperatorOffers(fastify.db),
        fastify.db
          .select({ count: count(), total: sql<string>`coalesce(sum(${orders.totalPrice}), 0)` })
          .from(orders)
          .where(eq(orders.status, 'new')),
        fastify.db.select({ count: count() }).from(statementExceptions).where(eq(statementExceptions.status, 'open')),
        fastify.db.select({ count: count() }).from(orders).where(and(sql`${orders.attentionReason} is not null`, inArray(orders.status, ['new', 'paid', 'cancelled']))),
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
        openExceptions: exceptions.count,
        needsAttention: attention.count,
      });
    },
  });

  // ---------- audit log ----------

  fastify.get('/operator/audit-log', {
    onRequest: guard,
    schema: { querystring: auditQuerySchema.extend(paginationQuery), response: responses(auditPageSchema, [400, 401, 403]) },
    handler: async (request) => {
      const { pagination: page, entityType, entityId } = request.query;
      const where = and(entityType ? eq(operatorAuditLog.entityType, entityType) : undefined, entityId ? eq(operatorAuditLog.entityId, entityId) : undefined);
      const [rows, [{ total }]] = await Promise.all([
        fastify.db.select().from(operatorAuditLog).where(where).orderBy(desc(operatorAuditLog.createdAt), desc(operatorAuditLog.id)).limit(pageWindow(page).limit).offset(pageWindow(page).offset),
        fastify.db.select({ total: count() }).from(operatorAuditLog).where(where),
      ]);
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
