import { and, desc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { users } from '../../server/db/schema-core';
import { contactMessages, contactNotifications } from '../../server/db/schema-content';
import { describeEachDatabase, expectData, expectError } from './helpers';

// POST /contact-form (docs/api.md "Public site"). Each test sends from its own client IP so the per-IP limit
// (5 stored messages a minute) only bites where a test means it to.

type Agreement = { id: number; content: string; required: boolean };

describeEachDatabase('contact form', {}, (t) => {
  let ipCounter = 0;
  const nextIp = () => `10.0.${Math.floor(ipCounter / 200)}.${(ipCounter++ % 200) + 1}`;

  const post = (payload: unknown, options: { ip?: string; language?: 'pl' | 'en' } = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/contact-form',
      payload: payload as Record<string, unknown>,
      remoteAddress: options.ip ?? nextIp(),
      headers: { 'content-language': options.language ?? 'en' },
    });

  const contactAgreements = async (): Promise<Agreement[]> =>
    expectData(await t.app.inject({ method: 'GET', url: '/api/offers/contact/agreements' }));

  const valid = async (overrides: Record<string, unknown> = {}) => {
    const list = await contactAgreements();
    return {
      fullName: 'Anna Nowak',
      email: 'Anna.Nowak@example.com',
      phoneNumber: '600 100 200',
      message: 'I would like to know more about Green Terraces.',
      agreements: list.map((a) => ({ id: a.id, isAccepted: true })),
      ...overrides,
    };
  };

  it('stores a valid message and queues an operator notification: 201, data null', async () => {
    const ip = nextIp();
    const res = await post(await valid({ message: 'Unique message 8c1f' }), { ip, language: 'pl' });
    expect(expectData(res, 201)).toBeNull();
    const db = t.database.db;
    const [stored] = await db.select().from(contactMessages).where(eq(contactMessages.message, 'Unique message 8c1f'));
    expect(stored).toMatchObject({ fullName: 'Anna Nowak', email: 'anna.nowak@example.com', phoneNumber: '600 100 200', phoneCountry: 'PL', language: 'pl', ip });
    expect(stored.agreements.every((a) => a.isAccepted && a.content.length > 0)).toBe(true);
    const notifications = await db.select().from(contactNotifications).where(eq(contactNotifications.messageId, stored.id));
    // One per active operator.
    const operators = await db.select({ email: users.email }).from(users).where(and(eq(users.role, 'operator'), eq(users.isActive, true)));
    expect(operators.map((o) => o.email)).toContain('operator@example.com');
    expect(notifications.map((n) => n.recipient).sort()).toEqual(operators.map((o) => o.email).sort());
    for (const notification of notifications) {
      expect(notification.sentAt).toBeNull();
      expect(notification.body).toContain('Unique message 8c1f');
      expect(notification.subject).toContain('Anna Nowak');
    }
  });

  it('accepts an empty or absent phone, and a phone valid for the given phoneCountry', async () => {
    expectData(await post(await valid({ phoneNumber: '' })), 201);
    const { phoneNumber: _omit, ...noPhone } = await valid();
    expectData(await post(noPhone), 201);
    expectData(await post(await valid({ phoneNumber: '020 7946 0958', phoneCountry: 'GB' })), 201);
    expectData(await post(await valid({ phoneNumber: '+48 600 100 200', phoneCountry: null })), 201);
  });

  it('missing required fields: FULLNAME_IS_EMPTY, EMAIL_IS_EMPTY, MESSAGE_IS_EMPTY with their contexts', async () => {
    const list = await contactAgreements();
    const agreementsOk = list.map((a) => ({ id: a.id, isAccepted: true }));
    expectError(await post({ agreements: agreementsOk }), 400, [
      { code: 'FULLNAME_IS_EMPTY', context: 'fullName' },
      { code: 'EMAIL_IS_EMPTY', context: 'email' },
      { code: 'MESSAGE_IS_EMPTY', context: 'message' },
    ]);
    expectError(await post(await valid({ fullName: '   ', email: '', message: '\n' })), 400, [
      { code: 'FULLNAME_IS_EMPTY', context: 'fullName' },
      { code: 'EMAIL_IS_EMPTY', context: 'email' },
      { code: 'MESSAGE_IS_EMPTY', context: 'message' },
    ]);
    const errors = expectError(await post(await valid({ fullName: null }), { language: 'pl' }), 400, [{ code: 'FULLNAME_IS_EMPTY', context: 'fullName' }]);
    expect(errors[0].message).toBe('Imię i nazwisko są wymagane');
  });

  it('a malformed e-mail is EMAIL_INVALID_FORMAT; a wrong type VALUE_NOT_VALID', async () => {
    expectError(await post(await valid({ email: 'not-an-email' })), 400, [{ code: 'EMAIL_INVALID_FORMAT', context: 'email' }]);
    expectError(await post(await valid({ message: 42 })), 400, [{ code: 'VALUE_NOT_VALID', context: 'message' }]);
  });

  it('an invalid phone is PHONE_NUMBER_NOT_VALID (default country PL), reported with the other errors', async () => {
    expectError(await post(await valid({ phoneNumber: '123' })), 400, [{ code: 'PHONE_NUMBER_NOT_VALID', context: 'phoneNumber' }]);
    // Valid in the UK, not in Poland.
    expectError(await post(await valid({ phoneNumber: '020 7946 0958' })), 400, [{ code: 'PHONE_NUMBER_NOT_VALID', context: 'phoneNumber' }]);
    expectError(await post(await valid({ phoneNumber: '600 100 200', phoneCountry: 'GB' })), 400, [{ code: 'PHONE_NUMBER_NOT_VALID', context: 'phoneNumber' }]);
    expectError(await post(await valid({ phoneCountry: 'XX' })), 400, [{ code: 'VALUE_NOT_VALID', context: 'phoneCountry' }]);
    expectError(await post(await valid({ fullName: '', phoneNumber: 'abc' })), 400, [
      { code: 'FULLNAME_IS_EMPTY', context: 'fullName' },
      { code: 'PHONE_NUMBER_NOT_VALID', context: 'phoneNumber' },
    ]);
  });

  it('a required agreement not accepted is IS_EMPTY with context agreements.<id>; an optional one may be declined', async () => {
    const list = await contactAgreements();
    const required = list.filter((a) => a.required);
    const optional = list.filter((a) => !a.required);
    expect(required.length).toBeGreaterThan(0);
    expect(optional.length).toBeGreaterThan(0);

    const declined = list.map((a) => ({ id: a.id, isAccepted: !a.required }));
    expectError(await post(await valid({ agreements: declined })), 400, required.map((a) => ({ code: 'IS_EMPTY', context: `agreements.${a.id}` })));
    expectError(await post(await valid({ agreements: [] })), 400, required.map((a) => ({ code: 'IS_EMPTY', context: `agreements.${a.id}` })));
    const { agreements: _omit, ...none } = await valid();
    expectError(await post(none), 400, required.map((a) => ({ code: 'IS_EMPTY', context: `agreements.${a.id}` })));
    // Field errors and agreement errors come back together.
    expectError(await post({ fullName: 'A', email: 'a@example.com' }), 400, [
      { code: 'MESSAGE_IS_EMPTY', context: 'message' },
      ...required.map((a) => ({ code: 'IS_EMPTY', context: `agreements.${a.id}` })),
    ]);

    const optionalDeclined = list.map((a) => ({ id: a.id, isAccepted: a.required }));
    expectData(await post(await valid({ agreements: optionalDeclined, message: 'optional declined 5d2e' })), 201);
    const [stored] = await t.database.db.select().from(contactMessages).where(eq(contactMessages.message, 'optional declined 5d2e'));
    expect(stored.agreements.find((a) => a.id === optional[0].id)?.isAccepted).toBe(false);
  });

  it('an invalid request stores nothing', async () => {
    const db = t.database.db;
    const [latestBefore] = await db.select({ id: contactMessages.id }).from(contactMessages).orderBy(desc(contactMessages.id)).limit(1);
    await post(await valid({ email: 'bad', message: 'must not be stored' }));
    await post(await valid({ agreements: [], message: 'must not be stored' }));
    const [latestAfter] = await db.select({ id: contactMessages.id }).from(contactMessages).orderBy(desc(contactMessages.id)).limit(1);
    expect(latestAfter?.id).toBe(latestBefore?.id);
  });

  it('malformed JSON and a non-object body are 400, never 500', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/contact-form', payload: '{"fullName":', headers: { 'content-type': 'application/json' } });
    expectError(res, 400, [{ code: 'MALFORMED_JSON', context: '' }]);
    const arrayBody = await t.app.inject({ method: 'POST', url: '/api/contact-form', payload: '[1,2]', headers: { 'content-type': 'application/json' }, remoteAddress: nextIp() });
    expect(arrayBody.statusCode).toBe(400);
    const list = await contactAgreements();
    const weird = await post({ fullName: 'A', email: 'a@example.com', message: 'm', agreements: [{ id: 'x', isAccepted: 'yes' }, null] });
    expect(weird.statusCode).toBe(400);
    expect(weird.json().errors.map((e: { context: string }) => e.context)).toContain(`agreements.${list.find((a) => a.required)!.id}`);
  });

  it('more than 5 messages a minute from one IP: 429 TOO_MANY_TRIES; other IPs are not affected', async () => {
    const ip = nextIp();
    const body = await valid();
    for (let i = 0; i < 5; i++) expectData(await post(body, { ip }), 201);
    expectError(await post(body, { ip }), 429, [{ code: 'TOO_MANY_TRIES', context: '' }]);
    expectData(await post(body, { ip: nextIp() }), 201);
  });
});
