import { and, count, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db } from '../../../db/client';
import { rateLimitEvents } from '../../../db/schema';

// Rate limits kept in the database, so they hold across server processes: at most `limit` counted attempts
// of an action per e-mail and per client IP over a sliding window (docs/api.md: 5 per minute).
// An attempt is recorded BEFORE the guarded work and the count read after, so a burst of parallel requests
// cannot all slip through: the n-th committed attempt always sees at least n rows. Attempts that should not
// count (a success, a refused request) are discarded afterwards.

export type RateLimitAction = 'password_grant' | 'activation_resend' | 'reset_password';

export interface RateLimitKeys {
  email: string;
  ip: string;
}

export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

export const DEFAULT_RULE: RateLimitRule = { limit: 5, windowSeconds: 60 };

const RETENTION = sql`now() - interval '1 hour'`;

export function createRateLimitRepository(db: Db) {
  return {
    /** Records an attempt; `limited` is true when it goes over the limit for the e-mail or for the IP. */
    async begin(action: RateLimitAction, keys: RateLimitKeys, rule: RateLimitRule = DEFAULT_RULE) {
      const inserted = await db
        .insert(rateLimitEvents)
        .values([
          { action, scope: 'email', key: keys.email },
          { action, scope: 'ip', key: keys.ip },
        ])
        .returning({ id: rateLimitEvents.id });
      const counts = await db
        .select({ scope: rateLimitEvents.scope, attempts: count() })
        .from(rateLimitEvents)
        .where(
          and(
            eq(rateLimitEvents.action, action),
            or(
              and(eq(rateLimitEvents.scope, 'email'), eq(rateLimitEvents.key, keys.email)),
              and(eq(rateLimitEvents.scope, 'ip'), eq(rateLimitEvents.key, keys.ip)),
            ),
            gt(rateLimitEvents.createdAt, sql`now() - make_interval(secs => ${rule.windowSeconds})`),
          ),
        )
        .groupBy(rateLimitEvents.scope);
      return {
        ids: inserted.map((row) => row.id),
        limited: counts.some((row) => row.attempts > rule.limit),
      };
    },

    /** The attempt does not count (it succeeded, or was refused before doing anything). */
    async discard(ids: number[]): Promise<void> {
      if (ids.length) await db.delete(rateLimitEvents).where(inArray(rateLimitEvents.id, ids));
    },

    /** Forget the attempts counted against one e-mail (a successful login clears its failures). */
    async clearEmail(action: RateLimitAction, email: string): Promise<void> {
      await db
        .delete(rateLimitEvents)
        .where(and(eq(rateLimitEvents.action, action), eq(rateLimitEvents.scope, 'email'), eq(rateLimitEvents.key, email)));
    },

    /** Rows older than an hour are never read again. */
    async prune(): Promise<void> {
      await db.delete(rateLimitEvents).where(lt(rateLimitEvents.createdAt, RETENTION));
    },
  };
}

export type RateLimitRepository = ReturnType<typeof createRateLimitRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    rateLimitRepository: RateLimitRepository;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('rateLimitRepository', createRateLimitRepository(fastify.db));
  },
  { name: 'rate-limit-repository', dependencies: ['database'] },
);
