import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Config } from '../../server/config';
import { users } from '../../server/db/schema';
import { mailOutbox } from '../../server/db/schema-accounts';
import { hashPassword } from '../../server/lib/passwords';
import { startTestSmtp, tokenFrom, type TestSmtp } from '../support/smtp';
import { describeEachDatabase, expectData, expectError, passwordGrant, type TestContext, type TokenPair } from './helpers';

// docs/api.md "Accounts": GET/PATCH /investor (one group per call), e-mail change confirmed through the new
// address (and the old one told), password change revoking the other sessions and limited to 5 wrong current
// passwords a minute, GET /investor/documents.

let smtp: TestSmtp;
const config: Partial<Config> = { mailWorker: true, mailPollIntervalMs: 100, publicUrl: 'http://spa.test' };
beforeAll(async () => {
  smtp = await startTestSmtp();
  config.smtpUrl = smtp.url;
});
afterAll(() => smtp.close());

let ipSeq = 0;
const nextIp = () => `10.40.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
let seq = 0;

/** A fresh active investor (so tests that change the account do not disturb each other) and its tokens. */
async function investor(t: TestContext, locale: 'pl' | 'en' = 'en') {
  const email = `settings-${t.kind}-${++seq}@example.com`;
  await t.database.db.insert(users).values({
    email,
    passwordHash: await hashPassword('Current123'),
    isActive: true,
    firstName: 'Ewa',
    lastName: 'Ustawienia',
    locale,
    country: 'PL',
  });
  const login = async (password = 'Current123', who = email) =>
    expectData<TokenPair>(await passwordGrant(t.app, { email: who, password }, { remoteAddress: nextIp() }));
  return { email, tokens: await login(), login };
}

describeEachDatabase('GET and PATCH /api/investor', { config }, (t) => {
  const get = (tokens: TokenPair) => t.injectAs(tokens, { method: 'GET', url: '/api/investor' });
  const patch = (tokens: TokenPair, payload: unknown, language = 'en') =>
    t.injectAs(tokens, { method: 'PATCH', url: '/api/investor', payload: payload as object, headers: { 'content-language': language } });

  it('answers 401 without a token', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/investor' }), 401, [{ code: 'UNAUTHORIZED', context: '' }]);
    expectError(await t.app.inject({ method: 'PATCH', url: '/api/investor', payload: { notificationsOptOut: true } }), 401, [
      { code: 'UNAUTHORIZED', context: '' },
    ]);
    expectError(await t.app.inject({ method: 'GET', url: '/api/investor/documents' }), 401, [{ code: 'UNAUTHORIZED', context: '' }]);
  });

  it('returns the seeded investor in the documented shape', async () => {
    const tokens = await t.login('investor');
    expect(expectData(await get(tokens))).toEqual({
      email: 'investor@example.com',
      firstName: 'Anna',
      lastName: 'Nowak',
      phone: '+48 601 234 567',
      phoneCountry: 'PL',
      address: { street: 'ul. Prosta 12/4', city: 'Warszawa', zip: '00-850', state: 'mazowieckie', country: 'PL' },
      bank: { country: null, bankName: null, accountNumber: null },
      notificationsOptOut: false,
      language: 'pl',
    });
    // The seeded orders issue documents (their content is checked in tests/api/investor-area.test.ts).
    const documents = expectData(await t.injectAs(tokens, { method: 'GET', url: '/api/investor/documents' })) as { own: boolean; url: string }[];
    expect(documents.some((d) => d.own)).toBe(true);
    expect(documents.filter((d) => d.own).every((d) => d.url.startsWith('/investor/documents/'))).toBe(true);
  });

  it('updates personal data, address, bank and the notification opt-out, one group per call', async () => {
    const { tokens } = await investor(t);
    const personal = expectData(await patch(tokens, { personal: { firstName: ' Eva ', lastName: 'Settings', phone: '+44 20 7946 0958', phoneCountry: 'gb' } }));
    expect(personal).toMatchObject({ firstName: 'Eva', lastName: 'Settings', phone: '+44 20 7946 0958', phoneCountry: 'GB' });
    const address = expectData(await patch(tokens, { address: { street: '1 High St', city: 'London', zip: 'SW1A 1AA', state: 'London', country: 'gb' } }));
    expect(address.address).toEqual({ street: '1 High St', city: 'London', zip: 'SW1A 1AA', state: 'London', country: 'GB' });
    const bank = expectData(await patch(tokens, { bank: { country: 'PL', bankName: 'mBank', accountNumber: 'PL 6110 9010 1400 0007 1219 8128 74' } }));
    expect(bank.bank).toEqual({ country: 'PL', bankName: 'mBank', accountNumber: '61109010140000071219812874' });
    expect(expectData(await patch(tokens, { notificationsOptOut: true })).notificationsOptOut).toBe(true);
    // Each call changed only its group, and GET reads it all back.
    expect(expectData(await get(tokens))).toMatchObject({
      firstName: 'Eva',
      phoneCountry: 'GB',
      address: { city: 'London' },
      bank: { bankName: 'mBank' },
      notificationsOptOut: true,
    });
    const phoneless = expectData(await patch(tokens, { personal: { firstName: 'Eva', lastName: 'Settings', phone: '' } }));
    expect(phoneless).toMatchObject({ phone: null, phoneCountry: 'PL' });
  });

  it('wants exactly one group per call', async () => {
    const { tokens } = await investor(t);
    expectError(await patch(tokens, {}), 400, [{ code: 'VALUE_NOT_VALID', context: '' }]);
    expectError(await patch(tokens, { notificationsOptOut: true, personal: { firstName: 'A', lastName: 'B' } }), 400, [
      { code: 'VALUE_NOT_VALID', context: '' },
    ]);
    expectError(await patch(tokens, { notificationsOptOut: 'yes' }), 400, [{ code: 'VALUE_NOT_VALID', context: 'notificationsOptOut' }]);
  });

  it('validates each group with the SPEC codes and field paths', async () => {
    const { tokens } = await investor(t);
    expectError(await patch(tokens, { personal: { firstName: '', lastName: '', phone: '12', phoneCountry: 'PL' } }), 400, [
      { code: 'FIRST_NAME_IS_EMPTY', context: 'personal.firstName' },
      { code: 'LAST_NAME_IS_EMPTY', context: 'personal.lastName' },
      { code: 'PHONE_NUMBER_NOT_VALID', context: 'personal.phone' },
    ]);
    expectError(await patch(tokens, { address: { street: 'x', city: '', zip: 'z', state: 's', country: 'QQ' } }), 400, [
      { code: 'IS_EMPTY', context: 'address.city' },
      { code: 'VALUE_NOT_VALID', context: 'address.country' },
    ]);
    expectError(await patch(tokens, { bank: { country: 'PL', bankName: '', accountNumber: '123' } }), 400, [
      { code: 'IS_EMPTY', context: 'bank.bankName' },
      { code: 'BANK_ACCOUNT_ACCOUNT_NUMBER_IS_WRONG', context: 'bank.accountNumber' },
    ]);
    const [error] = expectError(await patch(tokens, { bank: { country: 'PL', bankName: 'b', accountNumber: '' } }, 'pl'), 400, [
      { code: 'BANK_ACCOUNT_ACCOUNT_NUMBER_IS_WRONG', context: 'bank.accountNumber' },
    ]);
    expect(error.message).toBe('Numer konta bankowego musi mieć 26 cyfr');
  });

  it('changes the password: wrong current one refused, other sessions revoked, this one kept', async () => {
    const { email, tokens, login } = await investor(t);
    const other = await login();
    expectError(await patch(tokens, { password: { currentPassword: 'Wrong1234', newPassword: 'Changed123', repeatPassword: 'Changed123' } }), 400, [
      { code: 'CURRENT_PASSWORD_NOT_MATCH', context: 'password.currentPassword' },
    ]);
    expectData(await t.injectAs(other, { method: 'GET', url: '/api/user/me' }));

    expectData(await patch(tokens, { password: { currentPassword: 'Current123', newPassword: 'Changed123', repeatPassword: 'Changed123' } }));
    expectData(await get(tokens));
    expectError(await t.injectAs(other, { method: 'GET', url: '/api/user/me' }), 401, [{ code: 'UNAUTHORIZED' }]);
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/token', payload: { grantType: 'refresh_token', refreshToken: other.refreshToken } });
    expectError(refreshed, 400, [{ code: 'INVALID_GRANT' }]);
    expectError(await passwordGrant(t.app, { email, password: 'Current123' }, { remoteAddress: nextIp() }), 400, [{ code: 'INVALID_GRANT' }]);
    await login('Changed123');
  });

  it('validates the password group', async () => {
    const { tokens } = await investor(t);
    expectError(await patch(tokens, { password: { currentPassword: '', newPassword: '', repeatPassword: '' } }), 400, [
      { code: 'CURRENT_PASSWORD_EMPTY', context: 'password.currentPassword' },
      { code: 'NEW_PASSWORD_EMPTY', context: 'password.newPassword' },
      { code: 'REPEAT_PASSWORD_EMPTY', context: 'password.repeatPassword' },
    ]);
    expectError(await patch(tokens, { password: { currentPassword: 'Current123', newPassword: 'weakpass', repeatPassword: 'other' } }), 400, [
      { code: 'PASSWORD_CONSTRAINTS_MISMATCH', context: 'password.newPassword' },
      { code: 'PASSWORD_NOT_SAME', context: 'password.repeatPassword' },
    ]);
    expectError(await patch(tokens, { password: {} }), 400, [
      { code: 'CURRENT_PASSWORD_EMPTY', context: 'password.currentPassword' },
      { code: 'NEW_PASSWORD_EMPTY', context: 'password.newPassword' },
      { code: 'REPEAT_PASSWORD_EMPTY', context: 'password.repeatPassword' },
    ]);
  });

  it('changes the e-mail only once the link mailed to the new address is followed', async () => {
    const { email, tokens, login } = await investor(t, 'pl');
    const newEmail = `moved-${t.kind}-${++seq}@example.com`;
    const data = expectData(await patch(tokens, { email: { newEmail: newEmail.toUpperCase(), repeatEmail: newEmail } }));
    expect(data.email).toBe(email); // not yet

    const mail = await smtp.waitFor(newEmail);
    expect(smtp.to(email)).toEqual([]);
    expect(mail.subject).toBe('Potwierdź nowy adres e-mail w Estate Shares');
    expect(mail.text).toContain(newEmail);
    const token = tokenFrom(mail, /potwierdz-email/);
    await login('Current123', email); // the old address still signs in

    const confirmed = await t.app.inject({ method: 'POST', url: '/api/investor/confirm-email', payload: { token } });
    expect(expectData(confirmed)).toEqual({ email: newEmail });
    // The old address is told, in the account's language, with a way to reach us.
    const notice = await smtp.waitFor(email);
    expect(notice.subject).toBe('Adres e-mail Twojego konta w Estate Shares został zmieniony');
    expect(notice.text).toContain(`zmieniony na ${newEmail}`);
    expect(notice.text).toContain('Jeśli to nie Ty');
    expect(notice.text).toContain('http://spa.test/pl/kontakt');
    expect(smtp.to(newEmail)).toHaveLength(1); // only the confirmation link went to the new address
    await login('Current123', newEmail);
    expectError(await passwordGrant(t.app, { email, password: 'Current123' }, { remoteAddress: nextIp() }), 400, [{ code: 'INVALID_GRANT' }]);
    expect(expectData(await get(tokens)).email).toBe(newEmail);

    // Single use.
    expectError(await t.app.inject({ method: 'POST', url: '/api/investor/confirm-email', payload: { token } }), 400, [
      { code: 'TOKEN_NOT_VALID', context: 'token' },
    ]);
  });

  it('validates the e-mail group: EMAIL_SAME, EMAIL_NOT_SAME, EMAIL_TAKEN, EMAIL_INVALID_FORMAT', async () => {
    const { email, tokens } = await investor(t);
    expectError(await patch(tokens, { email: { newEmail: email.toUpperCase(), repeatEmail: email } }), 400, [
      { code: 'EMAIL_SAME', context: 'email.newEmail' },
    ]);
    expectError(await patch(tokens, { email: { newEmail: 'a@example.com', repeatEmail: 'b@example.com' } }), 400, [
      { code: 'EMAIL_NOT_SAME', context: 'email.repeatEmail' },
    ]);
    expectError(await patch(tokens, { email: { newEmail: 'Investor@example.com', repeatEmail: 'investor@example.com' } }), 400, [
      { code: 'EMAIL_TAKEN', context: 'email.newEmail' },
    ]);
    expectError(await patch(tokens, { email: { newEmail: 'nope', repeatEmail: 'nope' } }), 400, [
      { code: 'EMAIL_INVALID_FORMAT', context: 'email.newEmail' },
    ]);
    expectError(await patch(tokens, { email: { newEmail: '', repeatEmail: '' } }), 400, [{ code: 'EMAIL_EMPTY', context: 'email.newEmail' }]);
  });

  it('refuses a confirmation whose address was taken meanwhile, and bad tokens', async () => {
    const { email, tokens } = await investor(t);
    const wanted = `contested-${t.kind}@example.com`;
    expectData(await patch(tokens, { email: { newEmail: wanted, repeatEmail: wanted } }));
    const token = tokenFrom(await smtp.waitFor(wanted), /confirm-email/);
    await t.database.db.insert(users).values({ email: wanted, passwordHash: '', isActive: true });
    expectError(await t.app.inject({ method: 'POST', url: '/api/investor/confirm-email', payload: { token } }), 400, [
      { code: 'EMAIL_TAKEN', context: 'token' },
    ]);
    // The notice is written in the confirmation's transaction: no change, no notice.
    const notices = await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'email_changed'), eq(mailOutbox.recipient, email)));
    expect(notices).toEqual([]);
    for (const payload of [{ token: 'nope' }, { token: '' }, {}]) {
      expectError(await t.app.inject({ method: 'POST', url: '/api/investor/confirm-email', payload }), 400, [
        { code: 'TOKEN_NOT_VALID', context: 'token' },
      ]);
    }
  });

  it('tells the old address of a confirmed change in English too, written to the outbox with the change', async () => {
    const { email, tokens } = await investor(t, 'en');
    const newEmail = `moved-en-${t.kind}-${++seq}@example.com`;
    expectData(await patch(tokens, { email: { newEmail, repeatEmail: newEmail } }, 'pl'));
    const token = tokenFrom(await smtp.waitFor(newEmail), /confirm-email/);
    expectData(await t.app.inject({ method: 'POST', url: '/api/investor/confirm-email', payload: { token } }));

    const [row] = await t.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.kind, 'email_changed'), eq(mailOutbox.recipient, email)));
    expect(row).toMatchObject({ language: 'en', subject: 'The e-mail address of your Estate Shares account was changed' });
    const notice = await smtp.waitFor(email);
    expect(notice.subject).toBe('The e-mail address of your Estate Shares account was changed');
    expect(notice.text).toContain(`was changed to ${newEmail}`);
    expect(notice.text).toContain('If this was not you, contact us');
    expect(notice.text).toContain('http://spa.test/en/contact-us');
    expect(notice.html).toContain('http://spa.test/en/contact-us');
  });
});

describeEachDatabase('PATCH /api/investor current-password limit', { config }, (t) => {
  const change = (tokens: TokenPair, currentPassword: string, ip: string, app: FastifyInstance = t.app) =>
    app.inject({
      method: 'PATCH',
      url: '/api/investor',
      remoteAddress: ip,
      headers: { authorization: `Bearer ${tokens.accessToken}`, 'content-language': 'en' },
      payload: { password: { currentPassword, newPassword: 'Changed123', repeatPassword: 'Changed123' } },
    });
  const notMatch = [{ code: 'CURRENT_PASSWORD_NOT_MATCH', context: 'password.currentPassword' }];
  const tooMany = [{ code: 'TOO_MANY_TRIES', context: '' }];

  it('refuses the 6th try on an account within a minute, even with the right password; other accounts unaffected', async () => {
    const a = await investor(t);
    const b = await investor(t);
    for (let i = 0; i < 5; i++) expectError(await change(a.tokens, `Wrong${i}abc`, nextIp()), 400, notMatch);
    const refused = await change(a.tokens, 'Current123', nextIp());
    const [error] = expectError(refused, 429, tooMany);
    expect(error.message).toBe('Too many tries. Wait 1 minute until the next try');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(45);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    await a.login('Current123'); // the password did not change

    // Another account (from another client IP) is not affected.
    expectError(await change(b.tokens, 'Wrong-b-1', nextIp()), 400, notMatch);
    expectData(await change(b.tokens, 'Current123', nextIp()));
    await b.login('Changed123');
  });

  it('counts failures, not attempts in flight: 8 concurrent correct tries from one address all pass (one node and two)', async () => {
    const other = await t.buildAnotherApp({ mailWorker: false });
    const { tokens, login } = await investor(t);
    const ip = nextIp();
    // the new password is the current one, so every try stays correct whatever order they run in
    const same = (app: FastifyInstance) =>
      app.inject({
        method: 'PATCH',
        url: '/api/investor',
        remoteAddress: ip,
        headers: { authorization: `Bearer ${tokens.accessToken}`, 'content-language': 'en' },
        payload: { password: { currentPassword: 'Current123', newPassword: 'Current123', repeatPassword: 'Current123' } },
      });
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => same(i % 2 ? other : t.app)));
    expect(answers.map((r) => r.statusCode), answers.map((r) => r.body).join('\n')).toEqual(Array(8).fill(200));
    await login('Current123');
    // nothing is left in flight
    const { rateLimitEvents } = await import('../../server/db/schema');
    expect(await t.database.db.select().from(rateLimitEvents).where(eq(rateLimitEvents.action, 'current_password:pending'))).toEqual([]);
    // and wrong ones still count: 5 answered, then 429 even for the right one
    const wrong = await Promise.all(Array.from({ length: 8 }, () => change(tokens, 'Wrong-c-1', ip)));
    const statuses = wrong.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    expectError(await change(tokens, 'Current123', ip), 429, tooMany);
  });

  it("does not lock other accounts on one client IP after a few failures of others; the IP only at LOGIN_IP_LIMIT", async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) {
      const { tokens } = await investor(t);
      expectError(await change(tokens, 'Wrong-ip-1', ip), 400, notMatch);
    }
    const fresh = await investor(t);
    expectData(await change(fresh.tokens, 'Current123', ip));
    const other = await t.buildAnotherApp({ loginLimits: { ...t.config.loginLimits, ipFailures: 6 } });
    const last = await investor(t);
    const wrongThere = await other.inject({
      method: 'PATCH',
      url: '/api/investor',
      remoteAddress: ip,
      headers: { authorization: `Bearer ${last.tokens.accessToken}`, 'content-language': 'en' },
      payload: { password: { currentPassword: 'Wrong-ip-2', newPassword: 'Changed123', repeatPassword: 'Changed123' } },
    });
    expectError(wrongThere, 400, notMatch);
    // the 6th failure from the address reaches that node's (lower) IP limit
    expectError(await change(last.tokens, 'Current123', ip, other), 429, tooMany);
  });

  it('forgets an account\'s failures after a correct password', async () => {
    const { tokens } = await investor(t);
    for (let i = 0; i < 4; i++) expectError(await change(tokens, 'Wrong-x-1', nextIp()), 400, notMatch);
    expectData(await change(tokens, 'Current123', nextIp()));
    for (let i = 0; i < 5; i++) expectError(await change(tokens, 'Wrong-x-2', nextIp()), 400, notMatch);
    expectError(await change(tokens, 'Changed123', nextIp()), 429, tooMany);
  });

  it('counts the failures in the database, shared by two server instances', async () => {
    const other = await t.buildAnotherApp({ mailWorker: false });
    const { tokens, login } = await investor(t);
    for (let i = 0; i < 3; i++) expectError(await change(tokens, 'Wrong-s-1', nextIp(), t.app), 400, notMatch);
    for (let i = 0; i < 2; i++) expectError(await change(tokens, 'Wrong-s-1', nextIp(), other), 400, notMatch);
    expectError(await change(tokens, 'Current123', nextIp(), other), 429, tooMany);
    expectError(await change(tokens, 'Current123', nextIp(), t.app), 429, tooMany);
    await login('Current123');
  });
});
