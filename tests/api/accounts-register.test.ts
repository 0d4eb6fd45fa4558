import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Config } from '../../server/config';
import { users } from '../../server/db/schema';
import { accountTokens, mailOutbox, userAgreements } from '../../server/db/schema-accounts';
import { agreements } from '../../server/db/schema-content';
import { startTestSmtp, tokenFrom, type TestSmtp } from '../support/smtp';
import { describeEachDatabase, expectData, expectError, passwordGrant, type TestContext } from './helpers';

// docs/api.md "Accounts": GET/POST /investor/register, activation and resend, with the mail received over real
// SMTP by an in-process server and its link followed.

let smtp: TestSmtp;
const config: Partial<Config> = { mailWorker: true, mailPollIntervalMs: 100, publicUrl: 'http://spa.test' };
beforeAll(async () => {
  smtp = await startTestSmtp();
  config.smtpUrl = smtp.url;
});
afterAll(() => smtp.close());

let seq = 0;
const uniqueEmail = (t: TestContext, name: string) => `${name}-${t.kind}-${++seq}@example.com`;
let ipSeq = 0;
const nextIp = () => `10.20.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

async function acceptAll(t: TestContext) {
  const rows = await t.database.db.select({ id: agreements.id }).from(agreements).where(eq(agreements.context, 'registration'));
  return rows.map((row) => ({ id: row.id, isAccepted: true }));
}

async function registration(t: TestContext, overrides: Record<string, unknown> = {}) {
  return {
    email: uniqueEmail(t, 'new'),
    password: 'Secret123',
    repeatPassword: 'Secret123',
    firstName: 'Jan',
    lastName: 'Kowalski',
    phone: '601 234 567',
    phoneCountry: 'PL',
    address: { street: 'ul. Polna 1', city: 'Poznań', zip: '60-001', state: 'wielkopolskie', country: 'PL' },
    bank: { country: 'PL', bankName: 'Bank Testowy', accountNumber: '61 1090 1014 0000 0712 1981 2874' },
    agreements: await acceptAll(t),
    ...overrides,
  };
}

const register = (t: TestContext, payload: Record<string, unknown>, language: 'pl' | 'en' = 'pl') =>
  t.app.inject({ method: 'POST', url: '/api/investor/register', payload, headers: { 'content-language': language } });

describeEachDatabase('GET /api/investor/register', { config }, (t) => {
  it('lists ISO 3166 alpha-2 countries as { id, code }', async () => {
    const data = expectData(await t.app.inject({ method: 'GET', url: '/api/investor/register' }));
    const codes = data.countries.map((c: { code: string }) => c.code);
    for (const code of ['PL', 'DE', 'GB', 'US', 'FR', 'ES', 'IT', 'NL', 'CZ', 'SK', 'UA', 'LT']) expect(codes).toContain(code);
    for (const country of data.countries) {
      expect(country.code).toMatch(/^[A-Z]{2}$/);
      expect(country.id).toBe(country.code);
    }
    expect(new Set(codes).size).toBe(codes.length);
  });
});

describeEachDatabase('registration and activation', { config }, (t) => {
  it('registers, mails an activation link in the request language, activates, then the login works', async () => {
    const payload = await registration(t, { email: `  Mixed.Case-${t.kind}@Example.com ` });
    const email = `mixed.case-${t.kind}@example.com`;
    const res = await register(t, payload, 'en');
    expect(expectData(res, 201)).toEqual({ email });

    // Not active yet: the login is refused with the code that sends the SPA to resend-activation.
    expectError(await passwordGrant(t.app, { email, password: 'Secret123' }, { remoteAddress: nextIp() }), 400, [
      { code: 'TOKEN_REQUEST:USER_NOT_ACTIVE', context: 'email' },
    ]);

    const mail = await smtp.waitFor(email);
    expect(mail.subject).toBe('Activate your Estate Shares account');
    expect(mail.text).toContain('Hello Jan,');
    expect(mail.html).toContain('http://spa.test/en/activate/');
    const token = tokenFrom(mail, /activate/);
    expect(mail.text).toContain(`http://spa.test/en/activate/${token}`);

    // Only the hash is stored.
    const stored = await t.database.db.select().from(accountTokens);
    expect(stored.some((row) => row.tokenHash === token)).toBe(false);

    const activated = await t.app.inject({ method: 'POST', url: '/api/investor/activate-account', payload: { activationToken: token } });
    expect(expectData(activated)).toEqual({ email });
    expectData(await passwordGrant(t.app, { email, password: 'Secret123' }, { remoteAddress: nextIp() }));

    // Single use: the link again (or an older one) says the account is already active, in the request's language.
    const again = await t.app.inject({ method: 'POST', url: '/api/investor/activate-account', payload: { activationToken: token } });
    expectError(again, 409, [{ code: 'ACCOUNT_ALREADY_ACTIVE', context: 'activationToken' }]);
    const againPl = await t.app.inject({
      method: 'POST',
      url: '/api/investor/activate-account',
      headers: { 'accept-language': 'pl' },
      payload: { activationToken: token },
    });
    expect(againPl.json().errors[0].message).toBe('To konto jest już aktywne');
  });

  it('stores the normalized data and the language of the request', async () => {
    const payload = await registration(t, {
      phone: '601234567',
      address: { street: ' ul. Polna 1 ', city: 'Poznań', zip: '60-001', state: 'wlkp', country: 'pl' },
      bank: { country: 'de', bankName: 'Bank', accountNumber: '6110 9010 1400 0007 1219 8128 74' },
    });
    expectData(await register(t, payload, 'pl'), 201);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, payload.email as string));
    expect(user).toMatchObject({
      isActive: false,
      role: 'investor',
      locale: 'pl',
      phone: '+48 601 234 567',
      phoneCountry: 'PL',
      street: 'ul. Polna 1',
      country: 'PL',
      bankCountry: 'DE',
      bankAccountNumber: '61109010140000071219812874',
    });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    const mail = await smtp.waitFor(payload.email as string);
    expect(mail.subject).toBe('Aktywuj konto w Estate Shares');
    expect(mail.text).toContain('http://spa.test/pl/aktywuj/');
  });

  it('answers EMAIL_EXISTS for a registered address (any case)', async () => {
    const res = await register(t, await registration(t, { email: 'Investor@Example.com' }));
    expectError(res, 400, [{ code: 'EMAIL_EXISTS', context: 'email' }]);
  });

  it('names every broken rule with its code and field path at once', async () => {
    const res = await register(t, {
      email: 'not-an-email',
      password: 'short',
      repeatPassword: 'other',
      firstName: ' ',
      lastName: '',
      phone: '123',
      phoneCountry: 'PL',
      address: { street: '', city: '', zip: '', state: '', country: '' },
      bank: { country: '', bankName: '', accountNumber: '1234' },
      agreements: [],
    });
    expectError(res, 400, [
      { code: 'EMAIL_INVALID_FORMAT', context: 'email' },
      { code: 'PASSWORD_CONSTRAINTS_MISMATCH', context: 'password' },
      { code: 'PASSWORD_NOT_SAME', context: 'repeatPassword' },
      { code: 'FIRST_NAME_IS_EMPTY', context: 'firstName' },
      { code: 'LAST_NAME_IS_EMPTY', context: 'lastName' },
      { code: 'PHONE_NUMBER_NOT_VALID', context: 'phone' },
      { code: 'IS_EMPTY', context: 'address.street' },
      { code: 'IS_EMPTY', context: 'address.city' },
      { code: 'IS_EMPTY', context: 'address.zip' },
      { code: 'IS_EMPTY', context: 'address.state' },
      { code: 'IS_EMPTY', context: 'address.country' },
      { code: 'IS_EMPTY', context: 'bank.country' },
      { code: 'IS_EMPTY', context: 'bank.bankName' },
      { code: 'BANK_ACCOUNT_ACCOUNT_NUMBER_IS_WRONG', context: 'bank.accountNumber' },
    ]);
  });

  it('names missing fields too (empty body), with messages in the request language', async () => {
    const res = await register(t, {}, 'en');
    const errors = expectError(res, 400, [
      { code: 'EMAIL_EMPTY', context: 'email' },
      { code: 'PASSWORD_EMPTY', context: 'password' },
      { code: 'FIRST_NAME_IS_EMPTY', context: 'firstName' },
      { code: 'LAST_NAME_IS_EMPTY', context: 'lastName' },
      { code: 'IS_EMPTY', context: 'address.street' },
      { code: 'IS_EMPTY', context: 'address.city' },
      { code: 'IS_EMPTY', context: 'address.zip' },
      { code: 'IS_EMPTY', context: 'address.state' },
      { code: 'IS_EMPTY', context: 'address.country' },
      { code: 'IS_EMPTY', context: 'bank.country' },
      { code: 'IS_EMPTY', context: 'bank.bankName' },
      { code: 'BANK_ACCOUNT_ACCOUNT_NUMBER_IS_WRONG', context: 'bank.accountNumber' },
    ]);
    expect(errors[0].message).toBe('E-mail is required');
  });

  it('checks the password rule: 8+ characters, a capital letter, a digit', async () => {
    for (const password of ['Abcdefg1'.slice(0, 7), 'abcdefg1', 'Abcdefgh']) {
      const res = await register(t, await registration(t, { password, repeatPassword: password }));
      expectError(res, 400, [{ code: 'PASSWORD_CONSTRAINTS_MISMATCH', context: 'password' }]);
    }
    expectData(await register(t, await registration(t, { password: 'Ąbcdefg1', repeatPassword: 'Ąbcdefg1' })), 201);
  });

  it('accepts a bank account of 26 digits, optionally after PL, with spaces only; stores the digits', async () => {
    const payload = await registration(t, { bank: { country: 'PL', bankName: 'B', accountNumber: 'PL61 1090 1014 0000 0712 1981 2874' } });
    expectData(await register(t, payload), 201);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, payload.email as string));
    expect(user.bankAccountNumber).toBe('61109010140000071219812874');
    for (const accountNumber of ['6110901014000007121981287', '611090101400000712198128745', 'PL6110901014000007121981287', 'DE61109010140000071219812874', '61-1090-1014-0000-0712-1981-2874']) {
      const res = await register(t, await registration(t, { bank: { country: 'PL', bankName: 'B', accountNumber } }));
      expectError(res, 400, [{ code: 'BANK_ACCOUNT_ACCOUNT_NUMBER_IS_WRONG', context: 'bank.accountNumber' }]);
    }
  });

  it('checks the phone against phoneCountry (default PL); an empty phone is fine', async () => {
    // A valid German number is not a valid Polish one.
    expectError(await register(t, await registration(t, { phone: '030 12345678', phoneCountry: undefined })), 400, [
      { code: 'PHONE_NUMBER_NOT_VALID', context: 'phone' },
    ]);
    expectData(await register(t, await registration(t, { phone: '030 12345678', phoneCountry: 'DE' })), 201);
    expectData(await register(t, await registration(t, { phone: '', phoneCountry: undefined })), 201);
    expectError(await register(t, await registration(t, { phoneCountry: 'XX' })), 400, [{ code: 'VALUE_NOT_VALID', context: 'phoneCountry' }]);
  });

  it('rejects an unknown country and wrong types', async () => {
    const res = await register(t, await registration(t, { address: { street: 's', city: 'c', zip: 'z', state: 's', country: 'ZZ' } }));
    expectError(res, 400, [{ code: 'VALUE_NOT_VALID', context: 'address.country' }]);
    const types = await register(t, await registration(t, { firstName: 42 }));
    expectError(types, 400, [{ code: 'VALUE_NOT_VALID', context: 'firstName' }]);
  });

  it('rejects a bad, unknown or expired activation token', async () => {
    for (const activationToken of ['', 'nope', undefined]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/investor/activate-account', payload: { activationToken } });
      expectError(res, 400, [{ code: 'ACTIVATION_TOKEN_NOT_EXIST', context: 'activationToken' }]);
    }
    const payload = await registration(t);
    expectData(await register(t, payload), 201);
    const token = tokenFrom(await smtp.waitFor(payload.email as string), /aktywuj/);
    await t.database.db.update(accountTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await t.app.inject({ method: 'POST', url: '/api/investor/activate-account', payload: { activationToken: token } });
    expectError(expired, 400, [{ code: 'ACTIVATION_TOKEN_NOT_EXIST', context: 'activationToken' }]);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, payload.email as string));
    expect(user.isActive).toBe(false);
  });
});

describeEachDatabase('required registration agreements', { config }, (t) => {
  let required: number;
  let optional: number;
  beforeAll(async () => {
    const rows = await t.database.db
      .insert(agreements)
      .values([
        { key: 'test-registration-terms', context: 'registration', required: true, content: { pl: 'Regulamin', en: 'Terms' }, position: 90 },
        { key: 'test-registration-news', context: 'registration', required: false, content: { pl: 'Newsletter', en: 'Newsletter' }, position: 91 },
      ])
      .returning({ id: agreements.id });
    [required, optional] = rows.map((row) => row.id);
  });

  it('answers IS_EMPTY with context agreements.<id> for a required agreement not accepted', async () => {
    const all = await acceptAll(t);
    const withoutRequired = all.map((a) => (a.id === required ? { ...a, isAccepted: false } : a));
    expectError(await register(t, await registration(t, { agreements: withoutRequired })), 400, [
      { code: 'IS_EMPTY', context: `agreements.${required}` },
    ]);
    const missing = all.filter((a) => a.id !== required);
    expectError(await register(t, await registration(t, { agreements: missing })), 400, [{ code: 'IS_EMPTY', context: `agreements.${required}` }]);
  });

  it('registers without the optional one and records what was accepted', async () => {
    const payload = await registration(t, { agreements: (await acceptAll(t)).filter((a) => a.id !== optional) });
    expectData(await register(t, payload), 201);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, payload.email as string));
    const accepted = await t.database.db.select().from(userAgreements).where(eq(userAgreements.userId, user.id));
    expect(accepted.map((a) => a.agreementId)).toContain(required);
    expect(accepted.map((a) => a.agreementId)).not.toContain(optional);
  });
});

describeEachDatabase('POST /api/investor/activate-account/resend', { config }, (t) => {
  const resend = (email: unknown, ip = nextIp(), app = t.app) =>
    app.inject({ method: 'POST', url: '/api/investor/activate-account/resend', payload: { email }, remoteAddress: ip });

  it('mails a new working link to an inactive account', async () => {
    const payload = await registration(t);
    const email = payload.email as string;
    expectData(await register(t, payload), 201);
    await smtp.waitFor(email);
    const before = smtp.messages.length;
    expect(expectData(await resend(email.toUpperCase()))).toBeNull();
    const mail = await smtp.waitFor(email, { since: before });
    const token = tokenFrom(mail, /aktywuj/);
    expectData(await t.app.inject({ method: 'POST', url: '/api/investor/activate-account', payload: { activationToken: token } }));
  });

  it('gives the same answer for an unknown, an inactive and an active address, mailing only the inactive one', async () => {
    const before = smtp.messages.length;
    const unknown = await resend(`ghost-${t.kind}@example.com`);
    const active = await resend('investor@example.com');
    const inactive = await resend('inactive@example.com');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(active.body);
    expect(active.body).toBe(inactive.body);
    await smtp.waitFor('inactive@example.com', { since: before });
    const rows = await t.database.db.select().from(mailOutbox);
    expect(rows.filter((r) => r.recipient === `ghost-${t.kind}@example.com`)).toEqual([]);
    expect(rows.filter((r) => r.recipient === 'investor@example.com' && r.kind === 'activation')).toEqual([]);
  });

  it('validates the e-mail', async () => {
    expectError(await resend(''), 400, [{ code: 'EMAIL_EMPTY', context: 'email' }]);
    expectError(await resend('nope'), 400, [{ code: 'EMAIL_INVALID_FORMAT', context: 'email' }]);
  });

  it('limits to 5 a minute per e-mail and per IP, known or not, across two server instances', async () => {
    const other = await t.buildAnotherApp();
    const email = `limit-${t.kind}@example.com`;
    for (let i = 0; i < 3; i++) expectData(await resend(email, nextIp(), t.app));
    for (let i = 0; i < 2; i++) expectData(await resend(email, nextIp(), other));
    const [error] = expectError(await resend(email, nextIp(), other), 429, [{ code: 'TOO_MANY_TRIES', context: '' }]);
    expect(error.message).toMatch(/1 minut/);
    expectError(await resend(email, nextIp(), t.app), 429, [{ code: 'TOO_MANY_TRIES' }]);

    const ip = nextIp();
    for (let i = 0; i < 5; i++) expectData(await resend(`ip-${i}-${t.kind}@example.com`, ip, i % 2 ? other : t.app));
    expectError(await resend('inactive@example.com', ip), 429, [{ code: 'TOO_MANY_TRIES' }]);
  });
});

describeEachDatabase('POST /api/investor/register/check-email (the first step)', { config: { ...config, registerLimit: { limit: 3, windowSeconds: 600 } } }, (t) => {
  const check = (payload: unknown, ip: string) =>
    t.app.inject({ method: 'POST', url: '/api/investor/register/check-email', payload: payload as never, remoteAddress: ip, headers: { 'content-language': 'en' } });

  it('answers the e-mail (lowercased) when it is free, EMAIL_EXISTS for a registered one (any case), and the format rules', async () => {
    const ip = nextIp();
    const free = expectData(await check({ email: 'New.Person@Example.com' }, ip));
    expect(free).toEqual({ email: 'new.person@example.com' });
    const [exists] = expectError(await check({ email: 'Investor@Example.com' }, ip), 400, [{ code: 'EMAIL_EXISTS', context: 'email' }]);
    expect(exists.message).toBe('This e-mail is already registered');
    expectError(await check({ email: 'not-an-email' }, nextIp()), 400, [{ code: 'EMAIL_INVALID_FORMAT', context: 'email' }]);
    expectError(await check({}, nextIp()), 400, [{ code: 'EMAIL_EMPTY', context: 'email' }]);
  });

  it('is limited per client IP like the registration (its own bucket): then 429 TOO_MANY_TRIES', async () => {
    const ip = nextIp();
    for (let i = 0; i < 3; i++) expect((await check({ email: `free-${i}@example.com` }, ip)).statusCode).toBe(200);
    const refused = await check({ email: 'free-9@example.com' }, ip);
    expectError(refused, 429, [{ code: 'TOO_MANY_TRIES', context: '' }]);
    expect(refused.headers['retry-after']).toBe('600');
    // another address is not limited, and the registration's own bucket is untouched
    expect((await check({ email: 'free-9@example.com' }, nextIp())).statusCode).toBe(200);
    const reg = await t.app.inject({ method: 'POST', url: '/api/investor/register', payload: await registration(t, { email: uniqueEmail(t, 'after-checks') }), remoteAddress: ip });
    expect(reg.statusCode).toBe(201);
  });
});
