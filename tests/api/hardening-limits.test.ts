import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { mailOutbox } from '../../server/db/schema-accounts';
import { agreements } from '../../server/db/schema-content';
import { DEMO, describeEachDatabase, expectData, expectError, passwordGrant, type TestContext } from './helpers';

// Defects 5 (registration had no limit) and 8 (the login limit counted attempts still in flight).

let seq = 0;

async function registration(t: TestContext) {
  const rows = await t.database.db.select({ id: agreements.id }).from(agreements).where(eq(agreements.context, 'registration'));
  return {
    email: `limit-${t.kind}-${++seq}@example.com`,
    password: 'Secret123',
    repeatPassword: 'Secret123',
    firstName: 'Jan',
    lastName: 'Kowalski',
    phone: '601 234 567',
    phoneCountry: 'PL',
    address: { street: 'ul. Polna 1', city: 'Poznań', zip: '60-001', state: 'wielkopolskie', country: 'PL' },
    bank: { country: 'PL', bankName: 'Bank Testowy', accountNumber: '61 1090 1014 0000 0712 1981 2874' },
    agreements: rows.map((row) => ({ id: row.id, isAccepted: true })),
  };
}

const register = async (t: TestContext, ip: string, app: FastifyInstance = t.app) =>
  app.inject({ method: 'POST', url: '/api/investor/register', payload: await registration(t), remoteAddress: ip });

describeEachDatabase('registration limit per client IP', { config: { registerLimit: { limit: 5, windowSeconds: 600 } } }, (t) => {
  it('accepts 5 registrations from one address in the window, then 429 TOO_MANY_TRIES on every node, and mails nothing more', async () => {
    const ip = '10.60.0.1';
    for (let i = 0; i < 3; i++) expectData(await register(t, ip), 201);
    const other = await t.buildAnotherApp();
    for (let i = 0; i < 2; i++) expectData(await register(t, ip, other), 201);
    const mailsBefore = (await t.database.db.select({ id: mailOutbox.id }).from(mailOutbox)).length;

    const refused = await register(t, ip, other);
    expectError(refused, 429, [{ code: 'TOO_MANY_TRIES', context: '' }]);
    expect(refused.headers['retry-after']).toBe('600');
    // the message tells this limit's window (10 minutes), not the password checks' minute
    const [polish] = expectError(await register(t, ip), 429, [{ code: 'TOO_MANY_TRIES', context: '' }]);
    expect(polish.message).toBe('Zbyt wiele prób. Odczekaj 10 minut przed kolejną próbą');
    const english = await t.app.inject({
      method: 'POST',
      url: '/api/investor/register',
      payload: await registration(t),
      remoteAddress: ip,
      headers: { 'content-language': 'en' },
    });
    expect(expectError(english, 429, [{ code: 'TOO_MANY_TRIES', context: '' }])[0].message).toBe('Too many tries. Wait 10 minutes until the next try');
    expect((await t.database.db.select({ id: mailOutbox.id }).from(mailOutbox)).length).toBe(mailsBefore);

    // Another address is not affected.
    expectData(await register(t, '10.60.0.2'), 201);
  });

  it('counts a burst of parallel registrations from one address: no more than 5 pass', async () => {
    const ip = '10.60.1.1';
    const results = await Promise.all(Array.from({ length: 9 }, () => register(t, ip)));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(4);
  });
});

describeEachDatabase('login limit counts failures, not attempts in flight', {}, (t) => {
  it('lets 8 concurrent correct logins from one address all succeed', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => passwordGrant(t.app, i % 2 ? DEMO.investor : DEMO.operator, { remoteAddress: '10.61.0.1' })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
  });

  it('lets 8 concurrent correct logins of one account from one address succeed, on two nodes', async () => {
    const other = await t.buildAnotherApp();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => passwordGrant(i % 2 ? other : t.app, DEMO.investor, { remoteAddress: '10.61.0.2' })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
  });

  it('still answers only 5 wrong guesses of a parallel burst, whatever their order, and then refuses the right one', async () => {
    const ip = '10.61.0.3';
    const wrong = Array.from({ length: 12 }, () => passwordGrant(t.app, { email: DEMO.operator.email, password: 'Wrong-1' }, { remoteAddress: ip }));
    const answers = await Promise.all(wrong);
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s >= 500), answers.map((r) => r.body).join("\n")).toEqual([]);
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    expectError(await passwordGrant(t.app, DEMO.operator, { remoteAddress: ip }), 429, [{ code: 'TOO_MANY_TRIES', context: '' }]);
  });

  it('keeps nothing in flight once the attempts are over', async () => {
    await Promise.all(Array.from({ length: 3 }, () => passwordGrant(t.app, DEMO.investor, { remoteAddress: '10.61.0.4' })));
    const { rateLimitEvents } = await import('../../server/db/schema');
    const pending = await t.database.db.select().from(rateLimitEvents).where(eq(rateLimitEvents.action, 'password_grant:pending'));
    expect(pending).toEqual([]);
  });
});
