// The operator's EUR rate, which the large-investment threshold (EUR 1 000 in PLN) converts with. Each change
// is a new row (orders keep the rate and date they were checked against) and an audit entry.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eurRateBodySchema, eurRateSchema } from '../../../contract/protection';
import { exchangeRates } from '../../db/schema-protection';
import { ok, responses } from '../../lib/envelope';
import { notFound } from '../../lib/errors';
import { writeAudit } from '../backoffice/audit';
import { operatorOf } from '../backoffice/context';
import { currentEurRate } from './service';

const operatorExchangeRateRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const guard = [fastify.authenticate, fastify.requireRole('operator')];

  fastify.get('/operator/exchange-rate', {
    onRequest: guard,
    schema: { response: responses(eurRateSchema, [401, 403, 404]) },
    handler: async () => {
      const rate = await currentEurRate(fastify.db);
      if (!rate) throw notFound();
      return ok(rate);
    },
  });

  fastify.put('/operator/exchange-rate', {
    onRequest: guard,
    schema: { body: eurRateBodySchema, response: responses(eurRateSchema, [400, 401, 403]) },
    handler: async (request) => {
      const operator = await operatorOf(fastify, request);
      const { rate, rateDate, reason } = request.body;
      await fastify.db.transaction(async (tx) => {
        const before = await currentEurRate(tx);
        const [row] = await tx.insert(exchangeRates).values({ currency: 'EUR', rate, rateDate, setBy: operator.userId }).returning({ id: exchangeRates.id });
        await writeAudit(tx, operator, { action: 'exchangeRate.set', entityType: 'exchangeRate', entityId: row.id, reason, before: before ?? null, after: { rate, rateDate } });
      });
      return ok({ rate, rateDate });
    },
  });
};

export default operatorExchangeRateRoutes;
