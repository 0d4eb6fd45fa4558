import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox } from '../../server/db/schema-accounts';
import { agreements } from '../../server/db/schema-content';
import { defaultPublicUrl, requestOrigin } from '../../server/lib/public-url';
import { describeEachDatabase, expectData, type TestContext } from './helpers';
import type { FastifyInstance } from 'fastify';

// PUBLIC_URL unset: the links a request makes (here the activation e-mail's) use the origin the visitor came
// from, when it is this machine; Host names of other machines never make a link (a reset link on an origin an
// attacker names would hand over the token).

let seq = 0;
async function registerFrom(t: TestContext, app: FastifyInstance, headers: Record<string, string>) {
  const rows = await t.database.db.select({ id: agreements.id }).from(agreements).where(eq(agreements.context, 'registration'));
  const email = `origin-${t.kind}-${++seq}@example.com`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/investor/register',
    headers: { 'content-language': 'pl', ...headers },
    payload: {
      email,
      password: 'Secret123',
      repeatPassword: 'Secret123',
      firstName: 'Jan',
      lastName: 'Kowalski',
      phone: '601 234 567',
      phoneCountry: 'PL',
      address: { street: 'ul. Polna 1', city: 'Poznań', zip: '60-001', state: 'wielkopolskie', country: 'PL' },
      bank: { country: 'PL', bankName: 'Bank', accountNumber: '61 1090 1014 0000 0712 1981 2874' },
      agreements: rows.map((r) => ({ id: r.id, isAccepted: true })),
    },
  });
  expectData(res, 201);
  const [mail] = await t.database.db.select({ link: mailOutbox.link }).from(mailOutbox).where(eq(mailOutbox.recipient, email));
  return mail.link!;
}

describeEachDatabase('links on the origin the visitor came from (PUBLIC_URL unset)', { config: { publicUrlFromRequest: true, mailWorker: false } }, (t) => {
  it('uses the Host of a request to this machine (127.0.0.1, localhost with its port)', async () => {
    expect(await registerFrom(t, t.app, { host: '127.0.0.1:4321' })).toMatch(/^http:\/\/127\.0\.0\.1:4321\/pl\/aktywuj\//);
    expect(await registerFrom(t, t.app, { host: 'localhost:5173' })).toMatch(/^http:\/\/localhost:5173\/pl\/aktywuj\//);
  });

  it('keeps the default for a Host of another machine', async () => {
    expect(await registerFrom(t, t.app, { host: 'evil.example:80' })).toMatch(new RegExp(`^${defaultPublicUrl(t.config.port)}/pl/aktywuj/`));
  });

  it('reads X-Forwarded-Proto/-Host only behind a trusted proxy (TRUST_PROXY)', async () => {
    const forwarded = { host: '127.0.0.1:3000', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'localhost:8443' };
    expect(await registerFrom(t, t.app, forwarded)).toMatch(/^http:\/\/127\.0\.0\.1:3000\//);
    const proxied = await t.buildAnotherApp({ trustProxy: true });
    try {
      expect(await registerFrom(t, proxied, forwarded)).toMatch(/^https:\/\/localhost:8443\/pl\/aktywuj\//);
    } finally {
      await proxied.close();
    }
  });

  it('PUBLIC_URL set: its origin, whatever the request', async () => {
    const fixed = await t.buildAnotherApp({ publicUrl: 'https://estate.example', publicUrlFromRequest: false });
    try {
      expect(await registerFrom(t, fixed, { host: '127.0.0.1:4321' })).toMatch(/^https:\/\/estate\.example\/pl\/aktywuj\//);
    } finally {
      await fixed.close();
    }
  });
});

describe('requestOrigin', () => {
  const hosts = new Set(['localhost', '127.0.0.1', '::1', 'my-laptop', '192.168.1.20']);
  it.each([
    ['http', '127.0.0.1:3000', 'http://127.0.0.1:3000'],
    ['http', '127.0.0.5:3000', 'http://127.0.0.5:3000'],
    ['http', '[::1]:3000', 'http://[::1]:3000'],
    ['http', 'my-laptop:3000', 'http://my-laptop:3000'],
    ['http', '192.168.1.20:3000', 'http://192.168.1.20:3000'],
    ['https', 'app.localhost', 'https://app.localhost'],
    ['http', 'evil.example', undefined],
    ['http', 'localhost.evil.example', undefined],
    ['http', 'bad host', undefined],
  ])('%s://%s → %s', (protocol, host, expected) => {
    expect(requestOrigin({ protocol: protocol as 'http' | 'https', host }, hosts)).toBe(expected);
  });
});
