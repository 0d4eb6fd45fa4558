import { and, eq, getTableColumns } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderStatusHistory, orders, transactions } from '../../server/db/schema-orders';
import { exchangeRates, investorClassifications, knowledgeTests } from '../../server/db/schema-protection';
import { transitionOrder } from '../../server/modules/orders/status';
import { QUESTIONNAIRE_VERSION } from '../../server/modules/protection/questionnaire';
import { reflectionDeadline } from '../../server/modules/protection/reflection-period';
import { describeEachDatabase, expectData, expectError } from './helpers';
import { agreementIdsFor, createInvestor, createSeries, methodIds, offerBySlug, seriesRow, type TestInvestor, orderBody } from './orders-support';

// docs/api.md "Investor protection": the knowledge test before the first order, the risk warning of a failed
// test, the large-investment consent at both bounds, and the revocation inside the 4-day reflection period
// with a controllable clock across the change to winter time.

let clock = new Date('2026-10-23T10:00:00Z');

describeEachDatabase('investor protection', { config: { now: () => clock } }, (t) => {
  let offerId: number;
  let agreementIds: number[];
  let bank: number;

  const post = (who: TestInvestor, url: string, payload?: unknown, language = 'en') =>
    t.injectAs(who.accessToken, { method: 'POST', url, ...(payload === undefined ? {} : { payload: payload as object }), headers: { 'content-language': language } });
  const get = (who: TestInvestor, url: string, language = 'en') => t.injectAs(who.accessToken, { method: 'GET', url, headers: { 'content-language': language } });
  const order = async (who: TestInvestor, series: number, quantity: number, extra: Record<string, unknown> = {}) =>
    post(who, '/api/investment', { ...(await orderBody(t.database.db, { offer: offerId, series, method: bank, agreements: agreementIds }, quantity)), ...extra });

  const passing = { pastInvestments: 'unlisted', riskOfLoss: 'total', illiquidity: 'maybeNever', experience: 'no', objectives: 'growth' };
  const simulation = { yearlyIncome: 12_000_000, liquidAssets: 5_000_000, yearlyCommitments: 3_000_000 };

  beforeAll(async () => {
    const green = await offerBySlug(t.database.db, 'zielone-tarasy');
    offerId = green.offer.id;
    agreementIds = (await agreementIdsFor(t.database.db, offerId)).map((a) => a.id);
    bank = (await methodIds(t.database.db)).bank;
    // The operator's rate: 4.2650 PLN per EUR, so EUR 1 000 is PLN 4 265.00.
    await t.database.db.insert(exchangeRates).values({ currency: 'EUR', rate: 42_650, rateDate: '2026-10-22' });
  });

  describe('knowledge test', () => {
    it('a new investor is non-sophisticated, has no result and cannot order until the test is taken', async () => {
      const investor = await createInvestor(t.app, { knowledgeTest: false });
      const series = await createSeries(t.database.db, 'zielone-tarasy', 100);
      const state = expectData(await get(investor, '/api/investor/knowledge-test', 'pl'));
      expect(state.classification).toBe('non_sophisticated');
      expect(state.result).toBeNull();
      expect(state.questionnaire.version).toBe(QUESTIONNAIRE_VERSION);
      const en = expectData(await get(investor, '/api/investor/knowledge-test', 'en'));
      expect(state.questionnaire.questions[1].text).not.toBe(en.questionnaire.questions[1].text);
      expect(state.largeInvestment).toMatchObject({ eurRate: 42_650, eurRateDate: '2026-10-22', threshold: 426_500 });

      expectError(await order(investor, series.id, 1), 403, [{ code: 'KNOWLEDGE_TEST_REQUIRED', context: 'knowledgeTest' }]);
      expect((await seriesRow(t.database.db, series.id)).reservedShares).toBe(0);

      const result = expectData(await post(investor, '/api/investor/knowledge-test', { version: QUESTIONNAIRE_VERSION, answers: passing, simulation }));
      expect(result).toMatchObject({ passed: true, netWorth: 14_000_000, affordableLoss: 1_400_000, allowsOrders: true, version: QUESTIONNAIRE_VERSION });
      expect(new Date(result.expiresAt).getUTCFullYear()).toBe(2028);
      expectData(await order(investor, series.id, 1), 201);
    });

    it('keeps the result, not the answers', () => {
      const columns = Object.keys(getTableColumns(knowledgeTests));
      expect(columns).not.toContain('answers');
      expect(columns).toEqual(expect.arrayContaining(['takenAt', 'version', 'passed', 'netWorth']));
    });

    it('a failed test needs the risk warning acknowledged before an order', async () => {
      const investor = await createInvestor(t.app, { knowledgeTest: false });
      const series = await createSeries(t.database.db, 'zielone-tarasy', 100);
      const failed = expectData(await post(investor, '/api/investor/knowledge-test', { version: QUESTIONNAIRE_VERSION, answers: { ...passing, riskOfLoss: 'guaranteed' }, simulation }));
      expect(failed).toMatchObject({ passed: false, allowsOrders: false, riskWarningAcknowledgedAt: null });
      expectError(await order(investor, series.id, 1), 403, [{ code: 'RISK_WARNING_NOT_ACKNOWLEDGED', context: 'knowledgeTest' }]);
      const acknowledged = expectData(await post(investor, '/api/investor/knowledge-test/acknowledge-risk'));
      expect(acknowledged).toMatchObject({ passed: false, allowsOrders: true, riskWarningAcknowledgedAt: clock.toISOString() });
      expectData(await order(investor, series.id, 1), 201);
    });

    it('a lapsed test sends the investor back to it', async () => {
      const investor = await createInvestor(t.app, { knowledgeTest: false });
      const series = await createSeries(t.database.db, 'zielone-tarasy', 100);
      await t.database.db.insert(knowledgeTests).values({
        userId: investor.userId, takenAt: new Date('2024-10-01T00:00:00Z'), version: QUESTIONNAIRE_VERSION, language: 'pl', passed: true, netWorth: 1, expiresAt: new Date('2026-10-01T00:00:00Z'),
      });
      expectError(await order(investor, series.id, 1), 403, [{ code: 'KNOWLEDGE_TEST_REQUIRED', context: 'knowledgeTest' }]);
      expect(expectData(await get(investor, '/api/investor/knowledge-test')).result.allowsOrders).toBe(false);
    });

    it('refuses another version and answers that are not the options', async () => {
      const investor = await createInvestor(t.app, { knowledgeTest: false });
      expectError(await post(investor, '/api/investor/knowledge-test', { version: '1999.1', answers: passing, simulation }), 409, [{ code: 'KNOWLEDGE_TEST_VERSION_CHANGED', context: 'version' }]);
      expectError(await post(investor, '/api/investor/knowledge-test', { version: QUESTIONNAIRE_VERSION, answers: { ...passing, illiquidity: 'total' }, simulation }), 400, [{ code: 'VALUE_NOT_VALID', context: 'answers.illiquidity' }]);
      expect(await t.database.db.select().from(knowledgeTests).where(eq(knowledgeTests.userId, investor.userId))).toEqual([]);
    });

    it('a sophisticated investor (approved, review not due) is not asked; a lapsed review asks again', async () => {
      const investor = await createInvestor(t.app, { knowledgeTest: false });
      const series = await createSeries(t.database.db, 'zielone-tarasy', 100);
      await t.database.db.insert(investorClassifications).values({ userId: investor.userId, classification: 'sophisticated', decidedAt: clock, reviewDueAt: new Date('2028-10-01T00:00:00Z') });
      expect(expectData(await get(investor, '/api/investor/knowledge-test')).classification).toBe('sophisticated');
      const created = expectData(await order(investor, series.id, 1), 201);
      const [stored] = await t.database.db.select().from(orders).where(eq(orders.id, created.order.id));
      expect(stored.protection).toBeNull();
      await t.database.db.update(investorClassifications).set({ reviewDueAt: new Date('2026-01-01T00:00:00Z') }).where(eq(investorClassifications.userId, investor.userId));
      expectError(await order(investor, series.id, 1), 403, [{ code: 'KNOWLEDGE_TEST_REQUIRED', context: 'knowledgeTest' }]);
    });

    it('an operator cannot take it, an anonymous caller is asked to sign in', async () => {
      const operator = await createInvestor(t.app, { role: 'operator' });
      expectError(await get(operator, '/api/investor/knowledge-test'), 403, [{ code: 'FORBIDDEN', context: '' }]);
      expectError(await t.app.inject({ method: 'GET', url: '/api/investor/knowledge-test' }), 401, [{ code: 'UNAUTHORIZED', context: '' }]);
    });
  });

  describe('large-investment warning', () => {
    // One grosz a share, so the amount in grosze is the quantity and both bounds can be hit exactly.
    let series: number;
    beforeAll(async () => {
      series = (await createSeries(t.database.db, 'zielone-tarasy', 10_000_000, { pricePerShare: 1 })).id;
    });

    it('EUR 1 000 converted is the bound when higher than 5% of the net worth', async () => {
      const investor = await createInvestor(t.app, { knowledgeTest: { passed: true, netWorth: 5_000_000 } }); // 5% = 250 000
      const atBound = expectData(await order(investor, series, 426_500), 201);
      expect(atBound.order.totalPrice ?? atBound.order.amount).toBeDefined();
      const [stored] = await t.database.db.select().from(orders).where(eq(orders.id, atBound.order.id));
      expect(stored.protection).toMatchObject({ largeInvestment: null });
      expectError(await order(investor, series, 426_501), 400, [{ code: 'LARGE_INVESTMENT_CONSENT_REQUIRED', context: 'largeInvestmentConsent' }]);
    });

    it('5% of the net worth is the bound when higher; the consent is stored with the order', async () => {
      const investor = await createInvestor(t.app, { knowledgeTest: { passed: true, netWorth: 40_000_000 } }); // 5% = 2 000 000
      expectData(await order(investor, series, 2_000_000), 201);
      expectError(await order(investor, series, 2_000_001), 400, [{ code: 'LARGE_INVESTMENT_CONSENT_REQUIRED', context: 'largeInvestmentConsent' }]);
      const consented = expectData(await order(investor, series, 2_000_001, { largeInvestmentConsent: true }), 201);
      const [stored] = await t.database.db.select().from(orders).where(eq(orders.id, consented.order.id));
      expect(stored.protection?.largeInvestment).toEqual({ threshold: 2_000_000, eurRate: 42_650, eurRateDate: '2026-10-22', netWorth: 40_000_000, consentedAt: clock.toISOString() });
      expect(stored.protection?.knowledgeTestId).toEqual(expect.any(Number));
    });
  });

  describe('key investment information sheet', () => {
    it('is a PDF per language; the acknowledged version is stored with the order; a changed sheet is refused', async () => {
      const investor = await createInvestor(t.app);
      const series = await createSeries(t.database.db, 'zielone-tarasy', 100);
      const pl = expectData(await t.app.inject({ method: 'GET', url: `/api/offer/${offerId}/kiis?language=pl` }));
      const en = expectData(await t.app.inject({ method: 'GET', url: `/api/offer/${offerId}/kiis?language=en` }));
      expect(pl.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(pl.hash).not.toBe(en.hash);
      expect(pl.url).toBe(`/api/offer/${offerId}/kiis.pdf?language=pl&version=${pl.version}`);
      const pdf = await t.app.inject({ method: 'GET', url: pl.url });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      // the same sheet again: the same version
      expect(expectData(await t.app.inject({ method: 'GET', url: `/api/offer/${offerId}/kiis?language=pl` })).hash).toBe(pl.hash);
      expectError(await t.app.inject({ method: 'GET', url: '/api/offer/999999/kiis' }), 404, [{ code: 'NOT_FOUND', context: 'id' }]);

      const made = expectData(await order(investor, series.id, 1, { kiisHash: en.hash }), 201);
      const [row] = await t.database.db.select().from(orders).where(eq(orders.id, made.order.id));
      expect(row.protection?.kiis).toEqual({ hash: en.hash, language: 'en' });

      expectError(await order(investor, series.id, 1, { kiisHash: 'f'.repeat(64) }), 400, [{ code: 'KIIS_CHANGED', context: 'kiisHash' }]);
      expect((await seriesRow(t.database.db, series.id)).reservedShares).toBe(1);
    });
  });

  describe('revocation in the reflection period', () => {
    const placedAt = new Date('2026-10-23T10:00:00Z'); // Friday noon in Warsaw (summer time)
    const deadline = reflectionDeadline(placedAt); // Tuesday noon in Warsaw (winter time): 97 hours later

    it('ends at the same Warsaw time 4 days later, across the change to winter time', () => {
      expect(deadline.toISOString()).toBe('2026-10-27T11:00:00.000Z');
    });

    it('an unpaid order is revoked at the last second: cancelled, shares back, the reason in its history', async () => {
      const investor = await createInvestor(t.app);
      const series = await createSeries(t.database.db, 'zielone-tarasy', 10);
      clock = placedAt;
      const created = expectData(await order(investor, series.id, 3), 201);
      expect((await seriesRow(t.database.db, series.id)).reservedShares).toBe(3);

      const other = await createInvestor(t.app);
      clock = deadline;
      expectError(await post(other, `/api/order/${created.order.id}/revoke`), 404, [{ code: 'NOT_FOUND', context: 'id' }]);

      expect(expectData(await post(investor, `/api/order/${created.order.id}/revoke`))).toEqual({ status: 'cancelled', refundDue: false, refundMethod: null, refundExpectedBy: null });
      const row = await seriesRow(t.database.db, series.id);
      expect([row.reservedShares, row.soldShares]).toEqual([0, 0]);
      const history = await t.database.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, created.order.id));
      expect(history.map((h) => [h.fromStatus, h.toStatus, h.actor, h.reason])).toContainEqual(['new', 'cancelled', 'investor', 'INVESTOR_REVOKED']);
      expectError(await post(investor, `/api/order/${created.order.id}/revoke`), 409, [{ code: 'INVALID_STATUS_CHANGE', context: 'status' }]);
    });

    it('a paid order is revoked and flagged for refund', async () => {
      const investor = await createInvestor(t.app);
      const series = await createSeries(t.database.db, 'zielone-tarasy', 10);
      clock = placedAt;
      const created = expectData(await order(investor, series.id, 2), 201);
      await t.database.db.transaction((tx) => transitionOrder(tx, { orderId: created.order.id, from: 'new', to: 'paid', actor: 'bank', reason: 'BANK_TRANSFER_MATCHED', at: placedAt }));
      await t.database.db.update(transactions).set({ status: 'paid' }).where(eq(transactions.orderId, created.order.id));
      expect((await seriesRow(t.database.db, series.id)).soldShares).toBe(2);

      clock = new Date(placedAt.getTime() + 3600_000);
      expect(expectData(await post(investor, `/api/order/${created.order.id}/revoke`, undefined, 'pl'))).toMatchObject({ status: 'cancelled', refundDue: true, refundMethod: 'BankTransfer' });
      const [stored] = await t.database.db.select().from(orders).where(eq(orders.id, created.order.id));
      expect([stored.status, stored.attentionReason]).toEqual(['cancelled', 'REFUND_DUE_REVOKED']);
      expect((await seriesRow(t.database.db, series.id)).soldShares).toBe(0);
      const [entry] = await t.database.db
        .select()
        .from(orderStatusHistory)
        .where(and(eq(orderStatusHistory.orderId, created.order.id), eq(orderStatusHistory.reason, 'INVESTOR_REVOKED')));
      expect(entry.details).toMatchObject({ refundDue: true, amount: stored.totalPrice, method: 'BankTransfer' });
    });

    it('is refused one second after the period, in the investor language', async () => {
      const investor = await createInvestor(t.app);
      const series = await createSeries(t.database.db, 'zielone-tarasy', 10);
      clock = placedAt;
      const created = expectData(await order(investor, series.id, 1), 201);
      clock = new Date(deadline.getTime() + 1000);
      const res = await post(investor, `/api/order/${created.order.id}/revoke`, undefined, 'pl');
      expectError(res, 409, [{ code: 'REFLECTION_PERIOD_OVER', context: 'id' }]);
      expect(res.json().errors[0].message).toMatch(/okres namysłu/);
      expect((await seriesRow(t.database.db, series.id)).reservedShares).toBe(1);
    });
  });
  describe('the operator EUR rate', () => {
    // Last in this file: it changes the rate the cases above check against.
    it('an operator sets it with its date and a reason; the threshold follows; a bad rate is refused', async () => {
      const operator = await createInvestor(t.app, { role: 'operator' });
      const investor = await createInvestor(t.app, { knowledgeTest: { passed: true, netWorth: 1_000 } });
      const put = (payload: object) => t.injectAs(operator.accessToken, { method: 'PUT', url: '/api/operator/exchange-rate', payload, headers: { 'content-language': 'en' } });
      expect(expectData(await put({ rate: 43_001, rateDate: '2026-10-23', reason: 'NBP table 206/A/NBP/2026' }))).toEqual({ rate: 43_001, rateDate: '2026-10-23' });
      expect(expectData(await t.injectAs(operator.accessToken, { method: 'GET', url: '/api/operator/exchange-rate' }))).toEqual({ rate: 43_001, rateDate: '2026-10-23' });
      expect(expectData(await get(investor, '/api/investor/knowledge-test')).largeInvestment).toEqual({ eurRate: 43_001, eurRateDate: '2026-10-23', threshold: 430_010 });
      expectError(await put({ rate: 4.3, rateDate: '2026-10-23', reason: 'x' }), 400, [{ code: 'VALUE_NOT_VALID', context: 'rate' }]);
      expectError(await put({ rate: 43_000, rateDate: '23.10.2026', reason: 'x' }), 400, [{ code: 'VALUE_NOT_VALID', context: 'rateDate' }]);
      expectError(await get(investor, '/api/operator/exchange-rate'), 403, [{ code: 'FORBIDDEN', context: '' }]);
    });
  });
});
