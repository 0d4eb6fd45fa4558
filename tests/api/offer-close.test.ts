import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { mailOutbox } from '../../server/db/schema';
import { operatorAuditLog } from '../../server/db/schema-backoffice';
import { offers } from '../../server/db/schema-content';
import { orders, transactions } from '../../server/db/schema-orders';
import { payouts } from '../../server/db/schema-payouts';
import { bookPayment } from '../../server/modules/payments/book-payment';
import { closeOffer, offersDueForClose } from '../../server/modules/payouts/close-offer';
import { offerLifecycle } from '../../server/modules/payouts/lifecycle';
import { PayPalError, type PayPalClient } from '../../server/modules/payments/paypal/client';
import { describeEachDatabase, expectData, expectError, type TokenPair } from './helpers';
import { createInvestor, type TestInvestor } from './orders-support';
import { backofficeFixture, orderRowOf, placeOrder, seriesOf, type Fixture } from './operator-support';
import { paypalConfig, pressOnApprovalPage } from './paypal-support';

// Closing an offer: funded (unpaid cancelled, paid completed) and not funded (everything cancelled, paid ones
// refunded: a bank transfer as a refund payout, PayPal through the capture's refund call). A close that stops
// half way (the PayPal call fails) finishes on the next run, nothing twice; a closed offer cannot be closed again.

async function paidOrder(t: { app: Parameters<typeof placeOrder>[0] }, f: Fixture, investor: TestInvestor, quantity: number) {
  const order = await placeOrder(t.app, { ...f, investor }, quantity);
  const row = await orderRowOf(t.app, order.id);
  await t.app.db.transaction(async (tx) => {
    const booked = await bookPayment(tx, { order: row, amount: row.totalPrice, externalId: `T-${order.id}`, actor: 'bank', reason: 'BANK_TRANSFER_MATCHED', details: {}, at: new Date(), publicUrl: 'http://localhost' });
    if (!booked.ok) throw new Error('not booked');
  });
  return orderRowOf(t.app, order.id);
}

describeEachDatabase('offer close: funded', {}, (t) => {
  let operator: TokenPair;
  let f: Fixture;
  beforeAll(async () => {
    operator = await t.login('operator');
    f = await backofficeFixture(t.app, 100, 10_000);
  });

  it('paid orders complete, unpaid ones are cancelled and their shares return; once only', async () => {
    const paid = await paidOrder(t, f, f.investor, 3);
    const unpaid = await placeOrder(t.app, f, 2);
    await t.app.db.update(offers).set({ fundingGoal: 30_000, investmentEnd: new Date(Date.now() - 1000) }).where(eq(offers.id, f.offerId));
    expect(await offersDueForClose(t.app.db, new Date())).toContain(f.offerId);
    const lifecycle = async () => expectData(await t.injectAs(operator, { method: 'GET', url: `/api/operator/offers/${f.offerId}` })).lifecycle;
    expect(await lifecycle()).toBe('open');
    // Income is declared once the offer has closed funded, not while it is open.
    const declare = () =>
      t.injectAs(operator, {
        method: 'POST',
        url: '/api/operator/distributions',
        payload: { offerId: f.offerId, kind: 'rental_income', periodFrom: '2026-01-01', periodTo: '2026-03-31', recordDate: '2099-12-31', totalAmount: 1_000, reason: 'czynsz' },
      });
    expectError(await declare(), 409, [{ code: 'OFFER_NOT_CLOSED', context: 'offerId' }]);
    expectError(await t.injectAs(operator, { method: 'POST', url: `/api/operator/offers/${f.offerId}/close`, payload: {} }), 400, [{ code: 'IS_EMPTY', context: 'reason' }]);
    const result = expectData(await t.injectAs(operator, { method: 'POST', url: `/api/operator/offers/${f.offerId}/close`, payload: { reason: 'koniec zbiórki' } }));
    expect(result).toEqual({ outcome: 'funded', completed: 1, cancelled: 1, refunded: 0, closed: true });
    expect((await orderRowOf(t.app, paid.id)).status).toBe('completed');
    expect((await orderRowOf(t.app, unpaid.id)).status).toBe('cancelled');
    expect(await seriesOf(t.app, f.seriesId)).toMatchObject({ soldShares: 3, reservedShares: 0 });
    const [offer] = await t.app.db.select().from(offers).where(eq(offers.id, f.offerId));
    expect(offer).toMatchObject({ closeOutcome: 'funded', isOpen: false });
    expect(offer.closedAt).not.toBeNull();
    expect(await offersDueForClose(t.app.db, new Date())).not.toContain(f.offerId);
    expect(await lifecycle()).toBe('funded.holding');
    expectError(await t.injectAs(operator, { method: 'POST', url: `/api/operator/offers/${f.offerId}/close`, payload: { reason: 'again' } }), 409, [
      { code: 'OFFER_ALREADY_CLOSED', context: 'id' },
    ]);
    // Closed funded: a distribution may be declared, and it is under way until its payouts are executed.
    expect(expectData(await declare()).status).toBe('awaiting_approval');
    expect(await lifecycle()).toBe('funded.distributing');
    const mails = await t.app.db.select().from(mailOutbox).where(and(eq(mailOutbox.recipient, f.investor.email), eq(mailOutbox.kind, 'offer_closed')));
    expect(mails.map((m) => m.subject).sort()).toEqual([`Zamówienie ${unpaid.reference} anulowane: oferta zamknięta`, expect.stringContaining('zebrała finansowanie')].sort());
    const audit = await t.app.db.select().from(operatorAuditLog).where(and(eq(operatorAuditLog.action, 'offer.closed'), eq(operatorAuditLog.entityId, String(f.offerId))));
    expect(audit).toHaveLength(1);
  });
});

describeEachDatabase('offer close: not funded', {}, (t) => {
  let f: Fixture;
  beforeAll(async () => {
    f = await backofficeFixture(t.app, 100, 10_000);
  });

  it('cancels everything and refunds: bank transfers as payouts, PayPal by refund call, resumed after a failure', async () => {
    const bank = await paidOrder(t, f, f.investor, 1);
    const viaPaypal = await paidOrder(t, f, await createInvestor(t.app), 2);
    // Make the second a PayPal payment with a capture (as the PayPal service records one).
    await t.app.db.update(orders).set({ methodCode: 'PayPal' }).where(eq(orders.id, viaPaypal.id));
    await t.app.db.update(transactions).set({ methodCode: 'PayPal', captureId: 'CAPTURE-1' }).where(and(eq(transactions.orderId, viaPaypal.id), eq(transactions.status, 'paid')));
    const unpaid = await placeOrder(t.app, f, 4);
    await t.app.db.update(offers).set({ fundingGoal: 1_000_000 }).where(eq(offers.id, f.offerId));

    const calls: string[] = [];
    let failNext = true;
    const paypal = {
      async refundCapture(captureId: string, requestId: string) {
        calls.push(`${captureId} ${requestId}`);
        if (failNext) {
          failNext = false;
          throw new PayPalError(503, 'SERVICE_UNAVAILABLE', undefined, 'debug', null);
        }
        return { id: 'REFUND-1', status: 'COMPLETED' };
      },
    } as unknown as PayPalClient;

    // First pass: PayPal fails; the rest is settled, the close stays open (closed: false) and is resumed.
    const first = await closeOffer({ db: t.app.db, paypal, publicUrl: 'http://localhost' }, f.offerId, new Date());
    expect(first).toMatchObject({ outcome: 'not_funded', cancelled: 1, refunded: 1, closed: false });
    expect((await orderRowOf(t.app, viaPaypal.id)).status).toBe('paid');
    // Stopped half way: its lifecycle says closing (refunding), which an operator may finish.
    expect(await offerLifecycle(t.app.db, f.offerId)).toBe('closing.refunding');
    // The outcome is kept: raising the goal's reach now does not change how this close ends.
    await t.app.db.update(offers).set({ fundingGoal: 0 }).where(eq(offers.id, f.offerId));
    const second = await closeOffer({ db: t.app.db, paypal, publicUrl: 'http://localhost' }, f.offerId, new Date());
    expect(second).toMatchObject({ outcome: 'not_funded', cancelled: 0, refunded: 1, closed: true });
    expect(calls).toEqual([`CAPTURE-1 refund-${viaPaypal.id}`, `CAPTURE-1 refund-${viaPaypal.id}`]);
    // A third run finds the offer closed and does nothing.
    expect(await closeOffer({ db: t.app.db, paypal, publicUrl: 'http://localhost' }, f.offerId, new Date())).toEqual({ busy: true });
    expect(calls).toHaveLength(2);
    expect(await offerLifecycle(t.app.db, f.offerId)).toBe('notFunded');
    // Closed not funded: nobody holds shares, no distribution can be declared.
    const operator = await t.login('operator');
    expectError(
      await t.injectAs(operator, {
        method: 'POST',
        url: '/api/operator/distributions',
        payload: { offerId: f.offerId, kind: 'rental_income', periodFrom: '2026-01-01', periodTo: '2026-03-31', recordDate: '2099-12-31', totalAmount: 1_000, reason: 'czynsz' },
      }),
      409,
      [{ code: 'OFFER_NOT_FUNDED', context: 'offerId' }],
    );

    for (const o of [bank, viaPaypal, unpaid]) expect((await orderRowOf(t.app, o.id)).status).toBe('cancelled');
    expect(await seriesOf(t.app, f.seriesId)).toMatchObject({ soldShares: 0, reservedShares: 0 });
    // this offer's refunds (the demo data has refunds of its own)
    const refunds = await t.app.db.select().from(payouts).where(and(eq(payouts.kind, 'refund'), inArray(payouts.orderId, [bank.id, viaPaypal.id, unpaid.id])));
    expect(refunds.map((p) => [p.orderId, p.amount, p.status])).toEqual([[bank.id, bank.totalPrice, 'approved']]);
    const notices = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'offer_closed'));
    expect(notices.filter((m) => m.subject.startsWith('Zwrot za zamówienie'))).toHaveLength(2);
    expect(notices.filter((m) => (m.textBody ?? '').includes('przez PayPal'))).toHaveLength(1);
    expect(notices).toHaveLength(3);
    const [tx] = await t.app.db.select().from(transactions).where(and(eq(transactions.orderId, viaPaypal.id), eq(transactions.captureId, 'CAPTURE-1')));
    expect(tx).toMatchObject({ providerStatus: 'REFUNDED', status: 'rejected' });
  });
});

describeEachDatabase('PayPal refund call against the local peer', { config: { paypal: paypalConfig() } }, (t) => {
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('refunds a capture once: the same request id answers the same refund, another one is refused', async () => {
    const client = t.app.paypal.client;
    const order = await client.createOrder(
      {
        orderId: 'close-1',
        invoiceId: 'ES-CLOS-E001',
        description: 'refund test',
        value: '300.00',
        currency: 'PLN',
        returnUrl: 'https://shop.example/return',
        cancelUrl: 'https://shop.example/cancel',
        locale: 'pl-PL',
        brandName: 'Estate Shares',
      },
      'close-1-create',
    );
    const approve = order.links?.find((l) => l.rel === 'payer-action')?.href;
    await pressOnApprovalPage(t.app, approve!, 'pay');
    const captured = await client.captureOrder(order.id, 'close-1-capture');
    const captureId = captured.purchase_units?.[0].payments?.captures?.[0].id;
    expect(captureId).toBeTruthy();
    const refund = await client.refundCapture(captureId!, 'refund-close-1');
    expect(refund).toMatchObject({ id: expect.any(String), status: 'COMPLETED' });
    expect((await client.refundCapture(captureId!, 'refund-close-1')).id).toBe(refund.id);
    const again = await client.refundCapture(captureId!, 'refund-other').catch((e: unknown) => e);
    expect(again).toBeInstanceOf(PayPalError);
    expect((again as PayPalError).issue).toBe('CAPTURE_FULLY_REFUNDED');
  });
});
