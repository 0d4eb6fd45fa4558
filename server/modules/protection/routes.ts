import type { FastifyPluginAsync } from 'fastify';
import exchangeRateRoutes from './routes-exchange-rate';
import investorRoutes from './routes-investor';
import kiisRoutes from './routes-kiis';
import operatorKiisRoutes from './routes-operator-kiis';
import operatorRecordRoutes from './routes-operator-records';

// Investor protection: the knowledge test, the sophisticated-investor application, revocation, the key
// investment information sheet (KIIS), and the operator's records, KIIS texts and EUR rate.
const protectionRoutes: FastifyPluginAsync = async (fastify) => {
  await fastify.register(investorRoutes);
  await fastify.register(kiisRoutes);
  await fastify.register(operatorRecordRoutes);
  await fastify.register(operatorKiisRoutes);
  await fastify.register(exchangeRateRoutes);
};

export default protectionRoutes;
