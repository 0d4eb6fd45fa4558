import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withCommission, MAX_ORDER_GROSZE } from '../../../contract/money';
import { orderListFilterSchema, orderSchema, ordersPageSchema } from '../../../contract/orders';
import { transactionQuerySchema, transactionsAnswerSchema } from '../../../contract/transactions';
import { errorEnvelopeSchema, fileResponse, ok, responses } from '../../lib/envelope';
import { badRequest, notFound } from '../../lib/errors';
import { paged, pageWindow, paginationQuery } from '../../lib/pagination';
import { pick } from '../../lib/translated';
import { methodOffered } from './investment-rules';
import { allTransactionMethods, isOrderId, listOrders, listTransactions, loadOrder, loadOrderKiis, ownOrderId } from './order-repository';
import { sendKiisPdf } from '../protection/routes-kiis';

// docs/api.md "Orders and payments": GET /transaction (methods with their commission for ?amount=, and the
// caller's transactions), GET /order (the caller's orders, paged, filterable by status), GET /order/{id}
// (one of the caller's orders; anyone else's id, or a malformed one, answers 404 and nothing else), and
// GET /order/{id}/kiis.pdf: the key investment information sheet exactly as the order acknowledged it (the
// version stored with the order, whatever the operator or the offer changed since; the same 404 rule).

const ordersRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get('/transaction', {
    preHandler: fastify.authenticate,
    schema: {
      querystring: z.object({ ...paginationQuery, ...transactionQuerySchema.shape }),
      response: responses(transactionsAnswerSchema, [400, 401]),
    },
    handler: async (request) => {
      const lang = request.language;
      const amount = request.query.amount ?? 0;
      if (amount > MAX_ORDER_GROSZE) throw badRequest('VALUE_NOT_VALID', 'amount');
      const page = request.query.pagination;
      const [methods, list] = await Promise.all([
        allTransactionMethods(fastify.db),
        listTransactions(fastify.db, { userId: request.principal!.userId, ...pageWindow(page) }, lang),
      ]);
      return ok({
        ...paged(list.items, list.total, page),
        methods: methods.map((m) => ({
          id: m.id,
          codeName: m.codeName,
          name: pick(m.name, lang),
          enabled: methodOffered(m, fastify.paymentMethods),
          commission: withCommission(amount, m.commissionBasisPoints),
        })),
      });
    },
  });

  fastify.get('/order', {
    preHandler: fastify.authenticate,
    schema: {
      querystring: z.object({ ...paginationQuery, ...orderListFilterSchema.shape }),
      response: responses(ordersPageSchema, [400, 401]),
    },
    handler: async (request) => {
      const page = request.query.pagination;
      const status = request.query.status;
      const statuses = status === undefined ? undefined : Array.isArray(status) ? status : [status];
      const { items, total } = await listOrders(
        fastify.db,
        { userId: request.principal!.userId, statuses, ...pageWindow(page) },
        request.language,
      );
      return ok(paged(items, total, page));
    },
  });

  fastify.get('/order/:id', {
    preHandler: fastify.authenticate,
    schema: { params: z.object({ id: z.string().max(100) }), response: responses(orderSchema, [400, 401, 404]) },
    handler: async (request) => {
      const order = await loadOrder(fastify.db, request.params.id, request.language, fastify.config, { userId: request.principal!.userId });
      if (!order) throw notFound('id');
      return ok(order);
    },
  });

  fastify.get('/order/:id/kiis.pdf', {
    preHandler: fastify.authenticate,
    schema: {
      params: z.object({ id: z.string().max(100) }),
      response: {
        200: fileResponse('The key investment information sheet the order acknowledged', ['application/pdf']),
        400: errorEnvelopeSchema,
        401: errorEnvelopeSchema,
        404: errorEnvelopeSchema,
      },
    },
    handler: async (request, reply) => {
      const id = request.params.id.toLowerCase();
      if (!isOrderId(id)) throw notFound('id');
      const own = await ownOrderId(fastify.db, id, request.principal!.userId);
      const acknowledged = own ? await loadOrderKiis(fastify.db, own) : undefined;
      if (!acknowledged) throw notFound('id');
      return sendKiisPdf(reply as FastifyReply, acknowledged.version, 'private, max-age=31536000, immutable');
    },
  });
};

export default ordersRoutes;
