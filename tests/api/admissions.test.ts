import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { agreements } from '../../server/db/schema-content';
import { describeEachDatabase, expectData, type TestContext } from './helpers';

// Admission limits under a burst: requests one at a time got exactly the limit, but a concurrent burst got fewer
// (registration 1 of 10 with 3 free, reset requests 0 of 12 with 3 free): every request recorded itself, counted
// the others' rows too, and gave up. Now the count and the record are one transaction under advisory locks: a
// burst of N gets exactly min(N, free), also spread over two nodes.

let seq = 0;
const uid = () => `${Date.now().toString(36)}-${++seq}`;

async function registration(t: TestContext) {
  const rows = await t.database.db.select({ id: agreements.id }).from(agreements).where(eq(agreements.context, 'registration'));
  return {
    email: `burst-${t.kind}-${uid()}@example.com`,
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

const statuses = (answers: { statusCode: number }[]) => {
  const counts: Record<number, number> = {};
  for (const { statusCode } of answers) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
  return counts;
};

describeEachDatabase('admissions under a burst', { config: { registerLimit: { limit: 5, windowSeconds: 600 } } }, (t) => {
  const register = async (ip: string, app: FastifyInstance = t.app) =>
    app.inject({ method: 'POST', url: '/api/investor/register', payload: await registration(t), remoteAddress: ip });
  const resetRequest = (email: string, ip: string, app: FastifyInstance = t.app) =>
    app.inject({ method: 'POST', url: '/api/user/reset-password', payload: { email }, remoteAddress: ip });

  it('registration: 2 used, then a burst of 10 from one address on two nodes gets exactly the 3 free', async () => {
    const other = await t.buildAnotherApp();
    const ip = `10.70.0.${seq % 200}`;
    for (let i = 0; i < 2; i++) expectData(await register(ip), 201);
    const bodies = await Promise.all(Array.from({ length: 10 }, () => registration(t)));
    const answers = await Promise.all(
      bodies.map((payload, i) => (i % 2 ? other : t.app).inject({ method: 'POST', url: '/api/investor/register', payload, remoteAddress: ip })),
    );
    expect(statuses(answers)).toEqual({ 201: 3, 429: 7 });
    // and one at a time afterwards: still full
    expect((await register(ip)).statusCode).toBe(429);
  });

  it('reset requests: 2 used, then a burst of 12 for one e-mail from many addresses gets exactly the 3 free', async () => {
    const other = await t.buildAnotherApp();
    const email = `reset-burst-${t.kind}-${uid()}@example.com`;
    for (let i = 0; i < 2; i++) expectData(await resetRequest(email, `10.71.${seq % 200}.${i}`));
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => resetRequest(email, `10.72.${seq % 200}.${i}`, i % 2 ? other : t.app)));
    expect(statuses(answers)).toEqual({ 200: 3, 429: 9 });
  });

  it('reset requests: a burst of 12 for 12 e-mails from one address gets exactly the 5 of the address', async () => {
    const ip = `10.73.0.${seq % 200}`;
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => resetRequest(`ip-burst-${t.kind}-${uid()}-${i}@example.com`, ip)));
    expect(statuses(answers)).toEqual({ 200: 5, 429: 7 });
  });

  it('activation resends: a burst of 8 for one e-mail gets exactly 5', async () => {
    const email = `resend-burst-${t.kind}-${uid()}@example.com`;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.app.inject({ method: 'POST', url: '/api/investor/activate-account/resend', payload: { email }, remoteAddress: `10.74.${seq % 200}.${i}` }),
      ),
    );
    expect(statuses(answers)).toEqual({ 200: 5, 429: 3 });
  });
});
