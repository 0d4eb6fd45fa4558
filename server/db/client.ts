import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The query builder shared by both drivers; repositories only see this. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database =
  | { kind: 'pglite'; db: Db; client: PGlite; close(): Promise<void> }
  | { kind: 'postgres'; db: Db; pool: pg.Pool; close(): Promise<void> };

export interface DatabaseOptions {
  /** postgres:// URL; undefined opens the embedded PGlite database in `dataDir`. */
  databaseUrl?: string;
  /** PGlite data folder, or `memory://` for an in-memory database. */
  dataDir: string;
  /** Connections per node-postgres pool. */
  poolSize?: number;
  /** PGlite only: start from a data folder dumped with `dumpDataDir()` (tests use a migrated, seeded template). */
  pgliteSnapshot?: Blob;
}

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle client that loses its connection emits 'error'; without a listener that would crash the process.
    pool.on('error', () => {});
    await pool.query('select 1');
    const db = drizzlePostgres(pool, { schema }) as unknown as Db;
    return { kind: 'postgres', db, pool, close: () => pool.end() };
  }

  const inMemory = options.dataDir.startsWith('memory://');
  // PGlite does not create parent folders.
  if (!inMemory) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create(inMemory ? undefined : options.dataDir, {
    ...(options.pgliteSnapshot ? { loadDataDir: options.pgliteSnapshot } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    client,
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}
