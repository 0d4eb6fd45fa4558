import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderStatusHistory, orders } from '../../server/db/schema-orders';
import { startNode, type NodeProcess } from '../support/node-process';
import { CLIENT, DEMO, TEST_DATABASE_URL, describeEachDatabase, openTestDatabase } from './helpers';
import { agreementIdsFor, orderBody, createInvestor, createSeries, methodIds } from './orders-support';

// Graceful shutdown of the real server (server/index.ts in a child process, as systemd runs it): on SIGTERM the
// node is not ready at once but keeps answering for SHUTDOWN_DRAIN_MS, then stops listening and closes its idle
// connections, finishes the request in flight with the database still open, and exits 0; what is still running
// at SHUTDOWN_GRACE_MS is cut (exit 1); a second signal exits at once. And in-process: a worker pass in flight
// when the app closes ends whole before the database closes.

/** A database the child servers open: a throwaway PostgreSQL one when TEST_DATABASE_URL is set, else a PGlite folder. */
async function serverDatabase(): Promise<{ env: Record<string, string>; close(): Promise<void> }> {
  const opened = await openTestDatabase(TEST_DATABASE_URL ? 'postgres' : 'pglite');
  if (opened.url) {
    return { env: { DATABASE_URL: opened.url }, close: () => opened.close() };
  }
  // PGlite: the migrated, seeded template into a folder of its own (one process at a time opens it).
  const dir = mkdtempSync(path.join(tmpdir(), 'estate-shutdown-'));
  if (opened.database.kind !== 'pglite') throw new Error('expected PGlite');
  const dump = await opened.database.client.dumpDataDir('none');
  await opened.close();
  const pglite = await PGlite.create(dir, { loadDataDir: dump });
  await pglite.close();
  return { env: { DATA_DIR: dir }, close: async () => rmSync(dir, { recursive: true, force: true }) };
}

/** A node of the suite: what ends its connections here is the shutdown, so keep-alive and request timeouts are long. */
const startShutdownNode = (env: Record<string, string>) =>
  startNode({
    SEED_DEMO: 'false',
    LOG_LEVEL: 'info',
    MAIL_DIR: path.join(tmpdir(), 'estate-shutdown-mail'),
    KEEP_ALIVE_TIMEOUT_MS: '30000',
    REQUEST_TIMEOUT_MS: '60000',
    ...env,
  });

interface Raw {
  socket: Socket;
  text(): string;
  closed: Promise<number>;
}

function openRaw(port: number): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' });
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', () => {});
    const closed = new Promise<number>((done) => socket.on('close', () => done(Date.now())));
    socket.once('connect', () => resolve({ socket, text: () => received, closed }));
    socket.once('error', reject);
  });
}

const waitFor = async (condition: () => boolean, ms: number) => {
  const until = Date.now() + ms;
  while (!condition() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
  return condition();
};

describe(`graceful shutdown of server/index.ts [${TEST_DATABASE_URL ? 'postgres' : 'pglite'}]`, () => {
  let database: Awaited<ReturnType<typeof serverDatabase>>;
  const nodes: NodeProcess[] = [];

  beforeAll(async () => {
    database = await serverDatabase();
  });

  afterAll(async () => {
    for (const node of nodes) if (node.child.exitCode === null) node.child.kill('SIGKILL');
    await Promise.all(nodes.map((node) => node.exited));
    await database?.close();
  });

  it('SIGTERM: not ready at once, serves through the drain, then closes idle connections, finishes the request in flight and exits 0', async () => {
    const drainMs = 3000;
    const node = await startShutdownNode({ ...database.env, SHUTDOWN_DRAIN_MS: String(drainMs), SHUTDOWN_GRACE_MS: '20000' });
    nodes.push(node);
    const base = `http://127.0.0.1:${node.port}`;

    // An idle keep-alive connection, and a login whose body is half sent.
    const idle = await openRaw(node.port);
    idle.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(await waitFor(() => idle.text().includes('"status":"ok"'), 5000)).toBe(true);
    const body = JSON.stringify({ grantType: 'password', ...DEMO.investor, ...CLIENT });
    const inFlight = await openRaw(node.port);
    inFlight.socket.write(`POST /api/token HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`);
    inFlight.socket.write(body.slice(0, 20));
    await new Promise((resolve) => setTimeout(resolve, 200));

    const signalled = Date.now();
    node.child.kill('SIGTERM');
    // not ready at once (the signal's handler runs on the child's next turn)
    await new Promise((resolve) => setTimeout(resolve, 50));
    const ready = await fetch(`${base}/api/ready`);
    expect(ready.status).toBe(503);
    expect((await ready.json()).errors[0].code).toBe('NODE_DRAINING');
    expect(Date.now() - signalled).toBeLessThan(drainMs);
    // still serving through the drain, each answer closing its connection
    const offers = await fetch(`${base}/api/offers`);
    expect(offers.status).toBe(200);
    expect(offers.headers.get('connection')).toBe('close');
    await offers.arrayBuffer();

    // after the drain: the idle connection is closed and nobody new gets in
    const idleClosedAt = await idle.closed;
    expect(idleClosedAt - signalled).toBeGreaterThanOrEqual(drainMs - 100);
    expect(idleClosedAt - signalled).toBeLessThan(drainMs + 3000);
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();

    // the request in flight still gets its answer from a live database
    expect(node.child.exitCode).toBeNull();
    inFlight.socket.write(body.slice(20));
    await inFlight.closed;
    expect(inFlight.text()).toMatch(/^HTTP\/1\.1 200 /);
    expect(inFlight.text()).toContain('"accessToken"');

    const exit = await node.exited;
    expect(exit.code, node.output().slice(-3000)).toBe(0);
    expect(exit.at - signalled).toBeLessThan(20_000);
    expect(node.output()).toContain('"msg":"closed"');
  });

  it('cuts what is still running at SHUTDOWN_GRACE_MS and exits 1', async () => {
    const node = await startShutdownNode({ ...database.env, SHUTDOWN_DRAIN_MS: '300', SHUTDOWN_GRACE_MS: '2500' });
    nodes.push(node);
    const stuck = await openRaw(node.port);
    stuck.socket.write('POST /api/token HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const signalled = Date.now();
    node.child.kill('SIGTERM');
    const exit = await node.exited;
    expect(exit.code).toBe(1);
    expect(exit.at - signalled).toBeGreaterThanOrEqual(2400);
    expect(exit.at - signalled).toBeLessThan(6000);
    expect(node.output()).toContain('killed by timeout (2500ms)');
    stuck.socket.destroy();
  });

  it('a second signal exits at once', async () => {
    const node = await startShutdownNode({ ...database.env, SHUTDOWN_DRAIN_MS: '10000', SHUTDOWN_GRACE_MS: '30000' });
    nodes.push(node);
    node.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(node.child.exitCode).toBeNull();
    const second = Date.now();
    node.child.kill('SIGTERM');
    const exit = await node.exited;
    expect(exit.code).toBe(1);
    expect(exit.at - second).toBeLessThan(2000);
  });
});

const FAR_FUTURE = new Date('2031-01-01T00:00:00.000Z');
let clock: Date | undefined;

describeEachDatabase('a worker pass in flight at close', { config: { now: () => clock ?? new Date() } }, (t) => {
  it('ends whole (its batch committed, nothing half-written) before the database closes', async () => {
    // Flush whatever else is due, then 120 unpaid orders due for expiry on a node of their own.
    clock = FAR_FUTURE;
    await t.app.orders.expiryWorker.runOnce();
    clock = undefined;
    const series = await createSeries(t.database.db, 'domy-poznan', 1000);
    const methods = await methodIds(t.database.db);
    const target = { offer: series.offerId, series: series.id, method: methods.bank, agreements: (await agreementIdsFor(t.database.db, series.offerId)).map((a) => a.id) };
    const investor = await createInvestor(t.app);
    for (let i = 0; i < 120; i++) await t.app.orders.create({ userId: investor.userId, language: 'pl', body: (await orderBody(t.database.db, target, 1)) as never });

    const node = await t.buildAnotherApp();
    clock = FAR_FUTURE;
    const pass = node.orders.expiryWorker.runOnce();
    await node.close();
    // the pass was not cut: it resolved, with whole batches
    const result = await pass;
    expect(result.expired).toBeGreaterThanOrEqual(50);
    expect(result.expired % 50 === 0 || result.expired === 120).toBe(true);

    const db = t.database.db;
    const [{ cancelled }] = await db.select({ cancelled: count() }).from(orders).where(and(eq(orders.seriesId, series.id), eq(orders.status, 'cancelled')));
    const [{ history }] = await db
      .select({ history: count() })
      .from(orderStatusHistory)
      .innerJoin(orders, eq(orders.id, orderStatusHistory.orderId))
      .where(and(eq(orders.seriesId, series.id), eq(orderStatusHistory.reason, 'PAYMENT_EXPIRED')));
    expect(cancelled).toBe(result.expired);
    expect(history).toBe(result.expired);
    // the rest is left for the next pass, on any node
    expect(await t.app.orders.expiryWorker.runOnce()).toEqual({ reminded: 0, expired: 120 - result.expired });
    clock = undefined;
  });
});
