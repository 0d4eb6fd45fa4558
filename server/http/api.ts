import type { FastifyPluginAsync } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import apiErrors from '../plugins/api/errors';
import cacheControl from '../plugins/api/cache-control';
import nulGuard from '../plugins/api/nul-guard';
import jsonBody from '../plugins/api/json-body';
import language from '../plugins/api/language';
import maintenance from '../plugins/api/maintenance';
import openapi from '../plugins/api/openapi';
import healthRoutes from './health';
import accountRoutes from '../modules/accounts/routes';
import backofficeRoutes from '../modules/backoffice/routes';
import contentRoutes from '../modules/content/routes';
import offersRoutes from '../modules/offers/routes';
import orderRoutes from '../modules/orders/routes';
import paymentRoutes from '../modules/payments/routes';
import payoutRoutes from '../modules/payouts/routes';
import portfolioRoutes from '../modules/portfolio/routes';
import protectionRoutes from '../modules/protection/routes';
import statementRoutes from '../modules/statements/routes';

export interface ApiOptions {
  /** Extra routes registered inside the /api scope (same parsers, hooks and error handler); tests use it. */
  extraRoutes?: FastifyPluginAsync;
}

// Everything under /api: zod schemas, JSON bodies, language, the envelope error handler, the maintenance
// gate, then the routes of each module.
const api: FastifyPluginAsync<ApiOptions> = async (fastify, options) => {
  fastify.setValidatorCompiler(validatorCompiler);
  fastify.setSerializerCompiler(serializerCompiler);

  await fastify.register(jsonBody);
  await fastify.register(language);
  await fastify.register(apiErrors);
  await fastify.register(maintenance);
  await fastify.register(nulGuard);
  await fastify.register(cacheControl);
  // Before the routes: it collects every route registered after it (GET /api/openapi.json, /api/docs).
  await fastify.register(openapi);

  await fastify.register(healthRoutes);
  // Each capability's routes (server/modules/<capability>/routes.ts). Operator routes sit with the capability
  // they act on; each guards itself in onRequest with [fastify.authenticate, fastify.requireRole('operator')].
  await fastify.register(accountRoutes);
  await fastify.register(contentRoutes);
  await fastify.register(offersRoutes);
  await fastify.register(portfolioRoutes);
  await fastify.register(orderRoutes);
  await fastify.register(protectionRoutes);
  await fastify.register(paymentRoutes);
  await fastify.register(payoutRoutes);
  await fastify.register(statementRoutes);
  await fastify.register(backofficeRoutes);
  if (options.extraRoutes) await fastify.register(options.extraRoutes);
};

export default api;
