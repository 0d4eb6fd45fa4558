// What the measuring scripts (lighthouse.mjs, longtasks.mjs, lcp-graph.mjs) share: the app's server on a free port, serving a
// given build with a throwaway PGlite database (migrated and seeded at start), a median, and how Chromium and
// Lighthouse are started.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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
 * Starts the server for the build in `spaDir`; resolves once it answers, to { origin, stop() }. `checkout` is the
 * checkout whose server runs (another one for a baseline measured side by side; its own node_modules).
 */
export async function startMeasureServer(spaDir, { name = 'measure', ms = 60_000, checkout = root } = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), `${name}-data-`));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: checkout,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: '', SPA_DIR: spaDir, DATA_DIR: dataDir, MAIL_DIR: path.join(dataDir, 'mail'), LOG_LEVEL: 'warn', MAIL_WORKER: 'false', NODE_ENV: 'production' },
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
