import { and, eq, inArray } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { beforeAll, expect, it } from 'vitest';
import type { CashFlow } from '../../contract/transactions';
import type { InvestmentDetail, PortfolioPage } from '../../contract/portfolio';
import { mailOutbox, users } from '../../server/db/schema';
import { offers } from '../../server/db/schema-content';
import { payouts } from '../../server/db/schema-payouts';
import { bookPayment } from '../../server/modules/payments/book-payment';
import { formatReference, generateReference } from '../../server/modules/orders/reference';
import { transitionOrder } from '../../server/modules/orders/status';
import { camt053 } from '../support/statements';
import { describeEachDatabase, expectData, type TokenPair } from './helpers';
import { backofficeFixture, base64, orderRowOf, placeOrder, type Fixture } from './operator-support';
import { agreementIdsFor, createInvestor, createSeries, methodIds, offerBySlug, type TestInvestor } from './orders-support';

// What the investor sees come back (docs/api.md "Investor area"): the portfolio's income received (gross,
// tax withheld, net), capital returned and realised return per investment and in total, counted only once the
// bank statement shows the payout executed; a refund of a cancelled order is not income; the portfolio over
// time; the cash flows beside the transactions (income, tax withheld, capital, refund); an e-mail on each
// executed payout; and the year's statement listing the distributions. Both databases.

async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

let clock = new Date();

describeEachDatabase('portfolio income', { config: { now: () => clock } }, (t) => {
  let operator: TokenPair;
  let second: TestInvestor;
  let a: Fixture;
  let b: Fixture;
  let investor: TestInvestor;
  let other: TestInvestor;
  let today: string;
  let refundOrderId: string;
  const payoutOf: Record<string, { id: number; reference: string; amount: number }> = {};

  const as = (who: TokenPair | TestInvestor, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, language = 'pl') =>
    t.injectAs(who.accessToken, { method, url, payload, headers: { 'accept-language': language } });

  const pay = async (f: Fixture, who: TestInvestor, quantity: number) => {
    const order = await placeOrder(t.app, { ...f, investor: who }, quantity);
    const row = await orderRowOf(t.app, order.id);
    await t.app.db.transaction(async (tx) => {
      const booked = await bookPayment(tx, { order: row, amount: row.totalPrice, externalId: `TEST-${order.id}`, actor: 'bank', reason: 'BANK_TRANSFER_MATCHED', details: {}, at: clock, publicUrl: 'http://localhost' });
      if (!booked.ok) throw new Error('not booked');
    });
    return order.id;
  };

  /** Declared by the first operator, approved by the second: each holder's net part becomes a payout. */
  const distribute = async (f: Fixture, kind: 'rental_income' | 'interest' | 'capital_return', totalAmount: number, period: [string, string]) => {
    const declared = expectData(
      await as(operator, 'POST', '/api/operator/distributions', { offerId: f.offerId, kind, periodFrom: period[0], periodTo: period[1], recordDate: today, totalAmount, reason: 'test' }),
    );
    expectData(await as(second, 'POST', `/api/operator/distributions/${declared.id}/approve`, {}));
    return declared.id as number;
  };

  beforeAll(async () => {
    clock = new Date();
    today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(clock);
    operator = await t.login('operator');
    second = await createInvestor(t.app, { role: 'operator' });
    // A: 100 zł a share; B: 50 zł a share, another offer.
    a = await backofficeFixture(t.app, 1000, 10_000);
    investor = a.investor;
    other = await createInvestor(t.app);
    const { offer: offerB } = await offerBySlug(t.app.db, 'domy-poznan');
    const seriesB = await createSeries(t.app.db, 'domy-poznan', 1000, { pricePerShare: 5_000 });
    b = { investor, seriesId: seriesB.id, offerId: offerB.id, method: await methodIds(t.app.db), agreements: (await agreementIdsFor(t.app.db, offerB.id)).map((x) => x.id) };
    await t.app.db.update(offers).set({ fundingGoal: null }).where(inArray(offers.id, [a.offerId, b.offerId]));
    for (const who of [investor, other]) {
      await t.app.db.update(users).set({ bankCountry: 'PL', bankAccountNumber: '27114020040000300201355387' }).where(eq(users.id, who.userId));
    }

    await pay(a, investor, 2); // 200 zł
    await pay(a, other, 2);
    await pay(b, investor, 3); // 150 zł
    // A fourth order, paid and then refunded (an offer's close, a revocation): its money comes back as a refund payout.
    refundOrderId = await pay(b, investor, 1);
    await t.app.db.transaction(async (tx) => {
      const moved = await transitionOrder(tx, { orderId: refundOrderId, from: 'paid', to: 'cancelled', actor: 'system', reason: 'OFFER_NOT_FUNDED_REFUNDED', details: { method: 'BankTransfer' }, at: clock });
      if (!moved.ok) throw new Error('not cancelled');
      const [refund] = await tx
        .insert(payouts)
        .values({ reference: generateReference(), kind: 'refund', status: 'approved', userId: investor.userId, amount: 5_000, orderId: refundOrderId, createdAt: clock })
        .returning();
      payoutOf.refund = refund;
    });

    // A distribution is declared for an offer closed funded: both close now (their paid orders complete).
    for (const f of [a, b]) {
      expect(expectData(await as(operator, 'POST', `/api/operator/offers/${f.offerId}/close`, { reason: 'test' }))).toMatchObject({ outcome: 'funded', closed: true });
    }

    // A: rental income 100 zł over 4 shares → 50 zł each, 19 % rounded to the złoty: 10 zł; capital 500 zł → 250 zł
    // each (50 zł above the 200 zł invested). B: interest 30 zł, all the investor's: 5.70 zł tax (interest to the grosz).
    const mine = async (id: number) => (await t.app.db.select().from(payouts).where(and(eq(payouts.distributionId, id), eq(payouts.userId, investor.userId))))[0];
    payoutOf.income = await mine(await distribute(a, 'rental_income', 10_000, ['2026-01-01', '2026-03-31']));
    payoutOf.capital = await mine(await distribute(a, 'capital_return', 50_000, ['2026-01-01', '2026-06-30']));
    payoutOf.interest = await mine(await distribute(b, 'interest', 3_000, ['2026-01-01', '2026-06-30']));
    // Approved and in the file, but the statement has not shown it yet: not received.
    payoutOf.pending = await mine(await distribute(a, 'rental_income', 2_000, ['2026-04-01', '2026-06-30']));
    expect(payoutOf).toMatchObject({ income: { amount: 4_000 }, capital: { amount: 25_000 }, interest: { amount: 2_430 }, pending: { amount: 800 } });

    expectData(await as(operator, 'POST', '/api/operator/payout-files', {}));
    const executed = [payoutOf.income, payoutOf.capital, payoutOf.interest, payoutOf.refund];
    const statement = camt053({
      id: `INCOME-${t.kind}`,
      lines: executed.map((p, i) => ({ ref: `INC-${t.kind}-${i}`, amount: p.amount, direction: 'DBIT' as const, title: `${p.reference} Wyplata`, endToEndId: p.reference })),
    });
    const imported = expectData(await as(operator, 'POST', '/api/operator/statements', { fileName: 'payouts.xml', contentBase64: base64(statement) }));
    expect(imported.summary).toMatchObject({ linesRead: 4, matched: 4 });
  });

  it('per investment: income gross, tax, net, capital returned and the realised return; the refund and the pending payout are not counted', async () => {
    const page = expectData<PortfolioPage>(await as(investor, 'GET', '/api/investment'));
    const byOffer = Object.fromEntries(page.items.map((i) => [i.offer.id, i]));
    expect(byOffer[a.offerId]).toMatchObject({
      investedAmount: 20_000,
      // 40 zł net + the 50 zł of capital above the 200 zł invested = 90 zł, 45 %
      realised: { incomeGross: 5_000, taxWithheld: 1_000, incomeNet: 4_000, capitalReturned: 25_000, returnAmount: 9_000, returnPercent: 45 },
    });
    // The refunded order is neither invested nor income.
    expect(byOffer[b.offerId]).toMatchObject({
      investedAmount: 15_000,
      numberOfShares: 3,
      realised: { incomeGross: 3_000, taxWithheld: 570, incomeNet: 2_430, capitalReturned: 0, returnAmount: 2_430, returnPercent: 16.2 },
    });
    expect(page.totals).toEqual({
      investedAmount: 35_000,
      numberOfShares: 5,
      offers: 2,
      realised: { incomeGross: 8_000, taxWithheld: 1_570, incomeNet: 6_430, capitalReturned: 25_000, returnAmount: 11_430, returnPercent: 32.66 },
    });
    // The totals are the sums of the investments, whatever page they are on.
    const first = expectData<PortfolioPage>(await as(investor, 'GET', '/api/investment?pagination[pageSize]=1'));
    expect(first.items).toHaveLength(1);
    expect(first.totals).toEqual(page.totals);
    // The other holder of A has the same parts approved and in the file, but the statement has not shown their
    // transfers: nothing received yet.
    const theirs = expectData<PortfolioPage>(await as(other, 'GET', '/api/investment'));
    expect(theirs.totals.realised).toEqual({ incomeGross: 0, taxWithheld: 0, incomeNet: 0, capitalReturned: 0, returnAmount: 0, returnPercent: 0 });
  });

  it('over time: one point per payment and executed payout, cumulative, ending at the totals', async () => {
    const page = expectData<PortfolioPage>(await as(investor, 'GET', '/api/investment'));
    expect(page.timeline).toHaveLength(2 + 3);
    expect(page.timeline.at(-1)).toEqual({ date: expect.any(String), investedAmount: 35_000, incomeNet: 6_430, capitalReturned: 25_000 });
    // payments first, then what came back
    expect([20_000, 15_000]).toContain(page.timeline[0].investedAmount);
    expect(page.timeline.slice(0, 2).map((p) => [p.investedAmount, p.incomeNet, p.capitalReturned])[1]).toEqual([35_000, 0, 0]);
    for (const [i, p] of page.timeline.entries()) if (i > 0) expect(p.date >= page.timeline[i - 1].date).toBe(true);
    const slug = byKey(page, a.offerId);
    const detail = expectData<InvestmentDetail>(await as(investor, 'GET', `/api/investment/${slug}`));
    expect(detail.realised).toEqual(page.items.find((i) => i.offer.id === a.offerId)!.realised);
    expect(detail.timeline.at(-1)).toEqual({ date: expect.any(String), investedAmount: 20_000, numberOfShares: 2, incomeNet: 4_000, capitalReturned: 25_000 });
  });

  it('cash flows: income and its tax withheld apart, capital returned, the refund; pending until executed', async () => {
    const flows = expectData(await as(investor, 'GET', '/api/investor/cash-flows?pagination[pageSize]=100')).items as CashFlow[];
    const of = (p: { reference: string }) => flows.filter((f) => f.reference === formatReference(p.reference)).map((f) => [f.type, f.amount, f.status]);
    expect(of(payoutOf.income)).toEqual([
      ['income', 5_000, 'executed'],
      ['taxWithheld', -1_000, 'executed'],
    ]);
    expect(of(payoutOf.capital)).toEqual([['capitalReturn', 25_000, 'executed']]);
    expect(of(payoutOf.interest)).toEqual([
      ['income', 3_000, 'executed'],
      ['taxWithheld', -570, 'executed'],
    ]);
    expect(of(payoutOf.refund)).toEqual([['refund', 5_000, 'executed']]);
    expect(of(payoutOf.pending)).toEqual([
      ['income', 1_000, 'pending'],
      ['taxWithheld', -200, 'pending'],
    ]);
    expect(flows.find((f) => f.type === 'refund')).toMatchObject({ orderId: refundOrderId, method: 'BankTransfer', distributionKind: null });
    expect(flows.find((f) => f.reference === formatReference(payoutOf.interest.reference))).toMatchObject({ distributionKind: 'interest', periodFrom: '2026-01-01', offer: { id: b.offerId } });
    // newest first, paged
    for (const [i, f] of flows.entries()) if (i > 0) expect(f.date <= flows[i - 1].date).toBe(true);
    const page2 = expectData(await as(investor, 'GET', '/api/investor/cash-flows?pagination[pageSize]=3&pagination[pageNumber]=2'));
    expect(page2.pagination).toMatchObject({ totalItems: flows.length, totalPages: Math.ceil(flows.length / 3) });
    expect(page2.items.map((f: CashFlow) => f.id)).toEqual(flows.slice(3, 6).map((f) => f.id));
    // someone else's are not listed
    expect((expectData(await as(other, 'GET', '/api/investor/cash-flows')).items as CashFlow[]).some((f) => f.orderId === refundOrderId)).toBe(false);
  });

  it('an e-mail on each executed payout, in the account language, with gross, tax and net; none for the pending one', async () => {
    const mails = await t.app.db.select().from(mailOutbox).where(and(eq(mailOutbox.recipient, investor.email), eq(mailOutbox.kind, 'payout_sent')));
    expect(mails).toHaveLength(4);
    const about = (p: { reference: string }) => mails.filter((m) => m.subject.includes(formatReference(p.reference)));
    expect(about(payoutOf.pending)).toHaveLength(0);
    const [income] = about(payoutOf.income);
    expect(income.subject).toMatch(/^Wysłaliśmy wypłatę/);
    expect(income.textBody).toMatch(/50,00\s*zł/);
    expect(income.textBody).toMatch(/10,00\s*zł/);
    expect(income.textBody).toMatch(/40,00\s*zł/);
    const [refund] = about(payoutOf.refund);
    expect(refund.subject).toMatch(/^Wysłaliśmy zwrot wpłaty/);
    expect(refund.textBody).toMatch(/50,00\s*zł/);
  });

  it('the back office lists the payment files made: when, how many payouts, the total, who; each downloads again', async () => {
    const files = expectData(await as(operator, 'GET', '/api/operator/payout-files'));
    expect(files.pagination.totalItems).toBe(1);
    // the investor's four parts, the refund, and the other holder's three
    expect(files.items[0]).toMatchObject({ count: 8, total: 4_000 + 25_000 + 2_430 + 800 + 5_000 + 4_000 + 25_000 + 800, createdBy: 'operator@example.com', skipped: [] });
    const xml = await as(operator, 'GET', `/api/operator/payout-files/${files.items[0].id}/pain.001.xml`);
    expect(xml.body).toContain(`<MsgId>${files.items[0].messageId}</MsgId>`);
    expect((await as(investor, 'GET', '/api/operator/payout-files')).statusCode).toBe(403);
  });

  it("the year's statement lists each distribution paid with gross, tax and net", async () => {
    const year = Number(today.slice(0, 4));
    // Statements are for finished years: the same data seen from the next January.
    clock = new Date(Date.UTC(year + 1, 0, 15, 12));
    const res = await as(investor, 'GET', `/api/investor/documents/statement-${year}`, undefined, 'en');
    expect(res.statusCode, res.body).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toMatch(/50\.00/);
    expect(text).toMatch(/10\.00/);
    expect(text).toMatch(/40\.00/);
    expect(text).toMatch(/30\.00/);
    expect(text).toMatch(/24\.30/);
    expect(text).toMatch(/5\.70/);
    expect(text).toMatch(/250\.00/);
  });
});

function byKey(page: PortfolioPage, offerId: number): string {
  return page.items.find((i) => i.offer.id === offerId)!.offer.slug.pl;
}
