import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Two projects: the browser side (views, machines, model-based tests) in jsdom,
// and the API in Node against a real database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set).
export default defineConfig({
  plugins: [react()],
  define: {
    __APP_CONFIG__: JSON.stringify({
      apiUrl: '/api',
      defaultLanguage: 'pl',
      clientId: 'web-spa',
      clientSecret: 'web-spa-secret',
    }),
  },
  test: {
    // A worker per core. Vitest's default keeps one core for its main process, which on a 2-core machine means one
    // worker; that process is nearly idle during a run, and two workers take the web stage from 8 to 4.5 minutes.
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/model/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/support/setup-dom.ts'],
          // One jsdom and one module graph per worker, not per file: a fresh jsdom and the app's modules cost
          // 2-3 s per file, most of the stage (docs/testing.md, "Where the time goes"). So tests leave no state
          // behind them: setup-dom.ts resets the DOM, storage, cookies, timers and spies after each test.
          isolate: false,
          // Model tests render the whole app per step; on a loaded 2-core machine one path can take seconds.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          // The server's modules imported once per worker, not per file (about 2.5 s each): each suite builds its
          // own app on its own database (tests/api/helpers.ts), so nothing else is shared. 8.8 → 6.8 minutes.
          isolate: false,
          // Clears the recorded answers; scripts/api-conformance.ts checks them after the run (npm test).
          globalSetup: ['tests/api/conformance/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
