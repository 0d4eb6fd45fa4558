import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { mailOutbox } from '../../server/db/schema-accounts';
import { operatorAuditLog } from '../../server/db/schema-backoffice';
import { orderStatusHistory, orders, transactions } from '../../server/db/schema-orders';
import { payouts } from '../../server/db/schema-payouts';
import { investorClassifications } from '../../server/db/schema-protection';
import { bookPayment } from '../../server/modules/payments/book-payment';
import { PayPalError } from '../../server/modules/payments/paypal/client';
import { addBusinessDays } from '../../server/modules/payouts/refund';
import { describeEachDatabase, expectData, expectError, type TokenPair } from './helpers';
import { agreementIdsFor, createInvestor, orderBody, createSeries, methodIds, type TestInvestor } from './orders-support';
import { paypalConfig, pressOnApprovalPage } from './paypal-support';

// The refund of a paid order revoked in the reflection period (docs/adr/0012-refunds-of-revoked-orders.md):
// PayPal refunded through the local peer's capture refund right after the revocation; when PayPal refuses, the
// order stays flagged and an operator's Refund retries it (the refusal translated); a bank transfer refunded by
// an operator as a refund payout that the next pain.001 file carries; replays, double clicks and two operators
// at once refund once; an investor cannot call the operator's action; the order says what the investor is
// promised. Also: an order placed as a sophisticated investor says the reflection period does not apply.

let clock = new Date();

describeEachDatabase('refunds of revoked paid orders', { config: { paypal: paypalConfig(), now: () => clock } }, (t) => {
  let target: { offer: number; series: number; agreements: number[] };
  let method: { bank: number; paypal: number };
  let operator: TokenPair;
  let second: TestInvestor;
  const peer = () => t.app.paypalPeer!;

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const series = await createSeries(t.database.db, 'zielone-tarasy', 1000);
    method = await methodIds(t.database.db);
    target = { offer: series.offerId, series: series.id, agreements: (await agreementIdsFor(t.database.db, series.offerId)).map((a) => a.id) };
    operator = await t.login('operator');
    second = await createInvestor(t.app, { role: 'operator' });
  });

  const as = (who: { accessToken: string }, httpMethod: 'GET' | 'POST', url: string, payload?: object, language = 'en') =>
    t.injectAs(who.accessToken, { method: httpMethod, url, payload, headers: { 'accept-language': language } });
  const orderRow = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0];
  const mailsOf = (email: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email));
  const refund = (who: { accessToken: string }, id: string, language = 'en') =>
    as(who, 'POST', `/api/operator/orders/${id}/refund`, { reason: 'Revoked in the reflection period', expectedVersion: 0 }, language);

  async function paidByPayPal(who: TestInvestor) {
    const body = { ...(await orderBody(t.database.db, { ...target, method: method.paypal }, 2)), thankYouPageUrlPattern: '/pl/inwestuj/zielone-tarasy/{orderId}' };
    const { order, payment } = expectData(await as(who, 'POST', '/api/investment', body), 201) as { order: { id: string }; payment: { approveUrl: string } };
    await pressOnApprovalPage(t.app, payment.approveUrl, 'pay');
    await peer().flush();
    const [tx] = await t.database.db.select().from(transactions).where(eq(transactions.orderId, order.id));
    expect(tx).toMatchObject({ status: 'paid', providerStatus: 'COMPLETED' });
    peer().queue.length = 0;
    return order.id;
  }

  async function paidByBank(who: TestInvestor) {
    const { order } = expectData(await as(who, 'POST', '/api/investment', await orderBody(t.database.db, { ...target, method: method.bank }, 3)), 201) as { order: { id: string } };
    const row = await orderRow(order.id);
    await t.database.db.transaction(async (tx) => {
      const booked = await bookPayment(tx, { order: row, amount: row.totalPrice, externalId: `TEST-${order.id}`, actor: 'bank', reason: 'BANK_TRANSFER_MATCHED', details: {}, at: clock, publicUrl: 'http://localhost' });
      if (!booked.ok) throw new Error('not booked');
    });
    return order.id;
  }

  it('a revoked PayPal order is refunded at once through PayPal; the investor is told, and PayPal’s webhook flags nothing', async () => {
    clock = new Date();
    const investor = await createInvestor(t.app);
    const id = await paidByPayPal(investor);
    const revoked = expectData(await as(investor, 'POST', `/api/order/${id}/revoke`));
    expect(revoked).toEqual({ status: 'cancelled', refundDue: true, refundMethod: 'PayPal', refundExpectedBy: addBusinessDays(clock, 5).toISOString() });

    expect(await orderRow(id)).toMatchObject({ status: 'cancelled', attentionReason: null });
    const [tx] = await t.database.db.select().from(transactions).where(eq(transactions.orderId, id));
    expect(tx).toMatchObject({ status: 'rejected', providerStatus: 'REFUNDED' });
    expect((tx.providerData as { refundId?: string }).refundId).toMatch(/\w{10,}/);
    const history = await t.database.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id));
    expect(history.map((h) => [h.toStatus, h.actor, h.reason])).toEqual(expect.arrayContaining([['cancelled', 'investor', 'INVESTOR_REVOKED'], ['cancelled', 'paypal', 'REFUND_SENT_PAYPAL']]));
    expect((await mailsOf(investor.email)).map((m) => m.kind)).toEqual(expect.arrayContaining(['order_revoked', 'order_refunded']));

    // PayPal's PAYMENT.CAPTURE.REFUNDED comes in: the platform's own refund, nothing for an operator.
    expect(await peer().flush()).toEqual([200]);
    expect((await orderRow(id)).attentionReason).toBeNull();

    const order = expectData(await as(investor, 'GET', `/api/order/${id}`));
    expect(order.reflectionPeriod.applies).toBe(true);
    expect(order.refund).toMatchObject({ status: 'refunded', method: 'PayPal', amount: tx.amount });
    // the operator's Refund of an order refunded already changes nothing
    expectData(await refund(operator, id));
    expect(await t.database.db.select().from(operatorAuditLog).where(and(eq(operatorAuditLog.entityId, id), eq(operatorAuditLog.action, 'order.refund')))).toEqual([]);
  });

  it('a PayPal refusal leaves the order flagged; the operator’s Refund shows it translated, then retries it once', async () => {
    clock = new Date();
    const investor = await createInvestor(t.app);
    const id = await paidByPayPal(investor);
    const client = t.app.paypal.client;
    const real = client.refundCapture;
    client.refundCapture = async () => {
      throw new PayPalError(422, 'UNPROCESSABLE_ENTITY', 'REFUND_NOT_ALLOWED', 'debug-1', {});
    };
    try {
      expect(expectData(await as(investor, 'POST', `/api/order/${id}/revoke`))).toMatchObject({ refundDue: true, refundMethod: 'PayPal' });
      expect(await orderRow(id)).toMatchObject({ status: 'cancelled', attentionReason: 'REFUND_DUE_REVOKED' });
      expect(expectData(await as(investor, 'GET', `/api/order/${id}`)).refund).toMatchObject({ status: 'due', method: 'PayPal' });

      const listed = expectData(await as(operator, 'GET', '/api/operator/orders?attention=REFUND_DUE_REVOKED'));
      expect(listed.items.map((o: { id: string }) => o.id)).toContain(id);
      const [refused] = expectError(await refund(operator, id, 'pl'), 502, [{ code: 'PAYPAL_REFUND_FAILED', context: 'id' }]);
      expect(refused.message).toMatch(/PayPal nie przyjął zwrotu/);
      expect((await orderRow(id)).attentionReason).toBe('REFUND_DUE_REVOKED');
    } finally {
      client.refundCapture = real;
    }

    // A double click, or two operators at once: one refund at PayPal, one record, one audit row.
    const [a, b] = await Promise.all([refund(operator, id), refund(second, id)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(expectData(a).attentionReason).toBeNull();
    expect(await orderRow(id)).toMatchObject({ status: 'cancelled', attentionReason: null });
    const audit = await t.database.db.select().from(operatorAuditLog).where(and(eq(operatorAuditLog.entityId, id), eq(operatorAuditLog.action, 'order.refund')));
    expect(audit).toHaveLength(1);
    const history = await t.database.db.select().from(orderStatusHistory).where(and(eq(orderStatusHistory.orderId, id), eq(orderStatusHistory.reason, 'REFUND_SENT_PAYPAL')));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ actor: 'operator', note: 'Revoked in the reflection period' });
    expect(await peer().flush()).toEqual([200]);
    expect((await orderRow(id)).attentionReason).toBeNull();
    // a replay answers the same order
    expect(expectData(await refund(operator, id)).attentionReason).toBeNull();
    expect(await t.database.db.select().from(operatorAuditLog).where(and(eq(operatorAuditLog.entityId, id), eq(operatorAuditLog.action, 'order.refund')))).toHaveLength(1);
  });

  it('a revoked bank order waits for the operator’s Refund: a refund payout, once, in the next pain.001 file', async () => {
    clock = new Date();
    const investor = await createInvestor(t.app);
    await t.database.db.update(users).set({ bankCountry: 'PL', bankAccountNumber: '27114020040000300201355387' }).where(eq(users.id, investor.userId));
    const id = await paidByBank(investor);
    const row = await orderRow(id);
    const revoked = expectData(await as(investor, 'POST', `/api/order/${id}/revoke`));
    expect(revoked).toEqual({ status: 'cancelled', refundDue: true, refundMethod: 'BankTransfer', refundExpectedBy: addBusinessDays(clock, 7).toISOString() });
    expect((await orderRow(id)).attentionReason).toBe('REFUND_DUE_REVOKED');
    const [mail] = (await mailsOf(investor.email)).filter((m) => m.kind === 'order_revoked');
    expect(mail.textBody).toMatch(/zwrot|refund/i);
    expect(expectData(await as(investor, 'GET', `/api/order/${id}`)).refund).toEqual({
      status: 'due',
      method: 'BankTransfer',
      amount: row.totalPrice,
      expectedBy: addBusinessDays(clock, 7).toISOString(),
      refundedAt: null,
    });

    // not for investors, and not for an order with nothing to refund
    expectError(await refund(investor, id), 403, [{ code: 'FORBIDDEN', context: '' }]);
    const unpaid = expectData(await as(investor, 'POST', '/api/investment', await orderBody(t.database.db, { ...target, method: method.bank }, 1)), 201) as { order: { id: string } };
    expectError(await refund(operator, unpaid.order.id), 409, [{ code: 'REFUND_NOT_DUE', context: 'id' }]);

    const [a, b] = await Promise.all([refund(operator, id), refund(second, id)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const refunds = await t.database.db.select().from(payouts).where(and(eq(payouts.orderId, id), eq(payouts.kind, 'refund')));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ status: 'approved', amount: row.totalPrice, userId: investor.userId });
    expect(await t.database.db.select().from(operatorAuditLog).where(and(eq(operatorAuditLog.entityId, id), eq(operatorAuditLog.action, 'order.refund')))).toHaveLength(1);
    expectData(await refund(operator, id));
    expect(await t.database.db.select().from(payouts).where(and(eq(payouts.orderId, id), eq(payouts.kind, 'refund')))).toHaveLength(1);
    expect(expectData(await as(investor, 'GET', `/api/order/${id}`)).refund).toMatchObject({ status: 'sent', method: 'BankTransfer' });

    const file = expectData(await as(operator, 'POST', '/api/operator/payout-files', {}));
    const xml = (await as(operator, 'GET', `/api/operator/payout-files/${file.id}/pain.001.xml`)).body;
    expect(xml).toContain(refunds[0].reference);
    expect(xml).toContain('PL27114020040000300201355387');
    const [exported] = await t.database.db.select().from(payouts).where(eq(payouts.id, refunds[0].id));
    expect(exported.status).toBe('exported');
  });

  it('an order placed as a sophisticated investor says the reflection period does not apply', async () => {
    clock = new Date();
    const investor = await createInvestor(t.app);
    await t.database.db.insert(investorClassifications).values({ userId: investor.userId, classification: 'sophisticated', decidedAt: new Date(clock.getTime() - 60_000), reviewDueAt: new Date(clock.getTime() + 365 * 86_400_000) });
    const created = expectData(await as(investor, 'POST', '/api/investment', await orderBody(t.database.db, { ...target, method: method.bank }, 1)), 201) as { order: { id: string; reflectionPeriod: { applies: boolean } } };
    expect(created.order.reflectionPeriod.applies).toBe(false);
    expect(expectData(await as(investor, 'GET', `/api/order/${created.order.id}`)).reflectionPeriod.applies).toBe(false);
    expectError(await as(investor, 'POST', `/api/order/${created.order.id}/revoke`), 409, [{ code: 'REFLECTION_PERIOD_NOT_APPLICABLE', context: 'id' }]);
    const other = await createInvestor(t.app);
    const plain = expectData(await as(other, 'POST', '/api/investment', await orderBody(t.database.db, { ...target, method: method.bank }, 1)), 201) as { order: { reflectionPeriod: { applies: boolean } } };
    expect(plain.order.reflectionPeriod.applies).toBe(true);
  });
});
