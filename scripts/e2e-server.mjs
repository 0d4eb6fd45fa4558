#!/usr/bin/env node
// The app for the browser suite, started by playwright.config.ts's webServer: like `npm start` (build the
// SPA, then one Node process serving the API and dist/), but on E2E_PORT (a free port the config chose) with a fresh PGlite data folder
// (E2E_DATA_DIR, emptied before start and removed after) and short-lived access tokens.
//   E2E_SKIP_BUILD=1      reuse the current dist/ (or E2E_SPA_DIR)
//   E2E_SPA_DIR=<folder>  build the SPA into that folder and serve it instead of dist/ (so another `npm run build`
//                         on a shared machine cannot swap the bundle under a running suite)
//   E2E_DATABASE_URL=...  run against PostgreSQL instead of PGlite (DATABASE_URL is never inherited)
//   SERVER_RENDERING=false  the server sends the shell (the browser renders every page); default true, as the server's
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The port is chosen by the Playwright config (a free one, tests/e2e/support/env.ts) and passed in.
const port = process.env.E2E_PORT;
if (!port) {
  console.error('[e2e-server] E2E_PORT is not set: run the suite with `npx playwright test`, which picks a free port');
  process.exit(2);
}
const dataDir = process.env.E2E_DATA_DIR || path.join(os.tmpdir(), `estate-shares-e2e-${port}`);

if (process.env.E2E_SKIP_BUILD !== '1') {
  console.log('[e2e-server] npm run build');
  const outDir = process.env.E2E_SPA_DIR ? ['--', '--outDir', path.resolve(root, process.env.E2E_SPA_DIR), '--emptyOutDir'] : [];
  const build = spawnSync('npm', ['run', 'build', ...outDir], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('[e2e-server] build failed');
    process.exit(build.status ?? 1);
  }
}

rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

const env = {
  ...process.env,
  PORT: port,
  HOST: process.env.E2E_HOST || '127.0.0.1',
  DATA_DIR: dataDir,
  MAIL_DIR: path.join(dataDir, 'mail'),
  ACCESS_TOKEN_TTL: process.env.ACCESS_TOKEN_TTL || '5',
  SPA_DIR: process.env.E2E_SPA_DIR ? path.resolve(root, process.env.E2E_SPA_DIR) : 'dist',
  SERVE_SPA: 'true',
  SERVER_RENDERING: process.env.SERVER_RENDERING || 'true',
  LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
  // The specs register several accounts from one address; the server's default is 5 per 10 minutes.
  REGISTER_LIMIT: process.env.REGISTER_LIMIT || '1000',
  // The address the browser uses: PayPal's (the local peer's) pages and return links are built on it.
  PUBLIC_URL: process.env.PUBLIC_URL || `http://${process.env.E2E_HOST || '127.0.0.1'}:${port}`,
};
delete env.DATABASE_URL;
if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;

console.log(`[e2e-server] tsx server/index.ts on port ${port}, data in ${dataDir}`);
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
const child = spawn(tsx, ['server/index.ts'], { cwd: root, env, stdio: 'inherit' });

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 1 : 0));
});
