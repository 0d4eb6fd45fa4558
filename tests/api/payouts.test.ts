import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { and, eq, inArray } from 'drizzle-orm';
import { validateXML } from 'xmllint-wasm';
import { beforeAll, expect, it } from 'vitest';
import type { DistributionDetail, Payout, PayoutFile } from '../../contract/payouts';
import { mailOutbox, users } from '../../server/db/schema';
import { formatReference } from '../../server/modules/orders/reference';
import { operatorAuditLog, statementExceptions } from '../../server/db/schema-backoffice';
import { distributions, payouts } from '../../server/db/schema-payouts';
import { bookPayment } from '../../server/modules/payments/book-payment';
import { camt053 } from '../support/statements';
import { describeEachDatabase, expectData, expectError, type TokenPair } from './helpers';
import { createInvestor, type TestInvestor } from './orders-support';
import { backofficeFixture, base64, orderRowOf, placeOrder, type Fixture } from './operator-support';

// Distributions end to end on both databases: the funding goal, a declaration split to the grosz among the
// holders at the record date with the tax withheld, four eyes (the author cannot approve; both in the audit
// log), the payouts, the pain.001 file against the official schema, and the statement coming back: a debit
// with a payout's reference executes it, another amount is an exception, a credit with it returns it.

const schema = readFileSync(fileURLToPath(new URL('../support/xsd/pain.001.001.03.xsd', import.meta.url)), 'utf8');

describeEachDatabase('distributions and payouts', {}, (t) => {
  let operator: TokenPair;
  let second: TestInvestor;
  let f: Fixture;
  let holders: { a: TestInvestor; b: TestInvestor; c: TestInvestor; late: TestInvestor };
  let today: string;

  const as = (who: TokenPair | TestInvestor, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.injectAs(who.accessToken, { method, url, payload });

  const pay = async (investor: TestInvestor, quantity: number, at: Date) => {
    const order = await placeOrder(t.app, { ...f, investor }, quantity);
    const row = await orderRowOf(t.app, order.id);
    await t.app.db.transaction(async (tx) => {
      const booked = await bookPayment(tx, { order: row, amount: row.totalPrice, externalId: `TEST-${order.id}`, actor: 'bank', reason: 'BANK_TRANSFER_MATCHED', details: {}, at, publicUrl: 'http://localhost' });
      if (!booked.ok) throw new Error('not booked');
    });
  };

  beforeAll(async () => {
    operator = await t.login('operator');
    second = await createInvestor(t.app, { role: 'operator' });
    f = await backofficeFixture(t.app, 1000, 10_000);
    holders = { a: f.investor, b: await createInvestor(t.app), c: await createInvestor(t.app), late: await createInvestor(t.app) };
    const now = new Date();
    today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(now);
    await pay(holders.a, 1, now);
    await pay(holders.b, 2, now);
    await pay(holders.c, 4, now);
    // Paid long after the record date: not a holder then.
    await pay(holders.late, 3, new Date(now.getTime() + 10 * 86_400_000));
    await t.app.db.update(users).set({ bankCountry: 'PL', bankAccountNumber: '27114020040000300201355387' }).where(eq(users.id, holders.a.userId));
    await t.app.db.update(users).set({ bankCountry: 'PL', bankAccountNumber: '61109010140000071219812874' }).where(eq(users.id, holders.b.userId));
    // c has no bank account in the settings.
  });

  const declare = (who: TokenPair | TestInvestor, body: object) =>
    as(who, 'POST', '/api/operator/distributions', {
      offerId: f.offerId,
      kind: 'rental_income',
      periodFrom: '2026-07-01',
      periodTo: '2026-09-30',
      recordDate: today,
      reason: 'Czynsz za III kwartał',
      ...body,
    });

  let distribution: DistributionDetail;

  it('the funding goal: set on the offer, not above the target; a distribution waits until the offer has closed funded', async () => {
    const offer = expectData(await as(operator, 'PATCH', `/api/operator/offers/${f.offerId}`, { reason: 'próg', fundingGoal: 100_000 }));
    expect(offer.fundingGoal).toBe(100_000);
    expectError(await as(operator, 'PATCH', `/api/operator/offers/${f.offerId}`, { reason: 'próg', fundingGoal: offer.target + 1 }), 400, [
      { code: 'FUNDING_GOAL_ABOVE_TARGET', context: 'fundingGoal' },
    ]);
    // Open (its lifecycle): the holders are not final yet.
    expectError(await declare(operator, { totalAmount: 10_000 }), 409, [{ code: 'OFFER_NOT_CLOSED', context: 'offerId' }]);
    // Raised: 10 shares × 100 zł = 1 000 zł ≥ 500 zł: closed early, funded (the paid orders completed).
    expectData(await as(operator, 'PATCH', `/api/operator/offers/${f.offerId}`, { reason: 'próg', fundingGoal: 50_000 }));
    expect(expectData(await as(operator, 'POST', `/api/operator/offers/${f.offerId}/close`, { reason: 'cel osiągnięty' }))).toMatchObject({ outcome: 'funded', completed: 4, closed: true });
  });

  it('refuses a declaration without exactly one amount, a reversed period, a record date with no holders', async () => {
    expectError(await declare(operator, {}), 400, [{ code: 'DISTRIBUTION_AMOUNT_REQUIRED', context: 'totalAmount' }]);
    expectError(await declare(operator, { totalAmount: 1, perShareAmount: 1 }), 400, [{ code: 'DISTRIBUTION_AMOUNT_REQUIRED', context: 'perShareAmount' }]);
    expectError(await declare(operator, { totalAmount: 1, periodTo: '2026-06-30' }), 400, [{ code: 'DISTRIBUTION_PERIOD_NOT_VALID', context: 'periodTo' }]);
    expectError(await declare(operator, { totalAmount: 1, recordDate: '2000-01-01' }), 422, [{ code: 'DISTRIBUTION_NO_HOLDERS', context: 'recordDate' }]);
    expectError(await declare(operator, { perShareAmount: 1 }), 400, [{ code: 'DISTRIBUTION_AMOUNT_TOO_SMALL', context: 'perShareAmount' }]);
    expectError(await declare(operator, { totalAmount: 1, kind: 'dividend' }), 400, [{ code: 'VALUE_NOT_VALID', context: 'kind' }]);
  });

  it('declares: each holder at the record date gets a part to the grosz, the parts sum to the total, tax withheld', async () => {
    distribution = expectData(await declare(operator, { totalAmount: 10_000 }));
    expect(distribution).toMatchObject({ status: 'awaiting_approval', kind: 'rental_income', gross: 10_000, shares: 7, holders: 3, taxRateBasisPoints: 1900, approvedBy: null });
    const part = (who: TestInvestor) => distribution.allocations.find((a) => a.userId === who.userId);
    // 100 zł over 1:2:4 shares: 14.2857, 28.5714, 57.1428 zł → 14.28 + 28.57 + 57.14 = 99.99, the grosz left to
    // the largest fraction (a's .57). Rental income: 19% rounded to the full złoty.
    expect(part(holders.a)).toMatchObject({ shares: 1, gross: 1_429, tax: 300, net: 1_129 });
    expect(part(holders.b)).toMatchObject({ shares: 2, gross: 2_857, tax: 500, net: 2_357 });
    expect(part(holders.c)).toMatchObject({ shares: 4, gross: 5_714, tax: 1_100, net: 4_614 });
    expect(part(holders.late)).toBeUndefined();
    expect(distribution.allocations.reduce((s, a) => s + a.gross, 0)).toBe(10_000);
    expect(distribution).toMatchObject({ tax: 1_900, net: 8_100 });
    // A capital return: nothing withheld.
    const capital = expectData(await declare(operator, { kind: 'capital_return', perShareAmount: 1_000_000 }));
    expect(capital).toMatchObject({ gross: 700, tax: 0, net: 700, taxRateBasisPoints: 0 });
    expect(expectData(await as(operator, 'GET', `/api/operator/distributions/${distribution.id}`)).allocations).toEqual(distribution.allocations);
  });

  it('four eyes: the author cannot approve, another operator can, once; both in the audit log', async () => {
    expectError(await as(operator, 'POST', `/api/operator/distributions/${distribution.id}/approve`, {}), 403, [{ code: 'DISTRIBUTION_FOUR_EYES', context: 'id' }]);
    expect(await t.app.db.select().from(payouts).where(eq(payouts.distributionId, distribution.id))).toHaveLength(0);
    expectError(await as(holders.a, 'POST', `/api/operator/distributions/${distribution.id}/approve`, {}), 403, [{ code: 'FORBIDDEN', context: '' }]);
    const approved = expectData(await as(second, 'POST', `/api/operator/distributions/${distribution.id}/approve`, { reason: 'sprawdzone' }));
    expect(approved).toMatchObject({ status: 'approved', approvedBy: second.email, createdBy: 'operator@example.com' });
    expectError(await as(second, 'POST', `/api/operator/distributions/${distribution.id}/approve`, {}), 409, [{ code: 'DISTRIBUTION_ALREADY_APPROVED', context: 'id' }]);
    const audit = await t.app.db.select().from(operatorAuditLog).where(eq(operatorAuditLog.entityId, String(distribution.id)));
    const byAction = Object.fromEntries(audit.filter((a) => a.entityType === 'distribution').map((a) => [a.action, a.actorEmail]));
    expect(byAction).toEqual({ 'distribution.declared': 'operator@example.com', 'distribution.approved': second.email });
    // The table itself refuses an approval by the author, whatever code path tries it.
    const [stored] = await t.app.db.select().from(distributions).where(eq(distributions.id, distribution.id));
    await expect(t.app.db.update(distributions).set({ approvedBy: stored.createdBy }).where(eq(distributions.id, distribution.id))).rejects.toThrow();
    const list = expectData(await as(operator, 'GET', '/api/operator/payouts?status=approved')).items as Payout[];
    const mine = list.filter((p) => p.distributionId === distribution.id);
    // The distribution answers how far its payouts have got: all waiting for a bank file.
    expect(approved.payouts).toEqual({ approved: mine.length, exported: 0, executed: 0, returned: 0 });
    expect(mine.map((p) => [p.userId, p.amount]).sort()).toEqual(
      [
        [holders.a.userId, 1_129],
        [holders.b.userId, 2_357],
        [holders.c.userId, 4_614],
      ].sort(),
    );
  });

  let file: PayoutFile;
  let xml: string;

  it('exports the approved payouts as a pain.001.001.03 file that validates; an investor without an account is skipped', async () => {
    file = expectData(await as(operator, 'POST', '/api/operator/payout-files', {}));
    const [pa, pb, pc] = await Promise.all(
      [holders.a, holders.b, holders.c].map(async (h) => (await t.app.db.select().from(payouts).where(eq(payouts.userId, h.userId)))[0]),
    );
    expect(file).toMatchObject({ count: 2, total: 1_129 + 2_357, skipped: [{ payoutId: pc.id, code: 'PAYOUT_BANK_ACCOUNT_MISSING' }] });
    const res = await as(operator, 'GET', `/api/operator/payout-files/${file.id}/pain.001.xml`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.headers['content-disposition']).toContain(`${file.messageId}.xml`);
    xml = res.body;
    const result = await validateXML({ xml: [{ fileName: 'payouts.xml', contents: xml }], schema: [schema] });
    expect(result.errors).toEqual([]);
    expect(xml).toContain(`<EndToEndId>${pa.reference}</EndToEndId>`);
    expect(xml).toContain('<IBAN>PL27114020040000300201355387</IBAN>');
    expect(xml).toContain('<InstdAmt Ccy="PLN">11.29</InstdAmt>');
    expect(xml).toContain('<InstdAmt Ccy="PLN">23.57</InstdAmt>');
    expect(xml).not.toContain(pc.reference);
    const after = await t.app.db.select().from(payouts).where(inArray(payouts.id, [pa.id, pb.id, pc.id]));
    expect(Object.fromEntries(after.map((p) => [p.id, p.status]))).toEqual({ [pa.id]: 'exported', [pb.id]: 'exported', [pc.id]: 'approved' });
    // Nothing payable is left: no empty file.
    expectError(await as(operator, 'POST', '/api/operator/payout-files', {}), 409, [{ code: 'PAYOUT_NOTHING_TO_EXPORT', context: '' }]);
    expectError(await as(operator, 'GET', '/api/operator/payout-files/999999/pain.001.xml'), 404, [{ code: 'NOT_FOUND', context: 'id' }]);
  });

  it('the statement: a debit with the reference executes the payout, another amount is an exception, a credit returns it', async () => {
    const [pa] = await t.app.db.select().from(payouts).where(eq(payouts.userId, holders.a.userId));
    const [pb] = await t.app.db.select().from(payouts).where(eq(payouts.userId, holders.b.userId));
    const upload = (name: string, content: string) =>
      as(operator, 'POST', '/api/operator/statements', { fileName: name, contentBase64: base64(content) });
    const debits = camt053({
      id: 'PAYOUT-1',
      lines: [
        { ref: 'P-D1', amount: 1_129, direction: 'DBIT', title: `${pa.reference} Wyplata dochodu`, endToEndId: pa.reference, payerName: 'Jan Kowalski' },
        { ref: 'P-D2', amount: 2_000, direction: 'DBIT', title: `Wyplata ${pb.reference.slice(0, 2)}-${pb.reference.slice(2, 6)}-${pb.reference.slice(6)}` },
        { ref: 'P-D3', amount: 999, direction: 'DBIT', title: 'Oplata za prowadzenie rachunku' },
      ],
    });
    const imported = expectData(await upload('payouts.xml', debits));
    expect(imported.summary).toMatchObject({ linesRead: 3, matched: 1, exceptions: 1, ignored: 1 });
    expect(imported.lines[0]).toMatchObject({ outcome: 'matched', payout: { id: pa.id, status: 'executed' } });
    expect(imported.lines[1]).toMatchObject({ outcome: 'exception', exception: { reason: 'PAYOUT_AMOUNT_MISMATCH' }, payout: { id: pb.id } });
    expect((await t.app.db.select().from(payouts).where(eq(payouts.id, pa.id)))[0]).toMatchObject({ status: 'executed' });
    expect((await t.app.db.select().from(payouts).where(eq(payouts.id, pb.id)))[0]).toMatchObject({ status: 'exported' });
    // The distribution's progress counts its payouts by status as stored (one executed now).
    const ofDistribution = await t.app.db.select().from(payouts).where(eq(payouts.distributionId, distribution.id));
    const counts = { approved: 0, exported: 0, executed: 0, returned: 0 };
    for (const p of ofDistribution) counts[p.status]++;
    expect(counts.executed).toBeGreaterThan(0);
    expect(expectData(await as(operator, 'GET', `/api/operator/distributions/${distribution.id}`)).payouts).toEqual(counts);
    // The investor is told the money has left, with gross, tax and net.
    const sent = await t.app.db.select().from(mailOutbox).where(and(eq(mailOutbox.recipient, holders.a.email), eq(mailOutbox.kind, 'payout_sent')));
    expect(sent).toHaveLength(1);
    expect(sent[0].textBody).toContain('14,29');
    expect(sent[0].textBody).toContain('3,00');
    expect(sent[0].textBody).toContain('11,29');
    expect(await t.app.db.select().from(mailOutbox).where(and(eq(mailOutbox.recipient, holders.b.email), eq(mailOutbox.kind, 'payout_sent')))).toHaveLength(0);
    // The same file again changes nothing.
    expect(expectData(await upload('payouts.xml', debits)).summary).toMatchObject({ duplicates: 3, matched: 0 });

    // The bank gives a's transfer back (the account was closed): the payout is returned and queued.
    const returned = expectData(
      await upload('return.xml', camt053({ id: 'PAYOUT-2', lines: [{ ref: 'P-R1', amount: 1_129, title: `ZWROT ${pa.reference} RACHUNEK ZAMKNIETY` }] })),
    );
    expect(returned.lines[0]).toMatchObject({ outcome: 'exception', exception: { reason: 'PAYOUT_RETURNED' }, payout: { id: pa.id, status: 'returned' } });
    const [exception] = await t.app.db.select().from(statementExceptions).where(eq(statementExceptions.payoutId, pa.id)).orderBy(statementExceptions.id).limit(1);
    expect(exception).toMatchObject({ status: 'open' });
    expect(expectData(await as(operator, 'GET', '/api/operator/payouts?status=returned')).items.map((p: Payout) => p.id)).toContain(pa.id);
    // The investor is asked to correct their bank details, in their language, with a link to the settings.
    const mail = await t.app.db.select().from(mailOutbox).where(and(eq(mailOutbox.recipient, holders.a.email), eq(mailOutbox.kind, 'payout_returned')));
    expect(mail).toHaveLength(1);
    expect(mail[0].subject).toContain(formatReference(pa.reference));
    expect(mail[0].textBody).toContain('/pl/inwestor/ustawienia');

    // The investor corrects the account; the operator accepts the exception: the payout goes into the next file.
    await t.app.db.update(users).set({ bankAccountNumber: '10105000997603123456789123' }).where(eq(users.id, holders.a.userId));
    const resolved = expectData(await as(operator, 'POST', `/api/operator/exceptions/${exception.id}/resolve`, { resolution: 'accept', reason: 'klient poprawił numer konta' }));
    expect(resolved).toMatchObject({ status: 'resolved', resolution: 'accepted' });
    expect((await t.app.db.select().from(payouts).where(eq(payouts.id, pa.id)))[0]).toMatchObject({ status: 'approved', fileId: null });
    const again = expectData(await as(operator, 'POST', '/api/operator/payout-files', {}));
    expect(again).toMatchObject({ count: 1, total: 1_129 });
    const file2 = (await as(operator, 'GET', `/api/operator/payout-files/${again.id}/pain.001.xml`)).body;
    expect(file2).toContain('<IBAN>PL10105000997603123456789123</IBAN>');
  });

  it('an investor sees their own payouts: offer, period, gross, tax and net, and where the money is', async () => {
    const own = expectData(await as(holders.a, 'GET', '/api/investor/payouts'));
    expect(own.pagination.totalItems).toBe(1);
    expect(own.items[0]).toMatchObject({
      kind: 'distribution',
      // returned, then sent again in a new file
      status: 'exported',
      distributionKind: 'rental_income',
      periodFrom: '2026-07-01',
      periodTo: '2026-09-30',
      gross: 1_429,
      tax: 300,
      net: 1_129,
      offer: { id: f.offerId },
    });
    const c = expectData(await t.injectAs(holders.c.accessToken, { method: 'GET', url: '/api/investor/payouts', headers: { 'accept-language': 'en' } }));
    expect(c.items.map((p: { status: string; net: number }) => [p.status, p.net])).toEqual([['approved', 4_614]]);
    expect(expectData(await as(holders.late, 'GET', '/api/investor/payouts')).items).toEqual([]);
  });
});

