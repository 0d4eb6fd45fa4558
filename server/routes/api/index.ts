import type { FastifyPluginAsync } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import apiErrors from '../../plugins/api/errors';
import cacheControl from '../../plugins/api/cache-control';
import nulGuard from '../../plugins/api/nul-guard';
import jsonBody from '../../plugins/api/json-body';
import language from '../../plugins/api/language';
import maintenance from '../../plugins/api/maintenance';
import openapi from '../../plugins/api/openapi';
import healthRoutes from './health';
import operatorSiteSettingsRoutes from './operator/site-settings';
import operatorRoutes from './operator/index';
import operatorExchangeRateRoutes from './operator/exchange-rate';
import accountsRoutes from './accounts/index';
import tokenRoutes from './auth/token';
import userRoutes from './auth/user';
import sliderRoutes from './content/slider';
import splashScreenRoutes from './content/splash-screen';
import staticContentRoutes from './content/static-content';
import publicRoutes from './public/index';
import portfolioRoutes from './portfolio/index';
import investmentRoutes from './investment/index';
import ordersRoutes from './orders/index';
import protectionRoutes from './investment/protection';
import paypalRoutes from './paypal/index';

export interface ApiOptions {
  /** Extra routes registered inside the /api scope (same parsers, hooks and error handler); tests use it. */
  extraRoutes?: FastifyPluginAsync;
}

// Everything under /api: zod schemas, JSON bodies, language, the envelope error handler, the maintenance
// gate, then the routes.
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
  await fastify.register(tokenRoutes);
  await fastify.register(userRoutes);
  await fastify.register(accountsRoutes);
  await fastify.register(splashScreenRoutes);
  await fastify.register(sliderRoutes);
  await fastify.register(staticContentRoutes);
  await fastify.register(publicRoutes);
  await fastify.register(portfolioRoutes);
  await fastify.register(investmentRoutes);
  await fastify.register(ordersRoutes);
  await fastify.register(protectionRoutes);
  await fastify.register(paypalRoutes);
  await fastify.register(operatorSiteSettingsRoutes);
  await fastify.register(operatorRoutes);
  await fastify.register(operatorExchangeRateRoutes);
  if (options.extraRoutes) await fastify.register(options.extraRoutes);
};

export default api;
