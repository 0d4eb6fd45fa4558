import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { expect, it } from 'vitest';
import { CLIENT, DEMO, describeEachDatabase, expectData, expectError, passwordGrant } from './helpers';

describeEachDatabase('POST /api/token, password grant', {}, (t) => {
  // Each failing case comes from its own address so the per-IP rate limit stays out of the way.
  let ip = 10;
  const from = () => ({ remoteAddress: `10.0.0.${ip++}` });

  it('signs in with a correct e-mail and password, e-mail case-insensitive', async () => {
    const res = await passwordGrant(t.app, { email: '  Investor@Example.com ', password: DEMO.investor.password });
    const data = expectData(res);
    expect(data).toEqual({
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      expiresIn: 900,
      currentLocale: 'pl',
    });
    const claims = decodeJwt(data.accessToken);
    expect(claims.role).toBe('investor');
    expect(typeof claims.sid).toBe('string');
    expect(claims.exp! - claims.iat!).toBe(900);
  });

  it('gives the same answer for a wrong password and an unknown e-mail', async () => {
    const wrong = await passwordGrant(t.app, { email: DEMO.investor.email, password: 'Wrong1234' }, from());
    const unknown = await passwordGrant(t.app, { email: 'nobody@example.com', password: 'Wrong1234' }, from());
    const a = expectError(wrong, 400, [{ code: 'INVALID_GRANT', context: 'password' }]);
    const b = expectError(unknown, 400, [{ code: 'INVALID_GRANT', context: 'password' }]);
    expect(a).toEqual(b);
    expect(wrong.body).toBe(unknown.body);
  });

  it('names each empty field with its code and context', async () => {
    const res = await passwordGrant(t.app, { email: '', password: '' }, from());
    expectError(res, 400, [
      { code: 'EMAIL_EMPTY', context: 'email' },
      { code: 'PASSWORD_EMPTY', context: 'password' },
    ]);
    const missing = await passwordGrant(t.app, { email: undefined, password: undefined }, from());
    expectError(missing, 400, [
      { code: 'EMAIL_EMPTY', context: 'email' },
      { code: 'PASSWORD_EMPTY', context: 'password' },
    ]);
    const blank = await passwordGrant(t.app, { email: '   ', password: 'x' }, from());
    expectError(blank, 400, [{ code: 'EMAIL_EMPTY', context: 'email' }]);
  });

  it('rejects a malformed e-mail', async () => {
    const res = await passwordGrant(t.app, { email: 'not-an-email', password: 'Whatever1' }, from());
    expectError(res, 400, [{ code: 'EMAIL_INVALID_FORMAT', context: 'email' }]);
  });

  it('rejects wrong types as VALUE_NOT_VALID', async () => {
    const res = await passwordGrant(t.app, { email: 42, password: ['x'] }, from());
    expectError(res, 400, [
      { code: 'VALUE_NOT_VALID', context: 'email' },
      { code: 'VALUE_NOT_VALID', context: 'password' },
    ]);
  });

  it('tells an inactive user only after a correct password', async () => {
    const right = await passwordGrant(t.app, DEMO.inactive, from());
    expectError(right, 400, [{ code: 'TOKEN_REQUEST:USER_NOT_ACTIVE', context: 'email' }]);
    const wrong = await passwordGrant(t.app, { email: DEMO.inactive.email, password: 'Wrong1234' }, from());
    expectError(wrong, 400, [{ code: 'INVALID_GRANT', context: 'password' }]);
  });

  it('rejects an unknown client or a wrong client secret', async () => {
    const badId = await passwordGrant(t.app, { ...DEMO.investor, clientId: 'other' }, from());
    expectError(badId, 400, [{ code: 'INVALID_CLIENT', context: 'clientId' }]);
    const badSecret = await passwordGrant(t.app, { ...DEMO.investor, clientSecret: 'nope' }, from());
    expectError(badSecret, 400, [{ code: 'INVALID_CLIENT', context: 'clientId' }]);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/token',
      payload: { grantType: 'password', ...DEMO.investor },
      ...from(),
    });
    expectError(none, 400, [{ code: 'INVALID_CLIENT', context: 'clientId' }]);
  });

  it('rejects an unknown grant type', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/token', payload: { grantType: 'magic', ...CLIENT } });
    expectError(res, 400, [{ code: 'VALUE_NOT_VALID', context: 'grantType' }]);
    const none = await t.app.inject({ method: 'POST', url: '/api/token', payload: {} });
    expectError(none, 400, [{ code: 'VALUE_NOT_VALID', context: 'grantType' }]);
  });

  it('answers every failure with 400, never 401', async () => {
    const bodies = [
      { grantType: 'password', ...CLIENT, ...DEMO.investor, password: 'nope' },
      { grantType: 'refresh_token', refreshToken: 'not-a-token' },
      { grantType: 'refresh_token', refreshToken: '' },
    ];
    for (const payload of bodies) {
      const res = await t.app.inject({ method: 'POST', url: '/api/token', payload, ...from() });
      expect(res.statusCode).toBe(400);
    }
  });
});

describeEachDatabase('POST /api/token, refresh grant', {}, (t) => {
  const refresh = (refreshToken: string) =>
    t.app.inject({ method: 'POST', url: '/api/token', payload: { grantType: 'refresh_token', refreshToken } });

  it('rotates: the new pair works and the old refresh token stops working', async () => {
    const first = await t.login('investor');
    const second = expectData(await refresh(first.refreshToken));
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.expiresIn).toBe(900);
    expectData(await t.injectAs(second, { method: 'GET', url: '/api/user/me' }));

    const third = expectData(await refresh(second.refreshToken));
    expect(third.refreshToken).not.toBe(second.refreshToken);
    expectData(await t.injectAs(third, { method: 'GET', url: '/api/user/me' }));
  });

  it('treats a replayed refresh token as stolen and ends the session', async () => {
    const first = await t.login('investor');
    const second = expectData(await refresh(first.refreshToken));
    // Past the grace window of a concurrent refresh (REFRESH_REUSE_GRACE_SECONDS, see hardening-refresh.test.ts).
    await t.database.db.execute(sql`update sessions set rotated_at = now() - interval '1 hour'`);
    expectError(await refresh(first.refreshToken), 400, [{ code: 'INVALID_GRANT', context: 'refreshToken' }]);
    // The replay revoked the session: the rotated token and the access token die with it.
    expectError(await refresh(second.refreshToken), 400, [{ code: 'INVALID_GRANT', context: 'refreshToken' }]);
    expectError(await t.injectAs(second, { method: 'GET', url: '/api/user/me' }), 401, [{ code: 'UNAUTHORIZED', context: '' }]);
  });

  it('rejects an unknown or empty refresh token', async () => {
    expectError(await refresh('unknown-token'), 400, [{ code: 'INVALID_GRANT', context: 'refreshToken' }]);
    expectError(await refresh(''), 400, [{ code: 'IS_EMPTY', context: 'refreshToken' }]);
  });

  it('gives two concurrent refreshes with the same token the same new refresh token (one rotation)', async () => {
    const first = await t.login('investor');
    const results = await Promise.all([refresh(first.refreshToken), refresh(first.refreshToken)]);
    const [a, b] = results.map((r) => expectData(r));
    expect(a.refreshToken).toBe(b.refreshToken);
    expectData(await refresh(a.refreshToken));
  });
});

describeEachDatabase('POST /api/token/revoke', {}, (t) => {
  it('revokes the session of the access token: /user/me then 401, refresh rejected', async () => {
    const tokens = await t.login('investor');
    expectData(await t.injectAs(tokens, { method: 'GET', url: '/api/user/me' }));
    const res = await t.injectAs(tokens, { method: 'POST', url: '/api/token/revoke' });
    expect(expectData(res)).toBeNull();
    expectError(await t.injectAs(tokens, { method: 'GET', url: '/api/user/me' }), 401, [{ code: 'UNAUTHORIZED', context: '' }]);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/token',
      payload: { grantType: 'refresh_token', refreshToken: tokens.refreshToken },
    });
    expectError(refreshed, 400, [{ code: 'INVALID_GRANT', context: 'refreshToken' }]);
  });

  it('revokes by refresh token in the body', async () => {
    const tokens = await t.login('investor');
    expectData(await t.app.inject({ method: 'POST', url: '/api/token/revoke', payload: { refreshToken: tokens.refreshToken } }));
    expectError(await t.injectAs(tokens, { method: 'GET', url: '/api/user/me' }), 401, [{ code: 'UNAUTHORIZED' }]);
  });

  it('is idempotent and always 200, also with no token or an empty JSON body', async () => {
    const tokens = await t.login('investor');
    expectData(await t.injectAs(tokens, { method: 'POST', url: '/api/token/revoke' }));
    expectData(await t.injectAs(tokens, { method: 'POST', url: '/api/token/revoke' }));
    expectData(await t.app.inject({ method: 'POST', url: '/api/token/revoke' }));
    expectData(
      await t.app.inject({ method: 'POST', url: '/api/token/revoke', headers: { 'content-type': 'application/json' }, payload: '' }),
    );
    expectData(await t.app.inject({ method: 'POST', url: '/api/token/revoke', payload: { refreshToken: 'unknown' } }));
  });

  it('leaves the other sessions of the same user alive', async () => {
    const a = await t.login('investor');
    const b = await t.login('investor');
    await t.injectAs(a, { method: 'POST', url: '/api/token/revoke' });
    expectData(await t.injectAs(b, { method: 'GET', url: '/api/user/me' }));
  });
});

describeEachDatabase('access tokens and GET /api/user/me', {}, (t) => {
  it('returns the current user in the documented shape', async () => {
    const tokens = await t.login('investor');
    const me = expectData(await t.injectAs(tokens, { method: 'GET', url: '/api/user/me' }));
    expect(me).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email: 'investor@example.com',
      role: 'investor',
      currentLocale: 'pl',
      userData: {
        firstName: 'Anna',
        lastName: 'Nowak',
        email: 'investor@example.com',
        phone: '+48 601 234 567',
        address: { street: 'ul. Prosta 12/4', city: 'Warszawa', zip: '00-850', state: 'mazowieckie', country: 'PL' },
      },
    });
  });

  it('answers 401 UNAUTHORIZED without a token or with a bad one', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/user/me' }), 401, [{ code: 'UNAUTHORIZED', context: '' }]);
    expectError(await t.injectAs('not.a.jwt', { method: 'GET', url: '/api/user/me' }), 401, [{ code: 'UNAUTHORIZED' }]);
    const tokens = await t.login('investor');
    const tampered = tokens.accessToken.slice(0, -2) + (tokens.accessToken.endsWith('AA') ? 'BB' : 'AA');
    expectError(await t.injectAs(tampered, { method: 'GET', url: '/api/user/me' }), 401, [{ code: 'UNAUTHORIZED' }]);
    const basic = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: 'Basic abc' } });
    expectError(basic, 401, [{ code: 'UNAUTHORIZED' }]);
  });

  it('answers 401 TOKEN_EXPIRED for an expired access token', async () => {
    const tokens = await t.login('investor');
    const claims = decodeJwt(tokens.accessToken);
    const expired = await t.app.tokens.signAccessToken(
      { userId: claims.sub!, sessionId: claims.sid as string, role: 'investor' },
      -60,
    );
    expectError(await t.injectAs(expired, { method: 'GET', url: '/api/user/me' }), 401, [{ code: 'TOKEN_EXPIRED', context: '' }]);
  });

  it('rejects a token signed with another key', async () => {
    const { createTokens } = await import('../../server/modules/accounts/tokens');
    const tokens = await t.login('investor');
    const claims = decodeJwt(tokens.accessToken);
    const foreign = await createTokens(new TextEncoder().encode('x'.repeat(48)), 900).signAccessToken({
      userId: claims.sub!,
      sessionId: claims.sid as string,
      role: 'operator',
    });
    expectError(await t.injectAs(foreign, { method: 'GET', url: '/api/user/me' }), 401, [{ code: 'UNAUTHORIZED' }]);
  });
});

// The expiry is in whole seconds from the second the token was issued in, so a TTL of N seconds leaves between N - 1
// and N: 3 keeps the first request (after a login on a busy machine) inside it.
describeEachDatabase('access token lifetime from ACCESS_TOKEN_TTL', { config: { accessTokenTtl: 3 } }, (t) => {
  it('expires after the configured TTL', async () => {
    const tokens = await t.login('investor');
    expect(tokens.expiresIn).toBe(3);
    expectData(await t.injectAs(tokens, { method: 'GET', url: '/api/user/me' }));
    await new Promise((resolve) => setTimeout(resolve, 3100));
    expectError(await t.injectAs(tokens, { method: 'GET', url: '/api/user/me' }), 401, [{ code: 'TOKEN_EXPIRED' }]);
  });
});
