import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { groszeToDecimalString } from '../../contract/money';
import { orderStatusHistory, orders, transactions } from '../../server/db/schema-orders';
import { paypalWebhookEvents } from '../../server/db/schema-payments';
import { mailOutbox } from '../../server/db/schema-accounts';
import { describeEachDatabase, expectData, expectError, testConfig } from './helpers';
import { agreementIdsFor, createInvestor, createSeries, methodIds, seriesRow, type TestInvestor, orderBody } from './orders-support';
import { paypalConfig, pressOnApprovalPage, returnPage, tokenOf } from './paypal-support';

// docs/api.md "PayPal", against the local PayPal peer (PAYPAL_MODE=local): POST /investment with PayPal,
// the approval page, POST /order/{id}/paypal/return, POST /transaction/retry and POST /api/paypal/webhook.
// The peer's webhooks are queued ('manual') and delivered when a test says so.

const HOUR = 3_600_000;
let clock = new Date();

describeEachDatabase('PayPal', { config: { paypal: paypalConfig(), now: () => clock } }, (t) => {
  let target: { offer: number; series: number; method: number; agreements: number[] };
  let methods: { bank: number; paypal: number };
  const peer = () => t.app.paypalPeer!;

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const series = await createSeries(t.database.db, 'domy-poznan', 10_000);
    methods = await methodIds(t.database.db);
    target = {
      offer: series.offerId,
      series: series.id,
      method: methods.paypal,
      agreements: (await agreementIdsFor(t.database.db, series.offerId)).map((a) => a.id),
    };
  });

  // Each test sees only the webhooks of its own orders.
  beforeEach(() => {
    peer().queue.length = 0;
  });

  const as = (who: TestInvestor, language = 'pl') => (options: InjectOptions) =>
    t.injectAs(who, { ...options, headers: { 'content-language': language } });

  async function invest(who: TestInvestor, quantity = 3, extra: Record<string, unknown> = {}, language = 'pl') {
    const body = { ...(await orderBody(t.database.db, target, quantity)), thankYouPageUrlPattern: '/pl/inwestuj/domy-poznan/{orderId}', ...extra };
    const data = expectData(await as(who, language)({ method: 'POST', url: '/api/investment', payload: body }), 201);
    return data as { order: { id: string; reference: string; totalPrice: number; status: string }; payment: { codeName: string; approveUrl: string } };
  }

  const txOf = (orderId: string) =>
    t.database.db.select().from(transactions).where(eq(transactions.orderId, orderId)).orderBy(transactions.id);
  const historyOf = (orderId: string) =>
    t.database.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId)).orderBy(orderStatusHistory.id);
  const paidMails = (email: string) =>
    t.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.kind, 'order_paid'), eq(mailOutbox.recipient, email)));
  const orderRow = async (orderId: string) => (await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0];

  it('happy path: a PayPal order in PLN with the reference, approved on the peer, captured by the return page once', async () => {
    clock = new Date();
    const investor = await createInvestor(t.app);
    const { order, payment } = await invest(investor);
    expect(payment.codeName).toBe('PayPal');
    expect(payment.approveUrl).toMatch(/\/paypal-peer\/checkoutnow\?token=[A-Z0-9]+$/);
    const paypalOrderId = tokenOf(payment.approveUrl);

    // What PayPal was asked for.
    const asked = peer().orders.get(paypalOrderId)!;
    expect(asked.intent).toBe('CAPTURE');
    expect(asked.purchaseUnit.amount).toEqual({ currency_code: 'PLN', value: groszeToDecimalString(order.totalPrice) });
    expect(asked.purchaseUnit.invoice_id).toBe(order.reference);
    expect(asked.purchaseUnit.custom_id).toBe(order.id);
    expect(asked.experience.locale).toBe('pl-PL');
    expect(asked.experience.return_url).toBe(`http://localhost:3000/pl/inwestuj/domy-poznan/${order.id}?paypal=return`);
    expect(asked.experience.cancel_url).toBe(`http://localhost:3000/pl/inwestuj/domy-poznan/${order.id}?paypal=cancel`);
    const [tx] = await txOf(order.id);
    expect(tx).toMatchObject({ externalId: paypalOrderId, status: 'new', providerStatus: 'PAYER_ACTION_REQUIRED', methodCode: 'PayPal' });

    const back = await pressOnApprovalPage(t.app, payment.approveUrl, 'pay');
    expect(back.pathname).toBe(`/pl/inwestuj/domy-poznan/${order.id}`);
    expect(back.searchParams.get('token')).toBe(paypalOrderId);
    expect(back.searchParams.get('PayerID')).toBeTruthy();

    const before = peer().stats.capturesPerformed;
    const answer = expectData(await returnPage(as(investor), order.id, paypalOrderId));
    expect(answer).toMatchObject({ outcome: 'paid', reason: null, approveUrl: null, canRetry: false });
    expect(answer.order.status).toBe('paid');
    expect(answer.order.transactions.map((x: { status: string }) => x.status)).toEqual(['paid']);
    expect(peer().stats.capturesPerformed).toBe(before + 1);

    // Reload and a second tab: the same answer, no second capture.
    const again = await Promise.all([returnPage(as(investor), order.id, paypalOrderId), returnPage(as(investor), order.id)]);
    for (const res of again) expect(expectData(res)).toMatchObject({ outcome: 'paid', canRetry: false });
    expect(peer().stats.capturesPerformed).toBe(before + 1);

    // The webhooks that follow (approved, capture completed) change nothing.
    expect(await peer().flush()).toEqual([200, 200]);
    const history = await historyOf(order.id);
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.actor, h.reason])).toEqual([
      [null, 'new', 'investor', 'ORDER_CREATED'],
      ['new', 'paid', 'paypal', 'PAYPAL_CAPTURED'],
    ]);
    expect(history[1].details).toMatchObject({ paypalOrderId, captureId: expect.any(String) });
    const [paid] = await txOf(order.id);
    expect(paid).toMatchObject({ status: 'paid', providerStatus: 'COMPLETED', payerId: 'PEERPAYER7XK2Q' });
    expect(paid.captureId).toBe(history[1].details!.captureId);
    expect((paid.providerData as { capture: { amount: unknown } }).capture.amount).toEqual({ currency_code: 'PLN', value: groszeToDecimalString(order.totalPrice) });
    const events = await t.database.db.select().from(paypalWebhookEvents).where(eq(paypalWebhookEvents.paypalOrderId, paypalOrderId));
    expect(events.map((e) => [e.eventType, e.status]).sort()).toEqual([
      ['CHECKOUT.ORDER.APPROVED', 'processed'],
      ['PAYMENT.CAPTURE.COMPLETED', 'processed'],
    ]);
    // One payment confirmation e-mail, in the order's language, despite the reloads and webhooks.
    const mails = await paidMails(investor.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ language: 'pl', link: `http://localhost:3000/pl/inwestor/zamowienie/${order.id}` });
    expect(mails[0].subject).toContain(order.reference);
    // No confirmation e-mail went before it, so it carries the order's revoke link (reflection period).
    const revoke = /\/pl\/odwolaj-zamowienie\/([A-Za-z0-9_-]+)/.exec(mails[0].textBody ?? '');
    expect(revoke).not.toBeNull();
    const shown = expectData(await t.app.inject({ method: 'GET', url: `/api/order-revocation?token=${revoke![1]}` }));
    expect(shown).toMatchObject({ reference: order.reference, status: 'paid' });
  });

  it('English order: locale en-US and the default return page when the pattern is not on this site', async () => {
    const investor = await createInvestor(t.app, { locale: 'en' });
    const { order, payment } = await invest(investor, 1, { thankYouPageUrlPattern: 'https://evil.example/{orderId}' }, 'en');
    const asked = peer().orders.get(tokenOf(payment.approveUrl))!;
    expect(asked.experience.locale).toBe('en-US');
    expect(asked.experience.return_url).toMatch(new RegExp(`^http://localhost:3000/en/invest/[^/]+/${order.id}\\?paypal=return$`));
  });

  it('cancel on PayPal: the order stays unpaid, the page offers PayPal again and a retry', async () => {
    const investor = await createInvestor(t.app);
    const { order, payment } = await invest(investor);
    const back = await pressOnApprovalPage(t.app, payment.approveUrl, 'cancel');
    expect(back.searchParams.get('paypal')).toBe('cancel');
    const answer = expectData(await returnPage(as(investor), order.id, back.searchParams.get('token')!));
    expect(answer).toMatchObject({ outcome: 'cancelled', reason: 'ORDER_NOT_APPROVED', approveUrl: payment.approveUrl, canRetry: true });
    expect(answer.order.status).toBe('new');
    expect((await orderRow(order.id)).status).toBe('new');
  });

  it('declined card: back to PayPal (same answer on reload), then another funding source pays', async () => {
    const investor = await createInvestor(t.app);
    const { order, payment } = await invest(investor);
    const before = await t.app.inject({ method: 'GET', url: `/paypal-peer/checkoutnow?token=${tokenOf(payment.approveUrl)}` });
    expect(before.body).not.toContain('class="notice"');
    await pressOnApprovalPage(t.app, payment.approveUrl, 'declined-card');
    const first = expectData(await returnPage(as(investor), order.id));
    expect(first).toMatchObject({ outcome: 'declined', reason: 'INSTRUMENT_DECLINED', canRetry: true });
    expect(first.approveUrl).toContain(`/paypal-peer/checkoutnow?token=${tokenOf(payment.approveUrl)}`);
    const reload = expectData(await returnPage(as(investor), order.id));
    expect(reload).toMatchObject({ outcome: 'declined', reason: 'INSTRUMENT_DECLINED' });
    expect((await txOf(order.id))[0].providerData).toMatchObject({ declines: 1 });
    // back on PayPal's page, the payer is told the previous card was declined (the first visit was not)
    const again = await t.app.inject({ method: 'GET', url: `/paypal-peer/checkoutnow?token=${tokenOf(first.approveUrl!)}` });
    expect(again.body).toMatch(/class="notice" role="alert">(The previous card was declined|Poprzednia karta została odrzucona)/);

    await pressOnApprovalPage(t.app, first.approveUrl, 'pay');
    const paid = expectData(await returnPage(as(investor), order.id));
    expect(paid.outcome).toBe('paid');
    expect((await historyOf(order.id)).filter((h) => h.reason === 'PAYPAL_CAPTURED')).toHaveLength(1);
  });

  it('pending capture (eCheck): explained, order unpaid; PayPal completes it later and the webhook pays the order', async () => {
    const investor = await createInvestor(t.app);
    const { order, payment } = await invest(investor);
    await pressOnApprovalPage(t.app, payment.approveUrl, 'pending');
    const answer = expectData(await returnPage(as(investor), order.id));
    expect(answer).toMatchObject({ outcome: 'pending', reason: 'ECHECK', canRetry: false });
    expect(answer.order.status).toBe('new');
    expectError(await as(investor)({ method: 'POST', url: '/api/transaction/retry', payload: { orderId: order.id } }), 409, [
      { code: 'PAYMENT_PENDING', context: 'orderId' },
    ]);
    await peer().flush();
    const [tx] = await txOf(order.id);
    expect(peer().settleCapture(tx.captureId!, 'complete')).toBe(true);
    await peer().flush();
    expect((await orderRow(order.id)).status).toBe('paid');
    expect(expectData(await returnPage(as(investor), order.id)).outcome).toBe('paid');
  });

  it('pending capture denied by PayPal: the transaction is rejected, the order can be paid again', async () => {
    const investor = await createInvestor(t.app);
    const { order, payment } = await invest(investor);
    await pressOnApprovalPage(t.app, payment.approveUrl, 'pending');
    expect(expectData(await returnPage(as(investor), order.id)).outcome).toBe('pending');
    await peer().flush();
    expect(peer().settleCapture((await txOf(order.id))[0].captureId!, 'deny')).toBe(true);
    expect(await peer().flush()).toEqual([200]);
    const [tx] = await txOf(order.id);
    expect(tx).toMatchObject({ status: 'rejected', providerStatus: 'DECLINED' });
    const answer = expectData(await returnPage(as(investor), order.id));
    expect(answer).toMatchObject({ outcome: 'declined', reason: 'CAPTURE_DECLINED', canRetry: true });
  });

  it('retry: a new PayPal order for the same order (old attempt superseded), paid through the new one', async () => {
    const investor = await createInvestor(t.app);
    const { order, payment } = await invest(investor);
    await pressOnApprovalPage(t.app, payment.approveUrl, 'cancel');
    const retried = expectData(await as(investor)({ method: 'POST', url: '/api/transaction/retry', payload: { orderId: order.id } }));
    expect(retried.payment.codeName).toBe('PayPal');
    expect(tokenOf(retried.payment.approveUrl)).not.toBe(tokenOf(payment.approveUrl));
    const attempts = await txOf(order.id);
    expect(attempts.map((a) => [a.status, (a.providerData as { attempt: number }).attempt])).toEqual([
      ['rejected', 1],
      ['new', 2],
    ]);
    expect(peer().orders.get(tokenOf(retried.payment.approveUrl))!.purchaseUnit.invoice_id).toBe(`${order.reference}-2`);

    // A late approval of the superseded attempt is not captured.
    await pressOnApprovalPage(t.app, payment.approveUrl, 'pay');
    const old = expectData(await returnPage(as(investor), order.id, tokenOf(payment.approveUrl)));
    expect(old).toMatchObject({ outcome: 'cancelled', reason: 'SUPERSEDED' });

    await pressOnApprovalPage(t.app, retried.payment.approveUrl, 'pay');
    const answer = expectData(await returnPage(as(investor), order.id, tokenOf(retried.payment.approveUrl)));
    expect(answer.outcome).toBe('paid');
    expect((await txOf(order.id)).map((a) => a.status)).toEqual(['rejected', 'paid']);
  });

  it('retry switching to bank transfer: the bank commission and total, bank details, PayPal attempt superseded', async () => {
    const investor = await createInvestor(t.app);
    const { order, payment } = await invest(investor, 4);
    await pressOnApprovalPage(t.app, payment.approveUrl, 'cancel');
    const retried = expectData(await as(investor)({ method: 'POST', url: '/api/transaction/retry', payload: { orderId: order.id, method: methods.bank } }));
    expect(retried.payment.codeName).toBe('BankTransfer');
    expect(retried.order.method).toBe('BankTransfer');
    expect(retried.order.totalPrice).toBe(retried.order.amount + retried.order.feeValue);
    expect(retried.payment.amount).toBe(retried.order.totalPrice);
    expect((await txOf(order.id)).map((a) => [a.methodCode, a.status])).toEqual([
      ['PayPal', 'rejected'],
      ['BankTransfer', 'new'],
    ]);
    expect((await historyOf(order.id)).map((h) => h.reason)).toEqual(['ORDER_CREATED', 'PAYMENT_METHOD_CHANGED']);
  });

  it("another investor's order: 404 for retry and the return page, nothing changes", async () => {
    const owner = await createInvestor(t.app);
    const stranger = await createInvestor(t.app);
    const { order, payment } = await invest(owner);
    await pressOnApprovalPage(t.app, payment.approveUrl, 'pay');
    expectError(await as(stranger)({ method: 'POST', url: '/api/transaction/retry', payload: { orderId: order.id } }), 404, [
      { code: 'NOT_FOUND', context: 'orderId' },
    ]);
    expectError(await returnPage(as(stranger), order.id, tokenOf(payment.approveUrl)), 404, [{ code: 'NOT_FOUND', context: 'id' }]);
    expectError(await returnPage(as(owner), '00000000-0000-4000-8000-000000000000'), 404, [{ code: 'NOT_FOUND', context: 'id' }]);
    expectError(await returnPage(as(owner), order.id, 'NOTAPAYPALORDER1'), 404, [{ code: 'NOT_FOUND', context: 'token' }]);
    expect((await orderRow(order.id)).status).toBe('new');
    expectError(await t.app.inject({ method: 'POST', url: '/api/transaction/retry', payload: { orderId: order.id } }), 401, [{ code: 'UNAUTHORIZED' }]);
  });

  it('retry of a paid order: 409 ORDER_ALREADY_PAID; of an expired one: 409 ORDER_EXPIRED', async () => {
    const investor = await createInvestor(t.app);
    const { order, payment } = await invest(investor);
    await pressOnApprovalPage(t.app, payment.approveUrl, 'pay');
    // The investor never came back: retry finds the approval, captures it, and answers that the order is paid.
    expectError(await as(investor)({ method: 'POST', url: '/api/transaction/retry', payload: { orderId: order.id } }), 409, [
      { code: 'ORDER_ALREADY_PAID', context: 'orderId' },
    ]);
    expect((await orderRow(order.id)).status).toBe('paid');
    expectError(await as(investor)({ method: 'POST', url: '/api/transaction/retry', payload: { orderId: order.id, method: methods.bank } }), 409, [
      { code: 'ORDER_ALREADY_PAID', context: 'orderId' },
    ]);
    expect(await txOf(order.id)).toHaveLength(1);
  });

  it('the webhook alone pays an order whose investor closed the tab after approving', async () => {
    const investor = await createInvestor(t.app);
    const { order, payment } = await invest(investor);
    await pressOnApprovalPage(t.app, payment.approveUrl, 'pay');
    const [approved, ...others] = peer().queue.splice(0);
    expect([approved.event_type, others.length]).toEqual(['CHECKOUT.ORDER.APPROVED', 0]);
    expect(await peer().deliver(approved)).toEqual([200]);
    expect((await orderRow(order.id)).status).toBe('paid');
    // The capture's own event follows and changes nothing.
    expect(peer().queue.map((e) => e.event_type)).toEqual(['PAYMENT.CAPTURE.COMPLETED']);
    await peer().flush();
    expect((await historyOf(order.id)).map((h) => h.reason)).toEqual(['ORDER_CREATED', 'PAYPAL_CAPTURED']);
  });

  it('forged webhooks are refused and nothing is stored: no headers, a made-up signature, a tampered body, another webhook id', async () => {
    const investor = await createInvestor(t.app);
    const { order, payment } = await invest(investor);
    await pressOnApprovalPage(t.app, payment.approveUrl, 'pay');
    const [event] = peer().queue.splice(0);
    const post = (body: string, headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/paypal/webhook', headers: { 'content-type': 'application/json', ...headers }, payload: body });
    const body = JSON.stringify(event);
    expectError(await post(body, {}), 400, [{ code: 'WEBHOOK_NOT_VERIFIED', context: '' }]);
    const signed = peer().sign(body);
    expectError(await post(body, { ...signed, 'paypal-transmission-sig': Buffer.from('x'.repeat(32)).toString('base64') }), 400, [{ code: 'WEBHOOK_NOT_VERIFIED' }]);
    const tampered = JSON.stringify({ ...event, id: 'WH-FORGED-1', event_type: 'PAYMENT.CAPTURE.COMPLETED' });
    expectError(await post(tampered, signed), 400, [{ code: 'WEBHOOK_NOT_VERIFIED' }]);
    expectError(await post(body, peer().sign(body, 'ANOTHER-WEBHOOK')), 400, [{ code: 'WEBHOOK_NOT_VERIFIED' }]);
    expectError(await post('{"id":1}', signed), 400, [{ code: 'WEBHOOK_NOT_VERIFIED' }]);
    expect(await t.database.db.select().from(paypalWebhookEvents).where(eq(paypalWebhookEvents.id, event.id))).toEqual([]);
    expect((await orderRow(order.id)).status).toBe('new');
    // The genuine one, signed by the peer, is accepted.
    expect(await peer().deliver(event)).toEqual([200]);
    expect((await orderRow(order.id)).status).toBe('paid');
  });

  it('duplicate webhooks: one event delivered five times at once is stored and processed once', async () => {
    const investor = await createInvestor(t.app);
    const { order, payment } = await invest(investor);
    await pressOnApprovalPage(t.app, payment.approveUrl, 'pay');
    const [event] = peer().queue.splice(0);
    const before = peer().stats.capturesPerformed;
    expect(await peer().deliver(event, { times: 5 })).toEqual([200, 200, 200, 200, 200]);
    expect(await peer().deliver(event)).toEqual([200]);
    const rows = await t.database.db.select().from(paypalWebhookEvents).where(eq(paypalWebhookEvents.id, event.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'processed', attempts: 1, outcome: 'paid' });
    expect(peer().stats.capturesPerformed).toBe(before + 1);
    expect((await historyOf(order.id)).filter((h) => h.reason === 'PAYPAL_CAPTURED')).toHaveLength(1);
    expect(await paidMails(investor.email)).toHaveLength(1);
  });

  it('amount mismatch: never accepted silently; flagged with the reason in the history, PayPal data kept, once', async () => {
    const investor = await createInvestor(t.app);
    const { order, payment } = await invest(investor);
    const paypalOrderId = tokenOf(payment.approveUrl);
    expect(peer().patchOrder(paypalOrderId, [{ op: 'replace', path: "/purchase_units/@reference_id=='x'/amount", value: { currency_code: 'PLN', value: '1.00' } }], 'test').status).toBe(204);
    await pressOnApprovalPage(t.app, payment.approveUrl, 'pay');
    const answer = expectData(await returnPage(as(investor), order.id));
    expect(answer).toMatchObject({ outcome: 'pending', reason: 'PAYPAL_AMOUNT_MISMATCH', canRetry: false });
    expect(answer.order.status).toBe('new');
    await peer().flush();
    expectData(await returnPage(as(investor), order.id));
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ status: 'new', attentionReason: 'PAYPAL_AMOUNT_MISMATCH' });
    const history = await historyOf(order.id);
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.actor, h.reason])).toEqual([
      [null, 'new', 'investor', 'ORDER_CREATED'],
      ['new', 'new', 'paypal', 'PAYPAL_AMOUNT_MISMATCH'],
    ]);
    expect(history[1].details).toMatchObject({ amount: { currency_code: 'PLN', value: '1.00' }, expected: { value: groszeToDecimalString(order.totalPrice) } });
    const [tx] = await txOf(order.id);
    expect(tx).toMatchObject({ status: 'new', providerStatus: 'COMPLETED', externalId: paypalOrderId });
    expect(tx.captureId).toBeTruthy();
  });

  it('payment after expiry: the return page does not capture; money that lands anyway is paid only with free shares, flagged', async () => {
    // (a) approved, then the order expires before the investor comes back: no capture, "expired".
    clock = new Date();
    const investor = await createInvestor(t.app);
    const a = await invest(investor, 2);
    await pressOnApprovalPage(t.app, a.payment.approveUrl, 'pay');
    peer().queue.splice(0);
    clock = new Date(Date.now() + 100 * HOUR);
    await t.app.orders.expiryWorker.runOnce();
    const before = peer().stats.capturesPerformed;
    const expired = expectData(await returnPage(as(investor), a.order.id));
    expect(expired).toMatchObject({ outcome: 'expired', canRetry: false });
    expect(peer().stats.capturesPerformed).toBe(before);
    expectError(await as(investor)({ method: 'POST', url: '/api/transaction/retry', payload: { orderId: a.order.id } }), 409, [{ code: 'ORDER_EXPIRED', context: 'orderId' }]);

    // (b) captured at PayPal, the order expires before the capture is recorded; shares still free: paid, flagged.
    clock = new Date();
    const b = await invest(investor, 2);
    await pressOnApprovalPage(t.app, b.payment.approveUrl, 'pay');
    peer().queue.splice(0);
    await t.app.paypal.client.captureOrder(tokenOf(b.payment.approveUrl), 'test-direct-b');
    clock = new Date(Date.now() + 100 * HOUR);
    await t.app.orders.expiryWorker.runOnce();
    expect((await orderRow(b.order.id)).status).toBe('cancelled');
    expect(await peer().flush()).toEqual([200]); // PAYMENT.CAPTURE.COMPLETED
    expect(await orderRow(b.order.id)).toMatchObject({ status: 'paid', attentionReason: 'PAYPAL_PAID_AFTER_CANCEL' });
    expect((await historyOf(b.order.id)).map((h) => [h.fromStatus, h.toStatus, h.actor, h.reason])).toEqual([
      [null, 'new', 'investor', 'ORDER_CREATED'],
      ['new', 'cancelled', 'system', 'PAYMENT_EXPIRED'],
      ['cancelled', 'paid', 'paypal', 'PAYPAL_PAID_AFTER_CANCEL'],
    ]);

    // (c) the same, but the shares were sold to someone else meanwhile: stays cancelled, flagged, money recorded.
    clock = new Date();
    const small = await createSeries(t.database.db, 'domy-poznan', 3);
    const smallTarget = { ...target, series: small.id };
    const c = expectData(
      await as(investor)({ method: 'POST', url: '/api/investment', payload: { ...(await orderBody(t.database.db, smallTarget, 3)), thankYouPageUrlPattern: '/pl/x/{orderId}' } }),
      201,
    ) as { order: { id: string }; payment: { approveUrl: string } };
    await pressOnApprovalPage(t.app, c.payment.approveUrl, 'pay');
    peer().queue.splice(0);
    await t.app.paypal.client.captureOrder(tokenOf(c.payment.approveUrl), 'test-direct-c');
    clock = new Date(Date.now() + 100 * HOUR);
    await t.app.orders.expiryWorker.runOnce();
    clock = new Date();
    const other = await createInvestor(t.app);
    expectData(await as(other)({ method: 'POST', url: '/api/investment', payload: await orderBody(t.database.db, { ...smallTarget, method: methods.bank }, 3) }), 201);
    expect(await peer().flush()).toEqual([200]);
    expect(await orderRow(c.order.id)).toMatchObject({ status: 'cancelled', attentionReason: 'PAYPAL_PAID_NO_SHARES' });
    expect((await historyOf(c.order.id)).at(-1)).toMatchObject({ fromStatus: 'cancelled', toStatus: 'cancelled', actor: 'paypal', reason: 'PAYPAL_PAID_NO_SHARES' });
    const [tx] = await txOf(c.order.id);
    expect(tx).toMatchObject({ providerStatus: 'COMPLETED' });
    expect(tx.status).not.toBe('paid');
    const series = await seriesRow(t.database.db, small.id);
    expect(series.soldShares + series.reservedShares).toBe(3);
    const answer = expectData(await returnPage(as(investor), c.order.id));
    expect(answer).toMatchObject({ outcome: 'expired', reason: 'PAYPAL_PAID_NO_SHARES' });
  });

  it('a refund reported by PayPal is kept and flagged for an operator (the order is not changed by itself)', async () => {
    const investor = await createInvestor(t.app);
    const { order, payment } = await invest(investor);
    await pressOnApprovalPage(t.app, payment.approveUrl, 'pay');
    await peer().flush();
    const [tx] = await txOf(order.id);
    expect(tx.status).toBe('paid');
    expect(peer().settleCapture(tx.captureId!, 'refund')).toBe(true);
    expect(await peer().flush()).toEqual([200]);
    expect(await orderRow(order.id)).toMatchObject({ status: 'paid', attentionReason: 'PAYPAL_REFUNDED' });
    expect((await txOf(order.id))[0]).toMatchObject({ status: 'paid', providerStatus: 'REFUNDED' });
  });

  it('sandbox and live: the peer is not registered at all', async () => {
    for (const mode of ['sandbox', 'live'] as const) {
      const other = await t.buildAnotherApp({
        paypal: { ...paypalConfig(), mode, baseUrl: mode === 'sandbox' ? 'https://api-m.sandbox.paypal.com' : 'https://api-m.paypal.com' },
      });
      expect(other.paypalPeer).toBeUndefined();
      for (const url of ['/paypal-peer/checkoutnow?token=X', '/paypal-peer/v1/oauth2/token', '/paypal-peer/peer.css']) {
        expect((await other.inject({ method: url.includes('oauth2') ? 'POST' : 'GET', url })).statusCode).toBe(404);
      }
    }
  });

  it('PayPal unreachable when creating: 502 CAN_CREATE_PAYMENT, the order is kept unpaid and a retry pays it', async () => {
    const broken = await t.buildAnotherApp({ paypal: paypalConfig({ baseUrl: 'http://127.0.0.1:9/paypal-peer', timeoutMs: 2000 }) });
    const investor = await createInvestor(t.app);
    const body = { ...(await orderBody(t.database.db, target, 2)), thankYouPageUrlPattern: '/pl/inwestuj/x/{orderId}' };
    const res = await broken.inject({ method: 'POST', url: '/api/investment', payload: body, headers: { authorization: `Bearer ${investor.accessToken}` } });
    expectError(res, 502, [{ code: 'CAN_CREATE_PAYMENT', context: 'method' }]);
    const [kept] = await t.database.db.select().from(orders).where(and(eq(orders.userId, investor.userId)));
    expect(kept.status).toBe('new');
    const [tx] = await txOf(kept.id);
    expect(tx.externalId).toBeNull();
    const retried = expectData(await as(investor)({ method: 'POST', url: '/api/transaction/retry', payload: { orderId: kept.id } }));
    await pressOnApprovalPage(t.app, retried.payment.approveUrl, 'pay');
    expect(expectData(await returnPage(as(investor), kept.id)).outcome).toBe('paid');
  });
});

it('config: sandbox and live need the credentials and the webhook id; the peer exists only in local mode', async () => {
  const { loadConfig } = await import('../../server/config');
  expect(() => loadConfig({ PAYPAL_MODE: 'sandbox' })).toThrow(/PAYPAL_CLIENT_ID: is required when PAYPAL_MODE=sandbox[\s\S]*PAYPAL_WEBHOOK_ID/);
  const sandbox = loadConfig({ PAYPAL_MODE: 'sandbox', PAYPAL_CLIENT_ID: 'a', PAYPAL_CLIENT_SECRET: 'b', PAYPAL_WEBHOOK_ID: 'c' });
  expect(sandbox.paypal).toMatchObject({ mode: 'sandbox', baseUrl: 'https://api-m.sandbox.paypal.com' });
  expect(loadConfig({ PAYPAL_MODE: 'live', PAYPAL_CLIENT_ID: 'a', PAYPAL_CLIENT_SECRET: 'b', PAYPAL_WEBHOOK_ID: 'c' }).paypal.baseUrl).toBe('https://api-m.paypal.com');
  expect(loadConfig({}).paypal).toMatchObject({ mode: 'local', baseUrl: undefined });
  expect(() => loadConfig({ PAYPAL_MODE: 'test' })).toThrow(/PAYPAL_MODE/);
  expect(testConfig().paypal.mode).toBe('local');
});
