import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { describeEachDatabase, expectData, expectError, type TokenPair } from './helpers';

// Two refreshes of one refresh token at the same moment ended the session. Within
// REFRESH_REUSE_GRACE_SECONDS the same token gets the same new pair, on one node and across two nodes on one
// database; after the window a replay still ends the session.

const refresh = (app: FastifyInstance, refreshToken: string) =>
  app.inject({ method: 'POST', url: '/api/token', payload: { grantType: 'refresh_token', refreshToken } });

describeEachDatabase('concurrent refresh across two instances', {}, (t) => {
  const me = (app: FastifyInstance, tokens: TokenPair) =>
    app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${tokens.accessToken}` } });

  it('answers simultaneous refreshes on two nodes with the same new refresh token; both new pairs work', async () => {
    const other = await t.buildAnotherApp();
    for (let round = 0; round < 3; round++) {
      const login = await t.login('investor');
      const results = await Promise.all([
        refresh(t.app, login.refreshToken),
        refresh(other, login.refreshToken),
        refresh(t.app, login.refreshToken),
        refresh(other, login.refreshToken),
      ]);
      const pairs = results.map((res) => expectData<TokenPair>(res));
      expect(new Set(pairs.map((p) => p.refreshToken)).size).toBe(1);
      expect(pairs[0].refreshToken).not.toBe(login.refreshToken);
      for (const pair of pairs) {
        expectData(await me(t.app, pair));
        expectData(await me(other, pair));
      }
      // The session goes on: the new refresh token rotates again, on either node.
      const next = expectData<TokenPair>(await refresh(round % 2 ? t.app : other, pairs[0].refreshToken));
      expectData(await me(t.app, next));
    }
  });

  it('answers a retry of a refresh (the first answer was lost) with the same pair, not a logout', async () => {
    const login = await t.login('investor');
    const first = expectData<TokenPair>(await refresh(t.app, login.refreshToken));
    const retried = expectData<TokenPair>(await refresh(await t.buildAnotherApp(), login.refreshToken));
    expect(retried.refreshToken).toBe(first.refreshToken);
    expectData(await me(t.app, retried));
  });

  it('still ends the session when a rotated token is replayed after the grace window', async () => {
    const login = await t.login('investor');
    const rotated = expectData<TokenPair>(await refresh(t.app, login.refreshToken));
    await t.database.db.execute(sql`update sessions set rotated_at = now() - interval '31 seconds' where rotated_at is not null`);
    expectError(await refresh(t.app, login.refreshToken), 400, [{ code: 'INVALID_GRANT', context: 'refreshToken' }]);
    expectError(await refresh(t.app, rotated.refreshToken), 400, [{ code: 'INVALID_GRANT', context: 'refreshToken' }]);
    expectError(await me(t.app, rotated), 401, [{ code: 'UNAUTHORIZED', context: '' }]);
  });

  it('gives nothing for a token two rotations old, even within the window', async () => {
    const login = await t.login('investor');
    const second = expectData<TokenPair>(await refresh(t.app, login.refreshToken));
    const third = expectData<TokenPair>(await refresh(t.app, second.refreshToken));
    expectError(await refresh(t.app, login.refreshToken), 400, [{ code: 'INVALID_GRANT', context: 'refreshToken' }]);
    expectData(await me(t.app, third));
  });

  it('refuses reuse within the window once the session was revoked (logout)', async () => {
    const login = await t.login('investor');
    const rotated = expectData<TokenPair>(await refresh(t.app, login.refreshToken));
    expectData(await t.app.inject({ method: 'POST', url: '/api/token/revoke', headers: { authorization: `Bearer ${rotated.accessToken}` } }));
    expectError(await refresh(t.app, login.refreshToken), 400, [{ code: 'INVALID_GRANT', context: 'refreshToken' }]);
  });
});

describeEachDatabase('refresh grace switched off', { config: { refreshReuseGraceSeconds: 0 } }, (t) => {
  it('treats any second use as a replay when REFRESH_REUSE_GRACE_SECONDS=0', async () => {
    const login = await t.login('investor');
    expectData(await refresh(t.app, login.refreshToken));
    expectError(await refresh(t.app, login.refreshToken), 400, [{ code: 'INVALID_GRANT', context: 'refreshToken' }]);
  });
});
