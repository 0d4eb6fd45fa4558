import { and, count, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db } from '../../../db/client';
import { rateLimitEvents } from '../../../db/schema';
import type { Executor } from '../../../mail/outbox';

// Rate limits kept in the database, so they hold across server processes: at most `limit` counted attempts
// of an action per subject (an e-mail, or an account id for signed-in actions) and per client IP over a sliding
// window (docs/api.md: 5 per minute).
// An attempt is recorded BEFORE the guarded work and the count read after, so a burst of parallel requests
// cannot all slip through: the n-th committed attempt always sees at least n rows. Attempts that should not
// count (a success, a refused request) are discarded afterwards.

export type RateLimitAction =
  | 'password_grant'
  | 'activation_resend'
  | 'reset_password'
  | 'current_password'
  | 'register'
  /** POST /investor/register/check-email (the registration's first step) */
  | 'register_check';

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

/** Failure-counted limits also cap the attempts in flight per subject and IP (CPU: each one is an argon2 check). */
export const IN_FLIGHT_FACTOR = 4;

const within = (seconds: number) => gt(rateLimitEvents.createdAt, sql`now() - make_interval(secs => ${seconds})`);

/** This action's events within the rule's window, for the account/e-mail or for the IP. */
const recentEvents = (action: RateLimitAction, keys: RateLimitKeys, rule: RateLimitRule) => {
  const subject = subjectOf(keys);
  return and(
    eq(rateLimitEvents.action, action),
    or(
      and(eq(rateLimitEvents.scope, subject.scope), eq(rateLimitEvents.key, subject.key)),
      and(eq(rateLimitEvents.scope, 'ip'), eq(rateLimitEvents.key, keys.ip)),
    ),
    within(rule.windowSeconds),
  );
};

/** Have the failures of this action, per account/e-mail or per IP, reached the rule's limit within its window? */
async function failuresAtLimit(executor: Executor, action: RateLimitAction, keys: RateLimitKeys, rule: RateLimitRule): Promise<boolean> {
  const counts = await executor
    .select({ scope: rateLimitEvents.scope, failures: count() })
    .from(rateLimitEvents)
    .where(recentEvents(action, keys, rule))
    .groupBy(rateLimitEvents.scope);
  return counts.some((row) => row.failures >= rule.limit);
}
const pendingAction = (action: RateLimitAction) => `${action}:pending`;

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
        .where(recentEvents(action, keys, rule))
        .groupBy(rateLimitEvents.scope);
      return {
        ids: inserted.map((row) => row.id),
        limited: counts.some((row) => row.attempts > rule.limit),
      };
    },

    // ---- Failure-counted limits (the password grant) ----
    // Only FAILURES count: attempts still in flight must not refuse a correct one (8 parallel correct logins from
    // one address all succeed). The sequence is beginGuarded → the check → recordFailure or failuresReached →
    // finishGuarded. A failure is recorded under an advisory lock and compared with the failures recorded before
    // it, so of a parallel burst of wrong guesses exactly `limit` get their answer and the rest 429. Attempts in
    // flight are rows under `<action>:pending` (removed when the attempt ends, and aged out by the window if a
    // process dies); more than IN_FLIGHT_FACTOR × limit at once are refused before any work.

    /** Before the work: refuse when the failures reached the limit, or too many attempts are in flight. */
    async beginGuarded(action: RateLimitAction, keys: RateLimitKeys, rule: RateLimitRule = DEFAULT_RULE) {
      const subject = subjectOf(keys);
      const pending = pendingAction(action);
      const inserted = await db
        .insert(rateLimitEvents)
        .values([
          { action: pending, scope: subject.scope, key: subject.key },
          { action: pending, scope: 'ip', key: keys.ip },
        ])
        .returning({ id: rateLimitEvents.id });
      const counts = await db
        .select({ action: rateLimitEvents.action, scope: rateLimitEvents.scope, attempts: count() })
        .from(rateLimitEvents)
        .where(
          and(
            inArray(rateLimitEvents.action, [action, pending]),
            or(
              and(eq(rateLimitEvents.scope, subject.scope), eq(rateLimitEvents.key, subject.key)),
              and(eq(rateLimitEvents.scope, 'ip'), eq(rateLimitEvents.key, keys.ip)),
            ),
            within(rule.windowSeconds),
          ),
        )
        .groupBy(rateLimitEvents.action, rateLimitEvents.scope);
      const limited = counts.some((row) =>
        row.action === action ? row.attempts >= rule.limit : row.attempts > rule.limit * IN_FLIGHT_FACTOR,
      );
      return { pendingIds: inserted.map((row) => row.id), limited };
    },

    /** After a failed check: records it; `limited` when `limit` failures were already recorded before it. */
    async recordFailure(action: RateLimitAction, keys: RateLimitKeys, rule: RateLimitRule = DEFAULT_RULE): Promise<{ limited: boolean }> {
      const subject = subjectOf(keys);
      const lockKeys = [`${action}|${subject.scope}|${subject.key}`, `${action}|ip|${keys.ip}`].sort();
      return db.transaction(async (tx) => {
        for (const key of lockKeys) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
        const limited = await failuresAtLimit(tx, action, keys, rule);
        await tx.insert(rateLimitEvents).values([
          { action, scope: subject.scope, key: subject.key },
          { action, scope: 'ip', key: keys.ip },
        ]);
        return { limited };
      });
    },

    /** After a successful check: have others' failures reached the limit meanwhile? (then the answer is 429 too) */
    async failuresReached(action: RateLimitAction, keys: RateLimitKeys, rule: RateLimitRule = DEFAULT_RULE): Promise<boolean> {
      return failuresAtLimit(db, action, keys, rule);
    },

    /** The attempt is over (whatever its outcome): it no longer counts as in flight. */
    async finishGuarded(pendingIds: number[]): Promise<void> {
      if (pendingIds.length) await db.delete(rateLimitEvents).where(inArray(rateLimitEvents.id, pendingIds));
    },

    // ---- Per-address limits (registration) ----

    /** Counts an attempt of the client IP; `limited` (and not counted) when it would go over the rule. */
    async limitIp(action: RateLimitAction, ip: string, rule: RateLimitRule): Promise<{ limited: boolean }> {
      const [row] = await db.insert(rateLimitEvents).values({ action, scope: 'ip', key: ip }).returning({ id: rateLimitEvents.id });
      const [{ attempts }] = await db
        .select({ attempts: count() })
        .from(rateLimitEvents)
        .where(and(eq(rateLimitEvents.action, action), eq(rateLimitEvents.scope, 'ip'), eq(rateLimitEvents.key, ip), within(rule.windowSeconds)));
      if (attempts <= rule.limit) return { limited: false };
      await db.delete(rateLimitEvents).where(eq(rateLimitEvents.id, row.id));
      return { limited: true };
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
