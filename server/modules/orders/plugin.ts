import fp from 'fastify-plugin';
import { ApiError } from '../../lib/errors';
import { createOrder, type CreateOrderInput, type CreateOrderResult, type RawQuery } from './create-order';
import { createExpiryWorker, type ExpiryWorker } from './expiry-worker';
import { createPaymentMethodRegistry, type PaymentMethodRegistry } from './payment-methods';

declare module 'fastify' {
  interface FastifyInstance {
    /** Payment-method handlers by codeName (BankTransfer registered; PayPal registers itself). */
    paymentMethods: PaymentMethodRegistry;
    orders: {
      /** The one order-creation service (server/modules/orders/create-order.ts). */
      create(input: CreateOrderInput): Promise<CreateOrderResult>;
      /** Reminders and expiry of unpaid orders (started with the app when ORDER_WORKER is on). */
      expiryWorker: ExpiryWorker;
    };
  }
}

// Orders: the payment-method registry, the creation service and the expiry worker, which starts with the
// app (onReady) when ORDER_WORKER is on and stops with it (onClose) before the owner closes the database.
export default fp(
  async (fastify) => {
    const paymentMethods = createPaymentMethodRegistry();
    const log = fastify.log.child({ module: 'orders' });
    const expiryWorker = createExpiryWorker({
      db: fastify.db,
      config: fastify.config,
      log,
      onMail: () => fastify.mail.worker.wake(),
      onLoopPass: (outcome) => fastify.metrics.workerPassed(outcome),
    });
    fastify.metrics.trackWorker(expiryWorker.loop);
    fastify.decorate('paymentMethods', paymentMethods);
    // The order statement goes to the driver directly: a named prepared statement on PostgreSQL.
    const database = fastify.database;
    const query: RawQuery =
      database.kind === 'postgres'
        ? (name, text, values) => database.pool.query({ name, text, values })
        : (_name, text, values) => database.client.query(text, values) as Promise<{ rows: Record<string, unknown>[] }>;
    // Counted as soon as the order is committed (a payment handler failing afterwards does not undo it).
    const onCreated = (order: { methodCode: string }) => fastify.metrics.ordersCreated.inc({ method: order.methodCode });
    fastify.decorate('orders', {
      async create(input: CreateOrderInput) {
        let result: CreateOrderResult;
        try {
          result = await createOrder({ db: fastify.db, config: fastify.config, log, paymentMethods, databaseKind: database.kind, query, onCreated }, input);
        } catch (error) {
          // A business rule said no (NOT_ENOUGH_SHARES_AVAILABLE, ...): counted by code. Faults are not refusals.
          if (error instanceof ApiError && error.statusCode < 500) fastify.metrics.ordersRefused.inc({ code: error.errors[0]?.code ?? 'UNKNOWN' });
          throw error;
        }
        if (!result.replayed) fastify.mail.worker.wake();
        return result;
      },
      expiryWorker,
    });
    fastify.addHook('onReady', async () => {
      if (fastify.config.orderWorker) expiryWorker.start();
    });
    fastify.addHook('onClose', async () => {
      await expiryWorker.stop();
    });
  },
  { name: 'orders', dependencies: ['database', 'mail', 'metrics'] },
);
