import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';

const expiresIn = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;

export function createSessionsRepository(db: Db) {
  // The select behind every authenticated call, as a named prepared statement (built once: neither Drizzle nor
  // PostgreSQL parses and plans it again per request).
  let liveSession: ReturnType<typeof buildLiveSession> | undefined;
  function buildLiveSession() {
    return db
      .select({ userId: sessions.userId, role: users.role, isActive: users.isActive })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, sql.placeholder('sessionId')), isNull(sessions.revokedAt)))
      .limit(1)
      .prepare('session_live');
  }
  return {
    async create(userId: string, refreshTokenHash: string, ttlSeconds: number): Promise<string> {
      const [row] = await db
        .insert(sessions)
        .values({ userId, refreshTokenHash, expiresAt: expiresIn(ttlSeconds) })
        .returning({ id: sessions.id });
      return row.id;
    },

    /**
     * Swaps the refresh token of a live session in one statement, so two concurrent refreshes with the same
     * token cannot both win. Returns the session and its user, or undefined when the token is not current.
     */
    async rotate(oldHash: string, newHash: string, ttlSeconds: number) {
      const [row] = await db
        .update(sessions)
        .set({
          previousRefreshTokenHash: sql`${sessions.refreshTokenHash}`,
          refreshTokenHash: newHash,
          rotationCount: sql`${sessions.rotationCount} + 1`,
          rotatedAt: sql`now()`,
          expiresAt: expiresIn(ttlSeconds),
        })
        .where(and(eq(sessions.refreshTokenHash, oldHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
        .returning({ id: sessions.id, userId: sessions.userId });
      return row;
    },

    /**
     * The session that rotated `oldHash` into `newHash` less than `graceSeconds` ago and has not rotated since:
     * a second refresh of the same token (two tabs, a retry, another node) within the grace window, which gets
     * the same new pair instead of ending the session.
     */
    async findRecentRotation(oldHash: string, newHash: string, graceSeconds: number) {
      if (graceSeconds <= 0) return undefined;
      const [row] = await db
        .select({ id: sessions.id, userId: sessions.userId })
        .from(sessions)
        .where(
          and(
            eq(sessions.refreshTokenHash, newHash),
            eq(sessions.previousRefreshTokenHash, oldHash),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, sql`now()`),
            gt(sessions.rotatedAt, sql`now() - make_interval(secs => ${graceSeconds})`),
          ),
        )
        .limit(1);
      return row;
    },

    /** A refresh token that was already rotated away is being replayed: treat it as stolen, end the session. */
    async revokeByPreviousHash(hash: string): Promise<boolean> {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.previousRefreshTokenHash, hash), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return rows.length > 0;
    },

    async revoke(sessionId: string): Promise<void> {
      await db.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },

    async revokeByRefreshHash(hash: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.refreshTokenHash, hash), isNull(sessions.revokedAt)));
    },

    /** The one indexed select behind every authenticated call: is the session alive, and who is it. */
    async findLive(sessionId: string) {
      liveSession ??= buildLiveSession();
      const [row] = await liveSession.execute({ sessionId });
      return row;
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    sessionsRepository: SessionsRepository;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('sessionsRepository', createSessionsRepository(fastify.db));
  },
  { name: 'sessions-repository', dependencies: ['database'] },
);
