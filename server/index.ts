import { setTimeout as sleep } from 'node:timers/promises';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig, loadDotEnv } from './config';
import { createDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { seedDemo } from './db/seed';

// `npm run serve`: config, database, migrations, demo seed, then listen.
//
// Shutdown (docs/deploy.md "Shutdown"), on SIGTERM: the node turns not-ready at once (GET /api/ready answers
// 503 NODE_DRAINING) and keeps answering for SHUTDOWN_DRAIN_MS, each answer closing its connection, while the
// load balancer's checks take it out; then it stops listening, closes its idle connections, finishes the
// requests in flight and the workers' passes in flight, closes the database and exits 0. SIGINT (Ctrl-C in a
// terminal, no balancer to tell) skips the wait. Whatever is not finished SHUTDOWN_GRACE_MS after the signal
// is cut (exit 1); a second signal exits at once (close-with-grace).
async function main() {
  loadDotEnv();
  const config = loadConfig();
  // PostgreSQL may still be starting (containers, a restart): DB_START_RETRIES attempts with backoff, then give up.
  const database = await createDatabase({
    ...config,
    onStartRetry: ({ attempt, retries, delayMs, code }) =>
      console.warn(`database not reachable (${code}); retry ${attempt} of ${retries} in ${delayMs} ms`),
  });
  await migrateDatabase(database);
  if (config.seedDemo) await seedDemo(database.db);

  const app = await buildApp({ config, database });

  closeWithGrace(
    {
      delay: config.shutdown.graceMs,
      logger: { error: (message: unknown) => app.log.error(String(message)) },
    },
    async ({ signal, err }) => {
      app.lifecycle.startDraining();
      if (err) app.log.error({ err }, 'closing after an error');
      const drainMs = signal === 'SIGTERM' ? config.shutdown.drainMs : 0;
      if (!err) app.log.info({ signal, drainMs, graceMs: config.shutdown.graceMs }, 'shutting down: not ready, draining');
      if (drainMs) await sleep(drainMs);
      // Stops listening and closes idle connections, waits for the requests in flight, then the onClose hooks
      // stop the workers (each awaits its pass in flight); only then does the database close.
      await app.close();
      await database.close();
      app.log.info({ signal }, 'closed');
    },
  );

  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  // The port it got (PORT=0 asks the system for a free one).
  const address = app.server.address();
  const port = address && typeof address === 'object' ? address.port : config.port;
  const where = database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL';
  app.log.info(`Estate Shares listening on http://${shownHost}:${port} (${where})`);
  // Quieter log levels would hide where the server is: say it plainly.
  if (!['info', 'debug', 'trace'].includes(config.logLevel)) console.log(`Listening on http://${shownHost}:${port} (${where})`);
  // The address to open, plainly, whatever the log level: PUBLIC_URL, else this machine's (then the links a
  // request makes, PayPal's return and e-mails, follow the origin it was opened on).
  const open = config.publicUrlFromRequest ? `http://${shownHost}:${port}/` : `${config.publicUrl}/`;
  console.log(`Open ${open} in a browser`);
}

main().catch((error) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
