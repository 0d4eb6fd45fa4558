import { buildApp } from './app';
import { loadConfig } from './config';
import { createDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { serializeOpenapi } from './plugins/api/openapi';

// The OpenAPI document as docs/openapi.json holds it: the app is built (on a throwaway, migrated in-memory
// database: some plugins read it when the app starts) and asked for /api/openapi.json. The routes do not depend on configuration, so a fixed
// test-like configuration gives the same document on every machine.
export async function generateOpenapi(): Promise<string> {
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: 'memory://', SERVE_SPA: 'false', NODE_ENV: 'test' });
  const database = await createDatabase({ dataDir: 'memory://' });
  try {
    await migrateDatabase(database);
    const app = await buildApp({ config, database });
    try {
      await app.ready();
      const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
      if (res.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${res.statusCode}: ${res.body.slice(0, 500)}`);
      return serializeOpenapi(res.json());
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}
