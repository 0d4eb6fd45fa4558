import { and, eq, inArray } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { mailOutbox } from '../../server/db/schema';
import { offers } from '../../server/db/schema-content';
import { orderStatusHistory } from '../../server/db/schema-orders';
import { bookPayment } from '../../server/modules/payments/book-payment';
import { CLOSED_FUNDED_OFFERS, CLOSED_NOT_FUNDED_OFFER } from '../../server/db/seed-data/payouts';
import { offersDueForClose } from '../../server/modules/payouts/close-offer';
import { describeEachDatabase, expectData } from './helpers';
import { backofficeFixture, orderRowOf, placeOrder, seriesOf, type Fixture } from './operator-support';

// The close worker: an offer whose investment window has ended is closed by the next pass, not before; two
// nodes passing at once close it once (one history row per order, one notice per order); an offer whose lease
// another node holds is left alone until the lease runs out.

let clock = new Date();

async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

describeEachDatabase('offer close worker', { config: { now: () => clock } }, (t) => {
  let f: Fixture;
  beforeAll(async () => {
    f = await backofficeFixture(t.app, 100, 10_000);
  });

  async function paidOrder(quantity: number) {
    const order = await placeOrder(t.app, f, quantity);
    const row = await orderRowOf(t.app, order.id);
    await t.app.db.transaction(async (tx) => {
      const booked = await bookPayment(tx, { order: row, amount: row.totalPrice, externalId: `W-${order.id}`, actor: 'bank', reason: 'BANK_TRANSFER_MATCHED', details: {}, at: clock, publicUrl: 'http://localhost' });
      if (!booked.ok) throw new Error('not booked');
    });
    return row;
  }

  it('is off by default in tests and on otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).offerCloseWorker).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', OFFER_CLOSE_WORKER: 'true' }).offerCloseWorker).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).offerCloseWorker).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', OFFER_CLOSE_WORKER_INTERVAL_MS: '5000' }).offerCloseWorkerIntervalMs).toBe(5000);
  });

  it('the demo: ended offers are closed (funded, and one not funded), none is due; the demo investor has a paid distribution and refunds', async () => {
    clock = new Date();
    const ended = await t.app.db.select().from(offers).where(inArray(offers.key, CLOSED_FUNDED_OFFERS));
    expect(ended).toHaveLength(CLOSED_FUNDED_OFFERS.length);
    for (const offer of ended) expect(offer).toMatchObject({ closeOutcome: 'funded', isOpen: false, closedAt: offer.investmentEnd });
    const [failed] = await t.app.db.select().from(offers).where(eq(offers.key, CLOSED_NOT_FUNDED_OFFER));
    expect(failed).toMatchObject({ closeOutcome: 'not_funded', isOpen: false, closedAt: failed.investmentEnd });
    // Every open demo offer's window is still running: the worker has nothing of the demo to close.
    expect(await offersDueForClose(t.app.db, clock)).toEqual([]);
    const operator = await t.login('operator');
    const stages = expectData(await t.injectAs(operator, { method: 'GET', url: '/api/operator/offers' })) as { key: string; lifecycle: string }[];
    expect(stages.find((o) => o.key === CLOSED_NOT_FUNDED_OFFER)?.lifecycle).toBe('notFunded');
    expect(stages.find((o) => o.key === 'kamienica-krakow')?.lifecycle).toBe('funded.holding');
    const investor = await t.login('investor');
    // The failed raise: both of the demo investor's paid orders cancelled and refunded, PayPal through PayPal.
    const list = expectData(await t.injectAs(investor, { method: 'GET', url: '/api/order?pagination[pageSize]=100' })) as { items: { offer: { id: number }; status: string; method: string }[] };
    const refundedOrders = list.items.filter((o) => o.offer.id === failed.id);
    expect(refundedOrders.map((o) => [o.method, o.status]).sort()).toEqual([['BankTransfer', 'cancelled'], ['PayPal', 'cancelled']]);
    const refundHistory = await t.app.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.reason, 'OFFER_NOT_FUNDED_REFUNDED'));
    expect(refundHistory.length).toBeGreaterThanOrEqual(2);
    const payouts = expectData(await t.injectAs(investor, { method: 'GET', url: '/api/investor/payouts' }));
    expect(payouts.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'distribution', status: 'executed', distributionKind: 'rental_income' }),
        expect.objectContaining({ kind: 'refund', status: 'executed' }),
      ]),
    );
    expect(payouts.items).toHaveLength(2);
    const [item] = (payouts.items as { kind: string; gross: number; tax: number; net: number }[]).filter((p) => p.kind === 'distribution');
    expect(item.gross - item.tax).toBe(item.net);
    expect(item.tax).toBeGreaterThan(0);
    // Last year's statement lists it with gross, tax withheld and net (what a tax return needs).
    const year = new Date().getUTCFullYear() - 1;
    const statement = await t.injectAs(investor, { method: 'GET', url: `/api/investor/documents/statement-${year}`, headers: { 'content-language': 'pl' } });
    expect(statement.statusCode).toBe(200);
    const text = (await pdfText(statement.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('Wypłaty dochodu i zwroty kapitału w roku');
    expect(text).toContain(`Dochód z najmu (${year}-01-01 – ${year}-06-30)`);
    expect(text).toContain('Podatek pobrany');
    expect(text).not.toContain('Brak wypłat w tym roku.');
  });

  it('closes an ended offer once, even with two nodes passing at the same time', async () => {
    clock = new Date();
    const paid = await paidOrder(3);
    const unpaid = await placeOrder(t.app, f, 2);
    await t.app.db.update(offers).set({ fundingGoal: 30_000, investmentEnd: new Date(clock.getTime() + 3_600_000) }).where(eq(offers.id, f.offerId));

    // The window is still open: nothing happens to this offer.
    await t.app.payouts.closeWorker.runOnce();
    expect((await t.app.db.select().from(offers).where(eq(offers.id, f.offerId)))[0]).toMatchObject({ closedAt: null, closeOutcome: null, isOpen: true });
    expect((await orderRowOf(t.app, paid.id)).status).toBe('paid');

    clock = new Date(clock.getTime() + 2 * 3_600_000);
    const other = await t.buildAnotherApp();
    const results = await Promise.all([t.app.payouts.closeWorker.runOnce(), other.payouts.closeWorker.runOnce()]);
    // Each node either closed the offer or found it leased or closed by the other; exactly one closed it.
    expect(results.every((r) => r.unfinished === 0)).toBe(true);

    const [offer] = await t.app.db.select().from(offers).where(eq(offers.id, f.offerId));
    expect(offer).toMatchObject({ closeOutcome: 'funded', isOpen: false, closeLeaseUntil: null });
    expect(offer.closedAt?.getTime()).toBe(clock.getTime());
    expect((await orderRowOf(t.app, paid.id)).status).toBe('completed');
    expect((await orderRowOf(t.app, unpaid.id)).status).toBe('cancelled');
    expect(await seriesOf(t.app, f.seriesId)).toMatchObject({ soldShares: 3, reservedShares: 0 });
    const history = await t.app.db.select().from(orderStatusHistory).where(inArray(orderStatusHistory.orderId, [paid.id, unpaid.id]));
    expect(history.filter((h) => h.reason === 'OFFER_FUNDED').map((h) => h.orderId)).toEqual([paid.id]);
    expect(history.filter((h) => h.reason === 'OFFER_CLOSED').map((h) => h.orderId)).toEqual([unpaid.id]);
    const notices = await t.app.db.select().from(mailOutbox).where(and(eq(mailOutbox.recipient, f.investor.email), eq(mailOutbox.kind, 'offer_closed')));
    expect(notices).toHaveLength(2);

    // The allotment confirmation: listed with the completed order, a PDF in the language asked for; none for
    // the cancelled order.
    const docs = expectData(await t.injectAs(f.investor, { method: 'GET', url: '/api/investor/documents', headers: { 'content-language': 'en' } })) as {
      id: string;
      kind: string | null;
      orderId: string | null;
      displayName: string;
    }[];
    const allotments = docs.filter((d) => d.kind === 'allotmentConfirmation');
    expect(allotments.map((d) => [d.id, d.orderId])).toEqual([[`allotment-confirmation-${paid.id}`, paid.id]]);
    expect(allotments[0].displayName).toMatch(/^Confirmation of share allotment ES/);
    for (const [language, title] of [
      ['pl', 'Potwierdzenie przydziału udziałów'],
      ['en', 'Confirmation of share allotment'],
    ] as const) {
      const pdf = await t.injectAs(f.investor, { method: 'GET', url: `/api/investor/documents/allotment-confirmation-${paid.id}`, headers: { 'content-language': language } });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toContain(language === 'pl' ? 'potwierdzenie-przydzialu-' : 'allotment-confirmation-');
      const text = await pdfText(pdf.rawPayload);
      expect(text).toContain(title);
      expect(text).toContain(language === 'pl' ? 'Liczba udziałów' : 'Number of shares');
      expect(text).toContain('3');
    }
    expect((await t.injectAs(f.investor, { method: 'GET', url: `/api/investor/documents/allotment-confirmation-${unpaid.id}` })).statusCode).toBe(404);
    const funded = notices.find((m) => m.subject.includes('zebrała finansowanie'));
    expect(funded?.textBody).toContain('Potwierdzenie przydziału udziałów (PDF)');

    // Later passes on either node find nothing left to do for it.
    await Promise.all([t.app.payouts.closeWorker.runOnce(), other.payouts.closeWorker.runOnce()]);
    expect(await t.app.db.select().from(orderStatusHistory).where(inArray(orderStatusHistory.orderId, [paid.id, unpaid.id]))).toHaveLength(history.length);
  });
});

describeEachDatabase('offer close worker: a lease held elsewhere', { config: { now: () => clock } }, (t) => {
  it('leaves an offer another node is closing alone until its lease runs out', async () => {
    clock = new Date();
    const f = await backofficeFixture(t.app, 100, 10_000);
    const unpaid = await placeOrder(t.app, f, 2);
    await t.app.db
      .update(offers)
      .set({ fundingGoal: 1_000_000, investmentEnd: new Date(clock.getTime() - 60_000), closeLeaseUntil: new Date(clock.getTime() + 60_000) })
      .where(eq(offers.id, f.offerId));
    const held = await t.app.payouts.closeWorker.runOnce();
    expect(held.busy).toBeGreaterThanOrEqual(1);
    expect((await orderRowOf(t.app, unpaid.id)).status).toBe('new');

    clock = new Date(clock.getTime() + 2 * 60_000);
    await t.app.payouts.closeWorker.runOnce();
    expect((await orderRowOf(t.app, unpaid.id)).status).toBe('cancelled');
    const [offer] = await t.app.db.select().from(offers).where(eq(offers.id, f.offerId));
    expect(offer).toMatchObject({ closeOutcome: 'not_funded', isOpen: false });
    expect(offer.closedAt).not.toBeNull();
  });
});
