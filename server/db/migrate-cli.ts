import { loadConfig, loadDotEnv } from '../config';
import { createDatabase } from './client';
import { migrateDatabase } from './migrate';

// `npm run db:migrate`: apply migrations to DATABASE_URL (or the PGlite database in DATA_DIR) and exit.
loadDotEnv();
const config = loadConfig();
const database = await createDatabase(config);
try {
  await migrateDatabase(database);
  console.log(`Migrations applied (${database.kind}).`);
} finally {
  await database.close();
}
