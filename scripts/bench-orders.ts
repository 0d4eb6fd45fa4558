// npm run bench:orders — the purchase path under load (README "Benchmarks"; not part of npm test).
//
// 4 server processes (`tsx server/index.ts`, each on a free port) on one PostgreSQL database created for the
// run and dropped after; distinct investors (made directly in the database, tokens signed with the run's
// JWT_SECRET) order 1 share each of one series, over HTTP, spread round-robin over the 4 processes.
//   round "burst":  all BENCH_ATTEMPTS requests fired at once, for a series with fewer shares than asked
//                   (BENCH_ATTEMPTS - 10 %): the worst contention on one row; latency here is mostly queueing.
//   round "steady": BENCH_ATTEMPTS requests with BENCH_CONCURRENCY in flight, on a fresh series: the latency
//                   an investor sees at that throughput.
// Prints attempts/s, granted orders/s, p50/p99 latency, and sold + reserved vs total; exits 1 on any
// oversell, any answer other than 201 / 409 NOT_ENOUGH_SHARES_AVAILABLE, or a count that does not add up.
//
// Environment: BENCH_DATABASE_URL, else DATABASE_URL, else TEST_DATABASE_URL, else
// postgres://postgres@127.0.0.1:5432/test (only used to create and drop the throwaway database);
// BENCH_PROCESSES (4), BENCH_ATTEMPTS (1000), BENCH_CONCURRENCY (32), BENCH_POOL_SIZE (per process, 10),
// BENCH_SYNC_COMMIT (true; false runs the servers with ORDER_SYNCHRONOUS_COMMIT=false).
// Mail and expiry workers are off in the servers (the outbox rows are still written in each order's
// transaction; only their sending is left out of the measurement). DB_CONNECT_TIMEOUT_MS and
// DB_QUERY_TIMEOUT_MS are raised to 120 s in the servers, so the burst waits for connections instead of
// being shed with 503 DATABASE_UNAVAILABLE (an overload protection, not an answer about shares).

import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, eq, sum } from 'drizzle-orm';
import pg from 'pg';
import { createDatabase } from '../server/db/client';
import { migrateDatabase } from '../server/db/migrate';
import { sessions, users } from '../server/db/schema';
import { agreements, offerSeries, offers } from '../server/db/schema-content';
import { orders, transactionMethods } from '../server/db/schema-orders';
import { seedDemo } from '../server/db/seed';
import { hashPassword } from '../server/lib/passwords';
import { createTokens } from '../server/plugins/app/tokens';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const adminUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const PROCESSES = Number(process.env.BENCH_PROCESSES || 4);
const ATTEMPTS = Number(process.env.BENCH_ATTEMPTS || 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 32);
const POOL_SIZE = Number(process.env.BENCH_POOL_SIZE || 10);
/** BENCH_SYNC_COMMIT=false runs the servers with ORDER_SYNCHRONOUS_COMMIT=false. */
const SYNC_COMMIT = process.env.BENCH_SYNC_COMMIT !== 'false';

const withDatabase = (url: string, name: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitForServer(origin: string, child: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server ${origin} exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${origin}/api/offers`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server ${origin} did not start within 60 s`);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main() {
  const name = `bench_${randomBytes(5).toString('hex')}`;
  const url = withDatabase(adminUrl, name);
  const jwtSecret = randomBytes(32).toString('base64url');
  const children: ChildProcess[] = [];
  let failed = false;
  await admin(`create database "${name}"`);
  const database = await createDatabase({ databaseUrl: url, dataDir: 'memory://', poolSize: 5 });
  try {
    console.log(
      `bench:orders  database ${name} on ${new URL(adminUrl).host}; ${PROCESSES} processes, ${ATTEMPTS} attempts per round; ` +
        `ORDER_SYNCHRONOUS_COMMIT=${SYNC_COMMIT}; load average ${(await import('node:os')).loadavg().map((l) => l.toFixed(1)).join(' ')}`,
    );
    await migrateDatabase(database);
    await seedDemo(database.db);
    const { db } = database;

    // Servers
    const origins: string[] = [];
    for (let i = 0; i < PROCESSES; i++) {
      const port = await freePort();
      const child = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), ['server/index.ts'], {
        cwd: root,
        stdio: ['ignore', 'inherit', 'inherit'],
        env: {
          ...process.env,
          NODE_ENV: 'production',
          DATABASE_URL: url,
          PORT: String(port),
          HOST: '127.0.0.1',
          JWT_SECRET: jwtSecret,
          SEED_DEMO: 'false',
          SERVE_SPA: 'false',
          LOG_LEVEL: 'warn',
          MAIL_WORKER: 'false',
          ORDER_WORKER: 'false',
          DATABASE_POOL_SIZE: String(POOL_SIZE),
          ORDER_SYNCHRONOUS_COMMIT: SYNC_COMMIT ? 'true' : 'false',
          // The burst queues every request on the pools at once: wait for a connection instead of shedding
          // load with 503 DATABASE_UNAVAILABLE after the default 5 s (that protection is measured elsewhere).
          DB_CONNECT_TIMEOUT_MS: process.env.DB_CONNECT_TIMEOUT_MS || '120000',
          DB_QUERY_TIMEOUT_MS: process.env.DB_QUERY_TIMEOUT_MS || '120000',
        },
      });
      children.push(child);
      origins.push(`http://127.0.0.1:${port}`);
    }
    await Promise.all(origins.map((origin, i) => waitForServer(origin, children[i])));

    // Investors: one argon2 hash for all, a session each, tokens signed like the servers sign them.
    const tokens = createTokens(new TextEncoder().encode(jwtSecret), 3600);
    const passwordHash = await hashPassword('Investor123');
    async function makeInvestors(n: number, tag: string): Promise<string[]> {
      const result: string[] = [];
      for (let start = 0; start < n; start += 500) {
        const size = Math.min(500, n - start);
        const rows = await db
          .insert(users)
          .values(Array.from({ length: size }, (_, i) => ({ email: `bench-${tag}-${start + i}@example.com`, passwordHash, role: 'investor' as const, isActive: true, firstName: 'B', lastName: `${start + i}` })))
          .returning({ id: users.id });
        const sessionRows = await db
          .insert(sessions)
          .values(rows.map((row) => ({ userId: row.id, refreshTokenHash: randomBytes(16).toString('hex'), expiresAt: new Date(Date.now() + 3_600_000) })))
          .returning({ id: sessions.id, userId: sessions.userId });
        for (const s of sessionRows) result.push(await tokens.signAccessToken({ userId: s.userId, sessionId: s.id, role: 'investor' }));
      }
      return result;
    }

    const [offer] = await db.select().from(offers).where(eq(offers.key, 'zielone-tarasy'));
    const [method] = await db.select().from(transactionMethods).where(eq(transactionMethods.codeName, 'BankTransfer'));
    const agreementIds = (await db.select({ id: agreements.id, context: agreements.context, offerId: agreements.offerId }).from(agreements))
      .filter((a) => a.context === 'investment' || a.offerId === offer.id)
      .map((a) => a.id);
    const body = (series: number) =>
      JSON.stringify({
        method: method.id,
        offer: offer.id,
        series,
        quantity: 1,
        investorData: { firstName: 'B', lastName: 'Bench', phone: null, address: { address: 'ul. Prosta 1', city: 'Warszawa', zip: '00-001', country: { name: 'PL' } } },
        agreements: agreementIds.map((id) => ({ id, isAccepted: true })),
      });

    async function newSeries(total: number) {
      const [row] = await db
        .insert(offerSeries)
        .values({ offerId: offer.id, name: { pl: 'Bench', en: 'Bench' }, pricePerShare: 10_000, minStocks: 1, totalShares: total, isOpen: true, position: 99 })
        .returning({ id: offerSeries.id });
      return row.id;
    }

    // Warm-up: JIT, connection pools, prepared paths (a separate series; not measured).
    const warmSeries = await newSeries(100_000);
    const warmTokens = await makeInvestors(40 * PROCESSES, 'warm');
    await Promise.all(
      warmTokens.map((token, i) =>
        fetch(`${origins[i % PROCESSES]}/api/investment`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: body(warmSeries) }).then((r) => r.arrayBuffer()),
      ),
    );

    async function round(label: string, total: number, concurrency: number) {
      const seriesId = await newSeries(total);
      const investorTokens = await makeInvestors(ATTEMPTS, label);
      const payload = body(seriesId);
      const latencies: number[] = [];
      const statuses = new Map<string, number>();
      let next = 0;
      const startedAt = performance.now();
      async function worker() {
        while (next < investorTokens.length) {
          const i = next++;
          const t0 = performance.now();
          const res = await fetch(`${origins[i % PROCESSES]}/api/investment`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${investorTokens[i]}`, 'idempotency-key': `${label}-${i}` },
            body: payload,
          });
          const json = (await res.json()) as { errors: { code: string }[] };
          latencies.push(performance.now() - t0);
          const key = res.status === 201 ? '201' : `${res.status} ${json.errors.map((e) => e.code).join(',')}`;
          statuses.set(key, (statuses.get(key) ?? 0) + 1);
        }
      }
      await Promise.all(Array.from({ length: Math.min(concurrency, investorTokens.length) }, worker));
      const seconds = (performance.now() - startedAt) / 1000;
      latencies.sort((a, b) => a - b);
      const [series] = await db.select().from(offerSeries).where(eq(offerSeries.id, seriesId));
      const [totals] = await db.select({ n: count(), shares: sum(orders.quantity) }).from(orders).where(eq(orders.seriesId, seriesId));
      const granted = statuses.get('201') ?? 0;
      const held = series.soldShares + series.reservedShares;
      console.log(`\n[${label}] ${ATTEMPTS} attempts, ${concurrency} in flight, series of ${total} shares`);
      console.log(`  answers            ${[...statuses].map(([k, v]) => `${k}: ${v}`).join(' | ')}`);
      console.log(`  wall time          ${seconds.toFixed(2)} s`);
      console.log(`  attempts/s         ${(ATTEMPTS / seconds).toFixed(0)}`);
      console.log(`  orders/s (granted) ${(granted / seconds).toFixed(0)}`);
      console.log(`  latency p50 / p99  ${percentile(latencies, 50).toFixed(1)} ms / ${percentile(latencies, 99).toFixed(1)} ms (max ${latencies[latencies.length - 1].toFixed(1)} ms)`);
      console.log(`  sold + reserved    ${held} / ${series.totalShares} total; orders in the database: ${totals.n} for ${Number(totals.shares ?? 0)} shares`);
      const unexpected = [...statuses.keys()].filter((k) => k !== '201' && k !== '409 NOT_ENOUGH_SHARES_AVAILABLE');
      if (held > series.totalShares) {
        console.error('  OVERSELL: sold + reserved exceeds the total');
        failed = true;
      }
      if (Number(totals.shares ?? 0) !== held || totals.n !== granted) {
        console.error('  MISMATCH: orders in the database do not match the series counters / granted answers');
        failed = true;
      }
      if (granted !== Math.min(total, ATTEMPTS)) {
        console.error(`  expected ${Math.min(total, ATTEMPTS)} granted orders, got ${granted}`);
        failed = true;
      }
      if (unexpected.length) {
        console.error(`  UNEXPECTED answers: ${unexpected.join(', ')}`);
        failed = true;
      }
    }

    await round('burst', Math.floor(ATTEMPTS * 0.9), ATTEMPTS);
    await round('steady', ATTEMPTS, CONCURRENCY);
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((child) => (child.exitCode !== null ? undefined : new Promise((r) => child.once('exit', r)))));
    await database.close();
    await admin(`drop database if exists "${name}" with (force)`);
  }
  console.log(failed ? '\nbench:orders FAILED' : '\nbench:orders OK: no oversell');
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
