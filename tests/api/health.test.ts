import { createServer, type Server, type Socket } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { siteSettings } from '../../server/db/schema';
import { drizzle } from 'drizzle-orm/node-postgres';
import { createDatabase, type Database } from '../../server/db/client';
import { TEST_DATABASE_URL, buildApp, databaseKinds, describeEachDatabase, expectData, expectError, openTestDatabase, testConfig } from './helpers';

// GET /api/health (liveness) and GET /api/ready (readiness) as a load balancer uses them: public, never
// cached, answered during maintenance, not limited; ready fails with its reason when the node drains, the
// migrations are behind the code, or the database does not answer in time, and recovers by itself.

describeEachDatabase('health and readiness', {}, (t) => {
  it('GET /api/health answers 200 without a token, never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(expectData(res)).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('GET /api/ready answers 200 with the database time when the database answers and migrations are current', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    const data = expectData(res);
    expect(data.status).toBe('ready');
    expect(data.databaseMs).toBeGreaterThanOrEqual(0);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers during maintenance, when the rest of the public API answers 503 MAINTENANCE', async () => {
    await t.database.db.update(siteSettings).set({ maintenanceMode: true }).where(eq(siteSettings.id, 1));
    t.app.siteState.invalidate();
    try {
      expectError(await t.app.inject({ method: 'GET', url: '/api/offers' }), 503, [{ code: 'MAINTENANCE' }]);
      expectData(await t.app.inject({ method: 'GET', url: '/api/ready' }));
      expectData(await t.app.inject({ method: 'GET', url: '/api/health' }));
    } finally {
      await t.database.db.update(siteSettings).set({ maintenanceMode: false }).where(eq(siteSettings.id, 1));
      t.app.siteState.invalidate();
    }
  });

  it('is not rate-limited: 300 probes in a row from one address all answer 200', async () => {
    const statuses = new Set<number>();
    for (let i = 0; i < 300; i++) statuses.add((await t.app.inject({ method: 'GET', url: i % 2 ? '/api/ready' : '/api/health' })).statusCode);
    expect([...statuses]).toEqual([200]);
  });

  it('answers 503 MIGRATIONS_PENDING when the database lacks the newest migration, and 200 once it is back', async () => {
    const db = t.database.db;
    const rows = (await db.execute(sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`)) as unknown as {
      rows: { id: number; hash: string; created_at: string | number }[];
    };
    const newest = rows.rows[0];
    await db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest.id}`);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/ready', headers: { 'accept-language': 'en' } });
      expectError(res, 503, [{ code: 'MIGRATIONS_PENDING', context: '' }]);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json().errors[0].message).toBe('The database is not yet at this version of the server');
    } finally {
      await db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest.id}, ${newest.hash}, ${newest.created_at})`);
    }
    expectData(await t.app.inject({ method: 'GET', url: '/api/ready' }));
  });

  it('answers 503 NODE_DRAINING at once once the node drains, while /api/health still answers 200', async () => {
    const other = await t.buildAnotherApp();
    expectData(await other.inject({ method: 'GET', url: '/api/ready' }));
    other.lifecycle.startDraining();
    expect(other.lifecycle.draining).toBe(true);
    const res = await other.inject({ method: 'GET', url: '/api/ready' });
    expectError(res, 503, [{ code: 'NODE_DRAINING', context: '' }]);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['retry-after']).toBeUndefined();
    expectData(await other.inject({ method: 'GET', url: '/api/health' }));
    // the draining node still serves what reaches it (the balancer needs a moment to notice)
    expectData(await other.inject({ method: 'GET', url: '/api/offers' }));
    // the other node is not concerned
    expectData(await t.app.inject({ method: 'GET', url: '/api/ready' }));
  });
});

/** A TCP server that accepts connections and never answers: a database host gone silent. */
async function silentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

for (const kind of databaseKinds) {
  describe(`readiness without a database [${kind}]`, () => {
    const cleanups: (() => Promise<void>)[] = [];
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    });

    it('answers 503 DATABASE_UNAVAILABLE with Retry-After when the database refuses, and 200 again once it is back', async () => {
      const opened = await openTestDatabase(kind);
      cleanups.push(() => opened.close());
      const config = testConfig({ readyTimeoutMs: 1500 });
      let database = opened.database;
      if (kind === 'postgres') {
        // A pool of its own, so the test can take its database away and give it back.
        database = await createDatabase({ databaseUrl: opened.url, dataDir: 'memory://', poolSize: 2 });
        const own = database;
        cleanups.push(() => own.close());
      }
      const app = await buildApp({ config, database });
      cleanups.push(() => app.close());
      expectData(await app.inject({ method: 'GET', url: '/api/ready' }));

      if (kind === 'postgres') {
        const name = new URL(opened.url!).pathname.slice(1);
        const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
        await admin.connect();
        try {
          await admin.query(`alter database "${name}" allow_connections false`);
          await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
          const started = Date.now();
          const res = await app.inject({ method: 'GET', url: '/api/ready' });
          expectError(res, 503, [{ code: 'DATABASE_UNAVAILABLE', context: '' }]);
          expect(res.headers['retry-after']).toBe('5');
          expect(res.headers['cache-control']).toBe('no-store');
          expect(Date.now() - started).toBeLessThan(1500 + 1000);
          expectData(await app.inject({ method: 'GET', url: '/api/health' }));
        } finally {
          await admin.query(`alter database "${name}" allow_connections true`);
          await admin.end();
        }
        expectData(await app.inject({ method: 'GET', url: '/api/ready' }));
      } else {
        // The embedded database closed under the node (its process cannot lose it otherwise).
        await opened.database.close();
        const res = await app.inject({ method: 'GET', url: '/api/ready' });
        expectError(res, 503, [{ code: 'DATABASE_UNAVAILABLE', context: '' }]);
        expect(res.headers['retry-after']).toBe('5');
        expectData(await app.inject({ method: 'GET', url: '/api/health' }));
      }
    });

  });
}

describe('readiness against a silent database host', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  });

  it('answers 503 DATABASE_UNAVAILABLE within READY_TIMEOUT_MS, and concurrent probes share one query', async () => {
    const silent = await silentServer();
    cleanups.push(() => silent.close());
    const opened = await openTestDatabase('pglite');
    cleanups.push(() => opened.close());
    // The app starts on a working database; then its queries go to a host that accepts and never answers.
    const database = { ...opened.database } as Database;
    const app = await buildApp({ config: testConfig({ readyTimeoutMs: 400 }), database });
    cleanups.push(() => app.close());
    await app.ready();
    expectData(await app.inject({ method: 'GET', url: '/api/ready' }));
    const silentPool = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${silent.port}/none`, connectionTimeoutMillis: 10_000 });
    silentPool.on('error', () => {});
    cleanups.push(() => silentPool.end().catch(() => {}));
    database.db = drizzle(silentPool) as unknown as Database['db'];

    const started = Date.now();
    const answers = await Promise.all([app.inject({ method: 'GET', url: '/api/ready' }), app.inject({ method: 'GET', url: '/api/ready' })]);
    const elapsed = Date.now() - started;
    for (const res of answers) {
      expectError(res, 503, [{ code: 'DATABASE_UNAVAILABLE', context: '' }]);
      expect(res.headers['retry-after']).toBe('5');
    }
    expect(elapsed).toBeGreaterThanOrEqual(350);
    expect(elapsed).toBeLessThan(2000);
    // one connection attempt reached the silent host for both probes
    expect(silentPool.totalCount).toBe(1);
    expectData(await app.inject({ method: 'GET', url: '/api/health' }));
  });
});
