// The server side of scripts/bench-api.ts: a bare Fastify instance and the app, each on a free port, in one child
// process (so the load generator does not share its event loop). Prints `BENCH_READY {"bare":…,"app":…}`.
import Fastify from 'fastify';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { createDatabase } from '../server/db/client';
import { migrateDatabase } from '../server/db/migrate';
import { seedDemo } from '../server/db/seed';

const bare = Fastify();
bare.get('/', async () => ({ hello: 'world' }));
// The CPU time this process has used so far (user + system, µs): the load generator reads it around each run, so the
// CPU cost per request is known even when other work on the machine makes req/s noisy.
bare.get('/__cpu', async () => {
  const { user, system } = process.cpuUsage();
  return { micros: user + system };
});
await bare.listen({ port: 0, host: '127.0.0.1' });

const config = loadConfig({
  ...process.env,
  DATABASE_URL: process.env.DATABASE_URL || undefined,
  LOG_LEVEL: 'silent',
  // scripts/bench-api.ts passes SERVE_SPA=true and SPA_DIR (a copy of the build) to measure the pages' HTML.
  SERVE_SPA: process.env.SERVE_SPA === 'true' ? 'true' : 'false',
  MAIL_WORKER: 'false',
  ORDER_WORKER: 'false',
  NODE_ENV: 'production',
});
const database = await createDatabase(config);
await migrateDatabase(database);
await seedDemo(database.db);
const app = await buildApp({ config, database });
await app.listen({ port: 0, host: '127.0.0.1' });

const port = (server: { server: { address(): unknown } }) => (server.server.address() as { port: number }).port;
console.log(`BENCH_READY ${JSON.stringify({ bare: port(bare), app: port(app) })}`);

process.on('SIGTERM', async () => {
  await app.close();
  await bare.close();
  await database.close();
  process.exit(0);
});
