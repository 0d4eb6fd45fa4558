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
  /** PostgreSQL: connect (and pool wait), client-side query and server-side statement timeouts, ms (DB_*_TIMEOUT_MS). */
  dbTimeouts?: Partial<DatabaseTimeouts>;
  /** PostgreSQL: attempts to reach the server at start after the first one, with backoff (DB_START_RETRIES; default 0). */
  dbStartRetries?: number;
  /** Told about each failed start attempt (the server logs it). */
  onStartRetry?: (info: { attempt: number; retries: number; delayMs: number; code: string }) => void;
}

export interface DatabaseTimeouts {
  connectMs: number;
  queryMs: number;
  statementMs: number;
}

export const DEFAULT_DB_TIMEOUTS: DatabaseTimeouts = { connectMs: 5000, queryMs: 20_000, statementMs: 15_000 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Backoff before start retry n (1-based): 0.5 s, 1 s, 2 s, 4 s, 8 s, then 10 s. */
export const startRetryDelay = (attempt: number) => Math.min(10_000, 500 * 2 ** (attempt - 1));

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const timeouts = { ...DEFAULT_DB_TIMEOUTS, ...options.dbTimeouts };
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // Nothing waits forever on an unreachable database: a connection (or a free pool slot) within connectMs,
      // an answer within queryMs (client side, also catches a silent network), and PostgreSQL itself cancels a
      // statement after statementMs. Such failures answer 503 DATABASE_UNAVAILABLE (lib/database-errors.ts).
      connectionTimeoutMillis: timeouts.connectMs,
      query_timeout: timeouts.queryMs,
      statement_timeout: timeouts.statementMs,
      keepAlive: true,
    });
    // An idle client that loses its connection emits 'error'; without a listener that would crash the process.
    pool.on('error', () => {});
    const retries = options.dbStartRetries ?? 0;
    for (let attempt = 1; ; attempt++) {
      try {
        await pool.query('select 1');
        break;
      } catch (error) {
        if (attempt > retries) {
          await pool.end().catch(() => {});
          throw error;
        }
        const delayMs = startRetryDelay(attempt);
        const code = String((error as { code?: string }).code ?? (error as Error).message ?? 'error').slice(0, 80);
        options.onStartRetry?.({ attempt, retries, delayMs, code });
        await sleep(delayMs);
      }
    }
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
