// The operator's EUR rate, which the large-investment threshold (EUR 1 000 in PLN) converts with. Each change
// is a new row (orders keep the rate and date they were checked against) and an audit entry.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eurRateBodySchema, eurRateSchema } from '../../../contract/protection';
import { ok, responses } from '../../lib/envelope';
import { notFound } from '../../lib/errors';
import { operatorOf } from '../backoffice/context';
import { setEurRate } from './exchange-rate';
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
      await setEurRate(fastify.db, operator, { rate, rateDate, reason });
      return ok({ rate, rateDate });
    },
  });
};

export default operatorExchangeRateRoutes;
