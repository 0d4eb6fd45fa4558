// Where the e2e server runs and how Chromium is launched; read by playwright.config.ts and by specs.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A port nothing listens on right now, asked of the system (listen on port 0). Synchronous, because the
 * Playwright config is not async; a child process does the asking.
 */
function freePort(): number {
  const probe = spawnSync(
    process.execPath,
    ['-e', "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})"],
    { encoding: 'utf8' },
  );
  const port = Number(probe.stdout);
  if (!Number.isInteger(port) || port <= 0) throw new Error(`e2e: could not find a free port (${probe.stderr || probe.stdout})`);
  return port;
}

// The suite always starts its own server on a port of its own: a free one, chosen once by the runner and
// handed to its workers (they inherit the environment), so no run ever tests a server that happened to be
// listening already. E2E_PORT pins the port (debugging); Playwright then refuses to start if it is taken.
if (!process.env.E2E_PORT) process.env.E2E_PORT = String(freePort());

/** Port of the app under test. */
export const E2E_PORT = Number(process.env.E2E_PORT);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** PGlite data folder of the e2e server: fresh for every run (scripts/e2e-server.mjs empties it). */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR || path.join(os.tmpdir(), `estate-shares-e2e-${E2E_PORT}`);
/** Access tokens expire after this many seconds in e2e, so specs can test the refresh after expiry. */
export const E2E_ACCESS_TOKEN_TTL = Number(process.env.ACCESS_TOKEN_TTL || 5);

/**
 * Playwright downloads no browser here: Debian's is launched instead (see STACK-NOTES). Its headless shell
 * first, the build Playwright itself runs headless tests in, for less CPU than the full Chromium's headless mode
 * (docs/testing.md has the figures); the full Chromium when the shell is not installed. The list is a JSON file so
 * that scripts/test.mjs, plain JavaScript, reads the same one.
 */
export const CHROMIUM_CANDIDATES: readonly string[] = JSON.parse(readFileSync(new URL('./chromium-paths.json', import.meta.url), 'utf8'));
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH || CHROMIUM_CANDIDATES.find((candidate) => existsSync(candidate)) || '/usr/bin/chromium';
/**
 * The full browser, for what must be measured as Chrome draws it: the headless shell lays text out on whole
 * pixels, so a line of text that just misses fitting in one may fit in the other (playwright.config.ts, project
 * `layout`).
 */
export const FULL_CHROMIUM_PATH =
  process.env.FULL_CHROMIUM_PATH || CHROMIUM_CANDIDATES.slice(1).find((candidate) => existsSync(candidate)) || CHROMIUM_PATH;
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const isCI = ['true', '1', 'yes'].includes(String(process.env.CI ?? '').toLowerCase());

/** The e2e server renders public pages (SERVER_RENDERING, forwarded by scripts/e2e-server.mjs; default on, as on the server). */
export const SERVER_RENDERING = !['false', '0', 'no'].includes(String(process.env.SERVER_RENDERING ?? 'true').toLowerCase());
