import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../server/db/schema';
import { operatorAuditLog } from '../../server/db/schema-backoffice';
import { mailOutbox } from '../../server/db/schema-accounts';
import { camt053 } from '../support/statements';
import { describeEachDatabase, expectData, expectError, type TokenPair } from './helpers';
import { backofficeFixture, base64, expireOrder, orderRowOf, placeOrder, seriesOf, transactionsOf, type Fixture } from './operator-support';

// Operator actions on orders (record a transfer, cancel, complete; invalid moves; two operators at once),
// resolving exceptions, offers, investors, overview, CSV, audit log; and every /api/operator/* route
// refusing anonymous callers (401) and investors (403).

/** Every operator route the app registers, read from the router (so a new route cannot miss the matrix). */
function operatorRoutes(printed: string): { method: string; url: string }[] {
  const found: { method: string; url: string }[] = [];
  const stack: string[] = [];
  for (const line of printed.split('\n')) {
    const m = /^([│ ]*)[├└]── (\S+) \(([^)]+)\)/.exec(line);
    if (!m) continue;
    const depth = m[1].length / 4;
    stack.length = depth;
    stack.push(m[2]);
    const path = stack.join('');
    if (!path.startsWith('/api/operator/')) continue;
    for (const method of m[3].split(',').map((x) => x.trim())) {
      if (method !== 'HEAD') found.push({ method, url: path.replace(/:id/g, '1') });
    }
  }
  return found;
}

describeEachDatabase('operator: back office', {}, (t) => {
  let operator: TokenPair;
  let investor: TokenPair;
  let f: Fixture;

  beforeAll(async () => {
    operator = await t.login('operator');
    investor = await t.login('investor');
    f = await backofficeFixture(t.app, 50, 20_000);
  });

  const asOperator = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => t.injectAs(operator, { method, url, payload });
  const act = (id: string, action: string, payload: object) => asOperator('POST', `/api/operator/orders/${id}/${action}`, payload);

  describe('access', () => {
    it('every /api/operator route answers 401 to anonymous callers and 403 to investors', async () => {
      const routes = operatorRoutes(t.app.printRoutes({ commonPrefix: false }));
      expect(routes.length).toBeGreaterThanOrEqual(24);
      for (const route of routes) {
        const method = route.method as 'GET';
        const anonymous = await t.app.inject({ method, url: route.url, payload: method === 'GET' ? undefined : {} });
        expect(anonymous.statusCode, `${route.method} ${route.url} anonymous`).toBe(401);
        const asInvestor = await t.injectAs(investor, { method, url: route.url, payload: method === 'GET' ? undefined : {} });
        expect(asInvestor.statusCode, `${route.method} ${route.url} investor`).toBe(403);
      }
    });
  });

  describe('orders', () => {
    it('records a transfer by hand, then completes; history, transactions and audit say who and why', async () => {
      const order = await placeOrder(t.app, f, 2);
      const before = await seriesOf(t.app, f.seriesId);
      expectError(await act(order.id, 'record-transfer', { expectedVersion: 0 }), 400, [{ code: 'IS_EMPTY', context: 'reason' }]);
      const paid = expectData(await act(order.id, 'record-transfer', { expectedVersion: 0, reason: 'Przelew widoczny w banku', bankReference: 'MANUAL-1' }));
      expect(paid.status).toBe('paid');
      expect(paid.version).toBe(1);
      expect(paid.history.at(-1)).toMatchObject({ from: 'new', to: 'paid', actor: 'operator', actorEmail: 'operator@example.com', reason: 'OPERATOR_RECORDED_TRANSFER', note: 'Przelew widoczny w banku' });
      expect(paid.transactions.filter((x: { status: string }) => x.status === 'paid')).toEqual([expect.objectContaining({ externalId: 'MANUAL-1', amount: order.totalPrice })]);
      const after = await seriesOf(t.app, f.seriesId);
      expect(after.soldShares - before.soldShares).toBe(2);

      // Completing needs the current version.
      expectError(await act(order.id, 'complete', { expectedVersion: 0, reason: 'x' }), 409, [{ code: 'ORDER_STATUS_CHANGED' }]);
      const done = expectData(await act(order.id, 'complete', { expectedVersion: 1, reason: 'Udziały wydane' }));
      expect(done.status).toBe('completed');
      expect((await transactionsOf(t.app, order.id)).map((x) => x.status)).toContain('completed');

      const audit = await t.app.db.select().from(operatorAuditLog).where(eq(operatorAuditLog.entityId, order.id));
      expect(audit.map((a) => a.action).sort()).toEqual(['order.complete', 'order.record-transfer']);
      expect(audit.find((a) => a.action === 'order.complete')).toMatchObject({ reason: 'Udziały wydane', before: expect.objectContaining({ status: 'paid' }), after: expect.objectContaining({ status: 'completed' }) });
    });

    it('refuses invalid moves with 409 INVALID_STATUS_CHANGE and changes nothing', async () => {
      const order = await placeOrder(t.app, f, 1);
      expectError(await act(order.id, 'complete', { expectedVersion: 0, reason: 'za wcześnie' }), 409, [{ code: 'INVALID_STATUS_CHANGE' }]);
      const row = await orderRowOf(t.app, order.id);
      expect(row).toMatchObject({ status: 'new', version: 0 });
      expectError(await act(randomUUID(), 'cancel', { expectedVersion: 0, reason: 'x' }), 404, [{ code: 'NOT_FOUND', context: 'id' }]);
    });

    it('cancels (shares return) and refuses to cancel twice', async () => {
      const order = await placeOrder(t.app, f, 3);
      const before = await seriesOf(t.app, f.seriesId);
      const cancelled = expectData(await act(order.id, 'cancel', { expectedVersion: 0, reason: 'Klient zrezygnował' }));
      expect(cancelled.status).toBe('cancelled');
      const after = await seriesOf(t.app, f.seriesId);
      expect(before.reservedShares - after.reservedShares).toBe(3);
      expect((await transactionsOf(t.app, order.id)).every((x) => x.status === 'rejected')).toBe(true);
      expectError(await act(order.id, 'cancel', { expectedVersion: 1, reason: 'again' }), 409, [{ code: 'INVALID_STATUS_CHANGE' }]);
    });

    it('two operators acting on one order at once: exactly one wins, the other gets 409 ORDER_STATUS_CHANGED', async () => {
      const order = await placeOrder(t.app, f, 1);
      const other = await t.buildAnotherApp();
      const second = await other.inject({ method: 'POST', url: '/api/token', payload: { grantType: 'password', email: 'operator@example.com', password: 'Operator123', clientId: 'web-spa', clientSecret: 'web-spa-secret' } });
      const token = second.json().data.accessToken;
      const [a, b] = await Promise.all([
        act(order.id, 'cancel', { expectedVersion: 0, reason: 'operator A' }),
        other.inject({ method: 'POST', url: `/api/operator/orders/${order.id}/record-transfer`, headers: { authorization: `Bearer ${token}` }, payload: { expectedVersion: 0, reason: 'operator B' } }),
      ]);
      const statuses = [a.statusCode, b.statusCode].sort();
      expect(statuses).toEqual([200, 409]);
      const loser = a.statusCode === 409 ? a : b;
      expect(loser.json().errors[0].code).toBe('ORDER_STATUS_CHANGED');
      const row = await orderRowOf(t.app, order.id);
      expect(row.version).toBe(1);
      const audit = await t.app.db.select().from(operatorAuditLog).where(eq(operatorAuditLog.entityId, order.id));
      expect(audit).toHaveLength(1);
    });

    it('lists with search (reference, e-mail, name) and filters, paged; detail 404 for unknown ids', async () => {
      const order = await placeOrder(t.app, f, 1);
      const byRef = expectData(await asOperator('GET', `/api/operator/orders?q=${encodeURIComponent(order.reference.toLowerCase().replace(/-/g, ' '))}`));
      expect(byRef.items.map((o: { id: string }) => o.id)).toEqual([order.id]);
      const byEmail = expectData(await asOperator('GET', `/api/operator/orders?q=${encodeURIComponent(f.investor.email.toUpperCase())}&pagination[pageSize]=100`));
      expect(byEmail.items.length).toBeGreaterThan(1);
      expect(byEmail.items.every((o: { investor: { email: string } }) => o.investor.email === f.investor.email)).toBe(true);
      const byName = expectData(await asOperator('GET', `/api/operator/orders?q=jan%20kowalski&status=new&offer=${f.offerId}&method=BankTransfer&pagination[pageSize]=1`));
      expect(byName.items.length).toBe(1);
      expect(byName.pagination.totalItems).toBeGreaterThanOrEqual(2);
      expect(byName.pagination.totalPages).toBe(byName.pagination.totalItems);
      expect(byName.items.every((o: { status: string }) => o.status === 'new')).toBe(true);
      const today = new Date().toISOString().slice(0, 10);
      const dated = expectData(await asOperator('GET', `/api/operator/orders?from=${today}&to=${today}&pagination[pageSize]=100`));
      expect(dated.items.some((o: { id: string }) => o.id === order.id)).toBe(true);
      const none = expectData(await asOperator('GET', `/api/operator/orders?to=2000-01-01`));
      expect(none.items).toEqual([]);
      expectError(await asOperator('GET', '/api/operator/orders?status=lost'), 400, [{ code: 'VALUE_NOT_VALID', context: 'status' }]);
      expectError(await asOperator('GET', `/api/operator/orders/${randomUUID()}`), 404, [{ code: 'NOT_FOUND', context: 'id' }]);
    });

    it('exports orders and payments as CSV with a UTF-8 BOM', async () => {
      const res = await asOperator('GET', `/api/operator/exports/orders.csv?offer=${f.offerId}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
      expect(res.headers['content-disposition']).toMatch(/attachment; filename="zamowienia.csv"/);
      expect(res.body.startsWith('\ufeffNumer zamówienia;')).toBe(true);
      expect(res.body).toContain(f.investor.email);
      const pay = await t.injectAs(operator, { method: 'GET', url: '/api/operator/exports/payments.csv', headers: { 'accept-language': 'en' } });
      expect(pay.statusCode).toBe(200);
      expect(pay.body.startsWith('\ufeffDate,Order reference,')).toBe(true);
      expect(pay.body).toContain('MANUAL-1');
    });
  });

  describe('exceptions', () => {
    const importLines = async (lines: Parameters<typeof camt053>[0]['lines'], id: string) =>
      expectData(await asOperator('POST', '/api/operator/statements', { fileName: `${id}.xml`, contentBase64: base64(camt053({ id, lines })) }));

    it('accepts an underpaid transfer (order paid), attaches an unknown one to another order, and marks one refund needed', async () => {
      const under = await placeOrder(t.app, f, 1);
      const target = await placeOrder(t.app, f, 1);
      const tag = randomUUID().slice(0, 8);
      const result = await importLines(
        [
          { ref: `EX-${tag}-1`, amount: under.totalPrice - 1, title: under.reference },
          { ref: `EX-${tag}-2`, amount: target.totalPrice, title: 'za udzialy, numer zgubilem' },
          { ref: `EX-${tag}-3`, amount: 999, title: 'pomylka' },
        ],
        `EX-${tag}`,
      );
      const [e1, e2, e3] = result.lines.map((l: { exception: { id: number } }) => l.exception.id);
      const resolve = (id: number, body: object) => asOperator('POST', `/api/operator/exceptions/${id}/resolve`, body);

      expectError(await resolve(e1, { resolution: 'accept' }), 400, [{ code: 'IS_EMPTY', context: 'reason' }]);
      const accepted = expectData(await resolve(e1, { resolution: 'accept', reason: 'Różnica 1 gr, akceptujemy' }));
      expect(accepted).toMatchObject({ status: 'resolved', resolution: 'accepted', resolvedBy: 'operator@example.com', resolvedOrder: { id: under.id, status: 'paid' } });
      expect((await orderRowOf(t.app, under.id)).status).toBe('paid');
      expectError(await resolve(e1, { resolution: 'refund_needed', reason: 'again' }), 409, [{ code: 'EXCEPTION_ALREADY_RESOLVED' }]);

      expectError(await resolve(e2, { resolution: 'accept', reason: 'x' }), 409, [{ code: 'EXCEPTION_HAS_NO_ORDER' }]);
      expectError(await resolve(e2, { resolution: 'attach', reason: 'x', orderReference: 'ES-12' }), 400, [{ code: 'VALUE_NOT_VALID', context: 'orderReference' }]);
      const attached = expectData(await resolve(e2, { resolution: 'attach', reason: 'Klient podał numer telefonicznie', orderReference: target.reference.toLowerCase() }));
      expect(attached).toMatchObject({ resolution: 'attached', resolvedOrder: { id: target.id, status: 'paid' } });
      const detail = expectData(await asOperator('GET', `/api/operator/orders/${target.id}`));
      expect(detail.history.at(-1)).toMatchObject({ reason: 'OPERATOR_ATTACHED_PAYMENT', actor: 'operator' });
      expect(detail.statementLines).toHaveLength(1);

      const refund = expectData(await resolve(e3, { resolution: 'refund_needed', reason: 'Zwrot na rachunek nadawcy' }));
      expect(refund).toMatchObject({ resolution: 'refund_needed', resolvedOrder: null });

      const open = expectData(await asOperator('GET', '/api/operator/exceptions?status=open&pagination[pageSize]=100'));
      expect(open.items.map((e: { id: number }) => e.id)).not.toContain(e1);
    });

    it('accepting a late payment for a cancelled order makes it paid only while its shares are free', async () => {
      const small = await backofficeFixture(t.app, 2, 10_000);
      const late = await placeOrder(t.app, small, 2);
      await expireOrder(t.app, late.id);
      const tag = randomUUID().slice(0, 8);
      const first = await importLines([{ ref: `LATE-${tag}`, amount: late.totalPrice, title: late.reference }], `LATE-${tag}`);
      expect(first.lines[0].exception.reason).toBe('ORDER_EXPIRED_OR_CANCELLED');
      // Someone else takes the shares meanwhile.
      const taker = await placeOrder(t.app, small, 2);
      expectError(await asOperator('POST', `/api/operator/exceptions/${first.lines[0].exception.id}/resolve`, { resolution: 'accept', reason: 'late' }), 409, [
        { code: 'NOT_ENOUGH_SHARES_AVAILABLE' },
      ]);
      expect((await orderRowOf(t.app, late.id)).status).toBe('cancelled');
      await t.injectAs(operator, { method: 'POST', url: `/api/operator/orders/${taker.id}/cancel`, payload: { expectedVersion: 0, reason: 'free the shares' } });
      const ok = expectData(await asOperator('POST', `/api/operator/exceptions/${first.lines[0].exception.id}/resolve`, { resolution: 'accept', reason: 'late but fine' }));
      expect(ok.resolvedOrder.status).toBe('paid');
      expect((await seriesOf(t.app, small.seriesId)).soldShares).toBe(2);
    });
  });

  describe('offers, investors, overview, audit', () => {
    it('edits investment fields; a series total below sold + reserved is refused', async () => {
      const offers = expectData(await asOperator('GET', '/api/operator/offers'));
      const offer = offers.find((o: { id: number }) => o.id === f.offerId);
      const series = offer.series.find((s: { id: number }) => s.id === f.seriesId);
      const taken = series.soldShares + series.reservedShares;
      expect(taken).toBeGreaterThan(0);
      expectError(await asOperator('PATCH', `/api/operator/offers/${f.offerId}`, { reason: 'x', series: [{ id: f.seriesId, totalShares: taken - 1 }] }), 409, [
        { code: 'SERIES_TOTAL_BELOW_TAKEN', context: 'series.0.totalShares' },
      ]);
      expectError(await asOperator('PATCH', `/api/operator/offers/${f.offerId}`, { reason: 'x', investmentStart: '2030-01-01T00:00:00Z', investmentEnd: '2029-01-01T00:00:00Z' }), 400, [
        { code: 'INVESTMENT_WINDOW_NOT_VALID', context: 'investmentEnd' },
      ]);
      const edited = expectData(await asOperator('PATCH', `/api/operator/offers/${f.offerId}`, { reason: 'Nowa pula', series: [{ id: f.seriesId, totalShares: taken, minStocks: 1, pricePerShare: 25_000 }] }));
      expect(edited.series.find((s: { id: number }) => s.id === f.seriesId)).toMatchObject({ totalShares: taken, pricePerShare: 25_000 });
      const audit = expectData(await asOperator('GET', `/api/operator/audit-log?entityType=offer&entityId=${f.offerId}`));
      expect(audit.items[0]).toMatchObject({ action: 'offer.updated', reason: 'Nowa pula', actorEmail: 'operator@example.com' });
      expect(audit.items[0].before.series).toBeDefined();
    });

    it('unpublishes and publishes with a preview link that shows the unpublished offer', async () => {
      const offers = expectData(await asOperator('GET', '/api/operator/offers'));
      const offer = offers.find((o: { key: string }) => o.key === 'dom-nad-jeziorem') ?? offers[1];
      expectData(await asOperator('PATCH', `/api/operator/offers/${offer.id}`, { reason: 'przerwa', published: false }));
      expect((await t.app.inject({ method: 'GET', url: `/api/offers/${offer.slug.pl}` })).statusCode).toBe(404);
      const link = expectData(await asOperator('POST', `/api/operator/offers/${offer.id}/preview-link`));
      expect(link.urls.pl).toContain(`/pl/inwestycja/${offer.slug.pl}?previewToken=`);
      expect((await t.app.inject({ method: 'GET', url: `/api/offers/${offer.slug.pl}?previewToken=${link.token}` })).statusCode).toBe(200);
      expectData(await asOperator('PATCH', `/api/operator/offers/${offer.id}`, { reason: 'wraca', published: true }));
      expect((await t.app.inject({ method: 'GET', url: `/api/offers/${offer.slug.pl}` })).statusCode).toBe(200);
    });

    it('lists and searches investors, shows one with orders, resends activation to an inactive one', async () => {
      const list = expectData(await asOperator('GET', `/api/operator/investors?q=${encodeURIComponent(f.investor.email)}`));
      expect(list.items).toHaveLength(1);
      expect(list.items[0].ordersCount).toBeGreaterThan(0);
      const one = expectData(await asOperator('GET', `/api/operator/investors/${f.investor.userId}`));
      expect(one.orders.length).toBe(list.items[0].ordersCount);
      expectError(await asOperator('POST', `/api/operator/investors/${f.investor.userId}/resend-activation`), 409, [{ code: 'ACCOUNT_ALREADY_ACTIVE' }]);
      const [inactive] = await t.app.db.select().from(users).where(eq(users.email, 'inactive@example.com'));
      const before = (await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'inactive@example.com'))).length;
      expect(expectData(await asOperator('POST', `/api/operator/investors/${inactive.id}/resend-activation`))).toEqual({ sent: true });
      const after = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'inactive@example.com'));
      expect(after.length).toBe(before + 1);
      expect(after.at(-1)!.kind).toBe('activation');
      expectError(await asOperator('GET', `/api/operator/investors/${randomUUID()}`), 404, [{ code: 'NOT_FOUND', context: 'id' }]);
    });

    it('overview: raised vs target and shares left per offer, pending payments, open exceptions', async () => {
      const overview = expectData(await asOperator('GET', '/api/operator/overview'));
      const mine = overview.offers.find((o: { id: number }) => o.id === f.offerId);
      expect(mine.raised).toBeGreaterThan(0);
      expect(mine.sharesLeft).toBe(mine.sharesTotal - mine.sharesSold - mine.sharesReserved);
      expect(overview.pendingPayments.count).toBeGreaterThan(0);
      expect(overview.openExceptions).toBeGreaterThanOrEqual(0);
    });

    it('site settings changes are audited', async () => {
      expectData(await asOperator('PATCH', '/api/operator/site-settings', { maintenanceModeTitle: { pl: 'Przerwa', en: 'Break' } }));
      const audit = expectData(await asOperator('GET', '/api/operator/audit-log?entityType=siteSettings'));
      expect(audit.items[0]).toMatchObject({ action: 'siteSettings.updated', after: { maintenanceModeTitle: { pl: 'Przerwa', en: 'Break' } } });
    });
  });
});
