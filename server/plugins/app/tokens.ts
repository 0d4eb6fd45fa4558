import { createHash, createHmac, randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { getOrCreateSecret } from './repositories/secrets-repository';
import type { Principal } from '../../types';

const ISSUER = 'estate-shares';
const AUDIENCE = 'estate-shares-api';
const ALGORITHM = 'HS256';

const claimsSchema = z.object({
  sub: z.uuid(),
  sid: z.uuid(),
  role: z.enum(['investor', 'operator']),
});

export type VerifyResult = { ok: true; principal: Principal } | { ok: false; reason: 'expired' | 'invalid' };

export function createTokens(secret: Uint8Array, accessTokenTtl: number) {
  // Its own key for deriving refresh tokens (never the signing key itself).
  const rotationKey = createHmac('sha256', secret).update('refresh-token-rotation').digest();
  return {
    accessTokenTtl,

    /** A short-lived HS256 JWT carrying the user id, role and session id. `ttlSeconds` may be negative (tests). */
    async signAccessToken(principal: Principal, ttlSeconds = accessTokenTtl): Promise<string> {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ sid: principal.sessionId, role: principal.role })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(principal.userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + ttlSeconds)
        .sign(secret);
    },

    /** Checks signature, issuer, audience and expiry. `ignoreExpiry` serves the revoke call only. */
    async verifyAccessToken(token: string, options: { ignoreExpiry?: boolean } = {}): Promise<VerifyResult> {
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          audience: AUDIENCE,
          // ten years of tolerance: any expiry is accepted
          clockTolerance: options.ignoreExpiry ? 10 * 365 * 24 * 3600 : 0,
        });
        const claims = claimsSchema.safeParse(payload);
        if (!claims.success) return { ok: false, reason: 'invalid' };
        return { ok: true, principal: { userId: claims.data.sub, sessionId: claims.data.sid, role: claims.data.role } };
      } catch (error) {
        return { ok: false, reason: error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid' };
      }
    },

    /** An opaque refresh token; only its hash is stored. */
    newRefreshToken(): { token: string; hash: string } {
      const token = randomBytes(32).toString('base64url');
      return { token, hash: hashRefreshToken(token) };
    },

    /**
     * The refresh token that replaces `presented` on rotation: an HMAC of it under a server key, so every node
     * (same secret, from JWT_SECRET or the database) derives the same successor. Two refreshes of one token
     * (two tabs, a retried request, two nodes) thus agree on the new pair without any shared memory; only a
     * holder of the presented token and the server key can compute it.
     */
    nextRefreshToken(presented: string): { token: string; hash: string } {
      const token = createHmac('sha256', rotationKey).update(presented).digest('base64url');
      return { token, hash: hashRefreshToken(token) };
    },

    hashRefreshToken,
  };
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export type Tokens = ReturnType<typeof createTokens>;

declare module 'fastify' {
  interface FastifyInstance {
    tokens: Tokens;
  }
}

export default fp(
  async (fastify) => {
    // JWT_SECRET, or one generated once and kept in the database so every node signs with the same key.
    const secret = fastify.config.jwtSecret ?? (await getOrCreateSecret(fastify.db, 'jwt_secret'));
    fastify.decorate('tokens', createTokens(new TextEncoder().encode(secret), fastify.config.accessTokenTtl));
  },
  { name: 'tokens', dependencies: ['database'] },
);
