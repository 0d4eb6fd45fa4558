// Where the e2e server runs and how Chromium is launched; read by playwright.config.ts and by specs.
import os from 'node:os';
import path from 'node:path';

/** Port of the app under test (not 3000/3001, so a dev server can keep running). */
export const E2E_PORT = Number(process.env.E2E_PORT || 3100);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** PGlite data folder of the e2e server: fresh for every run (scripts/e2e-server.mjs empties it). */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR || path.join(os.tmpdir(), `estate-shares-e2e-${E2E_PORT}`);
/** Access tokens expire after this many seconds in e2e, so specs can test the refresh after expiry. */
export const E2E_ACCESS_TOKEN_TTL = Number(process.env.ACCESS_TOKEN_TTL || 5);

/** Playwright downloads no browser here: Debian's chromium is launched instead (see STACK-NOTES). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
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
