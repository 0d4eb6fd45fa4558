import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../server/db/client';
import { rateLimitEvents } from '../../server/db/schema';
import { isDatabaseUnavailable } from '../../server/lib/database-errors';
import { backoffDelay, createPeriodicWorker } from '../../server/lib/periodic-worker';
import { TEST_DATABASE_URL, buildApp, openTestDatabase, testConfig } from './helpers';

// The pieces that keep a node alive when its database misbehaves (the whole node under faults:
// database-faults.test.ts): the error classification, the workers' shared loop, the pool's error listeners and
// the transaction wrapper that always gives its connection back.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Any promise rejection nobody handles, while a test runs. */
function watchUnhandled() {
  const seen: unknown[] = [];
  const listener = (reason: unknown) => seen.push(reason);
  process.on('unhandledRejection', listener);
  return { seen, stop: () => process.off('unhandledRejection', listener) };
}

describe('which failures mean "the database is away" (503) and which are bugs (500)', () => {
  const pgError = (code: string, severity = 'ERROR', message = 'x') => Object.assign(new Error(message), { code, severity });
  const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1\nparams: '), { cause });

  it.each([
    ['55000 when connecting (ALLOW_CONNECTIONS false)', pgError('55000', 'FATAL', 'database "x" is not currently accepting connections')],
    ['3D000 the database does not exist', pgError('3D000', 'FATAL')],
    ['28P01 password refused', pgError('28P01', 'FATAL')],
    ['57P01 backend terminated', pgError('57P01', 'FATAL')],
    ['57P02 crash shutdown', pgError('57P02', 'FATAL')],
    ['57P03 cannot connect now', pgError('57P03', 'FATAL')],
    ['08006 connection failure', pgError('08006')],
    ['53300 too many connections', pgError('53300', 'FATAL')],
    ['57014 statement timeout', pgError('57014')],
    ['ECONNREFUSED', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })],
    ['ECONNRESET', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    ['pg: Connection terminated unexpectedly', new Error('Connection terminated unexpectedly')],
    ['pg: connection timeout', new Error('timeout exceeded when trying to connect')],
    ['pg: query read timeout', new Error('Query read timeout')],
    ['PGlite closed', new Error('PGlite is closed')],
    ['PGlite closing', new Error('PGlite is closing')],
    ['IPv4 and IPv6 both refused', new AggregateError([Object.assign(new Error('a'), { code: 'ECONNREFUSED' })], '')],
  ])('%s → unavailable, also wrapped by drizzle', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true);
  });

  it.each([
    ['55000 as a statement error (currval before nextval)', pgError('55000', 'ERROR', 'currval of sequence "s" is not yet defined in this session')],
    ['23505 unique violation', pgError('23505')],
    ['40P01 deadlock', pgError('40P01')],
    ['22P02 invalid text', pgError('22P02')],
    ['a plain bug', new TypeError('x is undefined')],
  ])('%s → a bug', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(false);
  });
});

describe('the workers\' shared loop', () => {
  it('draws an exponential wait with jitter, capped', () => {
    const policy = { baseMs: 1000, maxMs: 60_000 };
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map((n) => backoffDelay(n, policy, () => 0.999_999))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000,
    ]);
    // the lower half is the jitter's floor
    expect([1, 2, 7].map((n) => backoffDelay(n, policy, () => 0))).toEqual([500, 1000, 30_000]);
  });

  it('catches a failing pass, logs it, backs off longer each time, and resumes by itself', async () => {
    const lines: { level: string; msg: string; fields: Record<string, unknown> }[] = [];
    const logger = Object.fromEntries(
      ['error', 'warn', 'info', 'debug', 'trace', 'fatal'].map((level) => [level, (fields: Record<string, unknown>, msg: string) => lines.push({ level, msg, fields })]),
    ) as unknown as FastifyBaseLogger;
    const unhandled = watchUnhandled();
    let calls = 0;
    const delays: number[] = [];
    const worker = createPeriodicWorker({
      name: 'test-worker',
      intervalMs: 5,
      backoff: { baseMs: 20, maxMs: 60 },
      random: () => 0.999_999,
      log: logger,
      pass: async () => {
        calls += 1;
        if (calls <= 4) throw Object.assign(new Error('database error'), { code: '57P01' });
      },
      onPass: () => {
        const next = worker.status().nextDelayMs;
        if (next !== null) delays.push(next);
      },
    });
    try {
      worker.start();
      for (let i = 0; i < 100 && calls < 6; i++) await sleep(20);
      await worker.stop();
      const status = worker.status();
      expect(calls).toBeGreaterThanOrEqual(6);
      expect(status.failures).toBe(4);
      expect(status.consecutiveFailures).toBe(0);
      expect(status.lastSuccessAt).not.toBeNull();
      // the waits after the failures: 20, 40, 60 (capped), 60 ms, then the interval again
      const failedLines = lines.filter((l) => /pass failed/.test(l.msg));
      expect(failedLines.map((l) => l.fields.retryInMs)).toEqual([20, 40, 60, 60]);
      expect(failedLines.map((l) => l.level)).toEqual(['error', 'warn', 'warn', 'warn']);
      expect(lines.some((l) => l.level === 'info' && /resumed/.test(l.msg) && l.fields.failures === 4)).toBe(true);
      expect(unhandled.seen).toEqual([]);
    } finally {
      unhandled.stop();
      await worker.stop();
    }
  });

  it('stops while a pass is in flight, and waits for it', async () => {
    let finished = false;
    const worker = createPeriodicWorker({
      name: 'slow',
      intervalMs: 1000,
      backoff: { baseMs: 10, maxMs: 10 },
      log: { error() {}, warn() {}, info() {} } as unknown as FastifyBaseLogger,
      pass: async () => {
        await sleep(100);
        finished = true;
      },
    });
    worker.start();
    await sleep(20);
    await worker.stop();
    expect(finished).toBe(true);
  });
});

describe('workers on a closed PGlite [pglite]', () => {
  it('fail, back off and keep the process up; the app still closes', async () => {
    const opened = await openTestDatabase('pglite');
    const unhandled = watchUnhandled();
    const app = await buildApp({
      config: testConfig({
        orderWorker: true,
        orderWorkerIntervalMs: 20,
        mailWorker: true,
        mailPollIntervalMs: 20,
        workerBackoff: { baseMs: 20, maxMs: 80 },
      }),
      database: opened.database,
    });
    try {
      await app.ready();
      await sleep(100);
      expect(app.orders.expiryWorker.loop.status().lastSuccessAt).not.toBeNull();
      await opened.close();
      await sleep(600);
      for (const loop of [app.orders.expiryWorker.loop, app.mail.worker.loop]) {
        const status = loop.status();
        expect(status.consecutiveFailures, loop.name).toBeGreaterThanOrEqual(3);
        expect(status.nextDelayMs, loop.name).toBeGreaterThanOrEqual(40);
      }
      expect(unhandled.seen).toEqual([]);
    } finally {
      await app.close();
      unhandled.stop();
    }
  });
});

describe.skipIf(!TEST_DATABASE_URL)('pooled connections that break [postgres]', () => {
  let opened: Awaited<ReturnType<typeof openTestDatabase>>;
  let database: Database;
  let admin: pg.Client;
  const lost: { code?: string; checkedOut: boolean }[] = [];
  let unhandled: ReturnType<typeof watchUnhandled>;

  beforeAll(async () => {
    opened = await openTestDatabase('postgres', { seed: false });
    database = await createDatabase({ databaseUrl: opened.url, dataDir: 'memory://', poolSize: 2, dbTimeouts: { connectMs: 2000 } });
    database.events.onConnectionError((error, info) => lost.push({ code: (error as { code?: string }).code, checkedOut: info.checkedOut }));
    admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await database?.close();
    await opened?.close();
  });
  beforeEach(() => {
    unhandled = watchUnhandled();
  });
  afterEach(() => unhandled.stop());

  it('a transaction whose backend is terminated mid-way fails as "unavailable", writes nothing, and the process carries on', async () => {
    const key = `mid-way-${Date.now()}`;
    const attempt = database.db.transaction(async (tx) => {
      await tx.insert(rateLimitEvents).values({ action: 'test', scope: 'ip', key });
      const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] };
      // Terminated while the client is checked out and idle in the transaction: node-postgres emits 'error' on a
      // client nobody listens to (before: an uncaught exception, the process exited).
      await admin.query('select pg_terminate_backend($1)', [rows[0].pid]);
      await sleep(200);
      await tx.insert(rateLimitEvents).values({ action: 'test', scope: 'ip', key });
    });
    const error = await attempt.then(() => null, (e: unknown) => e);
    expect(error).not.toBeNull();
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(lost.some((l) => l.checkedOut && l.code === '57P01')).toBe(true);
    const rows = await database.db.select().from(rateLimitEvents).where(sql`${rateLimitEvents.key} = ${key}`);
    expect(rows).toEqual([]);
    expect(unhandled.seen).toEqual([]);
  });

  it('idle pooled connections terminated all at once are reported and replaced', async () => {
    await Promise.all([database.db.execute(sql`select pg_sleep(0.05)`), database.db.execute(sql`select pg_sleep(0.05)`)]);
    const before = lost.length;
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [new URL(opened.url!).pathname.slice(1)]);
    await sleep(200);
    expect(lost.slice(before).some((l) => !l.checkedOut)).toBe(true);
    const { rows } = (await database.db.execute(sql`select 1 as one`)) as unknown as { rows: { one: number }[] };
    expect(rows[0].one).toBe(1);
    expect(unhandled.seen).toEqual([]);
  });

  it('gives the connection back when BEGIN itself fails (drizzle kept it; the pool then ran dry for good)', async () => {
    // An isolation level PostgreSQL does not know makes BEGIN fail, deterministically, like a backend terminated
    // just before it. Three failures with a pool of two: without the release every later query waits forever.
    for (let i = 0; i < 3; i++) {
      const failed = await database.db
        .transaction(async () => undefined, { isolationLevel: 'no such level' as 'serializable' })
        .then(() => false, () => true);
      expect(failed).toBe(true);
    }
    const { rows } = (await database.db.execute(sql`select 2 as two`)) as unknown as { rows: { two: number }[] };
    expect(rows[0].two).toBe(2);
    const done = await database.db.transaction(async (tx) => (await tx.execute(sql`select 3 as three`)) as unknown as { rows: { three: number }[] });
    expect(done.rows[0].three).toBe(3);
    const pool = database.kind === 'postgres' ? database.pool : undefined;
    expect(pool!.totalCount - pool!.idleCount).toBe(0);
  });
});
