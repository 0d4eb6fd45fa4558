import { and, count, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db } from '../../../db/client';
import { rateLimitEvents } from '../../../db/schema';

// Rate limits kept in the database, so they hold across server processes: at most `limit` counted attempts
// of an action per subject (an e-mail, or an account id for signed-in actions) and per client IP over a sliding
// window (docs/api.md: 5 per minute).
// An attempt is recorded BEFORE the guarded work and the count read after, so a burst of parallel requests
// cannot all slip through: the n-th committed attempt always sees at least n rows. Attempts that should not
// count (a success, a refused request) are discarded afterwards.

export type RateLimitAction = 'password_grant' | 'activation_resend' | 'reset_password' | 'current_password';

/** The subject is an e-mail (anonymous flows) or an account id (signed-in flows, e.g. `current_password`). */
export type RateLimitKeys = { ip: string } & ({ email: string; account?: never } | { account: string; email?: never });

const subjectOf = (keys: RateLimitKeys) =>
  keys.account !== undefined ? { scope: 'account' as const, key: keys.account } : { scope: 'email' as const, key: keys.email! };

export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

export const DEFAULT_RULE: RateLimitRule = { limit: 5, windowSeconds: 60 };

const RETENTION = sql`now() - interval '1 hour'`;

export function createRateLimitRepository(db: Db) {
  return {
    /** Records an attempt; `limited` is true when it goes over the limit for the subject or for the IP. */
    async begin(action: RateLimitAction, keys: RateLimitKeys, rule: RateLimitRule = DEFAULT_RULE) {
      const subject = subjectOf(keys);
      const inserted = await db
        .insert(rateLimitEvents)
        .values([
          { action, scope: subject.scope, key: subject.key },
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
              and(eq(rateLimitEvents.scope, subject.scope), eq(rateLimitEvents.key, subject.key)),
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

    /** Forget the attempts counted against one account (a correct current password clears its failures). */
    async clearAccount(action: RateLimitAction, accountId: string): Promise<void> {
      await db
        .delete(rateLimitEvents)
        .where(and(eq(rateLimitEvents.action, action), eq(rateLimitEvents.scope, 'account'), eq(rateLimitEvents.key, accountId)));
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
