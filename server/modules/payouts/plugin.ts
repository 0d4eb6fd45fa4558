import fp from 'fastify-plugin';
import { createCloseWorker, type CloseWorker } from './close-worker';

declare module 'fastify' {
  interface FastifyInstance {
    payouts: {
      /** Closes offers whose investment window has ended (started with the app when OFFER_CLOSE_WORKER is on). */
      closeWorker: CloseWorker;
    };
  }
}

// Payouts: the offer close worker, started with the app (onReady) when OFFER_CLOSE_WORKER is on and stopped
// with it (onClose) before the owner closes the database. Registered after PayPal: a not-funded close
// refunds PayPal payments through its client.
export default fp(
  async (fastify) => {
    const closeWorker = createCloseWorker({
      db: fastify.db,
      config: fastify.config,
      log: fastify.log.child({ module: 'payouts' }),
      paypal: () => fastify.paypal?.client,
      onMail: () => fastify.mail.worker.wake(),
      onLoopPass: (outcome) => fastify.metrics.workerPassed(outcome),
    });
    fastify.metrics.trackWorker(closeWorker.loop);
    fastify.decorate('payouts', { closeWorker });
    fastify.addHook('onReady', async () => {
      if (fastify.config.offerCloseWorker) closeWorker.start();
    });
    fastify.addHook('onClose', async () => {
      await closeWorker.stop();
    });
  },
  { name: 'payouts', dependencies: ['database', 'mail', 'metrics', 'paypal'] },
);
