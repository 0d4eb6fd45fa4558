import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig, loadDotEnv } from './config';
import { createDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { seedDemo } from './db/seed';

// `npm run serve`: config, database, migrations, demo seed, then listen. Stops gracefully on SIGINT/SIGTERM.
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

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.info({ signal }, 'closing');
    // Stops accepting connections, lets in-flight requests finish, then the database closes.
    await app.close();
    await database.close();
  });

  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const where = database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL';
  app.log.info(`Estate Shares listening on http://${shownHost}:${config.port} (${where})`);
  // Quieter log levels would hide where the server is: say it plainly.
  if (!['info', 'debug', 'trace'].includes(config.logLevel)) console.log(`Listening on http://${shownHost}:${config.port} (${where})`);
}

main().catch((error) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
