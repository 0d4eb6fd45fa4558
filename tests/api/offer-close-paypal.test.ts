import { eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { offers } from '../../server/db/schema-content';
import { orderStatusHistory, orders, transactions } from '../../server/db/schema-orders';
import { describeEachDatabase, expectData } from './helpers';
import { agreementIdsFor, createInvestor, createSeries, methodIds, type TestInvestor, orderBody } from './orders-support';
import { paypalConfig, pressOnApprovalPage } from './paypal-support';

// A not-funded close refunds PayPal payments through the local peer, which then sends
// PAYMENT.CAPTURE.REFUNDED. That refund is the platform's own: the webhook must not flag the order for an
// operator, whether it arrives after the close settled the order or before (between the refund call and the
// close's transaction).

let clock = new Date();

describeEachDatabase('offer close: a PayPal refund and its webhook', { config: { paypal: paypalConfig(), now: () => clock } }, (t) => {
  let target: { offer: number; series: number; method: number; agreements: number[] };
  const peer = () => t.app.paypalPeer!;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const series = await createSeries(t.database.db, 'domy-poznan', 10_000);
    const methods = await methodIds(t.database.db);
    target = { offer: series.offerId, series: series.id, method: methods.paypal, agreements: (await agreementIdsFor(t.database.db, series.offerId)).map((a) => a.id) };
  });

  async function paidByPayPal(who: TestInvestor) {
    const body = { ...(await orderBody(t.database.db, target, 2)), thankYouPageUrlPattern: '/pl/inwestuj/domy-poznan/{orderId}' };
    const { order, payment } = expectData(await t.injectAs(who, { method: 'POST', url: '/api/investment', payload: body, headers: { 'content-language': 'pl' } }), 201) as {
      order: { id: string };
      payment: { approveUrl: string };
    };
    await pressOnApprovalPage(t.app, payment.approveUrl, 'pay');
    await peer().flush();
    const [tx] = await t.database.db.select().from(transactions).where(eq(transactions.orderId, order.id));
    expect(tx).toMatchObject({ status: 'paid', providerStatus: 'COMPLETED' });
    return { id: order.id, captureId: tx.captureId! };
  }

  const orderRow = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0];

  it('refunds by the close are not anomalies, the webhook before or after the close settles the order', async () => {
    clock = new Date();
    const afterInvestor = await createInvestor(t.app);
    const after = await paidByPayPal(afterInvestor);
    const before = await paidByPayPal(await createInvestor(t.app));
    peer().queue.length = 0;

    // The close has decided "not funded" and sent the refund of `before`; PayPal's webhook comes in first.
    await t.database.db.update(offers).set({ fundingGoal: 1_000_000_000, closeOutcome: 'not_funded', isOpen: false }).where(eq(offers.id, target.offer));
    await t.app.paypal.client.refundCapture(before.captureId, `refund-${before.id}`);
    expect(await peer().flush()).toEqual([200]);
    expect(await orderRow(before.id)).toMatchObject({ status: 'paid', attentionReason: null });

    // The worker runs the close: `after` is refunded now, `before` found refunded already; both cancelled.
    await t.database.db.update(offers).set({ investmentEnd: new Date(clock.getTime() - 60_000) }).where(eq(offers.id, target.offer));
    const run = await t.app.payouts.closeWorker.runOnce();
    expect(run).toMatchObject({ closed: 1, unfinished: 0 });
    expect(peer().queue).toHaveLength(1);
    expect(await peer().flush()).toEqual([200]);

    for (const id of [after.id, before.id]) expect(await orderRow(id)).toMatchObject({ status: 'cancelled', attentionReason: null });
    const txs = await t.database.db.select().from(transactions).where(inArray(transactions.orderId, [after.id, before.id]));
    expect(txs.map((tx) => [tx.status, tx.providerStatus])).toEqual([
      ['rejected', 'REFUNDED'],
      ['rejected', 'REFUNDED'],
    ]);
    const history = await t.database.db.select().from(orderStatusHistory).where(inArray(orderStatusHistory.orderId, [after.id, before.id]));
    expect(history.filter((h) => h.reason === 'PAYPAL_REFUNDED')).toEqual([]);
    expect(history.filter((h) => h.reason === 'OFFER_NOT_FUNDED_REFUNDED')).toHaveLength(2);

    // The investor sees the PayPal refund among what came back, and none of it as income or investment.
    const refunded = txs.find((tx) => tx.orderId === after.id)!;
    const flows = expectData(await t.injectAs(afterInvestor, { method: 'GET', url: '/api/investor/cash-flows' })).items;
    expect(flows).toMatchObject([{ type: 'refund', method: 'PayPal', status: 'executed', orderId: after.id, amount: refunded.amount }]);
    const portfolio = expectData(await t.injectAs(afterInvestor, { method: 'GET', url: '/api/investment' }));
    expect(portfolio.totals).toMatchObject({ investedAmount: 0, realised: { incomeGross: 0, incomeNet: 0, capitalReturned: 0, returnAmount: 0 } });
  });

  it('a refund of an order whose offer is not closing is still flagged for an operator', async () => {
    clock = new Date();
    const series = await createSeries(t.database.db, 'zielone-tarasy', 100);
    const methods = await methodIds(t.database.db);
    target = { offer: series.offerId, series: series.id, method: methods.paypal, agreements: (await agreementIdsFor(t.database.db, series.offerId)).map((a) => a.id) };
    const paid = await paidByPayPal(await createInvestor(t.app));
    peer().queue.length = 0;
    expect(peer().settleCapture(paid.captureId, 'refund')).toBe(true);
    expect(await peer().flush()).toEqual([200]);
    expect(await orderRow(paid.id)).toMatchObject({ status: 'paid', attentionReason: 'PAYPAL_REFUNDED' });
  });
});
