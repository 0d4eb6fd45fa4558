import { loadConfig } from '../config.js';
import { createDatabase } from './client.js';
import { migrateDatabase } from './migrate.js';

// `npm run db:migrate`: apply migrations to DATABASE_URL (or the PGlite database in DATA_DIR) and exit.
const config = loadConfig();
const database = await createDatabase(config);
try {
  await migrateDatabase(database);
  console.log(`Migrations applied (${database.kind}).`);
} finally {
  await database.close();
}
