import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Config } from '../../server/config';
import { users } from '../../server/db/schema';
import { accountTokens, mailOutbox } from '../../server/db/schema-accounts';
import { hashPassword } from '../../server/lib/passwords';
import { startTestSmtp, tokenFrom, type TestSmtp } from '../support/smtp';
import { describeEachDatabase, expectData, expectError, passwordGrant, type TestContext } from './helpers';

// docs/api.md "Accounts": forgot password, GET/POST /user/reset-password, set-password for an account without a
// password; mail over real SMTP; old sessions revoked; limits and no enumeration.

let smtp: TestSmtp;
const config: Partial<Config> = { mailWorker: true, mailPollIntervalMs: 100, publicUrl: 'http://spa.test' };
const shortTtl: Partial<Config> = { mailWorker: true, mailPollIntervalMs: 100, publicUrl: 'http://spa.test', resetPasswordTokenTtl: 1 };
beforeAll(async () => {
  smtp = await startTestSmtp();
  config.smtpUrl = shortTtl.smtpUrl = smtp.url;
});
afterAll(() => smtp.close());

let ipSeq = 0;
const nextIp = () => `10.30.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

async function createUser(t: TestContext, email: string, password: string | null, locale: 'pl' | 'en' = 'en') {
  const [user] = await t.database.db
    .insert(users)
    .values({ email, passwordHash: password ? await hashPassword(password) : '', isActive: true, firstName: 'Rita', lastName: 'Reset', locale })
    .returning();
  return user;
}

describeEachDatabase('reset password', { config }, (t) => {
  const request = (email: unknown, ip = nextIp(), app = t.app) =>
    app.inject({ method: 'POST', url: '/api/user/reset-password', payload: { email }, remoteAddress: ip });
  const setPassword = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/user/reset-password', payload });
  const check = (token: string) =>
    t.app.inject({ method: 'GET', url: `/api/user/reset-password?resetPasswordToken=${encodeURIComponent(token)}` });
  const login = (email: string, password: string) => passwordGrant(t.app, { email, password }, { remoteAddress: nextIp() });

  it('mails a reset link; the new password works, the old one and every old session do not', async () => {
    const email = `reset-${t.kind}@example.com`;
    await createUser(t, email, 'OldSecret1', 'en');
    const a = expectData(await login(email, 'OldSecret1'));
    const b = expectData(await login(email, 'OldSecret1'));

    expect(expectData(await request(email))).toBeNull();
    const mail = await smtp.waitFor(email);
    expect(mail.subject).toBe('Reset your Estate Shares password');
    const token = tokenFrom(mail, /reset-password/);
    expect(mail.text).toContain(`http://spa.test/en/reset-password/${token}`);

    expect(expectData(await check(token))).toEqual({ valid: true, email });
    expect(expectData(await setPassword({ resetPasswordToken: token, password: 'NewSecret2', repeatPassword: 'NewSecret2' }))).toBeNull();

    expectError(await login(email, 'OldSecret1'), 400, [{ code: 'INVALID_GRANT', context: 'password' }]);
    expectData(await login(email, 'NewSecret2'));
    for (const tokens of [a, b]) {
      expectError(await t.injectAs(tokens, { method: 'GET', url: '/api/user/me' }), 401, [{ code: 'UNAUTHORIZED' }]);
      const refreshed = await t.app.inject({ method: 'POST', url: '/api/token', payload: { grantType: 'refresh_token', refreshToken: tokens.refreshToken } });
      expectError(refreshed, 400, [{ code: 'INVALID_GRANT', context: 'refreshToken' }]);
    }

    // Single use.
    expectError(await check(token), 400, [{ code: 'TOKEN_NOT_VALID', context: 'resetPasswordToken' }]);
    expectError(await setPassword({ resetPasswordToken: token, password: 'Another3x', repeatPassword: 'Another3x' }), 400, [
      { code: 'TOKEN_NOT_VALID', context: 'resetPasswordToken' },
    ]);
  });

  it('answers an unknown address exactly like a known one and mails nobody', async () => {
    const known = await request('investor@example.com');
    const unknown = await request(`nobody-${t.kind}@example.com`);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    const rows = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, `nobody-${t.kind}@example.com`));
    expect(rows).toEqual([]);
    const mail = await smtp.waitFor('investor@example.com');
    expect(mail.subject).toBe('Reset hasła w Estate Shares'); // the investor's stored language is pl
    expect(mail.text).toContain('http://spa.test/pl/resetuj-haslo/');
  });

  it('a newer link replaces the older one', async () => {
    const email = `twice-${t.kind}@example.com`;
    await createUser(t, email, 'OldSecret1');
    await request(email);
    const first = tokenFrom(await smtp.waitFor(email), /reset-password/);
    const count = smtp.messages.length;
    await request(email);
    const second = tokenFrom(await smtp.waitFor(email, { since: count }), /reset-password/);
    expect(second).not.toBe(first);
    expectError(await check(first), 400, [{ code: 'TOKEN_NOT_VALID', context: 'resetPasswordToken' }]);
    expectData(await check(second));
  });

  it('rejects an expired token', async () => {
    const email = `expired-${t.kind}@example.com`;
    const user = await createUser(t, email, 'OldSecret1');
    await request(email);
    const token = tokenFrom(await smtp.waitFor(email), /reset-password/);
    await t.database.db.update(accountTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(accountTokens.userId, user.id));
    expectError(await check(token), 400, [{ code: 'TOKEN_NOT_VALID', context: 'resetPasswordToken' }]);
    expectError(await setPassword({ resetPasswordToken: token, password: 'NewSecret2', repeatPassword: 'NewSecret2' }), 400, [
      { code: 'TOKEN_NOT_VALID', context: 'resetPasswordToken' },
    ]);
    expectData(await login(email, 'OldSecret1'));
  });

  it('validates the request and the new password', async () => {
    expectError(await request(''), 400, [{ code: 'EMAIL_EMPTY', context: 'email' }]);
    expectError(await request('bad'), 400, [{ code: 'EMAIL_INVALID_FORMAT', context: 'email' }]);
    expectError(await t.app.inject({ method: 'GET', url: '/api/user/reset-password' }), 400, [
      { code: 'TOKEN_NOT_VALID', context: 'resetPasswordToken' },
    ]);
    expectError(await setPassword({ resetPasswordToken: 'x', password: 'weak', repeatPassword: 'weak' }), 400, [
      { code: 'PASSWORD_CONSTRAINTS_MISMATCH', context: 'password' },
    ]);
    expectError(await setPassword({ resetPasswordToken: 'x', password: 'Strong123', repeatPassword: 'Strong124' }), 400, [
      { code: 'PASSWORD_NOT_SAME', context: 'repeatPassword' },
    ]);
    expectError(await setPassword({ resetPasswordToken: '', password: '', repeatPassword: '' }), 400, [
      { code: 'TOKEN_NOT_VALID', context: 'resetPasswordToken' },
      { code: 'PASSWORD_EMPTY', context: 'password' },
    ]);
    expectError(await setPassword({ resetPasswordToken: 'unknown', password: 'Strong123', repeatPassword: 'Strong123' }), 400, [
      { code: 'TOKEN_NOT_VALID', context: 'resetPasswordToken' },
    ]);
  });

  it('lets an account without a password set one through the set-password link, which also activates it', async () => {
    const email = `nopass-${t.kind}@example.com`;
    const user = await createUser(t, email, null, 'pl');
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expectError(await login(email, ''), 400, [{ code: 'PASSWORD_EMPTY', context: 'password' }]);
    expectError(await login(email, 'Anything1'), 400, [{ code: 'INVALID_GRANT', context: 'password' }]);

    await request(email);
    const mail = await smtp.waitFor(email);
    expect(mail.subject).toBe('Ustaw hasło w Estate Shares');
    const token = tokenFrom(mail, /ustaw-haslo/);
    expect(expectData(await check(token))).toEqual({ valid: true, email });
    expectData(await setPassword({ resetPasswordToken: token, password: 'FirstPass1', repeatPassword: 'FirstPass1' }));
    expectData(await login(email, 'FirstPass1'));
  });

  it('limits requests to 5 a minute per e-mail and per IP across two server instances', async () => {
    const other = await t.buildAnotherApp();
    const email = `flood-${t.kind}@example.com`;
    for (let i = 0; i < 5; i++) expectData(await request(email, nextIp(), i < 3 ? t.app : other));
    expectError(await request(email, nextIp(), other), 429, [{ code: 'TOO_MANY_TRIES', context: '' }]);
    expectError(await request(email, nextIp(), t.app), 429, [{ code: 'TOO_MANY_TRIES', context: '' }]);

    const ip = nextIp();
    for (let i = 0; i < 5; i++) expectData(await request(`ip${i}-${t.kind}@example.com`, ip, i % 2 ? t.app : other));
    expectError(await request('investor@example.com', ip, t.app), 429, [{ code: 'TOO_MANY_TRIES' }]);
    expectError(await request('investor@example.com', ip, other), 429, [{ code: 'TOO_MANY_TRIES' }]);
  });
});

describeEachDatabase('reset token lifetime from RESET_PASSWORD_TOKEN_TTL', { config: shortTtl }, (t) => {
  it('expires after the configured number of seconds', async () => {
    const email = `ttl-${t.kind}@example.com`;
    await createUser(t, email, 'OldSecret1');
    await t.app.inject({ method: 'POST', url: '/api/user/reset-password', payload: { email }, remoteAddress: nextIp() });
    const token = tokenFrom(await smtp.waitFor(email), /reset-password/);
    expectData(await t.app.inject({ method: 'GET', url: `/api/user/reset-password?resetPasswordToken=${token}` }));
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expectError(await t.app.inject({ method: 'GET', url: `/api/user/reset-password?resetPasswordToken=${token}` }), 400, [
      { code: 'TOKEN_NOT_VALID', context: 'resetPasswordToken' },
    ]);
  });
});
