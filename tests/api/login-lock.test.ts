import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { rateLimitEvents } from '../../server/db/schema';
import { lockSecondsAfter } from '../../server/modules/accounts/rate-limit-repository';
import { DEMO, describeEachDatabase, expectData, expectError, passwordGrant } from './helpers';

// Login lock fairness. Before: five failed logins from one client IP, for any e-mails, locked EVERY account on
// that IP for a minute (operator included): behind an office NAT or a proxy one person kept everyone out with five
// requests a minute. Now each e-mail (account, known or not) is locked after its own failures, with a wait that
// grows with every further failure, and a client IP only at a much higher count that a shared address lives with.

const limits = { accountFailures: 5, lockSeconds: 60, lockMaxSeconds: 200, failureMemorySeconds: 86_400, ipFailures: 12, ipWindowSeconds: 900 };
let ipSeq = 0;
const nextIp = () => `10.80.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

describeEachDatabase('login lock per account, with backoff; per IP only at a high threshold', { config: { loginLimits: limits } }, (t) => {
  const wrong = (email: string, ip = nextIp()) => passwordGrant(t.app, { email, password: 'Wrong-password-1' }, { remoteAddress: ip });
  /** Moves an e-mail's recorded failures `seconds` into the past, as if that much time had gone by. */
  const age = (email: string, seconds: number) =>
    t.database.db
      .update(rateLimitEvents)
      .set({ createdAt: sql`${rateLimitEvents.createdAt} - make_interval(secs => ${seconds})` })
      .where(and(eq(rateLimitEvents.action, 'password_grant'), eq(rateLimitEvents.scope, 'email'), eq(rateLimitEvents.key, email)));

  it("lets another account's correct password through from an address where others failed (the NAT case)", async () => {
    const office = nextIp();
    // Eleven failures from the office, for five e-mails (one of them locked by now): under the address's 12.
    for (let i = 0; i < 11; i++) expectError(await wrong(`colleague${i % 5}-${t.kind}@example.com`, office), 400, [{ code: 'INVALID_GRANT' }]);
    expectData(await passwordGrant(t.app, DEMO.investor, { remoteAddress: office }));
    expectData(await passwordGrant(t.app, DEMO.operator, { remoteAddress: office }));
  });

  it('locks the account after its 5th failure for a minute, even for the right password, from any address; others are not affected', async () => {
    const email = DEMO.investor.email;
    for (let i = 0; i < 5; i++) expectError(await wrong(email), 400, [{ code: 'INVALID_GRANT', context: 'password' }]);
    const refused = await passwordGrant(t.app, DEMO.investor, { remoteAddress: nextIp(), headers: { 'content-language': 'en' } });
    const [error] = expectError(refused, 429, [{ code: 'TOO_MANY_TRIES', context: '' }]);
    expect(error.message).toBe('Too many tries. Wait 1 minute until the next try');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(45);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expectData(await passwordGrant(t.app, DEMO.operator, { remoteAddress: nextIp() }));
    // A minute later the right password works, and forgets the failures.
    await age(email, 61);
    expectData(await passwordGrant(t.app, DEMO.investor, { remoteAddress: nextIp() }));
    const left = await t.database.db.select().from(rateLimitEvents).where(and(eq(rateLimitEvents.scope, 'email'), eq(rateLimitEvents.key, email)));
    expect(left).toEqual([]);
  });

  it('makes the wait grow with every further failure (60 s, 120 s, then capped at LOGIN_LOCK_MAX_SECONDS)', async () => {
    const email = `backoff-${t.kind}@example.com`;
    const retryAfter = async () => {
      const res = await wrong(email);
      expectError(res, 429, [{ code: 'TOO_MANY_TRIES', context: '' }]);
      return Number(res.headers['retry-after']);
    };
    for (let i = 0; i < 5; i++) expectError(await wrong(email), 400, [{ code: 'INVALID_GRANT' }]);
    expect(await retryAfter()).toBeGreaterThan(45);
    // the refused tries did not lengthen the lock
    expect(await retryAfter()).toBeLessThanOrEqual(60);

    await age(email, 61);
    expectError(await wrong(email), 400, [{ code: 'INVALID_GRANT' }]); // the 6th failure: allowed once the minute is over
    const second = await retryAfter();
    expect(second).toBeGreaterThan(105);
    expect(second).toBeLessThanOrEqual(120);

    await age(email, 121);
    expectError(await wrong(email), 400, [{ code: 'INVALID_GRANT' }]); // the 7th: 240 s, capped at 200
    const third = await retryAfter();
    expect(third).toBeGreaterThan(185);
    expect(third).toBeLessThanOrEqual(200);
    const [message] = expectError(await passwordGrant(t.app, { email, password: 'x' }, { remoteAddress: nextIp(), headers: { 'content-language': 'en' } }), 429, [
      { code: 'TOO_MANY_TRIES', context: '' },
    ]);
    expect(message.message).toMatch(/^Too many tries\. Wait [34] minutes until the next try$/);
  });

  it('refuses a client IP only at its own, much higher threshold, for everyone on it; other addresses are not affected', async () => {
    const ip = nextIp();
    for (let i = 0; i < 12; i++) expectError(await wrong(`spray${i}-${t.kind}@example.com`, ip), 400, [{ code: 'INVALID_GRANT' }]);
    const refused = await passwordGrant(t.app, DEMO.operator, { remoteAddress: ip });
    expectError(refused, 429, [{ code: 'TOO_MANY_TRIES', context: '' }]);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(875);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(900);
    expectData(await passwordGrant(t.app, DEMO.operator, { remoteAddress: nextIp() }));
  });

  it('still answers only the account limit of a parallel burst of wrong guesses', async () => {
    const email = `burst-${t.kind}@example.com`;
    const answers = await Promise.all(Array.from({ length: 12 }, () => wrong(email)));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });
});

it('reads the thresholds from the environment and checks them', () => {
  const config = loadConfig({
    LOGIN_ACCOUNT_LIMIT: '3',
    LOGIN_LOCK_SECONDS: '30',
    LOGIN_LOCK_MAX_SECONDS: '600',
    LOGIN_FAILURE_MEMORY_SECONDS: '7200',
    LOGIN_IP_LIMIT: '500',
    LOGIN_IP_WINDOW_SECONDS: '300',
  });
  expect(config.loginLimits).toEqual({ accountFailures: 3, lockSeconds: 30, lockMaxSeconds: 600, failureMemorySeconds: 7200, ipFailures: 500, ipWindowSeconds: 300 });
  expect(loadConfig({}).loginLimits).toEqual({ accountFailures: 5, lockSeconds: 60, lockMaxSeconds: 3600, failureMemorySeconds: 86_400, ipFailures: 100, ipWindowSeconds: 900 });
  expect(() => loadConfig({ LOGIN_LOCK_SECONDS: '600', LOGIN_LOCK_MAX_SECONDS: '60' })).toThrow(/LOGIN_LOCK_MAX_SECONDS/);
  expect([4, 5, 6, 7, 8, 12, 40].map((n) => lockSecondsAfter(n, loadConfig({}).loginLimits))).toEqual([0, 60, 120, 240, 480, 3600, 3600]);
});
