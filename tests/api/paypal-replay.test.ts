import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { orderStatusHistory, transactions } from '../../server/db/schema-orders';
import { paypalWebhookEvents } from '../../server/db/schema-payments';
import { describeEachDatabase, expectData } from './helpers';
import { agreementIdsFor, orderBody, createInvestor, createSeries, methodIds } from './orders-support';
import { paypalConfig, pressOnApprovalPage, returnPage, tokenOf } from './paypal-support';

// THE REPLAY TEST (issue: PayPal): one approved PayPal order; 10 deliveries of its CHECKOUT.ORDER.APPROVED
// webhook and 5 return-page captures, all at once, spread over two server instances on one database (on
// PostgreSQL two processes' worth of connection pools; both use the first instance's peer). Exactly one
// capture happens at the peer, the order gets exactly one paid transaction and one history entry.

describeEachDatabase('PayPal replay', { config: { paypal: paypalConfig() } }, (t) => {
  let target: { offer: number; series: number; method: number; agreements: number[] };

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const series = await createSeries(t.database.db, 'domy-poznan', 1_000);
    target = {
      offer: series.offerId,
      series: series.id,
      method: (await methodIds(t.database.db)).paypal,
      agreements: (await agreementIdsFor(t.database.db, series.offerId)).map((a) => a.id),
    };
  });

  it('10 duplicate webhooks + 5 concurrent return-page captures across two instances: one capture, one paid transaction, one history entry', async () => {
    const peer = t.app.paypalPeer!;
    const address = t.app.server.address() as { port: number };
    const second = await t.buildAnotherApp({ paypal: paypalConfig({ baseUrl: `http://127.0.0.1:${address.port}/paypal-peer` }) });

    const investor = await createInvestor(t.app);
    const auth = { authorization: `Bearer ${investor.accessToken}` };
    const created = expectData(
      await t.app.inject({ method: 'POST', url: '/api/investment', headers: auth, payload: { ...(await orderBody(t.database.db, target, 5)), thankYouPageUrlPattern: '/pl/inwestuj/x/{orderId}' } }),
      201,
    );
    const orderId: string = created.order.id;
    const paypalOrderId = tokenOf(created.payment.approveUrl);
    await pressOnApprovalPage(t.app, created.payment.approveUrl, 'pay');
    const [approved] = peer.queue.splice(0);
    expect(approved.event_type).toBe('CHECKOUT.ORDER.APPROVED');
    const before = { ...peer.stats };

    const body = JSON.stringify(approved);
    const toSecond = () =>
      second
        .inject({ method: 'POST', url: '/api/paypal/webhook', headers: { 'content-type': 'application/json', ...peer.sign(body) }, payload: body })
        .then((res) => res.statusCode);
    const [webhooksFirst, webhooksSecond, returns] = await Promise.all([
      peer.deliver(approved, { times: 5 }), // over HTTP to the first instance
      Promise.all(Array.from({ length: 5 }, toSecond)),
      Promise.all(
        [t.app, t.app, second, t.app, second].map((app, i) =>
          returnPage((options) => app.inject({ ...options, headers: auth }), orderId, i % 2 ? paypalOrderId : undefined),
        ),
      ),
    ]);

    expect([...webhooksFirst, ...webhooksSecond]).toEqual(Array(10).fill(200));
    for (const res of returns) expect(expectData(res)).toMatchObject({ outcome: 'paid', order: { id: orderId, status: 'paid' } });

    // At the peer: exactly one capture performed; every other capture call was a replay of the same request id.
    expect(peer.stats.capturesPerformed - before.capturesPerformed).toBe(1);
    expect(peer.stats.captureCalls - before.captureCalls).toBe(peer.stats.captureReplays - before.captureReplays + 1);

    // The capture's own webhook, delivered twice to each instance, changes nothing either.
    const [completed] = peer.queue.splice(0);
    expect(completed.event_type).toBe('PAYMENT.CAPTURE.COMPLETED');
    const completedBody = JSON.stringify(completed);
    const late = await Promise.all([
      peer.deliver(completed, { times: 2 }),
      ...[0, 1].map(() =>
        second.inject({ method: 'POST', url: '/api/paypal/webhook', headers: { 'content-type': 'application/json', ...peer.sign(completedBody) }, payload: completedBody }),
      ),
    ]);
    expect(late[0]).toEqual([200, 200]);
    expect(late.slice(1).map((r) => (r as { statusCode: number }).statusCode)).toEqual([200, 200]);

    const txs = await t.database.db.select().from(transactions).where(eq(transactions.orderId, orderId));
    expect(txs.map((x) => [x.status, x.externalId, x.providerStatus])).toEqual([['paid', paypalOrderId, 'COMPLETED']]);
    const history = await t.database.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId));
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.reason])).toEqual([
      [null, 'new', 'ORDER_CREATED'],
      ['new', 'paid', 'PAYPAL_CAPTURED'],
    ]);
    const events = await t.database.db.select().from(paypalWebhookEvents).where(eq(paypalWebhookEvents.paypalOrderId, paypalOrderId));
    expect(events.map((e) => [e.eventType, e.status, e.attempts]).sort()).toEqual([
      ['CHECKOUT.ORDER.APPROVED', 'processed', 1],
      ['PAYMENT.CAPTURE.COMPLETED', 'processed', 1],
    ]);
  });
});
