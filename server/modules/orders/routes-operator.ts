import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  operatorOrderDetailSchema,
  operatorOrderFilterSchema,
  operatorOrdersPageSchema,
  orderActionBodySchema,
  recordTransferBodySchema,
} from '../../../contract/operator';
import { nowOf } from '../../config';
import { contentDisposition } from '../documents/service';
import { toCsv } from '../documents/csv';
import { formatAmountPlain, formatDate } from '../../../lib/format';
import { errorEnvelopeSchema, fileResponse, ok, responses } from '../../lib/envelope';
import { paged, paginationQuery } from '../../lib/pagination';
import { pick } from '../../lib/translated';
import { operatorOf } from '../backoffice/context';
import { allOperatorOrders, allOperatorTransactions, listOperatorOrders, operatorOrderAction, operatorOrderDetail } from './operator-orders';
import { formatReference } from './reference';
import { isOrderId } from './order-repository';
import { PayPalError } from '../payments/paypal/client';
import { refundRevokedOrder } from '../payouts/refund';
import { apiError, notFound } from '../../lib/errors';

// Orders for operators (docs/api.md "Back office"): search and filters, detail, the three actions with a
// required reason and the version the operator saw, and CSV exports for accounting. Operators only.

const idParam = z.object({ id: z.string().max(64) });
export const fileErrors = { 200: fileResponse('CSV', ['text/csv']), 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema };

export function sendCsv(reply: FastifyReply, fileName: string, body: string) {
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', contentDisposition('attachment', fileName))
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .send(body);
}

const operatorOrderRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const guard = [fastify.authenticate, fastify.requireRole('operator')];

  fastify.get('/operator/orders', {
    onRequest: guard,
    schema: { querystring: operatorOrderFilterSchema.extend(paginationQuery), response: responses(operatorOrdersPageSchema, [400, 401, 403]) },
    handler: async (request) => {
      const { pagination, ...filter } = request.query;
      const { items, total } = await listOperatorOrders(fastify.db, filter, pagination, request.language);
      return ok(paged(items, total, pagination));
    },
  });

  fastify.get('/operator/orders/:id', {
    onRequest: guard,
    schema: { params: idParam, response: responses(operatorOrderDetailSchema, [400, 401, 403, 404]) },
    handler: async (request) => ok(await operatorOrderDetail(fastify.db, request.params.id, request.language)),
  });

  const actions = [
    ['record-transfer', recordTransferBodySchema],
    ['cancel', orderActionBodySchema],
    ['complete', orderActionBodySchema],
  ] as const;
  for (const [action, body] of actions) {
    fastify.post(`/operator/orders/:id/${action}`, {
      onRequest: guard,
      schema: { params: idParam, body, response: responses(operatorOrderDetailSchema, [400, 401, 403, 404, 409]) },
      handler: async (request) => {
        const operator = await operatorOf(fastify, request);
        await operatorOrderAction(fastify.db, operator, request.params.id, action, request.body, nowOf(fastify.config), fastify.config.publicUrl);
        return ok(await operatorOrderDetail(fastify.db, request.params.id, request.language));
      },
    });
  }

  // A revoked paid order refunded the way it was paid (server/modules/payouts/refund.ts): PayPal's refund call, or a
  // refund payout into the next bank file. A repeat (replay, double click, a second operator) answers the
  // order as it is and refunds nothing twice; a PayPal refusal is 502 and the order stays flagged.
  fastify.post('/operator/orders/:id/refund', {
    onRequest: guard,
    schema: { params: idParam, body: orderActionBodySchema, response: responses(operatorOrderDetailSchema, [400, 401, 403, 404, 409, 502]) },
    handler: async (request) => {
      const operator = await operatorOf(fastify, request);
      if (!isOrderId(request.params.id)) throw notFound('id');
      const deps = { db: fastify.db, paypal: fastify.paypal?.client, publicUrl: fastify.config.publicUrl };
      try {
        await refundRevokedOrder(deps, request.params.id, nowOf(fastify.config), { operator, reason: request.body.reason });
      } catch (error) {
        if (!(error instanceof PayPalError)) throw error;
        request.log.warn({ orderId: request.params.id, err: error }, 'PayPal refund refused');
        throw error.status >= 500 || error.errorName === 'NETWORK' ? apiError(502, 'PAYPAL_UNAVAILABLE', 'id') : apiError(502, 'PAYPAL_REFUND_FAILED', 'id');
      }
      fastify.mail.worker.wake();
      return ok(await operatorOrderDetail(fastify.db, request.params.id, request.language));
    },
  });

  // ---------- CSV for accounting: UTF-8 with BOM, `;` in Polish, `,` in English ----------

  const HEAD = {
    pl: {
      orders: ['Numer zamówienia', 'Data złożenia', 'Status', 'Inwestor', 'E-mail', 'Inwestycja', 'Seria', 'Liczba udziałów', 'Cena za udział (PLN)', 'Wartość (PLN)', 'Prowizja (PLN)', 'Razem (PLN)', 'Metoda płatności', 'Data płatności', 'Data realizacji', 'Data anulowania'],
      payments: ['Data', 'Numer zamówienia', 'Inwestor', 'E-mail', 'Inwestycja', 'Metoda płatności', 'Status', 'Kwota (PLN)', 'Prowizja (PLN)', 'Referencja zewnętrzna'],
      file: { orders: 'zamowienia', payments: 'platnosci' },
    },
    en: {
      orders: ['Order reference', 'Placed on', 'Status', 'Investor', 'E-mail', 'Investment', 'Series', 'Shares', 'Price per share (PLN)', 'Amount (PLN)', 'Fee (PLN)', 'Total (PLN)', 'Payment method', 'Paid on', 'Completed on', 'Cancelled on'],
      payments: ['Date', 'Order reference', 'Investor', 'E-mail', 'Investment', 'Payment method', 'Status', 'Amount (PLN)', 'Fee (PLN)', 'External reference'],
      file: { orders: 'orders', payments: 'payments' },
    },
  } as const;

  fastify.get('/operator/exports/orders.csv', {
    onRequest: guard,
    schema: { querystring: operatorOrderFilterSchema, response: fileErrors },
    handler: async (request, reply) => {
      const lang = request.language;
      const h = HEAD[lang];
      const money = (g: number) => ({ number: formatAmountPlain(g, lang) });
      const when = (d: string | null) => formatDate(d, lang, 'dateTime');
      const rows = await allOperatorOrders(fastify.db, request.query, lang);
      const body = toCsv(
        [
          [...h.orders],
          ...rows.map((o) => [
            o.reference,
            when(o.createdAt),
            o.status,
            `${o.investor.firstName} ${o.investor.lastName}`.trim(),
            o.investor.email,
            o.offer.title,
            o.series.name,
            { number: String(o.quantity) },
            money(o.pricePerShare),
            money(o.amount),
            money(o.feeValue),
            money(o.totalPrice),
            o.method,
            when(o.paidAt),
            when(o.completedAt),
            when(o.cancelledAt),
          ]),
        ],
        lang,
      );
      return sendCsv(reply, `${h.file.orders}.csv`, body);
    },
  });

  fastify.get('/operator/exports/payments.csv', {
    onRequest: guard,
    schema: { querystring: operatorOrderFilterSchema, response: fileErrors },
    handler: async (request, reply) => {
      const lang = request.language;
      const h = HEAD[lang];
      const money = (g: number) => ({ number: formatAmountPlain(g, lang) });
      const list = await allOperatorTransactions(fastify.db, request.query);
      const body = toCsv(
        [
          [...h.payments],
          ...list.map(({ t, o, email, firstName, lastName, title }) => [
            formatDate(t.updatedAt, lang, 'dateTime'),
            formatReference(o.reference),
            `${firstName} ${lastName}`.trim(),
            email,
            pick(title, lang),
            t.methodCode,
            t.status,
            money(t.amount),
            money(t.commission),
            t.externalId ?? '',
          ]),
        ],
        lang,
      );
      return sendCsv(reply, `${h.file.payments}.csv`, body);
    },
  });
};

export default operatorOrderRoutes;
