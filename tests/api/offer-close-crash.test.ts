import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../server/db/client';
import { mailOutbox } from '../../server/db/schema';
import { offers } from '../../server/db/schema-content';
import { orderStatusHistory, orders, transactions, type OrderRow } from '../../server/db/schema-orders';
import { payouts } from '../../server/db/schema-payouts';
import { bookPayment } from '../../server/modules/payments/book-payment';
import { formatReference } from '../../server/modules/orders/reference';
import { startNode } from '../support/node-process';
import { CLIENT, DEMO, TEST_DATABASE_URL, buildApp, openTestDatabase, testConfig } from './helpers';
import { agreementIdsFor, createInvestor, createSeries, methodIds, offerBySlug } from './orders-support';
import { backofficeFixture, orderRowOf, placeOrder, type Fixture } from './operator-support';

// kill -9 in the middle of a close: the real server (server/index.ts in a child process) closes two offers whose
// window has ended, one funded (paid orders completed, unpaid cancelled) and one not (everything cancelled, bank
// payments refunded as payouts, PayPal ones through the refund call, here a fake PayPal in this process). A pause
// after each order (OFFER_CLOSE_ORDER_PAUSE_MS) makes the close slow enough to be caught half way: the node is
// killed with SIGKILL while the first offer is half settled, restarted, killed again half way through the
// second, and restarted once more. The close finishes, and nothing happened twice: one status change, one
// e-mail per order, one refund payout per bank payment, one PayPal refund per capture (a repeated call carries
// the same request id, which PayPal answers with the same refund).

const kind = TEST_DATABASE_URL ? 'postgres' : 'pglite';
const PAUSE_MS = 250;

/** A PayPal that answers the token and refund calls, the same refund for a repeated request id. */
function fakePayPal() {
  const calls: { captureId: string; requestId: string }[] = [];
  const refunds = new Map<string, string>();
  const server: Server = createServer((req: IncomingMessage, res) => {
    req.resume();
    req.on('end', () => {
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'paypal-debug-id': 'fake' });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'POST' && req.url === '/v1/oauth2/token') return json(200, { access_token: 'fake-token', expires_in: 3600 });
      const refund = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(req.url ?? '');
      if (req.method === 'POST' && refund) {
        const requestId = String(req.headers['paypal-request-id'] ?? '');
        calls.push({ captureId: decodeURIComponent(refund[1]), requestId });
        const id = refunds.get(requestId) ?? `REFUND-${refunds.size + 1}`;
        refunds.set(requestId, id);
        return json(201, { id, status: 'COMPLETED' });
      }
      json(404, { name: 'RESOURCE_NOT_FOUND' });
    });
  });
  return { server, calls, refunds };
}

/** A node of the suite: the close worker on, polling often, a dead node's lease short; no other worker. */
const startCloseNode = (env: Record<string, string>) =>
  startNode({
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    MAIL_DIR: path.join(tmpdir(), 'estate-close-crash-mail'),
    OFFER_CLOSE_WORKER: 'true',
    OFFER_CLOSE_WORKER_INTERVAL_MS: '300',
    // A node that died holds the offer this long; the next one (started later than that) takes it over.
    OFFER_CLOSE_LEASE_MS: '1000',
    ORDER_WORKER: 'false',
    // The notices stay in the outbox as queued (a sent one keeps no body), to be counted per order.
    MAIL_WORKER: 'false',
    ...env,
  });

async function operatorToken(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grantType: 'password', ...DEMO.operator, ...CLIENT }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
}

/** Orders of the offer the close has not settled yet (new or paid), as the node answers them. */
async function unsettled(port: number, token: string, offerId: number): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}/api/operator/orders?offer=${offerId}&status=new&status=paid&pagination[pageSize]=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { pagination: { totalItems: number } } }).data.pagination.totalItems;
}

/** Polls until `done` holds (or fails after `ms`), returning the last value. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms: number, what: string, log: () => string): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`${what}: still ${JSON.stringify(value)} after ${ms} ms\n${log()}`);
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
}

describe(`an offer close survives kill -9 of its node [${kind}]`, () => {
  const cleanups: (() => Promise<unknown> | unknown)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('killed half way through each offer and restarted, it finishes with every order settled exactly once', { timeout: 400_000 }, async () => {
    // ---- the data: two offers whose window has ended, prepared by an app in this process ----
    const opened = await openTestDatabase(kind);
    cleanups.push(() => opened.close().catch(() => undefined));
    const app = await buildApp({ config: testConfig(), database: opened.database });
    await app.ready();
    const funded: Fixture = await backofficeFixture(app, 1000, 10_000);
    const lake = await offerBySlug(app.db, 'dom-nad-jeziorem');
    const lakeSeries = await createSeries(app.db, 'dom-nad-jeziorem', 1000, { pricePerShare: 10_000 });
    const refunded: Fixture = {
      investor: await createInvestor(app),
      offerId: lake.offer.id,
      seriesId: lakeSeries.id,
      method: await methodIds(app.db),
      agreements: (await agreementIdsFor(app.db, lake.offer.id)).map((a) => a.id),
    };
    const investors = [funded.investor, refunded.investor, await createInvestor(app)];

    let n = 0;
    const order = async (f: Fixture, paid: 'bank' | 'paypal' | null): Promise<OrderRow> => {
      n += 1;
      const placed = await placeOrder(app, { ...f, investor: investors[n % investors.length] }, 1 + (n % 3));
      const row = await orderRowOf(app, placed.id);
      if (!paid) return row;
      await app.db.transaction(async (tx) => {
        const booked = await bookPayment(tx, { order: row, amount: row.totalPrice, externalId: `CRASH-${placed.id}`, actor: 'bank', reason: 'BANK_TRANSFER_MATCHED', details: {}, at: new Date(), publicUrl: 'http://localhost' });
        if (!booked.ok) throw new Error('not booked');
      });
      if (paid === 'paypal') {
        // A PayPal payment with its capture, as the PayPal service records one.
        await app.db.update(orders).set({ methodCode: 'PayPal' }).where(eq(orders.id, placed.id));
        await app.db.update(transactions).set({ methodCode: 'PayPal', captureId: `CAPTURE-${n}` }).where(and(eq(transactions.orderId, placed.id), eq(transactions.status, 'paid')));
      }
      return orderRowOf(app, placed.id);
    };
    const fundedOrders: OrderRow[] = [];
    for (let i = 0; i < 10; i++) fundedOrders.push(await order(funded, i < 7 ? 'bank' : null));
    const refundedOrders: OrderRow[] = [];
    for (let i = 0; i < 12; i++) refundedOrders.push(await order(refunded, i < 5 ? 'bank' : i < 10 ? 'paypal' : null));
    const ended = new Date(Date.now() - 60_000);
    await app.db.update(offers).set({ fundingGoal: 1, investmentEnd: ended }).where(eq(offers.id, funded.offerId));
    await app.db.update(offers).set({ fundingGoal: 1_000_000_000, investmentEnd: ended }).where(eq(offers.id, refunded.offerId));
    await app.close();

    // The child's database: the same PostgreSQL one, or the PGlite data copied into a folder of its own.
    let env: Record<string, string>;
    let reopen: () => Promise<Database>;
    if (opened.url) {
      env = { DATABASE_URL: opened.url };
      reopen = () => createDatabase({ databaseUrl: opened.url, dataDir: 'memory://', poolSize: 2 });
    } else {
      if (opened.database.kind !== 'pglite') throw new Error('expected PGlite');
      const dir = mkdtempSync(path.join(tmpdir(), 'estate-close-crash-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      const dump = await opened.database.client.dumpDataDir('none');
      await opened.close();
      const pglite = await PGlite.create(dir, { loadDataDir: dump });
      await pglite.close();
      env = { DATA_DIR: dir };
      reopen = () => createDatabase({ dataDir: dir, poolSize: 1 });
    }

    const paypal = fakePayPal();
    await new Promise<void>((resolve) => paypal.server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => paypal.server.close(resolve)));
    env.PAYPAL_LOCAL_URL = `http://127.0.0.1:${(paypal.server.address() as { port: number }).port}`;

    // The worker closes the offers in id order.
    const [first, second] = [
      { id: funded.offerId, count: fundedOrders.length },
      { id: refunded.offerId, count: refundedOrders.length },
    ].sort((a, b) => a.id - b.id);

    const killHalfWay = async (offer: { id: number; count: number }) => {
      const node = await startCloseNode({ ...env, OFFER_CLOSE_ORDER_PAUSE_MS: String(PAUSE_MS) });
      cleanups.push(() => node.child.kill('SIGKILL'));
      const token = await operatorToken(node.port);
      // Half settled: at least 3 orders done, at least 3 still open (one more may settle before the kill lands).
      const left = await until(() => unsettled(node.port, token, offer.id), (v) => v <= offer.count - 3, 120_000, `offer ${offer.id} half way`, node.output);
      node.child.kill('SIGKILL');
      expect((await node.exited).code).toBeNull();
      expect(left).toBeGreaterThanOrEqual(3);
      return left;
    };

    await killHalfWay(first);
    // The second node takes over once the dead one's lease has run out, and is killed half way through the other.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await killHalfWay(second);
    await new Promise((resolve) => setTimeout(resolve, 1_100));

    // ---- the third node finishes, without a pause ----
    const last = await startCloseNode(env);
    cleanups.push(() => last.child.kill('SIGKILL'));
    const token = await operatorToken(last.port);
    const stage = async (id: number) => {
      const res = await fetch(`http://127.0.0.1:${last.port}/api/operator/offers/${id}`, { headers: { authorization: `Bearer ${token}` } });
      return ((await res.json()) as { data: { lifecycle: string } }).data.lifecycle;
    };
    await until(async () => [await stage(funded.offerId), await stage(refunded.offerId)], (v) => v[0] === 'funded.holding' && v[1] === 'notFunded', 120_000, 'both closed', last.output);
    last.child.kill('SIGTERM');
    expect((await last.exited).code, last.output().slice(-3000)).toBe(0);

    // ---- exactly once ----
    const database = await reopen();
    cleanups.push(() => database.close());
    const db = database.db;
    const all = [...fundedOrders, ...refundedOrders];
    const ids = all.map((o) => o.id);
    const rows = new Map((await db.select().from(orders).where(inArray(orders.id, ids))).map((o) => [o.id, o]));
    const history = await db.select().from(orderStatusHistory).where(inArray(orderStatusHistory.orderId, ids));
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'offer_closed'));
    const refundPayouts = await db.select().from(payouts).where(and(eq(payouts.kind, 'refund'), inArray(payouts.orderId, ids)));
    const closeReasons = ['OFFER_FUNDED', 'OFFER_CLOSED', 'OFFER_NOT_FUNDED', 'OFFER_NOT_FUNDED_REFUNDED'];
    for (const o of all) {
      const isFunded = o.offerId === funded.offerId;
      const want = isFunded ? (o.status === 'paid' ? 'completed' : 'cancelled') : 'cancelled';
      expect(rows.get(o.id)!.status, o.reference).toBe(want);
      // One status change by the close (completed, cancelled or refunded), one e-mail about it.
      const changes = history.filter((h) => h.orderId === o.id && closeReasons.includes(h.reason));
      expect(changes, o.reference).toHaveLength(1);
      expect(changes[0].toStatus).toBe(want);
      const named = (text: string | null) => (text ?? '').includes(o.reference) || (text ?? '').includes(formatReference(o.reference));
      expect(mails.filter((m) => named(m.subject) || named(m.textBody)), o.reference).toHaveLength(1);
      const refund = refundPayouts.filter((p) => p.orderId === o.id);
      expect(refund, o.reference).toHaveLength(!isFunded && o.status === 'paid' && o.methodCode === 'BankTransfer' ? 1 : 0);
      if (refund.length) expect(refund[0]).toMatchObject({ amount: o.totalPrice, status: 'approved' });
    }
    // The funded offer's completed orders are its allotments: one each (the allotment confirmation is per
    // completed order), and the shares of the unpaid ones are back.
    expect([...rows.values()].filter((o) => o.offerId === funded.offerId && o.status === 'completed')).toHaveLength(7);
    // PayPal: each capture refunded under one request id (a repeat after a crash is the same refund), and the
    // transaction records that refund.
    const paypalOrders = refundedOrders.filter((o) => o.methodCode === 'PayPal');
    expect(paypalOrders).toHaveLength(5);
    for (const o of paypalOrders) {
      const [tx] = await db.select().from(transactions).where(and(eq(transactions.orderId, o.id), eq(transactions.providerStatus, 'REFUNDED')));
      expect(tx, o.reference).toBeTruthy();
      const requests = new Set(paypal.calls.filter((c) => c.captureId === tx.captureId).map((c) => c.requestId));
      expect([...requests]).toEqual([`refund-${o.id}`]);
      expect(tx.providerData).toMatchObject({ refundId: paypal.refunds.get(`refund-${o.id}`) });
    }
    const [a] = await db.select().from(offers).where(eq(offers.id, funded.offerId));
    const [b] = await db.select().from(offers).where(eq(offers.id, refunded.offerId));
    expect([a.closeOutcome, b.closeOutcome]).toEqual(['funded', 'not_funded']);
    expect(a.closedAt && b.closedAt).toBeTruthy();
  });
});
