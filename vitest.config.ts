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
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/model/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/support/setup-dom.ts'],
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
          // Clears the recorded answers; scripts/api-conformance.ts checks them after the run (npm test).
          globalSetup: ['tests/api/conformance/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
