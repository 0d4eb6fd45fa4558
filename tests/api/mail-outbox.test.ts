import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Config } from '../../server/config';
import { users } from '../../server/db/schema';
import { mailOutbox } from '../../server/db/schema-accounts';
import { agreements, contactMessages, contactNotifications } from '../../server/db/schema-content';
import { enqueueMail } from '../../server/modules/mail/outbox';
import { renderTokenMail, spaLink } from '../../server/modules/mail/templates';
import { createMailTransport } from '../../server/modules/mail/transport';
import { backoffSeconds } from '../../server/modules/mail/worker';
import { parseMail, startTestSmtp, tokenFrom, type TestSmtp } from '../support/smtp';
import { describeEachDatabase, expectData, testConfig, type TestContext } from './helpers';

// The outbox: mail is written in the transaction of the change, sent by the worker over SMTP, kept pending
// and retried when SMTP fails, never sent twice by two nodes; the local default writes .eml files.

let smtp: TestSmtp;
// The worker does not run on its own here: each test drives it with runOnce().
const config: Partial<Config> = { mailWorker: false, publicUrl: 'http://spa.test', mailRetryBaseSeconds: 30, mailMaxAttempts: 3 };
beforeAll(async () => {
  smtp = await startTestSmtp();
  config.smtpUrl = smtp.url;
});
afterAll(() => smtp.close());

let seq = 0;
const address = (t: TestContext, name: string) => `${name}-${t.kind}-${++seq}@example.com`;

/** A valid registration accepting every registration agreement of the seed. */
const registration = async (t: TestContext, email: string) => ({
  email,
  password: 'Secret123',
  repeatPassword: 'Secret123',
  firstName: 'Olek',
  lastName: 'Outbox',
  address: { street: 's', city: 'c', zip: 'z', state: 's', country: 'PL' },
  bank: { country: 'PL', bankName: 'b', accountNumber: '61109010140000071219812874' },
  agreements: (await t.database.db.select({ id: agreements.id }).from(agreements).where(eq(agreements.context, 'registration'))).map(
    (a) => ({ id: a.id, isAccepted: true }),
  ),
});

const outboxFor = (t: TestContext, recipient: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, recipient));

describeEachDatabase('mail outbox', { config }, (t) => {
  it('writes the mail in the same transaction as the change: no mail, no user', async () => {
    const doomed = address(t, 'doomed');
    // Make the outbox refuse this one recipient: the registration must fail as a whole.
    await t.database.db.execute(sql.raw(`alter table mail_outbox add constraint test_refuse check (recipient <> '${doomed}')`));
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/investor/register', payload: await registration(t, doomed) });
      expect(res.statusCode).toBe(500);
      expect(await t.database.db.select().from(users).where(eq(users.email, doomed))).toEqual([]);
    } finally {
      await t.database.db.execute(sql.raw('alter table mail_outbox drop constraint test_refuse'));
    }
    // And the other way round: a registration that commits has its mail pending in the outbox.
    const fine = address(t, 'fine');
    expectData(await t.app.inject({ method: 'POST', url: '/api/investor/register', payload: await registration(t, fine) }), 201);
    const [row] = await outboxFor(t, fine);
    expect(row).toMatchObject({ kind: 'activation', status: 'pending', attempts: 0, language: 'pl' });
    expect(row.textBody).toContain('http://spa.test/pl/aktywuj/');
  });

  it('keeps a message pending when SMTP fails, records the error, and a later run sends it', async () => {
    const email = address(t, 'retry');
    expectData(await t.app.inject({ method: 'POST', url: '/api/investor/register', payload: await registration(t, email), headers: { 'content-language': 'en' } }), 201);

    smtp.failing = true;
    try {
      const first = await t.app.mail.worker.runOnce();
      expect(first.failed).toBeGreaterThanOrEqual(1);
    } finally {
      smtp.failing = false;
    }
    let [row] = await outboxFor(t, email);
    expect(row.status).toBe('pending');
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/550|Mailbox unavailable/);
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000); // backoff: 30 s
    expect(smtp.to(email)).toEqual([]);

    // Not due yet: nothing is sent.
    await t.app.mail.worker.runOnce();
    expect(smtp.to(email)).toEqual([]);

    // Time passes.
    await t.database.db.update(mailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(mailOutbox.id, row.id));
    const second = await t.app.mail.worker.runOnce();
    expect(second.sent).toBeGreaterThanOrEqual(1);
    const mail = await smtp.waitFor(email);
    expect(mail.headers['x-outbox-id']).toBe(String(row.id));
    expect(mail.subject).toBe('Activate your Estate Shares account');
    const token = tokenFrom(mail, /activate/);
    expectData(await t.app.inject({ method: 'POST', url: '/api/investor/activate-account', payload: { activationToken: token } }));

    [row] = await outboxFor(t, email);
    expect(row).toMatchObject({ status: 'sent', attempts: 2, textBody: null, htmlBody: null, link: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.messageId).toBeTruthy();
  });

  it('gives up after MAIL_MAX_ATTEMPTS and marks the row failed', async () => {
    const email = address(t, 'hopeless');
    await enqueueMail(t.database.db, { kind: 'activation', to: email, language: 'en', subject: 's', text: 't', html: '<p>t</p>' });
    smtp.failing = true;
    try {
      for (let i = 0; i < 3; i++) {
        await t.database.db.update(mailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(mailOutbox.recipient, email));
        await t.app.mail.worker.runOnce();
      }
    } finally {
      smtp.failing = false;
    }
    const [row] = await outboxFor(t, email);
    expect(row).toMatchObject({ status: 'failed', attempts: 3 });
    await t.database.db.update(mailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(mailOutbox.recipient, email));
    await t.app.mail.worker.runOnce();
    expect(smtp.to(email)).toEqual([]);
  });

  it('two server instances sending at once deliver each message exactly once', async () => {
    const other = await t.buildAnotherApp();
    const recipients = Array.from({ length: 24 }, () => address(t, 'once'));
    for (const to of recipients) {
      await enqueueMail(t.database.db, { kind: 'activation', to, language: 'pl', subject: `hello ${to}`, text: 'x', html: null as unknown as string });
    }
    const before = smtp.messages.length;
    const results = await Promise.all([t.app.mail.worker.runOnce(), other.mail.worker.runOnce(), t.app.mail.worker.runOnce(), other.mail.worker.runOnce()]);
    expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(recipients.length);
    const received = smtp.messages.slice(before).flatMap((m) => m.to);
    for (const to of recipients) expect(received.filter((r) => r === to)).toHaveLength(1);
    const rows = await t.database.db.select().from(mailOutbox).where(sql`${mailOutbox.recipient} like ${'once-%'}`);
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });

  it('turns contact-form notifications into mail to the operators, in their language, once', async () => {
    const [message] = await t.database.db
      .insert(contactMessages)
      .values({ fullName: 'Zofia Pytająca', email: 'zofia@example.com', phoneNumber: '+48 601 234 567', message: 'Kiedy nowa oferta?', language: 'pl', ip: '10.9.9.9' })
      .returning();
    await t.database.db.insert(contactNotifications).values({ messageId: message.id, subject: 'ignored', body: 'ignored' });
    const before = smtp.messages.length;
    await Promise.all([t.app.mail.worker.runOnce(), t.app.mail.worker.runOnce()]);
    const mail = await smtp.waitFor('operator@example.com', { since: before });
    expect(mail.subject).toBe('New contact form message: Zofia Pytająca'); // the operator's language is en
    expect(mail.text).toContain('Kiedy nowa oferta?');
    expect(mail.text).toContain('zofia@example.com');
    expect(smtp.messages.slice(before).filter((m) => m.to.includes('operator@example.com'))).toHaveLength(1);
    const [notification] = await t.database.db.select().from(contactNotifications).where(eq(contactNotifications.messageId, message.id));
    expect(notification.sentAt).toBeInstanceOf(Date);
  });
});

const deskDir = mkdtempSync(path.join(tmpdir(), 'mail-desk-'));
afterAll(() => rmSync(deskDir, { recursive: true, force: true }));

describeEachDatabase(
  'contact notifications to CONTACT_NOTIFY_TO',
  { config: { mailWorker: false, contactNotifyTo: 'desk@example.com', defaultLanguage: 'pl', mailDir: deskDir } },
  (t) => {
    it('goes to the configured address in the default language', async () => {
      const [message] = await t.database.db
        .insert(contactMessages)
        .values({ fullName: 'Adam', email: 'adam@example.com', message: 'Hi', language: 'en', ip: '10.9.9.8' })
        .returning();
      await t.database.db.insert(contactNotifications).values({ messageId: message.id, subject: 's', body: 'b' });
      const rows = () => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'desk@example.com'));
      expect(await rows()).toEqual([]);
      await t.app.mail.worker.runOnce();
      const [row] = await rows();
      expect(row).toMatchObject({ kind: 'contact_notification', language: 'pl', status: 'sent' });
      expect(row.subject).toBe('Nowa wiadomość z formularza kontaktowego: Adam');
      const files = readdirSync(deskDir).filter((f) => f.endsWith('-contact_notification.eml'));
      expect(files.length).toBeGreaterThanOrEqual(1);
    });
  },
);

describeEachDatabase('local mail without SMTP_URL', { config: { mailWorker: false } }, (t) => {
  it('writes each message as an .eml file into MAIL_DIR and logs the recipient, subject and link', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mail-'));
    const lines: string[] = [];
    const log = { info: (_obj: unknown, msg: string) => lines.push(msg) } as unknown as FastifyBaseLogger;
    try {
      const transport = createMailTransport(testConfig({ mailDir: path.join(dir, 'nested', 'mail') }), log);
      expect(transport.kind).toBe('file');
      const rendered = renderTokenMail({ kind: 'reset_password', language: 'en', publicUrl: 'http://localhost:3000', token: 'tok_123', firstName: 'Ann', ttlSeconds: 3600 });
      await transport.send({ outboxId: 7, kind: 'reset_password', to: 'ann@example.com', subject: rendered.subject, text: rendered.text, html: rendered.html, link: rendered.link! });
      const files = readdirSync(path.join(dir, 'nested', 'mail'));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/-7-reset_password\.eml$/);
      const eml = readFileSync(path.join(dir, 'nested', 'mail', files[0]), 'utf8');
      expect(eml).toMatch(/^To: ann@example\.com$/m);
      const parsed = parseMail(eml, { from: '', to: ['ann@example.com'] });
      expect(parsed.subject).toBe('Reset your Estate Shares password');
      expect(parsed.text).toContain('http://localhost:3000/en/reset-password/tok_123');
      expect(parsed.html).toContain('href="http://localhost:3000/en/reset-password/tok_123"');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('ann@example.com');
      expect(lines[0]).toContain('Reset your Estate Shares password');
      expect(lines[0]).toContain('http://localhost:3000/en/reset-password/tok_123');
      transport.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // The app's default without SMTP_URL is this transport.
    expect(t.app.mail.transport.kind).toBe('file');
  });
});

describeEachDatabase('mail templates', { config: { mailWorker: false } }, () => {
  it('builds the SPA links of both languages', () => {
    const cases = [
      ['activation', 'pl', '/pl/aktywuj/T'],
      ['reset_password', 'pl', '/pl/resetuj-haslo/T'],
      ['set_password', 'pl', '/pl/ustaw-haslo/T'],
      ['email_change', 'pl', '/pl/potwierdz-email/T'],
      ['activation', 'en', '/en/activate/T'],
      ['reset_password', 'en', '/en/reset-password/T'],
      ['set_password', 'en', '/en/set-password/T'],
      ['email_change', 'en', '/en/confirm-email/T'],
    ] as const;
    for (const [kind, language, suffix] of cases) expect(spaLink('https://x.test', kind, language, 'T')).toBe(`https://x.test${suffix}`);
  });

  it('renders text and HTML in the recipient language, escaping names', () => {
    const pl = renderTokenMail({ kind: 'activation', language: 'pl', publicUrl: 'https://x.test', token: 'abc', firstName: '<b>Jan</b>', ttlSeconds: 7 * 86400 });
    expect(pl.subject).toBe('Aktywuj konto w Estate Shares');
    expect(pl.text).toContain('Link jest ważny 7 dni.');
    expect(pl.text).toContain('https://x.test/pl/aktywuj/abc');
    expect(pl.html).toContain('&lt;b&gt;Jan&lt;/b&gt;');
    expect(pl.html).not.toContain('<b>Jan</b>');
    const en = renderTokenMail({ kind: 'email_change', language: 'en', publicUrl: 'https://x.test', token: 'abc', firstName: 'Jan', ttlSeconds: 86400, newEmail: 'new@example.com' });
    expect(en.text).toContain('new@example.com');
    expect(en.text).toContain('The link is valid for 1 day.');
  });

  it('backs off exponentially up to an hour', () => {
    expect([1, 2, 3, 4].map((n) => backoffSeconds(n, 30))).toEqual([30, 60, 120, 240]);
    expect(backoffSeconds(20, 30)).toBe(3600);
  });
});
