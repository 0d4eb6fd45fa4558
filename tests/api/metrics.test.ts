import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { orders } from '../../server/db/schema-orders';
import { camt053 } from '../support/statements';
import { base64, backofficeFixture, placeOrder, type Fixture } from './operator-support';
import { orderBody } from './orders-support';
import { DEMO, buildApp, describeEachDatabase, expectData, expectError, openTestDatabase, passwordGrant, testConfig, type TokenPair } from './helpers';

// Prometheus metrics: off by default; behind a bearer token on the app's port (METRICS_TOKEN) and/or on a port of
// their own (METRICS_PORT). After some traffic the endpoint answers every family docs/operations.md lists.

const TOKEN = 'metrics-token-0123456789abcdef';

/** `name{labels} value` lines of a Prometheus text answer. */
function samples(text: string) {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
      return { name: match[1], labels, value: Number(match[3]) };
    });
}
const families = (text: string) => new Set([...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((m) => m[1]));
const valueOf = (all: ReturnType<typeof samples>, name: string, labels: Record<string, string> = {}) =>
  all.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v)).reduce((sum, s) => sum + s.value, 0);

describeEachDatabase(
  'metrics behind a token on the app\'s port',
  { config: { metrics: { port: undefined, host: '127.0.0.1', token: TOKEN }, orderWorker: true, orderWorkerIntervalMs: 100, mailWorker: true, mailPollIntervalMs: 100, offerCloseWorker: true, offerCloseWorkerIntervalMs: 100 } },
  (t) => {
    let operator: TokenPair;
    let f: Fixture;

    beforeAll(async () => {
      operator = await t.login('operator');
      f = await backofficeFixture(t.app, 10, 10_000);
    });

    it('refuses without the token (401, WWW-Authenticate) and with a wrong one', async () => {
      for (const authorization of [undefined, 'Bearer wrong-token-0123456789', `Basic ${TOKEN}`, TOKEN]) {
        const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
        expect(res.statusCode, String(authorization)).toBe(401);
        expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
        expect(res.body).not.toContain('http_request_duration_seconds');
      }
    });

    it('answers every family after some traffic, requests by route pattern and status', async () => {
      // ---- traffic ----
      expectData(await t.app.inject({ method: 'GET', url: '/api/offers/zielone-tarasy' }));
      expectData(await t.app.inject({ method: 'GET', url: '/api/offers/dom-nad-jeziorem' }));
      expectError(await t.app.inject({ method: 'GET', url: '/api/no-such-route' }), 404, [{ code: 'ROUTE_NOT_FOUND' }]);
      expectData(await passwordGrant(t.app, DEMO.investor, { remoteAddress: '10.90.0.1' }));
      const paidByBank = await placeOrder(t.app, f, 2);
      const expiring = await placeOrder(t.app, f, 1);
      // more shares than the series has left: refused
      await expect(
        t.app.orders.create({ userId: f.investor.userId, language: 'pl', body: await orderBody(t.app.db, { offer: f.offerId, series: f.seriesId, method: f.method.bank, agreements: f.agreements }, 50) }),
      ).rejects.toMatchObject({ statusCode: 409 });
      // a statement: one exact payment (matched, paid by the bank), one unknown transfer (exception)
      const statement = camt053({
        id: `metrics-${t.kind}`,
        lines: [
          { ref: `metrics-${t.kind}-1`, amount: paidByBank.totalPrice, title: paidByBank.reference },
          { ref: `metrics-${t.kind}-2`, amount: 12_345, title: 'bez numeru' },
        ],
      });
      const imported = expectData(await t.injectAs(operator, { method: 'POST', url: '/api/operator/statements', payload: { fileName: 'm.xml', contentBase64: base64(statement) } }));
      expect(imported.summary).toMatchObject({ matched: 1, exceptions: 1 });
      // an order past its deadline: the running worker expires it
      await t.database.db.update(orders).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(orders.id, expiring.id));
      for (let i = 0; i < 50; i++) {
        const [row] = await t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, expiring.id));
        if (row.status === 'cancelled') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }

      // ---- the scrape ----
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(res.headers['cache-control']).toBe('no-store');
      const all = samples(res.body);
      const names = families(res.body);
      for (const family of [
        'http_request_duration_seconds',
        'orders_created_total',
        'orders_refused_total',
        'orders_expired_total',
        'payments_captured_total',
        'statement_lines_total',
        'mail_outbox_depth',
        'mail_outbox_oldest_age_seconds',
        'mail_outbox_up',
        'worker_seconds_since_success',
        'worker_consecutive_failures',
        'worker_passes_total',
        'db_pool_connections',
        'db_pool_waiting_requests',
        'db_pool_acquire_seconds',
        'db_connection_errors_total',
        'nodejs_eventloop_lag_seconds',
        'nodejs_eventloop_lag_p99_seconds',
        'process_cpu_user_seconds_total',
        'process_resident_memory_bytes',
      ]) {
        expect(names.has(family), family).toBe(true);
      }
      // Requests by the route's pattern and status; never the raw URL.
      expect(valueOf(all, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/offers/:slug', status_code: '200' })).toBeGreaterThanOrEqual(2);
      expect(valueOf(all, 'http_request_duration_seconds_count', { route: '(unmatched)', status_code: '404' })).toBeGreaterThanOrEqual(1);
      expect(valueOf(all, 'http_request_duration_seconds_count', { method: 'POST', route: '/api/token', status_code: '200' })).toBeGreaterThanOrEqual(1);
      const routes = new Set(all.filter((s) => s.name.startsWith('http_request_duration_seconds')).map((s) => s.labels.route));
      expect([...routes].filter((r) => r.includes('zielone') || r.includes('no-such-route'))).toEqual([]);
      // Business counters.
      expect(valueOf(all, 'orders_created_total', { method: 'BankTransfer' })).toBeGreaterThanOrEqual(2);
      expect(valueOf(all, 'orders_refused_total', { code: 'NOT_ENOUGH_SHARES_AVAILABLE' })).toBeGreaterThanOrEqual(1);
      expect(valueOf(all, 'orders_expired_total')).toBeGreaterThanOrEqual(1);
      expect(valueOf(all, 'payments_captured_total', { actor: 'bank' })).toBeGreaterThanOrEqual(1);
      expect(valueOf(all, 'statement_lines_total', { outcome: 'matched' })).toBeGreaterThanOrEqual(1);
      expect(valueOf(all, 'statement_lines_total', { outcome: 'exception' })).toBeGreaterThanOrEqual(1);
      // The outbox as the database holds it; the workers' lag.
      const [{ depth }] = ((await t.database.db.execute(sql`select count(*)::int as depth from mail_outbox where status = 'pending'`)) as unknown as { rows: { depth: number }[] }).rows;
      expect(valueOf(all, 'mail_outbox_up')).toBe(1);
      expect(valueOf(all, 'mail_outbox_depth')).toBeGreaterThanOrEqual(0);
      expect(Math.abs(valueOf(all, 'mail_outbox_depth') - depth)).toBeLessThanOrEqual(5);
      for (const worker of ['order-expiry', 'mail-outbox', 'offer-close']) {
        const lag = all.find((s) => s.name === 'worker_seconds_since_success' && s.labels.worker === worker);
        expect(lag, worker).toBeDefined();
        expect(lag!.value, worker).toBeLessThan(30);
        expect(valueOf(all, 'worker_passes_total', { worker, outcome: 'ok' }), worker).toBeGreaterThanOrEqual(1);
      }
      if (t.kind === 'postgres') {
        expect(valueOf(all, 'db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
        expect(valueOf(all, 'db_pool_acquire_seconds_count', { outcome: 'ok' })).toBeGreaterThan(10);
      }
    });
  },
);

describe('metrics on a port of their own', () => {
  let opened: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    opened = await openTestDatabase('pglite');
  });
  afterAll(() => opened?.close());

  it('serves /metrics there, not on the app\'s port; with a token the port asks for it too', async () => {
    const open = await buildApp({ config: testConfig({ metrics: { port: 0, host: '127.0.0.1', token: undefined } }), database: opened.database });
    const guarded = await buildApp({ config: testConfig({ metrics: { port: 0, host: '127.0.0.1', token: TOKEN } }), database: opened.database });
    try {
      await open.ready();
      await guarded.ready();
      await open.inject({ method: 'GET', url: '/api/slider' });
      const port = open.metrics.address()!.port;
      expect(port).toBeGreaterThan(0);
      const scrape = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(scrape.status).toBe(200);
      const text = await scrape.text();
      expect(families(text).has('http_request_duration_seconds')).toBe(true);
      expect(valueOf(samples(text), 'http_request_duration_seconds_count', { route: '/api/slider' })).toBe(1);
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
      // not on the app's port
      expect((await open.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);

      const guardedPort = guarded.metrics.address()!.port;
      expect(guardedPort).not.toBe(port);
      expect((await fetch(`http://127.0.0.1:${guardedPort}/metrics`)).status).toBe(401);
      expect((await fetch(`http://127.0.0.1:${guardedPort}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
    } finally {
      await open.close();
      await guarded.close();
    }
  });

  it('is off by default: no endpoint anywhere', async () => {
    const app = await buildApp({ config: testConfig(), database: opened.database });
    try {
      await app.ready();
      expect(app.metrics.enabled).toBe(false);
      expect(app.metrics.address()).toBeNull();
      const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('reads METRICS_PORT, METRICS_HOST and METRICS_TOKEN, and checks them', () => {
    expect(loadConfig({}).metrics).toEqual({ port: undefined, host: '0.0.0.0', token: undefined });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5', METRICS_TOKEN: TOKEN }).metrics).toEqual({ port: 9464, host: '10.0.0.5', token: TOKEN });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(/METRICS_PORT/);
  });
});
