import { expect, it } from 'vitest';
import { rateLimitEvents } from '../../server/db/schema';
import { DEMO, describeEachDatabase, expectData, expectError, passwordGrant } from './helpers';

describeEachDatabase('password grant rate limit', {}, (t) => {
  const wrong = (email: string, ip: string, app = t.app) =>
    passwordGrant(app, { email, password: 'Wrong-password-1' }, { remoteAddress: ip });

  it('answers 429 TOO_MANY_TRIES after 5 failures for one e-mail, even with the right password', async () => {
    for (let i = 0; i < 5; i++) {
      expectError(await wrong(DEMO.investor.email, `10.1.0.${i}`), 400, [{ code: 'INVALID_GRANT', context: 'password' }]);
    }
    const blocked = await passwordGrant(t.app, DEMO.investor, { remoteAddress: '10.1.0.99', headers: { 'content-language': 'en' } });
    const [error] = expectError(blocked, 429, [{ code: 'TOO_MANY_TRIES', context: '' }]);
    expect(error.message).toBe('Too many tries. Wait 1 minute until the next try');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(45);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another account is not affected.
    expectData(await passwordGrant(t.app, DEMO.operator, { remoteAddress: '10.1.0.100' }));
  });

  it("does not lock other accounts on one client IP after a few failures for any e-mails (LOGIN_IP_LIMIT is far higher)", async () => {
    const ip = '10.2.0.1';
    for (let i = 0; i < 5; i++) {
      expectError(await wrong(`someone${i}@example.com`, ip), 400, [{ code: 'INVALID_GRANT' }]);
    }
    expectError(await wrong('someone-else@example.com', ip), 400, [{ code: 'INVALID_GRANT' }]);
    expectData(await passwordGrant(t.app, DEMO.operator, { remoteAddress: ip }));
  });

  it('treats unknown and known e-mails alike (no hint an account exists)', async () => {
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 6; i++) {
      known.push((await wrong(DEMO.operator.email, `10.3.0.${i}`)).statusCode);
      unknown.push((await wrong('ghost@example.com', `10.4.0.${i}`)).statusCode);
    }
    expect(known).toEqual([400, 400, 400, 400, 400, 429]);
    expect(unknown).toEqual(known);
  });

  it('counts failures in the database, shared by two server instances', async () => {
    const other = await t.buildAnotherApp();
    const email = 'shared@example.com';
    for (let i = 0; i < 3; i++) expectError(await wrong(email, `10.5.0.${i}`, t.app), 400, [{ code: 'INVALID_GRANT' }]);
    for (let i = 3; i < 5; i++) expectError(await wrong(email, `10.5.0.${i}`, other), 400, [{ code: 'INVALID_GRANT' }]);
    expectError(await wrong(email, '10.5.0.9', other), 429, [{ code: 'TOO_MANY_TRIES' }]);
    expectError(await wrong(email, '10.5.0.10', t.app), 429, [{ code: 'TOO_MANY_TRIES' }]);
  });

  it('lets no more than 5 of a burst of parallel attempts through', async () => {
    const email = 'burst@example.com';
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => wrong(email, `10.6.0.${i}`)));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(7);
  });

  it('forgets failures older than LOGIN_FAILURE_MEMORY_SECONDS (a day) and is cleared by a success', async () => {
    const email = DEMO.inactive.email;
    for (let i = 0; i < 5; i++) await wrong(email, `10.7.0.${i}`);
    expectError(await wrong(email, '10.7.0.50'), 429, [{ code: 'TOO_MANY_TRIES' }]);
    // Age every recorded failure by 25 hours, as if time had passed.
    await t.database.db.update(rateLimitEvents).set({ createdAt: new Date(Date.now() - 25 * 3_600_000) });
    expectError(await passwordGrant(t.app, DEMO.inactive, { remoteAddress: '10.7.0.51' }), 400, [
      { code: 'TOKEN_REQUEST:USER_NOT_ACTIVE', context: 'email' },
    ]);
    // 4 failures, a success, 4 more failures: without the reset the 6th failure would be refused.
    for (let i = 0; i < 4; i++) await wrong(DEMO.investor.email, `10.8.0.${i}`);
    expectData(await passwordGrant(t.app, DEMO.investor, { remoteAddress: '10.8.0.20' }));
    for (let i = 4; i < 8; i++) {
      expectError(await wrong(DEMO.investor.email, `10.8.0.${i}`), 400, [{ code: 'INVALID_GRANT' }]);
    }
  });
});
