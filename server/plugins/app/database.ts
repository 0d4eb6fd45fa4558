import fp from 'fastify-plugin';
import type { Database } from '../../db/client';

// The database is opened, migrated and closed by its owner (server/index.ts or the test helper);
// the app only borrows it. It logs the connections the database lost (already handled in db/client.ts: the
// statement that used one fails with 503 DATABASE_UNAVAILABLE, the process carries on).
export default fp<{ database: Database }>(
  async (fastify, { database }) => {
    fastify.decorate('database', { getter: () => database });
    fastify.decorate('db', { getter: () => database.db });
    const log = fastify.log.child({ module: 'database' });
    const unsubscribe = database.events.onConnectionError((error, { checkedOut }) => {
      log.warn({ err: error, checkedOut }, checkedOut ? 'database connection lost while in use' : 'idle database connection lost');
    });
    fastify.addHook('onClose', async () => {
      unsubscribe();
    });
  },
  { name: 'database' },
);
