import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { SOPHISTICATED_DECLARATION_VERSION } from '../../contract/protection';
import { operatorAuditLog } from '../../server/db/schema-backoffice';
import { investorClassifications } from '../../server/db/schema-protection';
import { describeEachDatabase, expectData, expectError, type TokenPair } from './helpers';
import { agreementIdsFor, orderBody, createInvestor, createSeries, methodIds, offerBySlug, type TestInvestor } from './orders-support';

// docs/api.md "Investor protection": the sophisticated-investor application (Annex II criteria and the
// declaration), the operator's approval or rejection in the audit log, 2 years of validity, and what the
// classification changes: no knowledge test asked, no reflection period.

let clock = new Date('2026-10-23T10:00:00Z');

describeEachDatabase('sophisticated-investor application', { config: { now: () => clock } }, (t) => {
  let operator: TokenPair;
  let order: (who: TestInvestor, quantity?: number) => ReturnType<typeof t.injectAs>;
  const URL_ = '/api/investor/sophisticated-application';
  const apply = (who: TestInvestor, body: object, language = 'pl') =>
    t.injectAs(who.accessToken, { method: 'POST', url: URL_, payload: body, headers: { 'content-language': language } });
  const status = (who: TestInvestor) => t.injectAs(who.accessToken, { method: 'GET', url: URL_ });
  const decide = (id: number, decision: 'approve' | 'reject', reason = 'Documents checked') =>
    t.injectAs(operator, { method: 'POST', url: `/api/operator/sophisticated-applications/${id}/${decision}`, payload: { reason } });
  const natural = { investorKind: 'natural_person', criteria: ['incomeOrPortfolio', 'professionalExperience'], declarationVersion: SOPHISTICATED_DECLARATION_VERSION, declarationAccepted: true };

  beforeAll(async () => {
    operator = await t.login('operator');
    const { offer } = await offerBySlug(t.database.db, 'zielone-tarasy');
    const agreements = (await agreementIdsFor(t.database.db, offer.id)).map((a) => a.id);
    const { bank } = await methodIds(t.database.db);
    const series = await createSeries(t.database.db, 'zielone-tarasy', 1000);
    order = async (who, quantity = 1) =>
      t.injectAs(who.accessToken, { method: 'POST', url: '/api/investment', payload: await orderBody(t.database.db, { offer: offer.id, series: series.id, method: bank, agreements }, quantity) });
  });

  it('refuses criteria that do not meet Annex II, a declaration not accepted or changed', async () => {
    const investor = await createInvestor(t.app, { knowledgeTest: false });
    expect(expectData(await status(investor))).toEqual({ classification: 'non_sophisticated', reviewDueAt: null, declarationVersion: SOPHISTICATED_DECLARATION_VERSION, application: null });
    expectError(await apply(investor, { ...natural, criteria: ['incomeOrPortfolio'] }), 400, [{ code: 'SOPHISTICATED_CRITERIA_NOT_MET', context: 'criteria' }]);
    expectError(await apply(investor, { ...natural, criteria: ['incomeOrPortfolio', 'ownFunds'] }), 400, [{ code: 'SOPHISTICATED_CRITERIA_NOT_MET', context: 'criteria' }]);
    expectError(await apply(investor, { ...natural, investorKind: 'legal_person', criteria: [] }), 400, [{ code: 'SOPHISTICATED_CRITERIA_NOT_MET', context: 'criteria' }]);
    expectError(await apply(investor, { ...natural, criteria: ['incomeOrPortfolio', 'lucky'] }), 400, [{ code: 'VALUE_NOT_VALID', context: 'criteria.1' }]);
    expectError(await apply(investor, { ...natural, declarationAccepted: false }), 400, [{ code: 'IS_EMPTY', context: 'declarationAccepted' }]);
    expectError(await apply(investor, { ...natural, declarationVersion: '1999.1' }), 409, [{ code: 'DECLARATION_VERSION_CHANGED', context: 'declarationVersion' }]);
    expect(expectData(await status(investor)).application).toBeNull();
  });

  it('an approved investor is sophisticated for 2 years: no test asked, no reflection period; then it lapses', async () => {
    const investor = await createInvestor(t.app, { knowledgeTest: false });
    const applied = expectData(await apply(investor, natural, 'en'));
    expect(applied.classification).toBe('non_sophisticated');
    expect(applied.application).toMatchObject({ status: 'pending', investorKind: 'natural_person', criteria: natural.criteria, language: 'en', submittedAt: clock.toISOString(), decidedAt: null });
    expectError(await apply(investor, natural), 409, [{ code: 'APPLICATION_PENDING', context: 'application' }]);
    expectError(await order(investor), 403, [{ code: 'KNOWLEDGE_TEST_REQUIRED', context: 'knowledgeTest' }]);

    // only an operator decides, and with a reason
    expectError(await t.injectAs(investor.accessToken, { method: 'POST', url: `/api/operator/sophisticated-applications/${applied.application.id}/approve`, payload: { reason: 'me' } }), 403, [{ code: 'FORBIDDEN', context: '' }]);
    expectError(await t.app.inject({ method: 'POST', url: `/api/operator/sophisticated-applications/${applied.application.id}/approve`, payload: { reason: 'x' } }), 401, [{ code: 'UNAUTHORIZED', context: '' }]);
    expectError(await decide(applied.application.id, 'approve', ' '), 400, [{ code: 'IS_EMPTY', context: 'reason' }]);
    expectError(await decide(999_999, 'approve'), 404, [{ code: 'NOT_FOUND', context: 'id' }]);

    const approved = expectData(await decide(applied.application.id, 'approve'));
    expect(approved).toMatchObject({ status: 'approved', decidedAt: clock.toISOString(), decisionReason: 'Documents checked' });
    expectError(await decide(applied.application.id, 'reject'), 409, [{ code: 'APPLICATION_ALREADY_DECIDED', context: 'id' }]);
    const now = expectData(await status(investor));
    expect(now).toMatchObject({ classification: 'sophisticated', reviewDueAt: '2028-10-23T10:00:00.000Z' });
    const [c] = await t.database.db.select().from(investorClassifications).where(eq(investorClassifications.userId, investor.userId));
    expect(c).toMatchObject({ classification: 'sophisticated', decidedAt: clock });
    expect(c.decidedBy).toEqual(expect.any(String));
    const audit = await t.database.db
      .select()
      .from(operatorAuditLog)
      .where(and(eq(operatorAuditLog.entityType, 'investor'), eq(operatorAuditLog.entityId, investor.userId)));
    expect(audit.map((a) => [a.action, a.actorEmail, a.reason])).toEqual([['investor.sophisticated.approved', 'operator@example.com', 'Documents checked']]);
    const detail = expectData(await t.injectAs(operator, { method: 'GET', url: `/api/operator/investors/${investor.userId}` }));
    expect(detail.protection.classification).toMatchObject({ current: 'sophisticated', recorded: 'sophisticated' });
    expect(detail.protection.applications).toEqual([expect.objectContaining({ status: 'approved', decidedByEmail: 'operator@example.com', decidedAt: clock.toISOString() })]);

    const csv = await t.injectAs(operator, { method: 'GET', url: `/api/operator/exports/investor-protection.csv?investor=${investor.userId}`, headers: { 'accept-language': 'en' } });
    const lines = csv.body.replace(/^\ufeff/, '').trimEnd().split('\r\n');
    expect(lines.map((l) => l.split(',')[0])).toEqual(['Record', 'Investor classification', 'Application to be treated as sophisticated']);
    expect(lines[1]).toContain('Sophisticated investor,Sophisticated investor');
    expect(lines[2]).toContain(`Natural person,incomeOrPortfolio professionalExperience,${SOPHISTICATED_DECLARATION_VERSION},Approved,`);
    expect(lines[2]).toContain(',operator@example.com,Documents checked,');

    // no knowledge test needed, and no reflection period for what was ordered as sophisticated
    const created = expectData(await order(investor), 201);
    expectError(
      await t.injectAs(investor.accessToken, { method: 'POST', url: `/api/order/${created.order.id}/revoke` }),
      409,
      [{ code: 'REFLECTION_PERIOD_NOT_APPLICABLE', context: 'id' }],
    );

    // 2 years on, the classification lapses to non-sophisticated and the test is asked again
    const before = clock;
    clock = new Date('2028-10-23T10:00:00Z');
    try {
      expect(expectData(await status(investor))).toMatchObject({ classification: 'non_sophisticated', reviewDueAt: null });
      expectError(await order(investor), 403, [{ code: 'KNOWLEDGE_TEST_REQUIRED', context: 'knowledgeTest' }]);
    } finally {
      clock = before;
    }
  });

  it('a rejection leaves the investor non-sophisticated, in the audit log, and a new application may follow', async () => {
    const investor = await createInvestor(t.app);
    const applied = expectData(await apply(investor, { ...natural, investorKind: 'legal_person', criteria: ['netTurnover'] }));
    const rejected = expectData(await decide(applied.application.id, 'reject', 'No financial statements attached'));
    expect(rejected).toMatchObject({ status: 'rejected', decisionReason: 'No financial statements attached' });
    expect(expectData(await status(investor))).toMatchObject({ classification: 'non_sophisticated', application: { status: 'rejected' } });
    const [row] = await t.database.db.select().from(operatorAuditLog).where(and(eq(operatorAuditLog.entityId, investor.userId), eq(operatorAuditLog.action, 'investor.sophisticated.rejected')));
    expect(row.reason).toBe('No financial statements attached');
    expect(expectData(await apply(investor, natural)).application.status).toBe('pending');
  });

  it('an investor ordering as non-sophisticated keeps the reflection period', async () => {
    const investor = await createInvestor(t.app);
    const created = expectData(await order(investor), 201);
    expect(expectData(await t.injectAs(investor.accessToken, { method: 'POST', url: `/api/order/${created.order.id}/revoke` }))).toEqual({ status: 'cancelled', refundDue: false, refundMethod: null, refundExpectedBy: null });
  });
});
