// npm run bench:api — the API's fixed cost per request, measured. Not part of npm test.
//
// One run, side by side, with the same load generator (autocannon, in this process) against a server in a child
// process (scripts/bench-api-server.ts):
//   - a bare Fastify route (no plugins, `{ hello: 'world' }`): the ceiling of this machine,
//   - the main public routes of the app on PGlite (a fresh data folder, migrated and seeded), and again on
//     PostgreSQL when DATABASE_URL is set.
// Each route is measured in rounds alternating with rounds of the bare route (measure() below), and compared with the
// bare rounds beside it. Prints req/s (the median round), p50 (median), p99 (the worst round), the ratio to the bare
// route (median of the rounds' ratios), non-2xx answers and requests slower than 1 s, and the server's CPU time per
// request (user + system, read from the server process around each round) with the same ratio computed from it: on a
// machine shared with other work, req/s moves with everyone's load, CPU per request less.
// Requests look like a browser's: Content-Language en and Accept-Encoding br, gzip.
// When the web app is built (dist/index.html), the pages' HTML too (server/pages/spaHtml.ts: index.html with the
// page's first answers inline): home, the offers list and an offer page, served from a copy of dist taken at the start
// (a build made meanwhile does not change what is measured), and then again with PAGE_CACHE=false, every request
// rendered anew: what the page cache saves, and an uncached render's latency. BENCH_SPA=0 leaves them out.
//
//   npm run bench:api                                    # PGlite only
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:api
//   BENCH_CONNECTIONS=64 BENCH_DURATION=6 BENCH_ROUNDS=3 BENCH_ROUTES=/api/offers npm run bench:api
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const connections = Number(process.env.BENCH_CONNECTIONS ?? 64);
/** Seconds each route is measured, split into BENCH_ROUNDS rounds; the bare route runs as long again beside it. */
const duration = Number(process.env.BENCH_DURATION ?? 6);
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const headers = { 'content-language': 'en', 'accept-encoding': 'br, gzip' };

const ALL_ROUTES = [
  '/api/offers',
  '/api/offers/green-terraces',
  '/api/offer/featured?listName=homepage',
  '/api/static-content',
  '/api/slider',
  '/api/splash-screen',
  '/api/faq',
  '/api/stats',
];
/** The pages' HTML, when there is a build to serve. */
const PAGE_ROUTES = ['/pl', '/pl/inwestycje', '/pl/inwestycja/zielone-tarasy'];
const built = process.env.BENCH_SPA !== '0' && existsSync(path.join(root, 'dist', 'index.html'));
/** BENCH_ROUTES=/api/offers,/api/faq measures only those (the bare route always runs). */
const ROUTES = process.env.BENCH_ROUTES ? process.env.BENCH_ROUTES.split(',') : [...ALL_ROUTES, ...(built ? PAGE_ROUTES : [])];

interface Ports { bare: number; app: number }

function startServer(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; ports: Ports }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/bench-api-server.ts')], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const match = /BENCH_READY (\{.*\})/.exec(out);
      if (match) resolve({ child, ports: JSON.parse(match[1]) });
    });
    child.on('exit', (code) => reject(new Error(`bench server exited (${code})`)));
  });
}

interface Figures { route: string; rps: number; p50: number; p99: number; non2xx: number; slow: number; errors: number; cpuMicros: number; ratio: number; cpuRatio: number }
interface Round { rps: number; requests: number; p50: number; p99: number; max: number; non2xx: number; errors: number; cpuMicros: number }

async function serverCpu(ports: Ports): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${ports.bare}/__cpu`);
  return ((await response.json()) as { micros: number }).micros;
}

const warm = (port: number, route: string) => autocannon({ url: `http://127.0.0.1:${port}${route}`, connections, duration: 1, headers });

async function round(ports: Ports, port: number, route: string, seconds: number): Promise<Round> {
  const cpuBefore = await serverCpu(ports);
  const result = await autocannon({ url: `http://127.0.0.1:${port}${route}`, connections, duration: seconds, headers, timeout: 20 });
  const h = result.latency as unknown as Record<string, number>;
  return {
    rps: result.requests.average,
    requests: result.requests.total,
    p50: h.p50,
    p99: h.p99,
    max: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    cpuMicros: ((await serverCpu(ports)) - cpuBefore) / Math.max(1, result.requests.total),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Rounds of one route: their sums, the median p50, the worst p99 and slowest request. */
function combine(route: string, rounds: Round[], ratios: number[], cpuRatios: number[]): Figures {
  const requests = rounds.reduce((sum, r) => sum + r.requests, 0);
  const max = Math.max(...rounds.map((r) => r.max));
  return {
    route,
    rps: median(rounds.map((r) => r.rps)),
    p50: median(rounds.map((r) => r.p50)),
    p99: Math.max(...rounds.map((r) => r.p99)),
    non2xx: rounds.reduce((sum, r) => sum + r.non2xx, 0),
    slow: max > 1000 ? max : 0,
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
    cpuMicros: rounds.reduce((sum, r) => sum + r.cpuMicros * r.requests, 0) / Math.max(1, requests),
    ratio: median(ratios),
    cpuRatio: median(cpuRatios),
  };
}

/**
 * A route against the bare route in alternating rounds (bare, route, bare, route, …): each ratio compares two runs
 * seconds apart, so a change in the machine's load between routes does not land on one of them (this machine's
 * neighbours moved the bare route between 14 000 and 28 000 req/s within minutes). The ratios printed are the
 * medians of the rounds' ratios.
 */
async function measure(ports: Ports, route: string): Promise<{ bare: Round[]; figures: Figures }> {
  // A short warm-up fills caches and JIT, then the measured rounds.
  await warm(ports.app, route);
  const seconds = duration / rounds;
  const bare: Round[] = [];
  const mine: Round[] = [];
  for (let i = 0; i < rounds; i++) {
    bare.push(await round(ports, ports.bare, '/', seconds));
    mine.push(await round(ports, ports.app, route, seconds));
  }
  const ratios = mine.map((r, i) => r.rps / bare[i].rps);
  const cpuRatios = mine.map((r, i) => bare[i].cpuMicros / r.cpuMicros);
  return { bare, figures: combine(route, mine, ratios, cpuRatios) };
}

function print(title: string, rows: Figures[], bare: Figures) {
  console.log(`\n${title} — ${connections} connections, ${duration} s per route in ${rounds} rounds, each next to a round of the bare route`);
  console.log(
    'route'.padEnd(42) + 'req/s'.padStart(9) + 'p50 ms'.padStart(9) + 'p99 ms'.padStart(9) + 'vs bare'.padStart(9) + 'CPU µs'.padStart(9) + 'CPU vs bare'.padStart(13) + '  notes',
  );
  for (const r of [bare, ...rows]) {
    const notes = [r.non2xx ? `${r.non2xx} non-2xx` : '', r.errors ? `${r.errors} errors/timeouts` : '', r.slow ? `max ${r.slow} ms` : '']
      .filter(Boolean)
      .join(', ');
    console.log(
      r.route.padEnd(42) +
        r.rps.toFixed(0).padStart(9) +
        String(r.p50).padStart(9) +
        String(r.p99).padStart(9) +
        `${(100 * r.ratio).toFixed(1)}%`.padStart(9) +
        r.cpuMicros.toFixed(0).padStart(9) +
        `${(100 * r.cpuRatio).toFixed(1)}%`.padStart(13) +
        (notes ? `  ${notes}` : ''),
    );
  }
}

async function run(title: string, env: NodeJS.ProcessEnv, routes = ROUTES) {
  const { child, ports } = await startServer(env);
  try {
    // Every route once before any is measured: the first one measured does not pay the whole process's JIT warm-up.
    await warm(ports.bare, '/');
    for (const route of routes) await warm(ports.app, route);
    const rows: Figures[] = [];
    const bareRounds: Round[] = [];
    for (const route of routes) {
      const { bare, figures } = await measure(ports, route);
      bareRounds.push(...bare);
      rows.push(figures);
    }
    const bare = combine('bare Fastify route (all its rounds)', bareRounds, [1], [1]);
    print(title, rows, bare);
    console.log(`load average after: ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    return { bare, rows };
  } finally {
    child.kill('SIGTERM');
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-pglite-'));
let spaDir: string | undefined;
if (built) {
  spaDir = mkdtempSync(path.join(tmpdir(), 'bench-spa-'));
  cpSync(path.join(root, 'dist'), spaDir, { recursive: true });
}
const spa = spaDir ? { SERVE_SPA: 'true', SPA_DIR: spaDir } : { SERVE_SPA: 'false' };
try {
  console.log(`bench:api on ${process.platform}, node ${process.version}, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  if (!built) console.log('(pages skipped: no build in dist/, run `npx vite build` to measure them too)');
  await run('PGlite', { DATABASE_URL: '', DATA_DIR: dataDir, ...spa });
  // The same pages rendered for every request: what the page cache saves, and an uncached render's p99.
  const pages = ROUTES.filter((route) => PAGE_ROUTES.includes(route));
  if (pages.length) await run('PGlite, every page rendered anew (PAGE_CACHE=false)', { DATABASE_URL: '', DATA_DIR: dataDir, ...spa, PAGE_CACHE: 'false' }, pages);
  if (process.env.DATABASE_URL) await run('PostgreSQL', { DATABASE_URL: process.env.DATABASE_URL, ...spa });
  else console.log('\n(PostgreSQL skipped: set DATABASE_URL to measure it too)');
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  if (spaDir) rmSync(spaDir, { recursive: true, force: true });
}
process.exit(0);
