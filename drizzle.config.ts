import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes SQL migrations from the schema; they are committed and applied at start
// (server/db/migrate.ts) to PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./server/db/schema-core.ts', './server/db/schema-content.ts', './server/db/schema-accounts.ts', './server/db/schema-orders.ts', './server/db/schema-documents.ts', './server/db/schema-cache.ts', './server/db/schema-backoffice.ts', './server/db/schema-payments.ts', './server/db/schema-offer-files.ts', './server/db/schema-payouts.ts', './server/db/schema-protection.ts'],
  out: './server/db/migrations',
});
