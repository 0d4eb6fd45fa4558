import { createServer, connect, type Server, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../server/db/client';
import { CLIENT, DEMO, TEST_DATABASE_URL, buildApp, expectData, expectError, openTestDatabase, testConfig, type TokenPair } from './helpers';

// With the database unreachable, requests hung (no connect, query or statement timeout)
// and a failing database at start aborted at once. Now: timeouts, a bounded retry with backoff at start, and
// 503 DATABASE_UNAVAILABLE (with Retry-After) while the database is down, then recovery by itself.

/** A TCP proxy in front of PostgreSQL that can go silent: connections are held open and nothing passes. */
async function startProxy(target: URL) {
  let up = true;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    sockets.add(client);
    client.on('error', () => {});
    client.on('close', () => sockets.delete(client));
    if (!up) return; // a black hole: accepted, never answered
    const upstream = connect(Number(target.port || 5432), target.hostname);
    sockets.add(upstream);
    upstream.on('error', () => client.destroy());
    upstream.on('close', () => {
      sockets.delete(upstream);
      client.destroy();
    });
    client.on('close', () => upstream.destroy());
    client.on('data', (chunk) => up && upstream.write(chunk));
    upstream.on('data', (chunk) => up && client.write(chunk));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    urlFor(databaseUrl: string) {
      const url = new URL(databaseUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    /** Silence: new and existing connections stay open and get no answer. */
    down() {
      up = false;
    },
    /** Back: the connections that lost bytes are cut (their protocol state is broken), new ones pass. */
    up() {
      up = true;
      for (const socket of sockets) socket.destroy();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const login = async (app: FastifyInstance): Promise<TokenPair> => {
  const res = await app.inject({ method: 'POST', url: '/api/token', payload: { grantType: 'password', ...DEMO.investor, ...CLIENT } });
  return expectData<TokenPair>(res);
};

const timeouts = { connectMs: 800, queryMs: 1500, statementMs: 1000 };

describe.skipIf(!TEST_DATABASE_URL)('database down [postgres]', () => {
  let opened: Awaited<ReturnType<typeof openTestDatabase>>;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    opened = await openTestDatabase('postgres');
    proxy = await startProxy(new URL(opened.url!));
    database = await createDatabase({ databaseUrl: proxy.urlFor(opened.url!), dataDir: 'memory://', poolSize: 3, dbTimeouts: timeouts });
    app = await buildApp({ config: testConfig(), database });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.close().catch(() => {});
    await proxy?.close();
    await opened?.close();
  });

  it('answers 503 DATABASE_UNAVAILABLE within the timeouts while the database is silent, then recovers', async () => {
    const tokens = await login(app);
    expectData(await app.inject({ method: 'GET', url: '/api/investor', headers: { authorization: `Bearer ${tokens.accessToken}` } }));

    proxy.down();
    const started = Date.now();
    const results = await Promise.all([
      app.inject({ method: 'GET', url: '/api/investor', headers: { authorization: `Bearer ${tokens.accessToken}`, 'accept-language': 'en' } }),
      app.inject({ method: 'POST', url: '/api/token', payload: { grantType: 'password', ...DEMO.investor, ...CLIENT } }),
      app.inject({ method: 'POST', url: '/api/token', payload: { grantType: 'refresh_token', refreshToken: tokens.refreshToken } }),
    ]);
    const elapsed = Date.now() - started;
    expect(elapsed).toBeLessThan(timeouts.queryMs + timeouts.connectMs + 3000);
    for (const res of results) {
      const [error] = expectError(res, 503, [{ code: 'DATABASE_UNAVAILABLE', context: '' }]);
      expect(res.headers['retry-after']).toBe('5');
      expect(error.message).toMatch(/\S/);
    }
    expect(results[0].json().errors[0].message).toBe('The service is temporarily unavailable. Please try again in a moment');

    proxy.up();
    let status = 0;
    for (let i = 0; i < 10 && status !== 200; i++) {
      const res = await app.inject({ method: 'GET', url: '/api/investor', headers: { authorization: `Bearer ${tokens.accessToken}` } });
      status = res.statusCode;
      if (status !== 200) {
        expectError(res, 503, [{ code: 'DATABASE_UNAVAILABLE', context: '' }]);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    expect(status).toBe(200);
  }, 30_000);

  it('retries at start with backoff until the database answers, and gives up after DB_START_RETRIES', async () => {
    proxy.down();
    const tries: number[] = [];
    const failing = createDatabase({
      databaseUrl: proxy.urlFor(opened.url!),
      dataDir: 'memory://',
      dbTimeouts: { connectMs: 300 },
      dbStartRetries: 1,
      onStartRetry: ({ attempt }) => tries.push(attempt),
    });
    await expect(failing).rejects.toThrow();
    expect(tries).toEqual([1]);

    tries.length = 0;
    const recovering = createDatabase({
      databaseUrl: proxy.urlFor(opened.url!),
      dataDir: 'memory://',
      dbTimeouts: { connectMs: 300 },
      dbStartRetries: 5,
      onStartRetry: ({ attempt }) => {
        tries.push(attempt);
        if (attempt === 2) proxy.up();
      },
    });
    const db = await recovering;
    try {
      expect(tries).toEqual([1, 2]);
      expect(db.kind).toBe('postgres');
    } finally {
      await db.close();
    }
  }, 30_000);
});

describe('database gone [pglite]', () => {
  it('answers 503 DATABASE_UNAVAILABLE, not 500, when the embedded database is closed', async () => {
    const opened = await openTestDatabase('pglite');
    const app = await buildApp({ config: testConfig(), database: opened.database });
    try {
      const tokens = await login(app);
      await opened.close();
      const res = await app.inject({ method: 'GET', url: '/api/investor', headers: { authorization: `Bearer ${tokens.accessToken}` } });
      expectError(res, 503, [{ code: 'DATABASE_UNAVAILABLE', context: '' }]);
    } finally {
      await app.close();
    }
  });
});
