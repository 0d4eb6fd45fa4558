// What the measuring scripts (lighthouse.mjs, longtasks.mjs, lcp-graph.mjs) share: the app's server on a free port, serving a
// given build with a throwaway PGlite database (migrated and seeded at start), a median, and how Chromium and
// Lighthouse are started.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/**
 * Starts the server for the build in `spaDir`; resolves once it answers, to { origin, stop() }. It believes the
 * X-Forwarded-* headers, as a node behind the front does (startFront). `checkout` is the checkout whose server runs (another one for a baseline measured side by side; its own node_modules).
 */
export async function startMeasureServer(spaDir, { name = 'measure', ms = 60_000, checkout = root } = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), `${name}-data-`));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: checkout,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: '', SPA_DIR: spaDir, DATA_DIR: dataDir, MAIL_DIR: path.join(dataDir, 'mail'), LOG_LEVEL: 'warn', MAIL_WORKER: 'false', NODE_ENV: 'production', TRUST_PROXY: 'true' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    rmSync(dataDir, { recursive: true, force: true });
  };
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(`${origin}/api/splash-screen`)).ok) return { origin, stop };
    } catch {
      // not listening yet: try again until the deadline
    }
    if (Date.now() - started > ms) {
      await stop();
      throw new Error(`server for ${spaDir} did not answer within ${ms / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * The production front for one measuring server: HAProxy with deploy/haproxy/haproxy.cfg, as deployed (TLS with ALPN
 * h2, so the browser speaks HTTP/2), under a throwaway self-signed certificate (Chromium is started with
 * --ignore-certificate-errors), every node slot pointing at the server at `nodeOrigin`. Resolves to
 * { origin: 'https://127.0.0.1:<port>', stop() }, or to null, with the reason printed, when HAProxy or openssl is
 * missing. Lighthouse's simulation models a request from the connections the browser really used: over HTTP/1.1
 * each of the page's six parallel connections is a new TCP handshake and slow start on the simulated phone, over
 * HTTP/2 one warm connection carries them all, as for a visitor of the deployed site (docs/benchmarks.md).
 */
export async function startFront(nodeOrigin, { name = 'front', ms = 60_000 } = {}) {
  const haproxy = process.env.HAPROXY_BIN || ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy', '/usr/bin/haproxy'].find((bin) => existsSync(bin));
  if (!haproxy) {
    console.log(`${name}: no HAProxy (apt-get install -y haproxy); measuring the node over plain HTTP/1.1 instead`);
    return null;
  }
  const dir = mkdtempSync(path.join(tmpdir(), `${name}-front-`));
  const [key, cert, pem] = ['key.pem', 'cert.pem', 'front.pem'].map((file) => path.join(dir, file));
  const made = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '2', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
  if (made.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    console.log(`${name}: openssl could not make a certificate (apt-get install -y openssl); measuring the node over plain HTTP/1.1 instead`);
    return null;
  }
  writeFileSync(pem, readFileSync(cert, 'utf8') + readFileSync(key, 'utf8'));
  const [httpsPort, httpPort] = [await freePort(), await freePort()];
  const node = new URL(nodeOrigin).host;
  const env = {
    ...process.env,
    ESTATE_APP1: node,
    ESTATE_APP2: node,
    ESTATE_APP3: node,
    ESTATE_HTTP_BIND: `127.0.0.1:${httpPort}`,
    ESTATE_HTTPS_BIND: `127.0.0.1:${httpsPort}`,
    ESTATE_TLS_CERT: pem,
    ESTATE_HAPROXY_SOCKET: path.join(dir, 'admin.sock'),
    ESTATE_HAPROXY_LOG: 'stdout',
  };
  const child = spawn(haproxy, ['-db', '-f', path.join(root, 'deploy', 'haproxy', 'haproxy.cfg')], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const origin = `https://127.0.0.1:${httpsPort}`;
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 200));
    rmSync(dir, { recursive: true, force: true });
  };
  const ca = readFileSync(cert);
  // Ready once a page comes through: HAProxy's checks have seen the node up.
  const answers = () =>
    new Promise((resolve) => {
      https
        .get(`${origin}/api/splash-screen`, { ca, timeout: 2000 }, (res) => {
          res.resume();
          resolve(res.statusCode === 200);
        })
        .on('error', () => resolve(false));
    });
  const started = Date.now();
  while (!(await answers())) {
    if (Date.now() - started > ms || child.exitCode !== null) {
      await stop();
      throw new Error(`${name}: HAProxy in front of ${nodeOrigin} did not answer within ${ms / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { origin, stop };
}

/** Chromium's flag for the front's throwaway certificate (startFront). */
export const FRONT_CHROME_FLAGS = ['--ignore-certificate-errors'];

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** The system Chromium (Playwright cannot download browsers here), or CHROME_PATH. */
export const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';

/** Chromium for Lighthouse (chrome-launcher), with the flags of STACK-NOTES. */
export const LIGHTHOUSE_CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/**
 * Lighthouse's config for a first visit: besides the HTTP cache, which Lighthouse empties itself, the origin's
 * localStorage too (Lighthouse keeps it by default: runs 2… would be a returning browser whose cache was emptied).
 * `keepStorage`: Lighthouse's own reset (undefined: its default config).
 */
export const lighthouseConfig = (keepStorage = false) =>
  keepStorage
    ? undefined
    : { extends: 'lighthouse:default', settings: { clearStorageTypes: ['file_systems', 'shader_cache', 'service_workers', 'cache_storage', 'local_storage', 'indexeddb'] } };
