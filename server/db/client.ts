import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { NodePgSession, drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { TablesRelationalConfig } from 'drizzle-orm';
import pg from 'pg';
import { isDatabaseUnavailable } from '../lib/database-errors';
import { transactionScope } from './after-commit';
import * as schema from './schema';

export type Schema = typeof schema;
/** The query builder shared by both drivers; repositories only see this. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle, as `db.transaction` passes it to its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/**
 * What data-access functions take first: the database or a caller's transaction, so a caller can run several of
 * them in one transaction (docs/architecture.md "Server layout").
 */
export type Executor = Db | Tx;

export type Database =
  | { kind: 'pglite'; db: Db; client: PGlite; events: DatabaseEvents; close(): Promise<void> }
  | { kind: 'postgres'; db: Db; pool: pg.Pool; events: DatabaseEvents; close(): Promise<void> };

export interface ConnectionErrorInfo {
  /** true: the connection was in use (a query or a transaction held it); false: it was idle in the pool. */
  checkedOut: boolean;
}

/** What the database tells the app that owns a logger and metrics (server/plugins/app/database.ts subscribes). */
export interface DatabaseEvents {
  /**
   * A pooled PostgreSQL connection failed (its backend was terminated, the server restarted, the network broke).
   * The failure is already handled: the connection leaves the pool and the query or transaction using it fails
   * with an error the API answers as 503. Listeners log and count it. Returns the unsubscribe function.
   */
  onConnectionError(listener: (error: Error, info: ConnectionErrorInfo) => void): () => void;
  /** How long each query or transaction waited for a pooled connection (seconds), and whether it got one. */
  onAcquire(listener: (seconds: number, ok: boolean) => void): () => void;
}

function createEvents() {
  const errorListeners = new Set<(error: Error, info: ConnectionErrorInfo) => void>();
  const acquireListeners = new Set<(seconds: number, ok: boolean) => void>();
  const events: DatabaseEvents = {
    onConnectionError(listener) {
      errorListeners.add(listener);
      return () => errorListeners.delete(listener);
    },
    onAcquire(listener) {
      acquireListeners.add(listener);
      return () => acquireListeners.delete(listener);
    },
  };
  // A listener that throws must not turn a handled failure into a crash.
  const connectionError = (error: Error, info: ConnectionErrorInfo) => {
    for (const listener of errorListeners) {
      try {
        listener(error, info);
      } catch {
        // ignored: see above
      }
    }
  };
  const acquired = (seconds: number, ok: boolean) => {
    for (const listener of acquireListeners) {
      try {
        listener(seconds, ok);
      } catch {
        // ignored
      }
    }
  };
  return { events, connectionError, acquired };
}

/**
 * node-postgres emits `error` on a client whose connection breaks, and an EventEmitter's `error` without a
 * listener is thrown: the process exits. The pool listens on IDLE clients only (then emits `error` itself); a
 * client checked out for a transaction has no listener at all. So every client gets a listener of its own from
 * the moment it connects, for its whole life, and the pool one too: a terminated backend (SQLSTATE 57P01,
 * "Connection terminated unexpectedly") fails the statement that used it, never the process.
 */
function guardPool(pool: pg.Pool, connectionError: (error: Error, info: ConnectionErrorInfo) => void, acquired: (seconds: number, ok: boolean) => void) {
  const checkedOut = new WeakSet<pg.PoolClient>();
  pool.on('error', (error) => connectionError(error, { checkedOut: false }));
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      // An idle client's failure is reported by the pool's own 'error' above.
      if (checkedOut.has(client)) connectionError(error, { checkedOut: true });
    });
  });
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_error, client) => checkedOut.delete(client));
  pool.on('remove', (client) => checkedOut.delete(client));

  // The wait for a pooled connection (pool.query and drizzle's transactions both go through connect()).
  const connect = pool.connect.bind(pool) as (callback?: (...args: unknown[]) => void) => unknown;
  (pool as unknown as { connect: typeof connect }).connect = (callback) => {
    const started = performance.now();
    const waited = () => (performance.now() - started) / 1000;
    if (typeof callback === 'function') {
      return connect((error: unknown, ...rest: unknown[]) => {
        acquired(waited(), !error);
        callback(error, ...rest);
      });
    }
    return (connect() as Promise<pg.PoolClient>).then(
      (client) => {
        acquired(waited(), true);
        return client;
      },
      (error: unknown) => {
        acquired(waited(), false);
        throw error;
      },
    );
  };
}

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

/** What the transaction wrapper below reads of drizzle's session (private in its types, public at run time). */
interface SessionInternals {
  dialect: ConstructorParameters<typeof NodePgSession>[1];
  schema: ConstructorParameters<typeof NodePgSession>[2];
  options: ConstructorParameters<typeof NodePgSession>[3];
  transaction: NodePgSession<Record<string, unknown>, TablesRelationalConfig>['transaction'];
}

/**
 * drizzle-orm's node-postgres `transaction` sends BEGIN before its try/finally: when BEGIN fails (the backend was
 * just terminated, the database refuses) the pooled client is never released. After `poolSize` such failures the
 * pool is empty for good and every request waits for a connection and fails (503) until the process restarts.
 * So a transaction runs on a client checked out here and ALWAYS released, with the error when the connection is
 * broken or its state unknown (a client-side timeout), so that the pool drops it instead of lending it again.
 * drizzle runs BEGIN/COMMIT/ROLLBACK and savepoints on that client as before (a session on a client, not a pool,
 * does not release it). Each runs in an after-commit scope (db/after-commit.ts).
 */
function releaseEveryTransactionClient(db: Db, pool: pg.Pool) {
  const session = (db as unknown as { session: SessionInternals }).session;
  session.transaction = (transaction, config) =>
    transactionScope(async () => {
      const client = await pool.connect();
      let failure: unknown;
      try {
        const own = new NodePgSession(client, session.dialect, session.schema, session.options);
        return await own.transaction(transaction, config);
      } catch (error) {
        failure = error;
        throw error;
      } finally {
        client.release(failure !== undefined && isDatabaseUnavailable(failure) ? (failure as Error) : undefined);
      }
    });
}

/** PGlite: every transaction in an after-commit scope too (db/after-commit.ts). */
function scopeTransactions(db: Db) {
  const session = (db as unknown as { session: { transaction: (...args: unknown[]) => Promise<unknown> } }).session;
  const transaction = session.transaction.bind(session);
  session.transaction = (...args: unknown[]) => transactionScope(() => transaction(...args));
}

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
    const { events, connectionError, acquired } = createEvents();
    guardPool(pool, connectionError, acquired);
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
    releaseEveryTransactionClient(db, pool);
    return { kind: 'postgres', db, pool, events, close: () => pool.end() };
  }

  const inMemory = options.dataDir.startsWith('memory://');
  // PGlite does not create parent folders.
  if (!inMemory) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create(inMemory ? undefined : options.dataDir, {
    ...(options.pgliteSnapshot ? { loadDataDir: options.pgliteSnapshot } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  scopeTransactions(db);
  return {
    kind: 'pglite',
    db,
    client,
    // PGlite runs in this process: no connection to lose, no pool to wait for.
    events: createEvents().events,
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}
