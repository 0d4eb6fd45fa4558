import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';

// Per-node caches of public content (server/cache/): one counter that anything changing public content
// bumps in its own transaction (`bumpContentVersion(tx)` in modules/content/repository.ts).
// Each node reads it at most once per second and drops its cached answers when it moved.
export const contentVersion = pgTable(
  'content_version',
  {
    id: integer('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('content_version_single_row', sql`${t.id} = 1`)],
);
