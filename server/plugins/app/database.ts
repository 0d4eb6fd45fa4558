import fp from 'fastify-plugin';
import type { Database } from '../../db/client';

// The database is opened, migrated and closed by its owner (server/index.ts or the test helper);
// the app only borrows it.
export default fp<{ database: Database }>(
  async (fastify, { database }) => {
    fastify.decorate('database', { getter: () => database });
    fastify.decorate('db', { getter: () => database.db });
  },
  { name: 'database' },
);
