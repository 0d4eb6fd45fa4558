import fp from 'fastify-plugin';
import { createMailTransport, type MailTransport } from './transport';
import { createMailWorker, type MailWorker } from './worker';

declare module 'fastify' {
  interface FastifyInstance {
    mail: { transport: MailTransport; worker: MailWorker };
  }
}

// The outbox sender: starts with the app (onReady) when MAIL_WORKER is on, and stops with it (onClose),
// waiting for a send in flight, before the owner closes the database.
export default fp(
  async (fastify) => {
    const transport = createMailTransport(fastify.config, fastify.log.child({ module: 'mail' }));
    const worker = createMailWorker({
      db: fastify.db,
      config: fastify.config,
      log: fastify.log.child({ module: 'mail' }),
      transport,
      onLoopPass: (outcome) => fastify.metrics.workerPassed(outcome),
    });
    fastify.metrics.trackWorker(worker.loop);
    fastify.decorate('mail', { transport, worker });
    fastify.addHook('onReady', async () => {
      if (fastify.config.mailWorker) worker.start();
    });
    fastify.addHook('onClose', async () => {
      await worker.stop();
    });
  },
  { name: 'mail', dependencies: ['database', 'metrics'] },
);
