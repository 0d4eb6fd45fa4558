import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { badRequest, tooManyTries } from '../../lib/errors';
import { failureRetentionSeconds } from './rate-limit-repository';
import { verifyAgainstNobody, verifyPassword } from '../../lib/passwords';
import { findUserByEmail, findUserById, type UserRow } from './users-repository';

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  currentLocale: 'pl' | 'en';
}

const digest = (value: string) => createHash('sha256').update(value).digest();
const sameSecret = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

export function createTokenService(fastify: FastifyInstance) {
  const { config, db, sessionsRepository, rateLimitRepository, tokens } = fastify;

  async function issue(user: Pick<UserRow, 'id' | 'role' | 'locale'>, sessionId: string, refreshToken: string): Promise<TokenPair> {
    const accessToken = await tokens.signAccessToken({ userId: user.id, sessionId, role: user.role });
    return { accessToken, refreshToken, expiresIn: config.accessTokenTtl, currentLocale: user.locale };
  }

  return {
    assertClient(clientId: string | undefined, clientSecret: string | undefined) {
      if (!sameSecret(clientId ?? '', config.oauthClientId) || !sameSecret(clientSecret ?? '', config.oauthClientSecret)) {
        throw badRequest('INVALID_CLIENT', 'clientId');
      }
    },

    /**
     * Password grant. Unknown e-mail and wrong password give the same answer in about the same time;
     * USER_NOT_ACTIVE is only told after a correct password. Failures lock the e-mail (with a growing wait) and,
     * at a much higher count, the client IP (rate-limit-repository.ts); a 429 says how long to wait (Retry-After).
     */
    async passwordGrant(email: string, password: string, ip: string): Promise<TokenPair> {
      // Failures count, not attempts: parallel correct logins from one address all pass.
      const keys = { email, ip };
      const limits = config.loginLimits;
      const attempt = await rateLimitRepository.beginGuarded('password_grant', keys, limits);
      let user: UserRow | undefined;
      try {
        if (attempt.state.limited) throw tooManyTries(attempt.state.retryAfterSeconds);
        user = await findUserByEmail(db, email);
        const valid = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstNobody(password);
        if (!user || !valid) {
          const failure = await rateLimitRepository.recordFailure('password_grant', keys, limits);
          await rateLimitRepository.prune('password_grant', failureRetentionSeconds(limits));
          // Once locked, a wrong guess gets 429 like any other, so a burst learns nothing more.
          throw failure.limited ? tooManyTries(failure.retryAfterSeconds) : badRequest('INVALID_GRANT', 'password');
        }
        const meanwhile = await rateLimitRepository.failuresReached('password_grant', keys, limits);
        if (meanwhile.limited) throw tooManyTries(meanwhile.retryAfterSeconds);
      } finally {
        await rateLimitRepository.finishGuarded(attempt.pendingIds);
      }
      await rateLimitRepository.clearEmail('password_grant', email);
      if (!user.isActive) throw badRequest('TOKEN_REQUEST:USER_NOT_ACTIVE', 'email');

      const refresh = tokens.newRefreshToken();
      const sessionId = await sessionsRepository.create(user.id, refresh.hash, config.refreshTokenTtl);
      return issue(user, sessionId, refresh.token);
    },

    /**
     * Refresh grant: rotates the refresh token. The same token presented again within REFRESH_REUSE_GRACE_SECONDS
     * (concurrent tabs, a retried request, on any node) gets the same new refresh token (derived, see
     * tokens.nextRefreshToken) and an equivalent access token; replaying it later ends the session.
     */
    async refreshGrant(refreshToken: string): Promise<TokenPair> {
      const oldHash = tokens.hashRefreshToken(refreshToken);
      const next = tokens.nextRefreshToken(refreshToken);
      const session =
        (await sessionsRepository.rotate(oldHash, next.hash, config.refreshTokenTtl)) ??
        (await sessionsRepository.findRecentRotation(oldHash, next.hash, config.refreshReuseGraceSeconds));
      if (!session) {
        await sessionsRepository.revokeByPreviousHash(oldHash);
        throw badRequest('INVALID_GRANT', 'refreshToken');
      }
      const user = await findUserById(db, session.userId);
      if (!user || !user.isActive) {
        await sessionsRepository.revoke(session.id);
        throw badRequest('INVALID_GRANT', 'refreshToken');
      }
      return issue(user, session.id, next.token);
    },

    /** Ends the session named by the access token (even an expired one) and/or the refresh token. */
    async revoke(accessToken: string | undefined, refreshToken: string | undefined): Promise<void> {
      if (accessToken) {
        const verified = await tokens.verifyAccessToken(accessToken, { ignoreExpiry: true });
        if (verified.ok) await sessionsRepository.revoke(verified.principal.sessionId);
      }
      if (refreshToken) await sessionsRepository.revokeByRefreshHash(tokens.hashRefreshToken(refreshToken));
    },
  };
}
