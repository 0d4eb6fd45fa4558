import { eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { mailOutbox } from '../../server/db/schema-accounts';
import { orderStatusHistory, orders, transactions } from '../../server/db/schema-orders';
import { describeEachDatabase, expectData } from './helpers';
import { agreementIdsFor, orderBody, createInvestor, createSeries, methodIds, seriesRow } from './orders-support';

// The expiry worker with a controllable clock (config.now): the reminder ORDER_REMINDER_HOURS_BEFORE the
// deadline (once), the expiry at the deadline (cancelled by the system with PAYMENT_EXPIRED, shares back,
// transaction rejected, notice mailed in the order's language), and two nodes working at once.

const HOUR = 3_600_000;
let clock = new Date('2027-03-01T10:00:00.000Z');

describeEachDatabase('order expiry', { config: { now: () => clock } }, (t) => {
  let target: { offer: number; series: number; method: number; agreements: number[] };

  beforeAll(async () => {
    // Orders the demo seed may hold are flushed first (far future), so each test counts only its own.
    clock = new Date('2030-01-01T00:00:00.000Z');
    await t.app.orders.expiryWorker.runOnce();
    const series = await createSeries(t.database.db, 'domy-poznan', 500);
    const methods = await methodIds(t.database.db);
    target = {
      offer: series.offerId,
      series: series.id,
      method: methods.bank,
      agreements: (await agreementIdsFor(t.database.db, series.offerId)).map((a) => a.id),
    };
  });

  const order = async (who: { accessToken: string }, quantity: number, language: 'pl' | 'en') =>
    t.injectAs(who, { method: 'POST', url: '/api/investment', payload: await orderBody(t.database.db, target, quantity), headers: { 'content-language': language } });

  const mailsOf = (email: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email)).orderBy(mailOutbox.id);

  it('reminds once 24 h before the deadline, then expires the order at the deadline', async () => {
    clock = new Date('2027-03-01T10:00:00.000Z');
    const investor = await createInvestor(t.app, { locale: 'pl' });
    const { order: created } = expectData(await order(investor, 7, 'pl'), 201);
    expect(created.expiresAt).toBe('2027-03-04T10:00:00.000Z');
    const reservedAfterOrder = (await seriesRow(t.database.db, target.series)).reservedShares;

    // 47 h 59 min later: nothing is due yet.
    clock = new Date(Date.parse('2027-03-01T10:00:00.000Z') + 48 * HOUR - 60_000);
    expect(await t.app.orders.expiryWorker.runOnce()).toEqual({ reminded: 0, expired: 0 });

    // 48 h later (24 h before the deadline): the reminder, once.
    clock = new Date(Date.parse('2027-03-01T10:00:00.000Z') + 48 * HOUR);
    expect(await t.app.orders.expiryWorker.runOnce()).toEqual({ reminded: 1, expired: 0 });
    clock = new Date(clock.getTime() + HOUR);
    expect(await t.app.orders.expiryWorker.runOnce()).toEqual({ reminded: 0, expired: 0 });
    let mails = await mailsOf(investor.email);
    expect(mails.map((m) => [m.kind, m.language])).toEqual([
      ['order_confirmation', 'pl'],
      ['order_payment_reminder', 'pl'],
    ]);
    expect(mails[1].subject).toBe(`Przypomnienie: opłać zamówienie ${created.reference}`);
    expect(mails[1].textBody).toContain('04.03.2027');
    const [reminded] = await t.database.db.select().from(orders).where(eq(orders.id, created.id));
    expect(reminded.reminderSentAt?.toISOString()).toBe('2027-03-03T10:00:00.000Z');
    expect(reminded.status).toBe('new');

    // At the deadline: cancelled by the system, shares back, transaction rejected, notice in Polish.
    clock = new Date('2027-03-04T10:00:00.000Z');
    expect(await t.app.orders.expiryWorker.runOnce()).toEqual({ reminded: 0, expired: 1 });
    expect(await t.app.orders.expiryWorker.runOnce()).toEqual({ reminded: 0, expired: 0 });
    const detail = expectData(await t.injectAs(investor, { method: 'GET', url: `/api/order/${created.id}`, headers: { 'content-language': 'en' } }));
    expect(detail.status).toBe('cancelled');
    expect(detail.cancelledAt).toBe('2027-03-04T10:00:00.000Z');
    expect(detail.bankTransfer).toBeNull();
    expect(detail.history.map((h: { from: string | null; to: string; actor: string; reason: string }) => [h.from, h.to, h.actor, h.reason])).toEqual([
      [null, 'new', 'investor', 'ORDER_CREATED'],
      ['new', 'cancelled', 'system', 'PAYMENT_EXPIRED'],
    ]);
    expect(detail.transactions.map((tx: { status: string }) => tx.status)).toEqual(['rejected']);
    expect((await seriesRow(t.database.db, target.series)).reservedShares).toBe(reservedAfterOrder - 7);
    mails = await mailsOf(investor.email);
    expect(mails.map((m) => [m.kind, m.language])).toEqual([
      ['order_confirmation', 'pl'],
      ['order_payment_reminder', 'pl'],
      ['order_expired', 'pl'],
    ]);
    expect(mails[2].subject).toBe(`Zamówienie ${created.reference} wygasło`);
  });

  it('an order found only after its deadline (worker down) gets the notice, not a late reminder; English', async () => {
    clock = new Date('2027-04-01T10:00:00.000Z');
    const investor = await createInvestor(t.app, { locale: 'en' });
    const { order: created } = expectData(await order(investor, 2, 'en'), 201);
    clock = new Date('2027-04-10T00:00:00.000Z'); // "restart" days later
    expect(await t.app.orders.expiryWorker.runOnce()).toEqual({ reminded: 0, expired: 1 });
    const mails = await mailsOf(investor.email);
    expect(mails.map((m) => [m.kind, m.language])).toEqual([
      ['order_confirmation', 'en'],
      ['order_expired', 'en'],
    ]);
    expect(mails[1].subject).toBe(`Order ${created.reference} has expired`);
  });

  it('a paid order is never expired', async () => {
    clock = new Date('2027-05-01T10:00:00.000Z');
    const investor = await createInvestor(t.app);
    const { order: created } = expectData(await order(investor, 1, 'pl'), 201);
    await t.database.db.update(orders).set({ status: 'paid', expiresAt: null }).where(eq(orders.id, created.id));
    clock = new Date('2027-06-01T10:00:00.000Z');
    expect(await t.app.orders.expiryWorker.runOnce()).toEqual({ reminded: 0, expired: 0 });
  });

  it('two nodes expiring at once: every order is expired exactly once', async () => {
    clock = new Date('2027-07-01T10:00:00.000Z');
    const before = await seriesRow(t.database.db, target.series);
    const ids: string[] = [];
    const emails: string[] = [];
    for (let i = 0; i < 12; i++) {
      const investor = await createInvestor(t.app);
      emails.push(investor.email);
      ids.push(expectData(await order(investor, 3, 'pl'), 201).order.id);
    }
    expect((await seriesRow(t.database.db, target.series)).reservedShares).toBe(before.reservedShares + 36);
    const other = await t.buildAnotherApp();
    clock = new Date('2027-07-05T10:00:00.000Z');
    const results = await Promise.all([
      t.app.orders.expiryWorker.runOnce(),
      other.orders.expiryWorker.runOnce(),
      t.app.orders.expiryWorker.runOnce(),
      other.orders.expiryWorker.runOnce(),
    ]);
    expect(results.reduce((sum, r) => sum + r.expired, 0)).toBe(12);
    const history = await t.database.db.select().from(orderStatusHistory).where(inArray(orderStatusHistory.orderId, ids));
    expect(history.filter((h) => h.reason === 'PAYMENT_EXPIRED')).toHaveLength(12);
    const expiredMails = await t.database.db.select().from(mailOutbox).where(inArray(mailOutbox.recipient, emails));
    expect(expiredMails.filter((m) => m.kind === 'order_expired')).toHaveLength(12);
    expect((await seriesRow(t.database.db, target.series)).reservedShares).toBe(before.reservedShares);
    const txs = await t.database.db.select().from(transactions).where(inArray(transactions.orderId, ids));
    expect(new Set(txs.map((tx) => tx.status))).toEqual(new Set(['rejected']));
  });
});
