import { beforeAll, describe, expect, it } from 'vitest';
import { investorClassifications } from '../../server/db/schema-protection';
import { QUESTIONNAIRE_VERSION } from '../../server/modules/protection/questionnaire';
import { describeEachDatabase, expectData, expectError, type TokenPair } from './helpers';
import { agreementIdsFor, orderBody, createInvestor, createSeries, methodIds, offerBySlug, type TestInvestor } from './orders-support';

// docs/api.md "Back office": the investor-protection records an operator sees on an investor (classification,
// knowledge tests, large-investment consents, revocations) and their CSV export for the regulator.

const clock = new Date('2026-10-23T10:00:00Z');

describeEachDatabase('operator: investor-protection records', { config: { now: () => clock } }, (t) => {
  let operator: TokenPair;
  let investor: TestInvestor;
  let other: TestInvestor;
  let consentedRef: string;
  let revokedRef: string;
  let revokedId: string;
  let consentedId: string;

  const post = (who: TestInvestor, url: string, payload?: object) =>
    t.injectAs(who.accessToken, { method: 'POST', url, ...(payload ? { payload } : {}), headers: { 'content-language': 'en' } });
  const csv = (query = '', language = 'pl') =>
    t.injectAs(operator, { method: 'GET', url: `/api/operator/exports/investor-protection.csv${query}`, headers: { 'accept-language': language } });

  beforeAll(async () => {
    operator = await t.login('operator');
    const { offer } = await offerBySlug(t.database.db, 'zielone-tarasy');
    const agreements = (await agreementIdsFor(t.database.db, offer.id)).map((a) => a.id);
    const { bank } = await methodIds(t.database.db);
    // One grosz a share: the amount in grosze is the quantity.
    const series = await createSeries(t.database.db, 'zielone-tarasy', 10_000_000, { pricePerShare: 1 });
    const order = async (quantity: number, extra: object = {}) =>
      post(investor, '/api/investment', { ...(await orderBody(t.database.db, { offer: offer.id, series: series.id, method: bank, agreements }, quantity)), ...extra });

    investor = await createInvestor(t.app, { knowledgeTest: false });
    other = await createInvestor(t.app, { email: `other-${Date.now()}@example.com` });
    // Approved once, but the review lapsed: on the record as sophisticated, in force as non-sophisticated.
    await t.database.db
      .insert(investorClassifications)
      .values({ userId: investor.userId, classification: 'sophisticated', decidedAt: new Date('2024-01-01T00:00:00Z'), reviewDueAt: new Date('2026-01-01T00:00:00Z') });
    const answers = { pastInvestments: 'unlisted', riskOfLoss: 'guaranteed', illiquidity: 'maybeNever', experience: 'no', objectives: 'growth' };
    const simulation = { yearlyIncome: 40_000_000, liquidAssets: 0, yearlyCommitments: 0 }; // 5% = 2 000 000
    expectData(await post(investor, '/api/investor/knowledge-test', { version: QUESTIONNAIRE_VERSION, answers, simulation }));
    expectData(await post(investor, '/api/investor/knowledge-test/acknowledge-risk'));
    const consented = expectData(await order(2_000_001, { largeInvestmentConsent: true }), 201);
    consentedRef = consented.order.reference;
    consentedId = consented.order.id;
    const revoked = expectData(await order(5), 201);
    revokedRef = revoked.order.reference;
    revokedId = revoked.order.id;
    expectData(await post(investor, `/api/order/${revoked.order.id}/revoke`));
  });

  it("shows the investor's classification, tests, consents and revocations", async () => {
    const detail = expectData(await t.injectAs(operator, { method: 'GET', url: `/api/operator/investors/${investor.userId}` }));
    expect(detail.protection.classification).toEqual({
      current: 'non_sophisticated',
      recorded: 'sophisticated',
      decidedAt: '2024-01-01T00:00:00.000Z',
      reviewDueAt: '2026-01-01T00:00:00.000Z',
    });
    expect(detail.protection.knowledgeTests).toEqual([
      {
        id: expect.any(Number),
        takenAt: clock.toISOString(),
        version: QUESTIONNAIRE_VERSION,
        language: 'en',
        passed: false,
        riskWarningAcknowledgedAt: clock.toISOString(),
        expiresAt: '2028-10-23T10:00:00.000Z',
      },
    ]);
    expect(detail.protection.largeInvestmentConsents).toEqual([
      { orderId: consentedId, reference: consentedRef, amount: 2_000_001, threshold: 2_000_000, consentedAt: clock.toISOString() },
    ]);
    expect(detail.protection.revocations).toEqual([
      { orderId: revokedId, reference: revokedRef, revokedAt: clock.toISOString(), via: 'order_page', refundDue: false, method: 'BankTransfer' },
    ]);
  });

  it('an investor never decided on is non-sophisticated with nothing recorded', async () => {
    const detail = expectData(await t.injectAs(operator, { method: 'GET', url: `/api/operator/investors/${other.userId}` }));
    expect(detail.protection.classification).toEqual({ current: 'non_sophisticated', recorded: null, decidedAt: null, reviewDueAt: null });
    expect(detail.protection.knowledgeTests).toHaveLength(1);
    expect(detail.protection.largeInvestmentConsents).toEqual([]);
    expect(detail.protection.revocations).toEqual([]);
  });

  it('exports the records as CSV in Polish, one investor or all', async () => {
    const res = await csv(`?investor=${investor.userId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="ochrona-inwestorow.csv"/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const lines = res.body.replace(/^\ufeff/, '').trimEnd().split('\r\n');
    expect(lines[0].startsWith('Rodzaj zapisu;Data;Inwestor;E-mail;Klasyfikacja;')).toBe(true);
    expect(lines).toHaveLength(5);
    const kinds = lines.slice(1).map((l) => l.split(';')[0]);
    expect(kinds).toEqual(['Klasyfikacja inwestora', 'Test wiedzy', 'Zgoda na dużą inwestycję', 'Odstąpienie w okresie namysłu']);
    expect(lines[1]).toContain('Inwestor doświadczony;Inwestor niedoświadczony');
    expect(lines[2]).toContain(`${QUESTIONNAIRE_VERSION};en;Niezaliczony`);
    expect(lines[3]).toContain(`${consentedRef};20000,01;20000,00`);
    expect(lines[4]).toContain(`${revokedRef};;;Ekran zamówienia;Nie;Przelew bankowy`);
    expect(res.body).not.toContain(other.email);

    const all = await csv('', 'en');
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-disposition']).toMatch(/attachment; filename="investor-protection.csv"/);
    expect(all.body.startsWith('\ufeffRecord,Date,Investor,E-mail,')).toBe(true);
    expect(all.body).toContain(other.email);
    expect(all.body).toContain(`${consentedRef},20000.01,20000.00`);
    expect(all.body).toContain('Revocation in the reflection period');
  });

  describe('access', () => {
    it('refuses a bad investor id, investors (403) and anonymous callers (401)', async () => {
      expectError(await csv('?investor=nope'), 400, [{ code: 'VALUE_NOT_VALID', context: 'investor' }]);
      expectError(await t.injectAs(investor.accessToken, { method: 'GET', url: '/api/operator/exports/investor-protection.csv' }), 403, [{ code: 'FORBIDDEN', context: '' }]);
      expectError(await t.app.inject({ method: 'GET', url: '/api/operator/exports/investor-protection.csv' }), 401, [{ code: 'UNAUTHORIZED', context: '' }]);
    });
  });
});
