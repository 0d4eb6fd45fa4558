import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokens } from '../../server/modules/accounts/tokens';

// The access-token check of every authenticated call (server/modules/accounts/tokens.ts verifyHs256): a
// synchronous HS256 verification that must refuse everything jose's jwtVerify refused with our options.

const secret = randomBytes(32);
const tokens = createTokens(secret, 900);
const principal = { userId: randomUUID(), sessionId: randomUUID(), role: 'investor' as const };
const now = () => Math.floor(Date.now() / 1000);

const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
/** A token built by hand: any header and payload, signed with `key` (HMAC-SHA256). */
function handmade(header: Record<string, unknown>, payload: Record<string, unknown>, key: Uint8Array = secret): string {
  const signingInput = `${b64(header)}.${b64(payload)}`;
  return `${signingInput}.${createHmac('sha256', key).update(signingInput).digest('base64url')}`;
}
const goodClaims = () => ({ sub: principal.userId, sid: principal.sessionId, role: 'investor', iss: 'estate-shares', aud: 'estate-shares-api', iat: now(), exp: now() + 60 });

describe('access token verification', () => {
  it('accepts a token it signed, and one jose signs the same way', async () => {
    expect(await tokens.verifyAccessToken(await tokens.signAccessToken(principal))).toEqual({ ok: true, principal });
    const jose = await new SignJWT({ sid: principal.sessionId, role: 'investor' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(principal.userId)
      .setIssuer('estate-shares')
      .setAudience(['other', 'estate-shares-api'])
      .setExpirationTime(now() + 60)
      .sign(secret);
    expect(await tokens.verifyAccessToken(jose)).toEqual({ ok: true, principal });
  });

  it('refuses a wrong signature, another key, a changed payload, alg none and other algorithms', async () => {
    const good = await tokens.signAccessToken(principal);
    const [h, p, s] = good.split('.');
    const flipped = s.slice(0, -2) + (s.at(-2) === 'A' ? 'B' : 'A') + s.at(-1);
    expect((await tokens.verifyAccessToken(`${h}.${p}.${flipped}`)).ok).toBe(false);
    expect((await tokens.verifyAccessToken(handmade({ alg: 'HS256' }, goodClaims(), randomBytes(32)))).ok).toBe(false);
    const otherPayload = b64({ ...goodClaims(), role: 'operator' });
    expect(await tokens.verifyAccessToken(`${h}.${otherPayload}.${s}`)).toEqual({ ok: false, reason: 'invalid' });
    expect(await tokens.verifyAccessToken(`${b64({ alg: 'none' })}.${b64(goodClaims())}.`)).toEqual({ ok: false, reason: 'invalid' });
    expect(await tokens.verifyAccessToken(handmade({ alg: 'HS512' }, goodClaims()))).toEqual({ ok: false, reason: 'invalid' });
    expect(await tokens.verifyAccessToken(handmade({ alg: 'HS256', crit: ['exp'] }, goodClaims()))).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses malformed tokens without throwing', async () => {
    for (const token of ['', 'a.b', 'a.b.c.d', '!!.??.**', `${b64('not json')}.${b64(goodClaims())}.sig`, `${b64([1])}.${b64(goodClaims())}.sig`]) {
      expect(await tokens.verifyAccessToken(token)).toEqual({ ok: false, reason: 'invalid' });
    }
    expect(await tokens.verifyAccessToken(handmade({ alg: 'HS256' }, [] as unknown as Record<string, unknown>))).toEqual({ ok: false, reason: 'invalid' });
  });

  it('checks issuer, audience, subject and session shapes, role, nbf, iat and exp', async () => {
    const check = (claims: Record<string, unknown>) => tokens.verifyAccessToken(handmade({ alg: 'HS256', typ: 'JWT' }, claims));
    expect((await check(goodClaims())).ok).toBe(true);
    expect(await check({ ...goodClaims(), iss: 'someone-else' })).toEqual({ ok: false, reason: 'invalid' });
    expect(await check({ ...goodClaims(), aud: 'another-api' })).toEqual({ ok: false, reason: 'invalid' });
    expect(await check({ ...goodClaims(), aud: undefined })).toEqual({ ok: false, reason: 'invalid' });
    expect(await check({ ...goodClaims(), sub: 'not-a-uuid' })).toEqual({ ok: false, reason: 'invalid' });
    expect(await check({ ...goodClaims(), role: 'admin' })).toEqual({ ok: false, reason: 'invalid' });
    expect(await check({ ...goodClaims(), nbf: now() + 120 })).toEqual({ ok: false, reason: 'invalid' });
    expect((await check({ ...goodClaims(), nbf: now() - 1 })).ok).toBe(true);
    expect(await check({ ...goodClaims(), iat: 'yesterday' })).toEqual({ ok: false, reason: 'invalid' });
    expect(await check({ ...goodClaims(), exp: undefined })).toEqual({ ok: false, reason: 'invalid' });
    expect(await check({ ...goodClaims(), exp: String(now() + 60) })).toEqual({ ok: false, reason: 'invalid' });
  });

  it('answers expired for a past exp (exp equal to now included), and accepts it only with ignoreExpiry', async () => {
    const expired = await tokens.signAccessToken(principal, -10);
    expect(await tokens.verifyAccessToken(expired)).toEqual({ ok: false, reason: 'expired' });
    expect(await tokens.verifyAccessToken(handmade({ alg: 'HS256' }, { ...goodClaims(), exp: now() }))).toEqual({ ok: false, reason: 'expired' });
    expect(await tokens.verifyAccessToken(expired, { ignoreExpiry: true })).toEqual({ ok: true, principal });
    // A bad signature stays invalid, expired or not.
    const forged = handmade({ alg: 'HS256' }, { ...goodClaims(), exp: now() - 10 }, randomBytes(32));
    expect(await tokens.verifyAccessToken(forged)).toEqual({ ok: false, reason: 'invalid' });
  });
});
