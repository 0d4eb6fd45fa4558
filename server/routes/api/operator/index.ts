import type { FastifyPluginAsync } from 'fastify';
import backofficeRoutes from './backoffice';
import operatorKiisRoutes from './kiis';
import operatorOrderRoutes from './orders';
import payoutRoutes from './payouts';
import protectionRecordRoutes from './protection-records';
import statementRoutes from './statements';

// The back office under /api/operator/*. Every route guards itself in onRequest with
// [fastify.authenticate, fastify.requireRole('operator')]: anonymous 401, investors 403, before a body is read.
// (site-settings.ts, older, is registered by the API index itself.)
const operatorRoutes: FastifyPluginAsync = async (fastify) => {
  await fastify.register(statementRoutes);
  await fastify.register(operatorOrderRoutes);
  await fastify.register(backofficeRoutes);
  await fastify.register(payoutRoutes);
  await fastify.register(protectionRecordRoutes);
  await fastify.register(operatorKiisRoutes);
};

export default operatorRoutes;
