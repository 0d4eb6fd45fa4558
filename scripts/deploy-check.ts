// `npm run deploy:check`: three nodes behind HAProxy on one PostgreSQL, under steady traffic, through a rolling
// restart and a database fault. docs/deploy.md "deploy:check" describes the method and keeps the latest figures.
//
//   1. a throwaway database on TEST_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/test),
//      migrated and seeded, with six investors and a series of shares of its own; dropped at the end;
//   2. three nodes (server/index.ts, as deploy/systemd runs them) and HAProxy (deploy/haproxy/haproxy.cfg as it
//      is, its addresses from the environment) on free ports;
//   3. traffic through HAProxy (scripts/deploy-check-traffic.ts): public reads, logins, orders, statements;
//   4. phases: warm-up, steady, ROLLING RESTART (each node: SIGTERM, wait for its exit, start it again, wait
//      until HAProxy's checks see it UP), steady, DATABASE FAULT (every backend of the database terminated
//      every 500 ms for 10 s), OUTAGE (ALLOW_CONNECTIONS false and the backends terminated, 15 s), recovery
//      (until HAProxy sees every node UP again), steady;
//   5. then the database is compared with what the clients were told.
//
// Fails (exit 1) on: any failed request during the rolling restart or a steady phase; any 500; for a request
// started or answered during the fault, the outage or the recovery, anything but the expected answer or a 503 with
// Retry-After; a node that exits without being asked to (it is restarted, as systemd would); a node that does not
// exit 0 on SIGTERM; a restarted node not UP within 120 s, or a node not UP within 60 s of the database's return;
// an order confirmed to a client and missing from the database, or stored twice; an imported statement whose
// orders are not paid; share counters that do not add up.
//
// Options (environment): DEPLOY_CHECK_SCALE=0.5 shortens every phase (not the faults' 10 s and 15 s);
// HAPROXY_BIN; TEST_DATABASE_URL. Logs of every process: reports/deploy-check/<run>/.

import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { users } from '../server/db/schema';
import { createDatabase } from '../server/db/client';
import { migrateDatabase } from '../server/db/migrate';
import { seedDemo } from '../server/db/seed';
import { hashPassword } from '../server/lib/passwords';
import { agreementIdsFor, createSeries, givePassedTest, methodIds, kiisHashFor } from '../tests/api/orders-support';
import { Haproxy, Node, findHaproxy, freePort, relative, sleep, type ExitRecord } from './deploy-check-fleet';
import { Traffic, type RequestRecord } from './deploy-check-traffic';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const SCALE = Math.max(0.2, Number(process.env.DEPLOY_CHECK_SCALE ?? 1) || 1);
const CLIENT = { clientId: 'web-spa', clientSecret: 'web-spa-secret' };
const OPERATOR = { email: 'operator@example.com', password: 'Operator123' };
const INVESTOR_PASSWORD = 'Investor123';

/** Phases in which a 503 with Retry-After is an expected answer (the database is away or just came back). */
const FAULT_PHASES = new Set(['fault', 'outage', 'recovery']);

const color = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code: string, s: string) => (color ? `\x1b[${code}m${s}\x1b[0m` : s);
const say = (s: string) => console.log(`${paint('2', new Date().toISOString().slice(11, 19))} ${s}`);

function withDatabase(url: string, name: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function main(): Promise<number> {
  const haproxyBin = findHaproxy();
  if (!haproxyBin) {
    console.error('deploy:check needs HAProxy: apt-get install -y haproxy (or set HAPROXY_BIN).');
    return 2;
  }
  const runDir = path.join(root, 'reports', 'deploy-check', new Date().toISOString().replace(/[:.]/g, '-'));
  mkdirSync(runDir, { recursive: true });
  const socketDir = mkdtempSync(path.join(tmpdir(), 'deploy-check-'));
  const dbName = `deploy_check_${randomBytes(5).toString('hex')}`;
  const dbUrl = withDatabase(ADMIN_URL, dbName);
  const failures: string[] = [];
  const exits: ExitRecord[] = [];
  const nodes: Node[] = [];
  let haproxy: Haproxy | undefined;
  let phase = 'setup';
  const phaseTimes: { name: string; from: number; to?: number }[] = [];
  const enter = (name: string) => {
    const now = Date.now();
    const last = phaseTimes.at(-1);
    if (last && last.to === undefined) last.to = now;
    phaseTimes.push({ name, from: now });
    phase = name;
    say(paint('1', `phase: ${name}`));
  };

  const cleanup = async () => {
    for (const node of nodes) node.kill();
    haproxy?.stop();
    await sleep(300);
    for (const node of nodes) node.close();
    haproxy?.close();
    rmSync(socketDir, { recursive: true, force: true });
    await admin((client) => client.query(`drop database if exists "${dbName}" with (force)`)).catch((error) =>
      console.error(`could not drop database ${dbName}: ${(error as Error).message}`),
    );
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping`);
      void cleanup().finally(() => process.exit(130));
    });
  }

  try {
    // ---------- 1. the database ----------
    const serverVersion = await admin(async (client) => {
      await client.query(`create database "${dbName}"`);
      return (await client.query('show server_version')).rows[0].server_version as string;
    });
    say(`database ${dbName} on PostgreSQL ${serverVersion}`);
    const setupDb = await createDatabase({ databaseUrl: dbUrl, dataDir: 'memory://', poolSize: 2 });
    let target: { offer: number; series: number; method: number; agreements: number[]; kiisHash: string };
    const investors: { email: string; password: string }[] = [];
    try {
      await migrateDatabase(setupDb);
      await seedDemo(setupDb.db);
      const series = await createSeries(setupDb.db, 'zielone-tarasy', 1_000_000, { minStocks: 1, pricePerShare: 10_000 });
      const methods = await methodIds(setupDb.db);
      target = {
        offer: series.offerId,
        series: series.id,
        method: methods.bank,
        agreements: (await agreementIdsFor(setupDb.db, series.offerId)).map((a) => a.id),
        // The offer's key investment information sheet the investors acknowledge (no order without it).
        kiisHash: await kiisHashFor(setupDb.db, series.offerId),
      };
      const passwordHash = await hashPassword(INVESTOR_PASSWORD);
      for (let i = 1; i <= 6; i++) investors.push({ email: `deploy-check-${i}@example.com`, password: INVESTOR_PASSWORD });
      const made = await setupDb.db
        .insert(users)
        .values(investors.map((who) => ({ email: who.email, passwordHash, role: 'investor' as const, isActive: true, firstName: 'Jan', lastName: 'Kowalski', locale: 'pl' as const })))
        .returning({ id: users.id });
      await givePassedTest(setupDb.db, made.map((row) => row.id));
    } finally {
      await setupDb.close();
    }

    // ---------- 2. the fleet ----------
    const ports = [await freePort(), await freePort(), await freePort()];
    const httpPort = await freePort();
    const statsPort = await freePort();
    const spaBuilt = existsSync(path.join(root, 'dist', 'index.html'));
    const nodeEnv: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATABASE_URL: dbUrl,
      TRUST_PROXY: 'true',
      SEED_DEMO: 'false',
      SERVE_SPA: spaBuilt ? 'true' : 'false',
      SPA_DIR: path.join(root, 'dist'),
      PUBLIC_URL: `http://127.0.0.1:${httpPort}`,
      MAIL_DIR: path.join(runDir, 'mail'),
      LOG_LEVEL: 'info',
    };
    const onExit = (record: ExitRecord) => {
      exits.push(record);
      if (record.requested) return;
      failures.push(`${record.node} exited by itself during "${phase}" (code ${record.code}, signal ${record.signal})`);
      say(paint('31;1', `${record.node} exited by itself (code ${record.code}); restarting it in 2 s, as systemd would`));
      const node = nodes.find((n) => n.name === record.node)!;
      setTimeout(() => node.start(), 2000);
    };
    ports.forEach((port, i) => nodes.push(new Node(`app${i + 1}`, port, root, nodeEnv, path.join(runDir, `app${i + 1}.log`), onExit)));

    haproxy = new Haproxy(
      haproxyBin,
      path.join(root, 'deploy', 'haproxy', 'haproxy.cfg'),
      {
        ESTATE_APP1: `127.0.0.1:${ports[0]}`,
        ESTATE_APP2: `127.0.0.1:${ports[1]}`,
        ESTATE_APP3: `127.0.0.1:${ports[2]}`,
        ESTATE_HTTP_BIND: `127.0.0.1:${httpPort}`,
        ESTATE_STATS_BIND: `127.0.0.1:${statsPort}`,
        ESTATE_HAPROXY_SOCKET: path.join(socketDir, 'admin.sock'),
        ESTATE_HAPROXY_LOG: 'stdout',
      },
      path.join(runDir, 'haproxy.log'),
      statsPort,
    );
    const valid = haproxy.validate();
    if (!valid.ok) {
      console.error(`deploy/haproxy/haproxy.cfg is not valid:\n${valid.output}`);
      return 1;
    }
    say(`HAProxy ${haproxy.version()} on 127.0.0.1:${httpPort} (stats :${statsPort}); nodes on ${ports.join(', ')}; SPA ${spaBuilt ? 'built' : 'not built: API reads only'}`);
    haproxy.start();
    const startedAt = Date.now();
    for (const node of nodes) node.start();
    for (const node of nodes) {
      if (!(await haproxy.waitFor(node.name, 'UP', 120_000))) throw new Error(`${node.name} did not come up (see ${relative(root, runDir)}/${node.name}.log)`);
    }
    say(`three nodes UP in HAProxy after ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);

    // ---------- 3. traffic ----------
    const publicPaths = ['/api/offers', '/api/offers/zielone-tarasy', '/api/static-content', '/api/faq', '/api/splash-screen', '/api/slider', '/api/stats'];
    if (spaBuilt) publicPaths.push('/pl', '/en', '/pl/inwestycje', '/en/investment/green-terraces');
    const traffic = new Traffic({
      baseUrl: `http://127.0.0.1:${httpPort}`,
      investors,
      operator: OPERATOR,
      target: target!,
      publicPaths,
      phase: () => phase,
      client: CLIENT,
    });
    // the public paths must answer 200 through the proxy, or the figures mean nothing
    for (const p of publicPaths) {
      const res = await fetch(`http://127.0.0.1:${httpPort}${p}`);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`GET ${p} answered ${res.status} before any fault`);
    }

    enter('warm-up');
    traffic.start({ publicWorkers: 3 });
    await sleep(5000 * SCALE);
    enter('steady');
    await sleep(10_000 * SCALE);

    // ---------- 4a. rolling restart ----------
    enter('rolling restart');
    const rolling: string[] = [];
    for (const node of nodes) {
      const t0 = Date.now();
      const exited = node.stop('SIGTERM');
      const out = await haproxy.waitFor(node.name, 'OUT', 15_000);
      const tOut = Date.now();
      const exit = await exited;
      const tExit = Date.now();
      if (exit.code !== 0) failures.push(`${node.name} exited with code ${exit.code} (signal ${exit.signal}) on SIGTERM`);
      node.start();
      // A start takes 5-20 s here (tsx compiles the server), up to a minute on a machine busy with other work.
      const up = await haproxy.waitFor(node.name, 'UP', 120_000);
      if (!out) failures.push(`HAProxy did not take ${node.name} out of rotation after SIGTERM`);
      if (!up) failures.push(`${node.name} was not UP in HAProxy within 120 s of its restart`);
      const line = `${node.name}: out of rotation after ${((tOut - t0) / 1000).toFixed(1)} s, exited (code ${exit.code}) after ${((tExit - t0) / 1000).toFixed(1)} s, UP again ${((Date.now() - tExit) / 1000).toFixed(1)} s after its start`;
      rolling.push(line);
      say(line);
    }
    enter('steady after restart');
    await sleep(5000 * SCALE);

    // ---------- 4b. database fault ----------
    let terminated = 0;
    const terminateAll = (client: pg.Client) =>
      client.query('select pg_terminate_backend(pid) as done from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [dbName]).then((r) => {
        terminated += r.rows.filter((row: { done: boolean }) => row.done).length;
      });
    const adminClient = new pg.Client({ connectionString: ADMIN_URL });
    await adminClient.connect();
    let outageSeconds = 0;
    try {
      enter('fault');
      const faultEnd = Date.now() + 10_000;
      while (Date.now() < faultEnd) {
        await terminateAll(adminClient);
        await sleep(500);
      }
      const terminatedInFault = terminated;
      say(`terminated ${terminatedInFault} backends in 10 s`);

      enter('outage');
      const outageStart = Date.now();
      await adminClient.query(`alter database "${dbName}" allow_connections false`);
      try {
        const outageEnd = outageStart + 15_000;
        while (Date.now() < outageEnd) {
          await terminateAll(adminClient);
          await sleep(1000);
        }
      } finally {
        await adminClient.query(`alter database "${dbName}" allow_connections true`);
        outageSeconds = (Date.now() - outageStart) / 1000;
      }
      say(`connections refused for ${outageSeconds.toFixed(1)} s (${terminated - terminatedInFault} more backends terminated)`);
    } finally {
      await adminClient.end();
    }

    enter('recovery');
    const recoveryStart = Date.now();
    let recovered = true;
    for (const node of nodes) if (!(await haproxy.waitFor(node.name, 'UP', 60_000 - (Date.now() - recoveryStart)))) recovered = false;
    const recoverySeconds = (Date.now() - recoveryStart) / 1000;
    if (!recovered) failures.push('not every node was UP in HAProxy within 60 s of the database coming back');
    say(`every node UP again ${recoverySeconds.toFixed(1)} s after the database came back`);
    enter('steady after recovery');
    await sleep(10_000 * SCALE);

    enter('settling');
    await traffic.stop(60_000);
    const last = phaseTimes.at(-1)!;
    last.to = Date.now();

    // ---------- 5. the database against what clients were told ----------
    const check = new pg.Client({ connectionString: dbUrl });
    await check.connect();
    let orderFigures: string[];
    try {
      const rows = (
        await check.query(
          `select o.id, o.idempotency_key, o.status, o.quantity, u.email,
                  (select count(*) from transactions t where t.order_id = o.id and t.status = 'paid')::int as paid_transactions
             from orders o join users u on u.id = o.user_id where u.email like 'deploy-check-%'`,
        )
      ).rows as { id: string; idempotency_key: string | null; status: string; quantity: number; email: string; paid_transactions: number }[];
      const byKey = new Map<string, typeof rows>();
      for (const row of rows) byKey.set(row.idempotency_key ?? '', [...(byKey.get(row.idempotency_key ?? '') ?? []), row]);
      const sent = new Map(traffic.orders.map((o) => [o.key, o]));
      const confirmed = traffic.orders.filter((o) => o.orderId);
      const unresolved = traffic.orders.filter((o) => !o.orderId && o.refused === undefined);
      const refused = traffic.orders.filter((o) => o.refused !== undefined);
      let lost = 0;
      let duplicated = 0;
      let mismatched = 0;
      for (const order of confirmed) {
        const stored = byKey.get(order.key) ?? [];
        if (stored.length === 0) lost += 1;
        else if (stored[0].id !== order.orderId) mismatched += 1;
      }
      for (const stored of byKey.values()) if (stored.length > 1) duplicated += stored.length - 1;
      const strangers = rows.filter((row) => !sent.has(row.idempotency_key ?? '')).length;
      const answerLostButStored = unresolved.filter((o) => (byKey.get(o.key) ?? []).length > 0).length;
      if (lost) failures.push(`${lost} orders confirmed to their client are not in the database`);
      if (duplicated) failures.push(`${duplicated} orders are stored twice`);
      if (mismatched) failures.push(`${mismatched} orders confirmed with another id than the one stored`);
      if (strangers) failures.push(`${strangers} orders in the database were never asked for`);
      if (refused.length) failures.push(`${refused.length} orders were refused (statuses ${[...new Set(refused.map((o) => o.refused))].join(', ')})`);
      if (unresolved.length) failures.push(`${unresolved.length} orders got no definite answer within 60 s after the traffic stopped`);

      // statements: every order of an imported statement is paid, once
      const importedOrders = new Set(traffic.statements.filter((s) => s.imported).flatMap((s) => s.orders));
      const paidRows = rows.filter((row) => row.status === 'paid' || row.status === 'completed');
      const notPaid = [...importedOrders].filter((id) => !paidRows.some((row) => row.id === id && row.paid_transactions === 1)).length;
      const paidWithoutStatement = paidRows.filter((row) => !importedOrders.has(row.id)).length;
      if (notPaid) failures.push(`${notPaid} orders of imported statements are not paid (with one paid transaction)`);
      if (paidWithoutStatement) failures.push(`${paidWithoutStatement} orders are paid that no imported statement paid`);
      const failedImports = traffic.statements.filter((s) => !s.imported).length;
      if (failedImports) failures.push(`${failedImports} statements could not be imported`);

      // share counters of the check's series
      const [series] = (await check.query('select reserved_shares, sold_shares from offer_series where id = $1', [target!.series])).rows as {
        reserved_shares: number;
        sold_shares: number;
      }[];
      const reserved = rows.filter((r) => r.status === 'new').reduce((sum, r) => sum + r.quantity, 0);
      const sold = paidRows.reduce((sum, r) => sum + r.quantity, 0);
      if (series.reserved_shares !== reserved || series.sold_shares !== sold) {
        failures.push(`series counters reserved ${series.reserved_shares} / sold ${series.sold_shares}, orders say ${reserved} / ${sold}`);
      }
      orderFigures = [
        `orders asked for ${traffic.orders.length}: confirmed ${confirmed.length} (after ${confirmed.reduce((n, o) => n + o.attempts, 0) - confirmed.length} retries), refused ${refused.length}, without an answer ${unresolved.length}`,
        `orders in the database ${rows.length}: lost ${lost}, stored twice ${duplicated}, never asked for ${strangers}, answer lost but stored ${answerLostButStored}`,
        `statements imported ${traffic.statements.filter((s) => s.imported).length} of ${traffic.statements.length} (uploads ${traffic.statements.reduce((n, s) => n + s.attempts, 0)}), orders they pay ${importedOrders.size}, paid in the database ${paidRows.length}, not paid ${notPaid}`,
        `series counters: reserved ${series.reserved_shares} (orders: ${reserved}), sold ${series.sold_shares} (orders: ${sold})`,
      ];
    } finally {
      await check.end();
    }

    // ---------- figures ----------
    const records = traffic.records;
    // A 503 with Retry-After is expected of a request that met the fault: started or answered during it.
    const metFault = (r: RequestRecord) => FAULT_PHASES.has(r.phase) || FAULT_PHASES.has(r.endPhase);
    const verdictOf = (r: RequestRecord) => (r.ok ? 'ok' : metFault(r) && r.status === 503 && r.retryAfter ? 'retry' : 'failed');
    const table: string[] = [];
    const head = ['phase', 's', 'requests', 'req/s', 'ok', '503+RA', 'failed', 'p50 ms', 'p95 ms', 'answers (status: count)'];
    table.push(head.join(' | '));
    for (const p of phaseTimes) {
      const inPhase = records.filter((r) => r.phase === p.name);
      const seconds = ((p.to ?? Date.now()) - p.from) / 1000;
      const ms = inPhase.map((r) => r.ms).sort((a, b) => a - b);
      const pct = (q: number) => (ms.length ? Math.round(ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]) : 0);
      const byStatus = new Map<string, number>();
      for (const r of inPhase) {
        const key = r.status === 0 ? `no answer (${r.error})` : `${r.status}${r.status === 503 && r.retryAfter ? '+RA' : ''}`;
        byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
      }
      table.push(
        [
          p.name,
          seconds.toFixed(1),
          inPhase.length,
          (inPhase.length / Math.max(seconds, 0.001)).toFixed(0),
          inPhase.filter((r) => verdictOf(r) === 'ok').length,
          inPhase.filter((r) => verdictOf(r) === 'retry').length,
          inPhase.filter((r) => verdictOf(r) === 'failed').length,
          pct(0.5),
          pct(0.95),
          [...byStatus].sort().map(([k, v]) => `${k}: ${v}`).join(', '),
        ].join(' | '),
      );
    }
    for (const p of phaseTimes) {
      const failed = records.filter((r) => r.phase === p.name && verdictOf(r) === 'failed');
      if (!failed.length) continue;
      const kinds = [...new Set(failed.map((r) => `${r.kind} ${r.status || r.error}`))].join(', ');
      failures.push(`${failed.length} failed requests during "${p.name}" (${kinds})`);
    }
    const fiveHundreds = records.filter((r) => r.status === 500).length;
    if (fiveHundreds) failures.push(`${fiveHundreds} answers were 500`);

    const byKind = (['page', 'login', 'order', 'statement'] as const).map((kind) => `${kind} ${records.filter((r) => r.kind === kind).length}`).join(', ');
    console.log('');
    console.log(paint('1', 'deploy:check figures'));
    console.log(`  fleet: 3 nodes + HAProxy ${haproxy.version()}, PostgreSQL ${serverVersion}, database ${dbName}; scale ${SCALE}`);
    console.log(`  requests ${records.length} (${byKind}); failed ${records.filter((r) => verdictOf(r) === 'failed').length}; 503 with Retry-After ${records.filter((r) => verdictOf(r) === 'retry').length}; 500 ${fiveHundreds}`);
    console.log('');
    for (const line of table) console.log(`  ${line}`);
    console.log('');
    console.log('  rolling restart:');
    for (const line of rolling) console.log(`    ${line}`);
    console.log(`  database fault: ${terminated} backends terminated; connections refused ${outageSeconds.toFixed(1)} s; every node UP ${recoverySeconds.toFixed(1)} s after`);
    const unrequested = exits.filter((e) => !e.requested);
    console.log(`  node exits: requested ${exits.filter((e) => e.requested).length} (codes ${[...new Set(exits.filter((e) => e.requested).map((e) => e.code))].join(', ') || '-'}), by themselves ${unrequested.length}${unrequested.length ? ` (${unrequested.map((e) => `${e.node} code ${e.code}`).join(', ')})` : ''}`);
    for (const line of orderFigures) console.log(`  ${line}`);
    console.log(`  logs: ${relative(root, runDir)}/`);
    console.log('');
    if (failures.length) {
      console.log(paint('31;1', `deploy:check FAILED (${failures.length}):`));
      for (const failure of [...new Set(failures)]) console.log(paint('31', `  - ${failure}`));
      return 1;
    }
    console.log(paint('32;1', 'deploy:check passed'));
    return 0;
  } catch (error) {
    console.error(paint('31;1', `deploy:check could not run: ${(error as Error).stack ?? error}`));
    console.error(`logs: ${relative(root, runDir)}/`);
    return 1;
  } finally {
    await cleanup();
  }
}

process.exit(await main());
