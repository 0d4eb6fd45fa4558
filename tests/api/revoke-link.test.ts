import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../server/db/schema-accounts';
import { orderStatusHistory, orders, transactions } from '../../server/db/schema-orders';
import { investorClassifications, orderRevokeLinks } from '../../server/db/schema-protection';
import { queuePaidMail } from '../../server/modules/orders/notifications';
import { transitionOrder } from '../../server/modules/orders/status';
import { hashRevokeToken } from '../../server/modules/protection/revoke-link';
import { reflectionDeadline } from '../../server/modules/protection/reflection-period';
import { REVOKE_LINK_RULE } from '../../server/modules/protection/routes-investor';
import { describeEachDatabase, expectData, expectError } from './helpers';
import { agreementIdsFor, orderBody, createInvestor, createSeries, methodIds, offerBySlug, seriesRow, type TestInvestor } from './orders-support';

// docs/api.md "Investor protection": the revoke link of the order confirmation e-mail. It revokes only its
// order, once, without signing in, inside the reflection period (a controllable clock: refused one second
// after it with the order page's code); a paid order revoked by it is flagged for refund; only orders placed
// under the reflection rule get one; the calls are limited per client IP.

let clock = new Date('2026-10-23T10:00:00Z');

describeEachDatabase('order revoke link', { config: { now: () => clock } }, (t) => {
  let offerId: number;
  let agreementIds: number[];
  let bank: number;
  let ip = 0;
  // A client address per case: the link's calls are limited per IP (its own case below).
  const nextIp = () => `10.9.${Math.floor(++ip / 250)}.${ip % 250}`;

  const placedAt = new Date('2026-10-23T10:00:00Z'); // Friday noon in Warsaw (summer time)
  const deadline = reflectionDeadline(placedAt); // Tuesday noon in Warsaw (winter time)

  const order = async (who: TestInvestor, series: number, quantity: number, language = 'en') =>
    t.injectAs(who.accessToken, {
      method: 'POST',
      url: '/api/investment',
      payload: (await orderBody(t.database.db, { offer: offerId, series, method: bank, agreements: agreementIds }, quantity)) as object,
      headers: { 'content-language': language },
    });
  const show = (token: string, remoteAddress: string, language = 'en') =>
    t.app.inject({ method: 'GET', url: `/api/order-revocation?token=${encodeURIComponent(token)}`, remoteAddress, headers: { 'accept-language': language } });
  const revoke = (token: string, remoteAddress: string, language = 'en') =>
    t.app.inject({ method: 'POST', url: '/api/order-revocation', payload: { token }, remoteAddress, headers: { 'accept-language': language } });

  /** The revoke link of the order's confirmation e-mail, and the e-mail. */
  async function mailedLink(email: string) {
    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, email), eq(mailOutbox.kind, 'order_confirmation')))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    const link = /https?:\/\/\S+\/(?:revoke-order|odwolaj-zamowienie)\/([A-Za-z0-9_-]+)/.exec(mail.textBody ?? '');
    return { mail, url: link?.[0], token: link?.[1] ?? '' };
  }

  beforeAll(async () => {
    const green = await offerBySlug(t.database.db, 'zielone-tarasy');
    offerId = green.offer.id;
    agreementIds = (await agreementIdsFor(t.database.db, offerId)).map((a) => a.id);
    bank = (await methodIds(t.database.db)).bank;
  });

  it('the confirmation e-mail carries a link in the order language; only the hash is stored; it works once, signed out', async () => {
    const investor = await createInvestor(t.app);
    const series = await createSeries(t.database.db, 'zielone-tarasy', 10);
    clock = placedAt;
    const created = expectData(await order(investor, series.id, 3, 'pl'), 201);
    const { mail, url, token } = await mailedLink(investor.email);
    expect(url).toMatch(/\/pl\/odwolaj-zamowienie\/[A-Za-z0-9_-]{43}$/);
    expect(mail.textBody).toMatch(/Odwołaj zamówienie/);
    expect(mail.htmlBody).toContain(`href="${url}"`);
    const [stored] = await t.database.db.select().from(orderRevokeLinks).where(eq(orderRevokeLinks.orderId, created.order.id));
    expect(stored.tokenHash).toBe(hashRevokeToken(token));
    expect(stored.tokenHash).not.toContain(token);

    const address = nextIp();
    clock = new Date(deadline.getTime() - 1000);
    const shown = expectData(await show(token, address));
    expect(shown).toMatchObject({ reference: created.order.reference, quantity: 3, status: 'new', language: 'pl', deadline: deadline.toISOString() });
    expect(shown.totalPrice).toBe(created.order.totalPrice);
    expect(shown.offerTitle).toBeTruthy();

    // no Authorization header: the token is the authorization
    expect(expectData(await revoke(token, address))).toEqual({ status: 'cancelled', refundDue: false, refundMethod: null, refundExpectedBy: null });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, created.order.id));
    expect(row.status).toBe('cancelled');
    expect((await seriesRow(t.database.db, series.id)).reservedShares).toBe(0);
    const history = await t.database.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, created.order.id));
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.actor, h.actorUserId, h.reason])).toContainEqual(['new', 'cancelled', 'investor', investor.userId, 'INVESTOR_REVOKED']);

    // a second time: used, in the request's language
    const again = await revoke(token, address, 'pl');
    expectError(again, 409, [{ code: 'REVOKE_LINK_USED', context: 'token' }]);
    expect(again.json().errors[0].message).toMatch(/tylko raz/);
    expectError(await show(token, address), 409, [{ code: 'REVOKE_LINK_USED', context: 'token' }]);
  });

  it('revokes only its own order: another order keeps its shares; a forged or altered token is refused', async () => {
    const investor = await createInvestor(t.app);
    const series = await createSeries(t.database.db, 'zielone-tarasy', 10);
    clock = placedAt;
    const first = expectData(await order(investor, series.id, 1), 201);
    const firstLink = await mailedLink(investor.email);
    const second = expectData(await order(investor, series.id, 2), 201);
    const secondLink = await mailedLink(investor.email);
    expect(secondLink.token).not.toBe(firstLink.token);

    const address = nextIp();
    expect(expectData(await show(secondLink.token, address)).reference).toBe(second.order.reference);
    expectData(await revoke(secondLink.token, address));
    const statuses = await t.database.db.select({ id: orders.id, status: orders.status }).from(orders).where(eq(orders.userId, investor.userId));
    expect(Object.fromEntries(statuses.map((s) => [s.id, s.status]))).toEqual({ [first.order.id]: 'new', [second.order.id]: 'cancelled' });
    expect((await seriesRow(t.database.db, series.id)).reservedShares).toBe(1);

    const altered = `${firstLink.token.slice(0, -1)}${firstLink.token.endsWith('A') ? 'B' : 'A'}`;
    expectError(await revoke(altered, address), 404, [{ code: 'REVOKE_LINK_NOT_VALID', context: 'token' }]);
    expectError(await show('not a token', address), 404, [{ code: 'REVOKE_LINK_NOT_VALID', context: 'token' }]);
    expectError(await show('', address), 404, [{ code: 'REVOKE_LINK_NOT_VALID', context: 'token' }]);
    expectError(await revoke('x'.repeat(201), address), 400, [{ code: 'REVOKE_LINK_NOT_VALID', context: 'token' }]);
    // the first order's link still works
    expect(expectData(await show(firstLink.token, address)).reference).toBe(first.order.reference);
  });

  it('is refused one second after the period with the order page code, across the change to winter time', async () => {
    const investor = await createInvestor(t.app);
    const series = await createSeries(t.database.db, 'zielone-tarasy', 10);
    clock = placedAt;
    expectData(await order(investor, series.id, 1), 201);
    const { token } = await mailedLink(investor.email);
    const address = nextIp();
    clock = new Date(deadline.getTime() + 1000);
    expectError(await show(token, address), 409, [{ code: 'REFLECTION_PERIOD_OVER', context: 'token' }]);
    const refused = await revoke(token, address, 'pl');
    expectError(refused, 409, [{ code: 'REFLECTION_PERIOD_OVER', context: 'token' }]);
    expect(refused.json().errors[0].message).toMatch(/okres namysłu/);
    expect((await seriesRow(t.database.db, series.id)).reservedShares).toBe(1);
  });

  it('a paid order revoked by the link is flagged for refund, like one revoked on the order page', async () => {
    const investor = await createInvestor(t.app);
    const series = await createSeries(t.database.db, 'zielone-tarasy', 10);
    clock = placedAt;
    const created = expectData(await order(investor, series.id, 2), 201);
    const { token } = await mailedLink(investor.email);
    await t.database.db.transaction(async (tx) => {
      await transitionOrder(tx, { orderId: created.order.id, from: 'new', to: 'paid', actor: 'bank', reason: 'BANK_TRANSFER_MATCHED', at: placedAt });
      const [paidRow] = await tx.select().from(orders).where(eq(orders.id, created.order.id));
      await queuePaidMail(tx, paidRow, { publicUrl: 'http://localhost:3000' });
    });
    await t.database.db.update(transactions).set({ status: 'paid' }).where(eq(transactions.orderId, created.order.id));
    // the confirmation carried the link already: the payment's e-mail has none, the first link stays the one
    const [paidMail] = await t.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.recipient, investor.email), eq(mailOutbox.kind, 'order_paid')));
    expect(paidMail.textBody).not.toMatch(/revoke-order|odwolaj-zamowienie/);

    const address = nextIp();
    clock = new Date(placedAt.getTime() + 3600_000);
    expect(expectData(await show(token, address)).status).toBe('paid');
    expect(expectData(await revoke(token, address))).toMatchObject({ status: 'cancelled', refundDue: true, refundMethod: 'BankTransfer' });
    const [stored] = await t.database.db.select().from(orders).where(eq(orders.id, created.order.id));
    expect([stored.status, stored.attentionReason]).toEqual(['cancelled', 'REFUND_DUE_REVOKED']);
    expect((await seriesRow(t.database.db, series.id)).soldShares).toBe(0);
    const [entry] = await t.database.db
      .select()
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, created.order.id), eq(orderStatusHistory.reason, 'INVESTOR_REVOKED')));
    expect(entry.details).toMatchObject({ refundDue: true, amount: stored.totalPrice, method: 'BankTransfer' });
    const txs = await t.database.db.select().from(transactions).where(eq(transactions.orderId, created.order.id));
    expect(txs.map((x) => x.status)).toEqual(['rejected']);
  });

  it('a revocation on the order page uses the link up; an order no longer revocable says so', async () => {
    const investor = await createInvestor(t.app);
    const series = await createSeries(t.database.db, 'zielone-tarasy', 10);
    clock = placedAt;
    const viaPage = expectData(await order(investor, series.id, 1), 201);
    const pageLink = await mailedLink(investor.email);
    const cancelled = expectData(await order(investor, series.id, 1), 201);
    const cancelledLink = await mailedLink(investor.email);
    const address = nextIp();

    expectData(await t.injectAs(investor.accessToken, { method: 'POST', url: `/api/order/${viaPage.order.id}/revoke` }));
    expectError(await revoke(pageLink.token, address), 409, [{ code: 'REVOKE_LINK_USED', context: 'token' }]);

    // cancelled by an operator meanwhile: nothing to revoke any more
    await t.database.db.transaction((tx) => transitionOrder(tx, { orderId: cancelled.order.id, from: 'new', to: 'cancelled', actor: 'operator', reason: 'OPERATOR_CANCELLED', at: placedAt }));
    expectError(await show(cancelledLink.token, address), 409, [{ code: 'INVALID_STATUS_CHANGE', context: 'status' }]);
    expectError(await revoke(cancelledLink.token, address), 409, [{ code: 'INVALID_STATUS_CHANGE', context: 'status' }]);
  });

  it('two revocations with one link at once: exactly one cancels the order, the other is told the link is used', async () => {
    const investor = await createInvestor(t.app);
    const series = await createSeries(t.database.db, 'zielone-tarasy', 10);
    clock = placedAt;
    const created = expectData(await order(investor, series.id, 2), 201);
    const { token } = await mailedLink(investor.email);
    const address = nextIp();
    const answers = await Promise.all([revoke(token, address), revoke(token, address)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expectError(answers.find((a) => a.statusCode === 409)!, 409, [{ code: 'REVOKE_LINK_USED', context: 'token' }]);
    const history = await t.database.db.select().from(orderStatusHistory).where(and(eq(orderStatusHistory.orderId, created.order.id), eq(orderStatusHistory.reason, 'INVESTOR_REVOKED')));
    expect(history).toHaveLength(1);
    expect((await seriesRow(t.database.db, series.id)).reservedShares).toBe(0);
  });

  it('an order not under the reflection rule (a sophisticated investor) gets no link', async () => {
    const investor = await createInvestor(t.app);
    await t.database.db.insert(investorClassifications).values({ userId: investor.userId, classification: 'sophisticated', decidedAt: placedAt, reviewDueAt: new Date('2028-10-01T00:00:00Z') });
    const series = await createSeries(t.database.db, 'zielone-tarasy', 10);
    clock = placedAt;
    const created = expectData(await order(investor, series.id, 1), 201);
    const { mail, token } = await mailedLink(investor.email);
    expect(mail.textBody).toContain(created.order.reference.slice(0, 2));
    expect(token).toBe('');
    expect(await t.database.db.select().from(orderRevokeLinks).where(eq(orderRevokeLinks.orderId, created.order.id))).toEqual([]);
  });

  describe('limits', () => {
    it(`answers at most ${REVOKE_LINK_RULE.limit} calls per client IP in its window, then 429 with Retry-After`, async () => {
      const address = nextIp();
      for (let i = 0; i < REVOKE_LINK_RULE.limit; i++) expectError(await show(`guess-${i}-${'a'.repeat(30)}`, address), 404, [{ code: 'REVOKE_LINK_NOT_VALID', context: 'token' }]);
      const limited = await revoke(`guess-x-${'a'.repeat(30)}`, address);
      expectError(limited, 429, [{ code: 'TOO_MANY_TRIES', context: '' }]);
      expect(Number(limited.headers['retry-after'])).toBe(REVOKE_LINK_RULE.windowSeconds);
      // another client is not held up by it
      expectError(await show(`guess-y-${'a'.repeat(30)}`, nextIp()), 404, [{ code: 'REVOKE_LINK_NOT_VALID', context: 'token' }]);
    });
  });
});
