// npm run bench:orders — the purchase path under load (README "Benchmarks"; not part of npm test).
//
// One server process per core, at least 2 (`tsx server/index.ts`, each on a free port) on one PostgreSQL
// database created for the run and dropped after; distinct investors (made directly in the database, tokens
// signed with the run's JWT_SECRET) order 1 share each of one series, over HTTP, round-robin over the processes.
//   round "burst":  all BENCH_ATTEMPTS requests fired at once, for a series with fewer shares than asked
//                   (BENCH_ATTEMPTS - 10 %): the worst contention on one row; latency here is mostly queueing.
//   round "steady": BENCH_STEADY_ATTEMPTS requests with BENCH_CONCURRENCY in flight, on a fresh series: the latency
//                   an investor sees at that throughput.
// Prints attempts/s, granted orders/s, p50/p99 latency, and sold + reserved vs total; exits 1 on any
// oversell, any answer other than 201 / 409 NOT_ENOUGH_SHARES_AVAILABLE, or a count that does not add up.
//
// Environment: BENCH_DATABASE_URL, else DATABASE_URL, else TEST_DATABASE_URL, else
// postgres://postgres@localhost/test over the Unix socket in /var/run/postgresql when it exists, else
// postgres://postgres@127.0.0.1:5432/test (used to create and drop the throwaway database, whose URL the
// servers get);
// BENCH_PROCESSES (the cores, at least 2), BENCH_ATTEMPTS (1000, the burst), BENCH_STEADY_ATTEMPTS (3000), BENCH_WARMUP (2000 unmeasured orders first), BENCH_CONCURRENCY (16,32: one steady round each), BENCH_POOL_SIZE (per process, 10),
// BENCH_SYNC_COMMIT (true; false runs the servers with ORDER_SYNCHRONOUS_COMMIT=false).
// Mail and expiry workers are off in the servers (the outbox rows are still written in each order's
// transaction; only their sending is left out of the measurement). DB_CONNECT_TIMEOUT_MS,
// DB_QUERY_TIMEOUT_MS and DB_STATEMENT_TIMEOUT_MS are raised to 120 s in the servers, so the burst waits for connections instead of
// being shed with 503 DATABASE_UNAVAILABLE (an overload protection, not an answer about shares).

import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, eq, sql, sum } from 'drizzle-orm';
import pg from 'pg';
import { Pool as HttpPool } from 'undici';
import { createDatabase } from '../server/db/client';
import { migrateDatabase } from '../server/db/migrate';
import { sessions, users } from '../server/db/schema';
import { agreements, offerSeries, offers } from '../server/db/schema-content';
import { currentKiis } from '../server/modules/protection/kiis';
import { orders, transactionMethods } from '../server/db/schema-orders';
import { knowledgeTests } from '../server/db/schema-protection';
import { seedDemo } from '../server/db/seed';
import { hashPassword } from '../server/lib/passwords';
import { createTokens } from '../server/modules/accounts/tokens';
import { QUESTIONNAIRE_VERSION } from '../server/modules/protection/questionnaire';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// A PostgreSQL on this host is reached over its Unix socket when one is there (what a co-located deployment
// does: no TCP stack on either side, measured ~0.4 ms of CPU less per order); else over TCP.
const LOCAL_SOCKET_DIR = '/var/run/postgresql';
const defaultUrl = existsSync(`${LOCAL_SOCKET_DIR}/.s.PGSQL.5432`)
  ? `postgres://postgres@localhost/test?host=${LOCAL_SOCKET_DIR}`
  : 'postgres://postgres@127.0.0.1:5432/test';
const adminUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || defaultUrl;
// One server process per core, as a host runs its nodes (docs/deploy.md); at least two, so orders always
// race across processes. More processes than cores only add switching between them: on two cores, four
// processes cost 2.2-2.5 ms of server CPU per order against 1.45-1.75 ms for two (docs/benchmarks.md).
const PROCESSES = Number(process.env.BENCH_PROCESSES || Math.max(2, availableParallelism()));
const ATTEMPTS = Number(process.env.BENCH_ATTEMPTS || 1000);
/** Attempts of each steady round: a few seconds each, so one pause (a GC, an autovacuum) moves a p99 less. */
const STEADY_ATTEMPTS = Number(process.env.BENCH_STEADY_ATTEMPTS || 3000);
/** Orders sent at 16 in flight before the measured rounds (after a first burst that opens the pools). */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2000);
/** In-flight requests of the steady round; a list runs one steady round per value (default 16 and 32). */
const CONCURRENCIES = (process.env.BENCH_CONCURRENCY || '16,32').split(',').map(Number).filter((n) => n > 0);
const POOL_SIZE = Number(process.env.BENCH_POOL_SIZE || 10);
/** BENCH_SYNC_COMMIT=false runs the servers with ORDER_SYNCHRONOUS_COMMIT=false. */
const SYNC_COMMIT = process.env.BENCH_SYNC_COMMIT !== 'false';
/** BENCH_ROUNDS=steady (or burst): only that round; default both. */
const ROUNDS = (process.env.BENCH_ROUNDS || 'burst,steady').split(',');
/** BENCH_SERVER_DIR=<checkout>: start the servers from another checkout (before/after comparisons, same load generator). */
const SERVER_DIR = path.resolve(process.env.BENCH_SERVER_DIR || root);
/** BENCH_CPU_PROF=<dir>: the first server process writes a V8 CPU profile (.cpuprofile) there when it stops. */
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF || '';

// CPU time, read from /proc/<pid>/stat (utime + stime, in clock ticks of 10 ms on Linux): what each run costs
// the machine, which the wall clock on a shared 2-core machine does not say reliably.
const TICK_MS = 10;
function cpuMsOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return undefined; // gone (or not Linux)
  }
}
/** Every PostgreSQL process on the machine (the postmaster, its backends and helpers), by /proc/<pid>/comm. */
function postgresPids(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') pids.push(Number(entry));
    } catch {
      // exited meanwhile
    }
  }
  return pids;
}

const withDatabase = (url: string, name: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
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
  const deadline = Date.now() + 180_000;
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
  throw new Error(`server ${origin} did not start within 180 s`);
}

/** Busy and total CPU time of the whole machine so far (all cores, ms), from /proc/stat. */
function machineCpuMs(): { busy: number; total: number } {
  const [user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const busy = user + nice + system + irq + softirq + (steal || 0);
  return { busy: busy * TICK_MS, total: (busy + idle + iowait) * TICK_MS };
}

/**
 * Measures the CPU a round costs: the server processes, the PostgreSQL backends of the bench database (sampled
 * every second, so a backend that ends during the round still counts up to its last sample), the other
 * PostgreSQL processes (WAL writer, checkpointer, ... and other databases' backends: shared with whatever else
 * runs on the machine) and this load generator.
 */
function cpuMeter(serverPids: number[], benchBackends: () => Promise<number[]>) {
  const servers = serverPids.map((pid) => ({ pid, first: cpuMsOf(pid) ?? 0, last: 0 }));
  const pgFirst = new Map(postgresPids().map((pid) => [pid, cpuMsOf(pid) ?? 0]));
  const pgLast = new Map<number, number>();
  const ours = new Set<number>();
  const self = process.cpuUsage();
  const machine = machineCpuMs();
  async function sample() {
    for (const pid of await benchBackends()) {
      ours.add(pid);
      if (!pgFirst.has(pid)) pgFirst.set(pid, 0); // connected during the round: its whole life counts
    }
    for (const pid of ours) {
      const ms = cpuMsOf(pid);
      if (ms !== undefined) pgLast.set(pid, ms);
    }
  }
  const timer = setInterval(() => void sample().catch(() => {}), 1000);
  let sampling = sample();
  return {
    async stop(attempts: number) {
      clearInterval(timer);
      await sampling;
      const selfUsage = process.cpuUsage(self);
      await (sampling = sample());
      for (const pid of pgFirst.keys()) {
        const ms = cpuMsOf(pid);
        if (ms !== undefined) pgLast.set(pid, ms);
      }
      for (const s of servers) s.last = cpuMsOf(s.pid) ?? s.first;
      const machineNow = machineCpuMs();
      const delta = (pid: number) => Math.max(0, (pgLast.get(pid) ?? pgFirst.get(pid)!) - pgFirst.get(pid)!);
      let pgOurs = 0;
      let pgOther = 0;
      for (const pid of pgFirst.keys()) {
        if (ours.has(pid)) pgOurs += delta(pid);
        else pgOther += delta(pid);
      }
      const server = servers.reduce((total, s) => total + s.last - s.first, 0);
      const generator = (selfUsage.user + selfUsage.system) / 1000;
      const per = (ms: number) => `${(ms / attempts).toFixed(2)} ms`;
      const benchTotal = server + pgOurs + generator;
      const machineBusy = machineNow.busy - machine.busy;
      const machineTotal = machineNow.total - machine.total;
      const lines = [
        `  CPU per attempt    servers ${per(server)} + PostgreSQL (bench backends) ${per(pgOurs)} + load generator ${per(generator)} = ${per(benchTotal)}` +
          `; other PostgreSQL processes ${per(pgOther)}`,
        `  CPU during round   servers ${(server / 1000).toFixed(2)} s, bench backends ${(pgOurs / 1000).toFixed(2)} s, load generator ${(generator / 1000).toFixed(2)} s; ` +
          `machine busy ${((100 * machineBusy) / Math.max(1, machineTotal)).toFixed(0)} % of its cores (everything, other work included)`,
      ];
      return { server, pgOurs, pgOther, generator, lines };
    },
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main() {
  const name = `bench_${randomBytes(5).toString('hex')}`;
  const url = withDatabase(adminUrl, name);
  const jwtSecret = randomBytes(32).toString('base64url');
  const children: ChildProcess[] = [];
  let httpPools: HttpPool[] = [];
  let failed = false;
  // Every process opens up to BENCH_POOL_SIZE connections: on a many-core machine the default count of
  // processes can ask for more than PostgreSQL admits; say so before starting rather than fail mid-round.
  const [{ max_connections: maxConnections }] = await admin('show max_connections');
  const needed = PROCESSES * POOL_SIZE + 10;
  if (needed > Number(maxConnections)) {
    console.error(
      `bench:orders: ${PROCESSES} processes × ${POOL_SIZE} connections (+ the bench's own) need ${needed} connections; ` +
        `PostgreSQL admits ${maxConnections}. Set BENCH_PROCESSES or BENCH_POOL_SIZE lower.`,
    );
    process.exit(1);
  }
  await admin(`create database "${name}"`);
  const database = await createDatabase({ databaseUrl: url, dataDir: 'memory://', poolSize: 5 });
  try {
    console.log(
      `bench:orders  database ${name} on ${new URL(adminUrl).host}; ${PROCESSES} processes, ${ATTEMPTS} attempts in the burst, ${STEADY_ATTEMPTS} per steady round; ` +
        `ORDER_SYNCHRONOUS_COMMIT=${SYNC_COMMIT}; servers from ${SERVER_DIR}; load average ${(await import('node:os')).loadavg().map((l) => l.toFixed(1)).join(' ')}`,
    );
    await migrateDatabase(database);
    await seedDemo(database.db);
    const { db } = database;

    // Servers
    const origins: string[] = [];
    for (let i = 0; i < PROCESSES; i++) {
      const port = await freePort();
      // node --import tsx (not the tsx CLI, which adds a second process): the pid measured is the server itself.
      const profile = CPU_PROF_DIR && i === 0 ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(CPU_PROF_DIR)] : [];
      if (profile.length) mkdirSync(path.resolve(CPU_PROF_DIR), { recursive: true });
      const child = spawn(process.execPath, ['--import', 'tsx', ...profile, 'server/index.ts'], {
        cwd: SERVER_DIR,
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
          DB_STATEMENT_TIMEOUT_MS: process.env.DB_STATEMENT_TIMEOUT_MS || '120000',
        },
      });
      children.push(child);
      origins.push(`http://127.0.0.1:${port}`);
    }
    await Promise.all(origins.map((origin, i) => waitForServer(origin, children[i])));
    // The load generator: undici pools (keep-alive connections, no fetch/WHATWG streams layer), so it costs
    // the shared two cores as little as possible.
    httpPools = origins.map((origin) => new HttpPool(origin, { connections: ATTEMPTS, pipelining: 1 }));
    const postOrder = async (i: number, token: string, payload: string, idempotencyKey?: string) => {
      const { statusCode, body } = await httpPools[i % PROCESSES].request({
        path: '/api/investment',
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
        body: payload,
      });
      return { status: statusCode, json: (await body.json()) as { errors: { code: string }[] } };
    };

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
        // A passed knowledge test each: an order needs one (docs/api.md "Investor protection").
        await db.insert(knowledgeTests).values(
          rows.map((row) => ({ userId: row.id, takenAt: new Date(), version: QUESTIONNAIRE_VERSION, language: 'pl' as const, passed: true, netWorth: 2_000_000_000, expiresAt: new Date(Date.now() + 365 * 86_400_000) })),
        );
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
    // Each series changes the offer's key investment information sheet: its current hash goes with the orders.
    const kiisHash = async () => (await currentKiis(db, offer.id, 'pl', new Date()))!.hash;
    const body = (series: number, kiis: string) =>
      JSON.stringify({
        method: method.id,
        offer: offer.id,
        series,
        quantity: 1,
        investorData: { firstName: 'B', lastName: 'Bench', phone: null, address: { address: 'ul. Prosta 1', city: 'Warszawa', zip: '00-001', country: { name: 'PL' } } },
        agreements: agreementIds.map((id) => ({ id, isAccepted: true })),
        kiisHash: kiis,
      });

    async function newSeries(total: number) {
      const [row] = await db
        .insert(offerSeries)
        .values({ offerId: offer.id, name: { pl: 'Bench', en: 'Bench' }, pricePerShare: 10_000, minStocks: 1, totalShares: total, isOpen: true, position: 99 })
        .returning({ id: offerSeries.id });
      return row.id;
    }

    /** Sends the orders with `concurrency` in flight; latencies and answers by status. */
    async function drive(investorTokens: string[], payload: string, concurrency: number, keyPrefix?: string) {
      const latencies: number[] = [];
      const statuses = new Map<string, number>();
      let next = 0;
      async function worker() {
        while (next < investorTokens.length) {
          const i = next++;
          const t0 = performance.now();
          const res = await postOrder(i, investorTokens[i], payload, keyPrefix && `${keyPrefix}-${i}`);
          latencies.push(performance.now() - t0);
          const key = res.status === 201 ? '201' : `${res.status} ${res.json.errors.map((e) => e.code).join(',')}`;
          statuses.set(key, (statuses.get(key) ?? 0) + 1);
        }
      }
      await Promise.all(Array.from({ length: Math.min(concurrency, investorTokens.length) }, worker));
      return { latencies, statuses };
    }

    // Warm-up (a series of its own; not measured): the connection pools and prepared statements with a burst,
    // then BENCH_WARMUP orders at 16 in flight, so the rounds measure servers whose hot paths V8 has already
    // optimised (a node in production has served thousands of requests), not the JIT compiling them.
    const warmSeries = await newSeries(100_000);
    const warmBody = body(warmSeries, await kiisHash());
    const warmTokens = await makeInvestors(40 * PROCESSES, 'warm');
    await Promise.all(warmTokens.map((token, i) => postOrder(i, token, warmBody)));
    if (WARMUP > 0) await drive(await makeInvestors(WARMUP, 'warm-steady'), warmBody, 16);

    let rounds = 0;
    async function round(label: string, total: number, concurrency: number, attempts: number) {
      const seriesId = await newSeries(total);
      const investorTokens = await makeInvestors(attempts, `${label}-${++rounds}`);
      const payload = body(seriesId, await kiisHash());
      const meter = cpuMeter(
        children.map((child) => child.pid!),
        async () => ((await database.db.execute(sql`select pid from pg_stat_activity where datname = ${name} and pid <> pg_backend_pid()`)) as unknown as { rows: { pid: number }[] }).rows.map((r) => r.pid),
      );
      const startedAt = performance.now();
      const { latencies, statuses } = await drive(investorTokens, payload, concurrency, label);
      const seconds = (performance.now() - startedAt) / 1000;
      const cpu = await meter.stop(attempts);
      latencies.sort((a, b) => a - b);
      const [series] = await db.select().from(offerSeries).where(eq(offerSeries.id, seriesId));
      const [totals] = await db.select({ n: count(), shares: sum(orders.quantity) }).from(orders).where(eq(orders.seriesId, seriesId));
      const granted = statuses.get('201') ?? 0;
      const held = series.soldShares + series.reservedShares;
      console.log(`\n[${label}] ${attempts} attempts, ${concurrency} in flight, series of ${total} shares`);
      console.log(`  answers            ${[...statuses].map(([k, v]) => `${k}: ${v}`).join(' | ')}`);
      console.log(`  wall time          ${seconds.toFixed(2)} s`);
      console.log(`  attempts/s         ${(attempts / seconds).toFixed(0)}`);
      console.log(`  orders/s (granted) ${(granted / seconds).toFixed(0)}`);
      console.log(`  latency p50 / p99  ${percentile(latencies, 50).toFixed(1)} ms / ${percentile(latencies, 99).toFixed(1)} ms (max ${latencies[latencies.length - 1].toFixed(1)} ms)`);
      for (const line of cpu.lines) console.log(line);
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
      if (granted !== Math.min(total, attempts)) {
        console.error(`  expected ${Math.min(total, attempts)} granted orders, got ${granted}`);
        failed = true;
      }
      if (unexpected.length) {
        console.error(`  UNEXPECTED answers: ${unexpected.join(', ')}`);
        failed = true;
      }
    }

    if (ROUNDS.includes('burst')) await round('burst', Math.floor(ATTEMPTS * 0.9), ATTEMPTS, ATTEMPTS);
    if (ROUNDS.includes('steady')) for (const concurrency of CONCURRENCIES) await round(`steady${concurrency}`, STEADY_ATTEMPTS, concurrency, STEADY_ATTEMPTS);
  } finally {
    await Promise.all(httpPools.map((pool) => pool.close()));
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
