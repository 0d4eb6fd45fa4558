import { defineConfig, devices } from '@playwright/test';
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  E2E_ACCESS_TOKEN_TTL,
  E2E_BASE_URL,
  E2E_DATA_DIR,
  E2E_PORT,
  FULL_CHROMIUM_PATH,
  isCI,
} from './tests/e2e/support/env';

// Browser suite: the built SPA and the API in one Node process (as `npm start` runs them), always started by
// the suite itself on a free port (tests/e2e/support/env.ts) with a fresh PGlite data folder and 5-second
// access tokens; a server already listening somewhere is never reused.
// Three workers, a spec file each, on two cores: the specs spend much of their time waiting (an idle network before
// each accessibility check, a token's lifetime, the PayPal peer's redirects), so with two workers the first project
// kept 1.4 cores busy. Side by side on one two-core machine, two pairs: 199–201 s with three against 227–232 s with
// two, for the same CPU (353–360 s); docs/testing.md. `E2E_WORKERS` overrides it (1: everything on one worker).
// The specs that change what every other spec sees (maintenance, the demo investor's name, accounts and
// passwords, a key information sheet, a statement's and a distribution's effects on the demo orders and
// portfolio) are the project `exclusive`, which starts once the others are done and runs them one at a time
// (Playwright runs a dependent project only when its dependency passed: after a failure there, these show as
// not run).
const EXCLUSIVE = ['maintenance', 'accounts', 'polish', 'kiis', 'operator', 'payouts', 'storyboard'].map((name) => `**/${name}.spec.ts`);

// Layout shift is measured in the full Chromium, everything else in its headless shell (CHROMIUM_PATH): the shell lays
// text out on whole pixels, and the English cookie text at desktop, which just misses one line in Chrome in both
// fonts, fits one line in the shell once the theme font replaces the fallback, so the banner shrinks there, a shift
// Chrome does not make. Its throttled loads run after the others, where nothing else loads the machine, and
// before the exclusive specs (one of which turns maintenance on); docs/testing.md has what was seen otherwise.
// Its tests run two at a time (fullyParallel, its own `workers`): a throttled load mostly waits on the emulated
// network, and the figures stayed the same as one at a time (docs/testing.md); more at once would measure the shifts
// of a machine busier than the pages make it.
const LAYOUT = ['**/layout-shift.spec.ts'];

// `npm test` runs the exclusive specs in a Playwright run of their own, beside the deploy check (scripts/test.mjs,
// E2E_PART=exclusive): its results and report go into a folder of their own, not over the first run's.
const PART = process.env.E2E_PART ? `/${process.env.E2E_PART}` : '';

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
};
const fullChromium = { ...chromium, launchOptions: { executablePath: FULL_CHROMIUM_PATH, args: CHROMIUM_ARGS } };

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: `test-results${PART}`,
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS || 3),
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: isCI ? [['list'], ['html', { open: 'never', outputFolder: `playwright-report${PART}` }]] : [['list']],
  use: {
    baseURL: E2E_BASE_URL,
    // A failed test is retried once in CI, with a trace (Playwright's default): recording one for every test
    // cost a fifth more CPU (docs/testing.md). Locally: --trace on.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'chromium', testIgnore: [...EXCLUSIVE, ...LAYOUT], use: chromium },
    { name: 'layout', testMatch: LAYOUT, dependencies: ['chromium'], fullyParallel: true, workers: 2, use: fullChromium },
    { name: 'exclusive', testMatch: EXCLUSIVE, dependencies: ['layout'], workers: 1, use: chromium },
  ],
  webServer: {
    // Builds the SPA (unless E2E_SKIP_BUILD=1), empties the data folder, then `tsx server/index.ts`.
    command: 'node scripts/e2e-server.mjs',
    url: `${E2E_BASE_URL}/`,
    // Never test a server this run did not start (it might hold anyone's data).
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      E2E_PORT: String(E2E_PORT),
      E2E_DATA_DIR,
      ACCESS_TOKEN_TTL: String(E2E_ACCESS_TOKEN_TTL),
    },
  },
});
