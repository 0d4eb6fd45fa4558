import { and, count, eq, inArray, lt, or, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { LoginLimits } from '../../config';
import type { Db } from '../../db/client';
import { rateLimitEvents } from '../../db/schema';
import type { Executor } from '../mail/outbox';

// Rate limits kept in the database, so they hold across server processes. Two kinds:
//
// 1. ADMISSIONS (registration, activation resend, reset request): at most `limit` admitted requests per client IP
//    (and per e-mail) in a sliding window. Counting and recording happen in ONE transaction under advisory locks of
//    the keys, so concurrent requests on any number of nodes (one PostgreSQL) or on PGlite queue for the count: a
//    burst of N gets exactly min(N, free) admissions, as N requests one at a time do.
//
// 2. FAILURE LOCKS (the password grant, the settings' current password): only FAILURES count, so parallel correct
//    attempts all pass. Per e-mail/account: after `accountFailures` failures the subject is locked for `lockSeconds`,
//    doubling with every further failure up to `lockMaxSeconds` (a correct password forgets them). Per client IP: only
//    at `ipFailures` failures in `ipWindowSeconds`, for any e-mails, so one person behind a shared address (an office
//    NAT, a proxy) cannot lock everyone else out with a few wrong guesses. A failure is recorded under advisory locks
//    and compared with the ones recorded before it, so of a parallel burst of wrong guesses exactly `accountFailures`
//    get their answer and the rest 429. Attempts in flight are `<action>:pending` rows (removed when the attempt
//    ends, aged out if a process dies); too many at once are refused before any work (each is an argon2 check).

export type RateLimitAction =
  | 'password_grant'
  | 'activation_resend'
  | 'reset_password'
  | 'current_password'
  | 'register'
  /** POST /investor/register/check-email (the registration's first step) */
  | 'register_check'
  /** GET and POST /order-revocation (the revoke link of the confirmation e-mail) */
  | 'revoke_link';

/** The subject is an e-mail (anonymous flows) or an account id (signed-in flows, e.g. `current_password`). */
export type RateLimitKeys = { ip: string } & ({ email: string; account?: never } | { account: string; email?: never });

const subjectOf = (keys: RateLimitKeys) =>
  keys.account !== undefined ? { scope: 'account' as const, key: keys.account } : { scope: 'email' as const, key: keys.email! };

export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

export const DEFAULT_RULE: RateLimitRule = { limit: 5, windowSeconds: 60 };

/** Failure-counted limits cap the attempts in flight per subject at this many times its failure limit. */
export const IN_FLIGHT_FACTOR = 4;
/** A pending row older than this belongs to a process that died mid-attempt. */
const PENDING_SECONDS = 60;
/** Admission rows and pending rows are never read after an hour. */
const RETENTION_SECONDS = 3600;

const within = (seconds: number) => sql`${rateLimitEvents.createdAt} > now() - make_interval(secs => ${seconds})`;
const pendingAction = (action: RateLimitAction) => `${action}:pending`;

/** The lock after `failures` failures of one subject, seconds (0: not locked). */
export function lockSecondsAfter(failures: number, limits: LoginLimits): number {
  if (failures < limits.accountFailures) return 0;
  const doublings = Math.min(30, failures - limits.accountFailures);
  return Math.min(limits.lockMaxSeconds, limits.lockSeconds * 2 ** doublings);
}

export type GuardState = { limited: false } | { limited: true; retryAfterSeconds: number };

/** Transaction-scoped advisory locks of the keys, always in one order (two requests never wait on each other crosswise). */
async function lockKeys(tx: Executor, keys: string[]) {
  for (const key of [...keys].sort()) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

type StateRow = { subject_failures: number; since_last: number | null; ip_failures: number; ip_oldest_age: number | null };

/** Is the subject locked, or its client IP over its limit? By the database's clock. */
async function failureState(executor: Executor, action: RateLimitAction, keys: RateLimitKeys, limits: LoginLimits): Promise<GuardState> {
  const subject = subjectOf(keys);
  const isSubject = sql`${rateLimitEvents.scope} = ${subject.scope} and ${rateLimitEvents.key} = ${subject.key} and ${within(limits.failureMemorySeconds)}`;
  const isIp = sql`${rateLimitEvents.scope} = 'ip' and ${rateLimitEvents.key} = ${keys.ip} and ${within(limits.ipWindowSeconds)}`;
  const result = (await executor.execute(sql`
    select
      (count(*) filter (where ${isSubject}))::int as subject_failures,
      (extract(epoch from now() - max(${rateLimitEvents.createdAt}) filter (where ${isSubject})))::float8 as since_last,
      (count(*) filter (where ${isIp}))::int as ip_failures,
      (extract(epoch from now() - min(${rateLimitEvents.createdAt}) filter (where ${isIp})))::float8 as ip_oldest_age
    from ${rateLimitEvents}
    where ${rateLimitEvents.action} = ${action} and ((${isSubject}) or (${isIp}))`)) as unknown as { rows: StateRow[] };
  const row = result.rows[0];
  let retryAfter = 0;
  const lock = lockSecondsAfter(Number(row?.subject_failures ?? 0), limits);
  if (lock > 0) {
    const remaining = lock - Number(row?.since_last ?? 0);
    if (remaining > 0) retryAfter = Math.ceil(remaining);
  }
  if (Number(row?.ip_failures ?? 0) >= limits.ipFailures) {
    // The IP is let in again when its oldest counted failure leaves the window (then asked again if still over).
    retryAfter = Math.max(retryAfter, Math.max(1, Math.ceil(limits.ipWindowSeconds - Number(row?.ip_oldest_age ?? 0))));
  }
  return retryAfter > 0 ? { limited: true, retryAfterSeconds: retryAfter } : { limited: false };
}

export function createRateLimitRepository(db: Db) {
  return {
    // ---- Admissions (registration, activation resend, reset request) ----

    /**
     * Admits one request of `action` when the client IP (and the e-mail, when given) is under `rule` in its window,
     * and records it; refuses it otherwise (nothing recorded). Atomic across nodes and concurrent requests.
     */
    async admit(action: RateLimitAction, keys: { ip: string; email?: string }, rule: RateLimitRule): Promise<{ admitted: boolean }> {
      const scopes = [{ scope: 'ip' as const, key: keys.ip }, ...(keys.email !== undefined ? [{ scope: 'email' as const, key: keys.email }] : [])];
      return db.transaction(async (tx) => {
        await lockKeys(tx, scopes.map(({ scope, key }) => `${action}|${scope}|${key}`));
        const counts = await tx
          .select({ scope: rateLimitEvents.scope, attempts: count() })
          .from(rateLimitEvents)
          .where(
            and(
              eq(rateLimitEvents.action, action),
              or(...scopes.map(({ scope, key }) => and(eq(rateLimitEvents.scope, scope), eq(rateLimitEvents.key, key)))),
              within(rule.windowSeconds),
            ),
          )
          .groupBy(rateLimitEvents.scope);
        if (counts.some((row) => row.attempts >= rule.limit)) return { admitted: false };
        await tx.insert(rateLimitEvents).values(scopes.map(({ scope, key }) => ({ action, scope, key })));
        return { admitted: true };
      });
    },

    // ---- Failure locks (the password grant, the current password) ----
    // The sequence is beginGuarded → the check → recordFailure or failuresReached → finishGuarded.

    /** Before the work: refuse when the subject is locked, its IP is over its limit, or too many attempts are in flight. */
    async beginGuarded(action: RateLimitAction, keys: RateLimitKeys, limits: LoginLimits): Promise<{ pendingIds: number[]; state: GuardState }> {
      const subject = subjectOf(keys);
      const pending = pendingAction(action);
      const inserted = await db
        .insert(rateLimitEvents)
        .values([
          { action: pending, scope: subject.scope, key: subject.key },
          { action: pending, scope: 'ip', key: keys.ip },
        ])
        .returning({ id: rateLimitEvents.id });
      const pendingIds = inserted.map((row) => row.id);
      const inFlight = await db
        .select({ scope: rateLimitEvents.scope, attempts: count() })
        .from(rateLimitEvents)
        .where(
          and(
            eq(rateLimitEvents.action, pending),
            or(
              and(eq(rateLimitEvents.scope, subject.scope), eq(rateLimitEvents.key, subject.key)),
              and(eq(rateLimitEvents.scope, 'ip'), eq(rateLimitEvents.key, keys.ip)),
            ),
            within(PENDING_SECONDS),
          ),
        )
        .groupBy(rateLimitEvents.scope);
      const crowded = inFlight.some((row) =>
        row.scope === 'ip' ? row.attempts > Math.max(limits.ipFailures, limits.accountFailures * IN_FLIGHT_FACTOR) : row.attempts > limits.accountFailures * IN_FLIGHT_FACTOR,
      );
      if (crowded) return { pendingIds, state: { limited: true, retryAfterSeconds: 5 } };
      return { pendingIds, state: await failureState(db, action, keys, limits) };
    },

    /**
     * After a failed check: records it, unless the subject is already locked or the IP over its limit (then it is
     * refused like any attempt meanwhile, and not recorded: a burst does not lengthen the lock).
     */
    async recordFailure(action: RateLimitAction, keys: RateLimitKeys, limits: LoginLimits): Promise<GuardState> {
      const subject = subjectOf(keys);
      return db.transaction(async (tx) => {
        await lockKeys(tx, [`${action}|${subject.scope}|${subject.key}`, `${action}|ip|${keys.ip}`]);
        const state = await failureState(tx, action, keys, limits);
        if (state.limited) return state;
        await tx.insert(rateLimitEvents).values([
          { action, scope: subject.scope, key: subject.key },
          { action, scope: 'ip', key: keys.ip },
        ]);
        return { limited: false };
      });
    },

    /** After a successful check: did others' failures lock the subject or its IP meanwhile? (then the answer is 429 too) */
    async failuresReached(action: RateLimitAction, keys: RateLimitKeys, limits: LoginLimits): Promise<GuardState> {
      return failureState(db, action, keys, limits);
    },

    /** The attempt is over (whatever its outcome): it no longer counts as in flight. */
    async finishGuarded(pendingIds: number[]): Promise<void> {
      if (pendingIds.length) await db.delete(rateLimitEvents).where(inArray(rateLimitEvents.id, pendingIds));
    },

    /** Forget the failures counted against one e-mail (a successful login clears its lock's history). */
    async clearEmail(action: RateLimitAction, email: string): Promise<void> {
      await db
        .delete(rateLimitEvents)
        .where(and(eq(rateLimitEvents.action, action), eq(rateLimitEvents.scope, 'email'), eq(rateLimitEvents.key, email)));
    },

    /** Forget the failures counted against one account (a correct current password clears them). */
    async clearAccount(action: RateLimitAction, accountId: string): Promise<void> {
      await db
        .delete(rateLimitEvents)
        .where(and(eq(rateLimitEvents.action, action), eq(rateLimitEvents.scope, 'account'), eq(rateLimitEvents.key, accountId)));
    },

    /** Rows of this action (and its pending rows) older than they are ever read: an hour, or `keepSeconds` when longer. */
    async prune(action: RateLimitAction, keepSeconds = RETENTION_SECONDS): Promise<void> {
      await db
        .delete(rateLimitEvents)
        .where(
          or(
            and(eq(rateLimitEvents.action, action), lt(rateLimitEvents.createdAt, sql`now() - make_interval(secs => ${Math.max(keepSeconds, RETENTION_SECONDS)})`)),
            and(eq(rateLimitEvents.action, pendingAction(action)), lt(rateLimitEvents.createdAt, sql`now() - make_interval(secs => ${RETENTION_SECONDS})`)),
          ),
        );
    },
  };
}

export type RateLimitRepository = ReturnType<typeof createRateLimitRepository>;

/** How long failures of the failure-locked actions must be kept. */
export const failureRetentionSeconds = (limits: LoginLimits) => Math.max(limits.failureMemorySeconds, limits.ipWindowSeconds);

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
