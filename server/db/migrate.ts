import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Database } from './client';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

// Any fixed 64-bit number that no other feature uses for pg_advisory_lock.
const MIGRATION_LOCK_KEY = 724_311_901;

/**
 * Applies the committed migrations. On PostgreSQL several nodes may start at once: the first one takes
 * a session-level advisory lock and migrates, the others wait for it and then find nothing left to do.
 */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  // A connection of its own without the pool's query/statement timeouts: a long migration, or waiting for
  // another node's lock, must not be cut off.
  const client = new pg.Client({ ...database.pool.options, query_timeout: undefined, statement_timeout: undefined });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePostgres(drizzlePostgres(client), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}
