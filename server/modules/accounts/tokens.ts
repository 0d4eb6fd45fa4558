import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { SignJWT } from 'jose';
import { z } from 'zod';
import { getOrCreateSecret } from './secrets-repository';
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
      return verifyHs256(token, secret, options.ignoreExpiry ?? false);
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

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const TEN_YEARS = 10 * 365 * 24 * 3600;

function decodeJson(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const isNumericDate = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * The access token check of every authenticated call, synchronous (node:crypto HMAC; jose's WebCrypto verify
 * cost a thread-pool round trip per request): a compact JWS with the header {alg: HS256} (no `crit`), a valid
 * HMAC-SHA256 signature (constant-time comparison), then the claims as jose's jwtVerify checks them with our
 * options: iss and aud ours, nbf (if present) not in the future, exp present and in the future (any exp with
 * `ignoreExpiry`), iat (if present) a number; then the claim shapes (claimsSchema).
 */
function verifyHs256(token: string, secret: Uint8Array, ignoreExpiry: boolean): VerifyResult {
  const invalid: VerifyResult = { ok: false, reason: 'invalid' };
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((part) => BASE64URL.test(part))) return invalid;
  const [encodedHeader, encodedPayload, encodedSignature] = parts;
  const header = decodeJson(encodedHeader);
  if (!header || header.alg !== ALGORITHM || 'crit' in header || 'b64' in header) return invalid;
  const expected = createHmac('sha256', secret).update(`${encodedHeader}.${encodedPayload}`).digest();
  const signature = Buffer.from(encodedSignature, 'base64url');
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return invalid;
  const payload = decodeJson(encodedPayload);
  if (!payload) return invalid;
  if (payload.iss !== ISSUER) return invalid;
  const aud = payload.aud;
  if (!(aud === AUDIENCE || (Array.isArray(aud) && aud.includes(AUDIENCE)))) return invalid;
  const now = Math.floor(Date.now() / 1000);
  const tolerance = ignoreExpiry ? TEN_YEARS : 0;
  if (payload.iat !== undefined && !isNumericDate(payload.iat)) return invalid;
  if (payload.nbf !== undefined && (!isNumericDate(payload.nbf) || payload.nbf > now + tolerance)) return invalid;
  if (!isNumericDate(payload.exp)) return invalid;
  if (payload.exp <= now - tolerance) return { ok: false, reason: 'expired' };
  const claims = claimsSchema.safeParse(payload);
  if (!claims.success) return invalid;
  return { ok: true, principal: { userId: claims.data.sub, sessionId: claims.data.sid, role: claims.data.role } };
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
