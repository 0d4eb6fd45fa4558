import { and, count, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db } from '../../../db/client';
import { loginAttempts } from '../../../db/schema';

// Rate limit of the password grant, kept in the database so it holds across server processes.
// Each attempt is recorded BEFORE the password is checked and the count read after, so a burst of parallel
// requests cannot all slip through: the n-th committed attempt always sees at least n rows.
export const LOGIN_ATTEMPT_LIMIT = 5;
export const LOGIN_ATTEMPT_WINDOW_SECONDS = 60;
const RETENTION = sql`now() - interval '1 hour'`;
const windowStart = sql`now() - make_interval(secs => ${LOGIN_ATTEMPT_WINDOW_SECONDS})`;

export interface AttemptKeys {
  email: string;
  ip: string;
}

export function createLoginAttemptsRepository(db: Db) {
  return {
    /** Records an attempt; `limited` is true when it is over the limit for the e-mail or the IP. */
    async begin(keys: AttemptKeys): Promise<{ ids: number[]; limited: boolean }> {
      const inserted = await db
        .insert(loginAttempts)
        .values([
          { scope: 'email', key: keys.email },
          { scope: 'ip', key: keys.ip },
        ])
        .returning({ id: loginAttempts.id });
      const counts = await db
        .select({ scope: loginAttempts.scope, attempts: count() })
        .from(loginAttempts)
        .where(
          and(
            or(
              and(eq(loginAttempts.scope, 'email'), eq(loginAttempts.key, keys.email)),
              and(eq(loginAttempts.scope, 'ip'), eq(loginAttempts.key, keys.ip)),
            ),
            gt(loginAttempts.createdAt, windowStart),
          ),
        )
        .groupBy(loginAttempts.scope);
      const limited = counts.some((row) => row.attempts > LOGIN_ATTEMPT_LIMIT);
      return { ids: inserted.map((row) => row.id), limited };
    },

    /** The attempt did not count as a failure (it succeeded, or was refused before any password check). */
    async discard(ids: number[]): Promise<void> {
      if (ids.length) await db.delete(loginAttempts).where(inArray(loginAttempts.id, ids));
    },

    /** A successful login clears the failures recorded against that e-mail. */
    async clearEmail(email: string): Promise<void> {
      await db.delete(loginAttempts).where(and(eq(loginAttempts.scope, 'email'), eq(loginAttempts.key, email)));
    },

    /** Failures are kept; rows older than an hour are never read again. */
    async prune(): Promise<void> {
      await db.delete(loginAttempts).where(lt(loginAttempts.createdAt, RETENTION));
    },
  };
}

export type LoginAttemptsRepository = ReturnType<typeof createLoginAttemptsRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    loginAttemptsRepository: LoginAttemptsRepository;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('loginAttemptsRepository', createLoginAttemptsRepository(fastify.db));
  },
  { name: 'login-attempts-repository', dependencies: ['database'] },
);
