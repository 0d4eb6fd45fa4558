import type { FastifyPluginAsync } from 'fastify';
import investmentRoutes from './routes-investment';
import operatorOrderRoutes from './routes-operator';
import ordersRoutes from './routes-orders';

// Placing an order (validate, invest), the investor's orders and transactions, and the operator's orders,
// their actions, refunds and CSV exports.
const orderRoutes: FastifyPluginAsync = async (fastify) => {
  await fastify.register(investmentRoutes);
  await fastify.register(ordersRoutes);
  await fastify.register(operatorOrderRoutes);
};

export default orderRoutes;
