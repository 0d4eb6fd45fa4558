import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { beforeAll, describe, expect, it } from 'vitest';
import { progressPercent } from '../../contract/portfolio';
import { offerSeries, offers } from '../../server/db/schema-content';
import { issuedDocuments } from '../../server/db/schema-documents';
import { orders } from '../../server/db/schema-orders';
import { demoReference, investorOrderSeed, seedOrder, type SeedOrderSpec } from '../../server/db/seed-data/investor-orders';
import { csvField, toCsv } from '../../server/modules/documents/csv';
import { formatReference } from '../../server/modules/orders/reference';
import { describeEachDatabase, expectData, expectError } from './helpers';
import { investorAreaAccessRows, type AccessFixtures, type Caller } from './investor-area-access';
import { createInvestor, type TestInvestor } from './orders-support';

// docs/api.md "Investor area": GET /investment (paged), GET /investment/{slug}, GET /investor/documents and
// the document download, the CSV exports; the ownership matrix of these endpoints.

async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

const NOW = new Date();

// The owner's orders: two offers held (one with a nested slug), every status, both methods, one payment
// more than a year ago (a yearly statement exists), one order in English.
const ownerOrders: SeedOrderSpec[] = [
  { payload: 'TSTA234', offerKey: 'dom-nad-jeziorem', method: 'BankTransfer', quantity: 10, status: 'completed', language: 'pl', createdDaysAgo: 400, paidDaysAgo: 399, completedDaysAgo: 390 },
  { payload: 'TSTB234', offerKey: 'dom-nad-jeziorem', method: 'PayPal', quantity: 2, status: 'paid', language: 'en', createdDaysAgo: 10, paidDaysAgo: 10 },
  { payload: 'TSTC234', offerKey: 'nad-wisla-etap-2', method: 'BankTransfer', quantity: 6, status: 'paid', language: 'pl', createdDaysAgo: 5, paidDaysAgo: 4 },
  { payload: 'TSTD234', offerKey: 'nad-wisla-etap-2', method: 'BankTransfer', quantity: 3, status: 'new', language: 'pl', createdDaysAgo: 1 },
  { payload: 'TSTE234', offerKey: 'apartamenty-sopot', method: 'PayPal', quantity: 1, status: 'cancelled', language: 'pl', createdDaysAgo: 3, cancelledDaysAgo: 3, cancelReason: 'PAYPAL_DECLINED' },
];
const ref = (payload: string) => formatReference(demoReference(payload));

describeEachDatabase('investor area', {}, (t) => {
  let owner: TestInvestor;
  let other: TestInvestor;
  let operator: TestInvestor;
  const orderIds: Record<string, string> = {};

  const get = (who: TestInvestor | null, url: string, language = 'pl') =>
    who
      ? t.injectAs(who.accessToken, { method: 'GET', url, headers: { 'content-language': language } })
      : t.app.inject({ method: 'GET', url, headers: { 'content-language': language } });

  beforeAll(async () => {
    owner = await createInvestor(t.app, { locale: 'pl' });
    other = await createInvestor(t.app, { locale: 'en' });
    operator = await createInvestor(t.app, { role: 'operator' });
    for (const spec of ownerOrders) {
      expect(await seedOrder(t.database.db, owner.userId, spec, NOW)).toBe(true);
      const [row] = await t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.reference, demoReference(spec.payload)));
      orderIds[spec.payload] = row.id;
    }
    // The other investor holds shares of one of the same offers.
    await seedOrder(t.database.db, other.userId, { payload: 'XTHA234', offerKey: 'dom-nad-jeziorem', method: 'BankTransfer', quantity: 1, status: 'paid', language: 'en', createdDaysAgo: 2, paidDaysAgo: 2 }, NOW);
  });

  describe('demo seed', () => {
    it('the seeded investor holds two offers, with orders in every status, both methods, no duplicates on a second run', async () => {
      const investor = await t.login('investor');
      const portfolio = expectData(await get({ accessToken: investor.accessToken } as TestInvestor, '/api/investment'));
      expect(portfolio.items.length).toBeGreaterThanOrEqual(2);
      const list = expectData(await get({ accessToken: investor.accessToken } as TestInvestor, '/api/order?pagination[pageSize]=100'));
      const statuses = new Set(list.items.map((o: { status: string }) => o.status));
      expect([...statuses].sort()).toEqual(['cancelled', 'completed', 'new', 'paid']);
      const methods = new Set(list.items.map((o: { method: string }) => o.method));
      expect([...methods].sort()).toEqual(['BankTransfer', 'PayPal']);
      expect(list.items.length).toBe(investorOrderSeed.length);
      const docs = expectData(await get({ accessToken: investor.accessToken } as TestInvestor, '/api/investor/documents'));
      expect(docs.filter((d: { own: boolean }) => d.own).length).toBeGreaterThanOrEqual(investorOrderSeed.length);

      // Seeding again changes nothing: the same orders and share counters.
      const before = await t.database.db.select().from(offerSeries);
      const { seedDemo } = await import('../../server/db/seed');
      await seedDemo(t.database.db);
      const after = await t.database.db.select().from(offerSeries);
      expect(after.map((s) => [s.id, s.reservedShares, s.soldShares]).sort()).toEqual(before.map((s) => [s.id, s.reservedShares, s.soldShares]).sort());
      const again = expectData(await get({ accessToken: investor.accessToken } as TestInvestor, '/api/order?pagination[pageSize]=100'));
      expect(again.pagination.totalItems).toBe(investorOrderSeed.length);
    });
  });

  describe('GET /investment', () => {
    it('lists one entry per offer held (paid and completed orders), newest payment first, with SPEC §9 progress', async () => {
      const data = expectData(await get(owner, '/api/investment'));
      expect(data.pagination).toEqual({ pageSize: 10, pageNumber: 1, totalItems: 2, totalPages: 1 });
      expect(data.items.map((i: { offer: { slug: { pl: string } } }) => i.offer.slug.pl)).toEqual(['osiedle-nad-wisla/etap-2', 'dom-nad-jeziorem']);
      const [wisla, lake] = data.items;
      const [lakeOffer] = await t.database.db.select().from(offers).where(eq(offers.key, 'dom-nad-jeziorem'));
      const [lakeSeries] = await t.database.db.select().from(offerSeries).where(eq(offerSeries.offerId, lakeOffer.id));
      expect(lake.numberOfShares).toBe(12);
      expect(lake.investedAmount).toBe(12 * lakeSeries.pricePerShare);
      expect(lake.pricePerShare).toBe(lakeSeries.pricePerShare);
      expect(lake.ordersCount).toBe(2);
      expect(lake.feesPaid).toBeGreaterThan(0); // the PayPal order's commission
      expect(lake.developerEquity).toBe(lakeOffer.developerEquity);
      expect(lake.investorsEquity).toBe(lakeOffer.totalCost - lakeOffer.developerEquity);
      const devPercent = progressPercent(lakeOffer.developerEquity, lakeOffer.totalCost);
      expect(lake.progress.developerEquityPercent).toBe(devPercent);
      expect(lake.progress.investorsEquityPercent).toBe(Math.round((100 - devPercent) * 100) / 100);
      const soldValue = lakeSeries.soldShares * lakeSeries.pricePerShare;
      expect(lake.progress.fundedPercent).toBe(progressPercent(soldValue, lake.investorsEquity));
      expect(lake.progress.fundedPercent + lake.progress.remainingPercent).toBeCloseTo(100, 6);
      expect(lake.ownershipPercent).toBe(progressPercent(lake.investedAmount, lake.investorsEquity));
      expect(lake.return).toEqual({ projectedAnnualPercent: 7.2, projectedAnnualAmount: Math.round((lake.investedAmount * 720) / 10_000) });
      expect(wisla.numberOfShares).toBe(6); // the unpaid order does not count
      // nothing paid out to this investor yet
      const nothing = { incomeGross: 0, taxWithheld: 0, incomeNet: 0, capitalReturned: 0, returnAmount: 0, returnPercent: 0 };
      expect(lake.realised).toEqual(nothing);
      expect(data.totals).toEqual({ offers: 2, numberOfShares: 18, investedAmount: lake.investedAmount + wisla.investedAmount, realised: nothing });
      expect(data.timeline.at(-1)).toEqual({ date: expect.any(String), investedAmount: lake.investedAmount + wisla.investedAmount, incomeNet: 0, capitalReturned: 0 });
      expect(lake.offer.title).toMatch(/^Dom nad jeziorem/);
    });

    it('pages with pagination[pageSize] / [pageNumber], in the request language; bad values are 400', async () => {
      const first = expectData(await get(owner, '/api/investment?pagination[pageSize]=1', 'en'));
      expect(first.pagination).toEqual({ pageSize: 1, pageNumber: 1, totalItems: 2, totalPages: 2 });
      expect(first.items.map((i: { offer: { slug: { en: string } } }) => i.offer.slug.en)).toEqual(['vistula-estate/phase-2']);
      const second = expectData(await get(owner, '/api/investment?pagination[pageSize]=1&pagination[pageNumber]=2', 'en'));
      expect(second.items.map((i: { offer: { title: string } }) => i.offer.title)).toEqual(['Lakeside house, Giżycko']);
      const beyond = expectData(await get(owner, '/api/investment?pagination[pageSize]=1&pagination[pageNumber]=3'));
      expect(beyond.items).toEqual([]);
      expectError(await get(owner, '/api/investment?pagination[pageSize]=0'), 400, [{ code: 'VALUE_NOT_VALID', context: 'pagination.pageSize' }]);
      expectError(await get(owner, '/api/investment?pagination[pageSize]=101'), 400, [{ code: 'VALUE_NOT_VALID', context: 'pagination.pageSize' }]);
    });

    it('an investor without paid orders has an empty portfolio', async () => {
      const someone = await createInvestor(t.app);
      const data = expectData(await get(someone, '/api/investment'));
      expect(data).toEqual({
        items: [],
        pagination: { pageSize: 10, pageNumber: 1, totalItems: 0, totalPages: 0 },
        totals: { offers: 0, numberOfShares: 0, investedAmount: 0, realised: { incomeGross: 0, taxWithheld: 0, incomeNet: 0, capitalReturned: 0, returnAmount: 0, returnPercent: 0 } },
        timeline: [],
      });
    });
  });

  describe('GET /investment/{slug}', () => {
    it('answers the investment with every order of that offer and the invested amount over time, by either language slug', async () => {
      const pl = expectData(await get(owner, '/api/investment/dom-nad-jeziorem'));
      const en = expectData(await get(owner, '/api/investment/lakeside-house', 'en'));
      expect(pl.offer.id).toBe(en.offer.id);
      expect(pl.orders.map((o: { reference: string }) => o.reference).sort()).toEqual([ref('TSTA234'), ref('TSTB234')].sort());
      expect(pl.timeline.length).toBe(2);
      expect(pl.timeline[0].numberOfShares).toBe(10);
      expect(pl.timeline[1]).toEqual({ date: expect.any(String), investedAmount: pl.investedAmount, numberOfShares: 12, incomeNet: 0, capitalReturned: 0 });
      expect(new Date(pl.timeline[0].date) < new Date(pl.timeline[1].date)).toBe(true);
    });

    it('a nested slug works, and its unpaid order is listed with the paid one', async () => {
      const data = expectData(await get(owner, '/api/investment/osiedle-nad-wisla/etap-2'));
      expect(data.orders.map((o: { status: string }) => o.status).sort()).toEqual(['new', 'paid']);
      expect(data.numberOfShares).toBe(6);
    });

    it('an offer held by nobody, one with only a cancelled order, an unknown slug: 404', async () => {
      expectError(await get(owner, '/api/investment/apartamenty-sopot'), 404, [{ code: 'NOT_FOUND', context: 'slug' }]);
      expectError(await get(owner, '/api/investment/zielone-tarasy'), 404, [{ code: 'NOT_FOUND', context: 'slug' }]);
      expectError(await get(owner, '/api/investment/no-such-offer'), 404, [{ code: 'NOT_FOUND', context: 'slug' }]);
      expectError(await get(other, '/api/investment/osiedle-nad-wisla/etap-2'), 404, [{ code: 'NOT_FOUND', context: 'slug' }]);
    });
  });

  describe('documents', () => {
    it('lists own issued documents (order and payment confirmations, statements) and the ordered offers\' documents', async () => {
      const docs = expectData(await get(owner, '/api/investor/documents'));
      const own = docs.filter((d: { own: boolean }) => d.own);
      const general = docs.filter((d: { own: boolean }) => !d.own);
      const kinds = (kind: string) => own.filter((d: { kind: string }) => d.kind === kind);
      expect(kinds('orderConfirmation').map((d: { orderReference: string }) => d.orderReference).sort()).toEqual(ownerOrders.map((o) => ref(o.payload)).sort());
      expect(kinds('paymentConfirmation').map((d: { orderReference: string }) => d.orderReference).sort()).toEqual([ref('TSTA234'), ref('TSTB234'), ref('TSTC234')].sort());
      const statements = kinds('yearlyStatement');
      expect(statements.length).toBeGreaterThanOrEqual(1);
      for (const d of own) {
        expect(d).toMatchObject({ type: 'investor', contentType: 'application/pdf', url: `/investor/documents/${d.id}` });
      }
      expect(own[0].displayName).toMatch(/zestawienie|Potwierdzenie/i);
      expect(general.length).toBeGreaterThan(0);
      for (const d of general) {
        expect(d).toMatchObject({ type: 'general', own: false, kind: null });
        expect(d.url).toMatch(/^\/media\//);
      }
    });

    it('a download is a PDF in the interface language with Polish letters, attachment, private no-store; again byte for byte', async () => {
      const id = `order-confirmation-${orderIds.TSTC234}`;
      const first = await get(owner, `/api/investor/documents/${id}`);
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('application/pdf');
      expect(first.headers['cache-control']).toBe('private, no-store');
      expect(first.headers['content-security-policy']).toContain("object-src 'none'"); // the pages' set, not the API's data set
      expect(first.headers['content-disposition']).toBe(
        `attachment; filename="potwierdzenie-zamowienia-${ref('TSTC234')}.pdf"; filename*=UTF-8''potwierdzenie-zamowienia-${ref('TSTC234')}.pdf`,
      );
      const bytes = first.rawPayload;
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      const text = await pdfText(bytes);
      expect(text).toContain(ref('TSTC234'));
      expect(text).toContain('Potwierdzenie złożenia zamówienia');
      expect(text).toContain('Liczba udziałów');
      expect(text).toMatch(/zł/);

      const second = await get(owner, `/api/investor/documents/${id}?disposition=inline`);
      expect(second.headers['content-disposition']).toMatch(/^inline; /);
      expect(createHash('sha256').update(second.rawPayload).digest('hex')).toBe(createHash('sha256').update(bytes).digest('hex'));
      const stored = await t.database.db.select().from(issuedDocuments).where(eq(issuedDocuments.orderId, orderIds.TSTC234));
      expect(stored.length).toBe(1);
      expect(stored[0].sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
      expect(second.headers.etag).toBe(`"${stored[0].sha256}"`);
    });

    it('an English interface gets an English payment confirmation; two first downloads at once store one document', async () => {
      const id = `payment-confirmation-${orderIds.TSTB234}`;
      const [a, b] = await Promise.all([get(owner, `/api/investor/documents/${id}`, 'en'), get(owner, `/api/investor/documents/${id}`, 'en')]);
      expect(a.statusCode).toBe(200);
      expect(Buffer.compare(a.rawPayload, b.rawPayload)).toBe(0);
      const text = await pdfText(a.rawPayload);
      expect(text).toContain('Payment confirmation');
      expect(text).toContain(ref('TSTB234'));
      expect(text).toContain('DEMO-CAPTURE-TSTB234');
      const rows = await t.database.db
        .select()
        .from(issuedDocuments)
        .where(and(eq(issuedDocuments.orderId, orderIds.TSTB234), eq(issuedDocuments.kind, 'paymentConfirmation')));
      expect(rows.length).toBe(1);
    });

    it('each document per language: the download follows the interface, ?language= asks for the other; both stored', async () => {
      const id = `order-confirmation-${orderIds.TSTB234}`; // an order placed in English
      const polish = await get(owner, `/api/investor/documents/${id}`, 'pl');
      expect(polish.statusCode).toBe(200);
      expect(polish.headers['content-disposition']).toContain(`potwierdzenie-zamowienia-${ref('TSTB234')}.pdf`);
      expect(await pdfText(polish.rawPayload)).toContain('Potwierdzenie złożenia zamówienia');
      const english = await get(owner, `/api/investor/documents/${id}`, 'en');
      expect(english.headers['content-disposition']).toContain(`order-confirmation-${ref('TSTB234')}.pdf`);
      const englishText = await pdfText(english.rawPayload);
      expect(englishText).not.toContain('Potwierdzenie złożenia zamówienia');
      // the investor asks for the other language
      const asked = await get(owner, `/api/investor/documents/${id}?language=en`, 'pl');
      expect(Buffer.compare(asked.rawPayload, english.rawPayload)).toBe(0);
      const rows = await t.database.db
        .select({ language: issuedDocuments.language })
        .from(issuedDocuments)
        .where(and(eq(issuedDocuments.orderId, orderIds.TSTB234), eq(issuedDocuments.kind, 'orderConfirmation')));
      expect(rows.map((r) => r.language).sort()).toEqual(['en', 'pl']);
      expectError(await get(owner, `/api/investor/documents/${id}?language=de`), 400, [{ code: 'VALUE_NOT_VALID', context: 'language' }]);
    });

    it('the yearly statement lists the holdings at year end and the year\'s payments, in the account language', async () => {
      const docs = expectData(await get(owner, '/api/investor/documents'));
      const statement = docs.find((d: { kind: string }) => d.kind === 'yearlyStatement');
      const res = await get(owner, `/api/investor/documents/${statement.id}`);
      expect(res.statusCode).toBe(200);
      const text = await pdfText(res.rawPayload);
      expect(text).toContain('Roczne zestawienie udziałów i płatności');
      expect(text).toContain('Dom nad jeziorem');
      expect(text).not.toContain(ref('TSTC234')); // paid this year, not in an earlier year's statement
    });

    it('not the caller\'s, not existing, not yet issued, malformed: 404; anonymous: 401', async () => {
      const id = `order-confirmation-${orderIds.TSTA234}`;
      expectError(await get(other, `/api/investor/documents/${id}`), 404, [{ code: 'NOT_FOUND', context: 'id' }]);
      expectError(await get(operator, `/api/investor/documents/${id}`), 404, [{ code: 'NOT_FOUND', context: 'id' }]);
      expectError(await get(owner, `/api/investor/documents/payment-confirmation-${orderIds.TSTD234}`), 404, [{ code: 'NOT_FOUND', context: 'id' }]);
      expectError(await get(owner, '/api/investor/documents/order-confirmation-00000000-0000-4000-8000-000000000000'), 404, [{ code: 'NOT_FOUND', context: 'id' }]);
      expectError(await get(owner, `/api/investor/documents/statement-${NOW.getFullYear() + 1}`), 404, [{ code: 'NOT_FOUND', context: 'id' }]);
      expectError(await get(owner, '/api/investor/documents/whatever'), 404, [{ code: 'NOT_FOUND', context: 'id' }]);
      expectError(await get(null, `/api/investor/documents/${id}`), 401, [{ code: 'UNAUTHORIZED', context: '' }]);
      expect(expectData(await get(other, '/api/investor/documents')).some((d: { orderId: string }) => Object.values(orderIds).includes(d.orderId))).toBe(false);
    });
  });

  describe('CSV exports', () => {
    it('orders in Polish: BOM, `;` separators, decimal commas, every order', async () => {
      const res = await get(owner, '/api/investor/exports/orders.csv');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="zamowienia.csv"/);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const body = res.rawPayload;
      expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = body.toString('utf8').slice(1).split('\r\n').filter(Boolean);
      expect(lines[0].split(';')[0]).toBe('Numer zamówienia');
      expect(lines.length).toBe(1 + ownerOrders.length);
      const row = lines.find((l) => l.startsWith(ref('TSTC234')))!.split(';');
      expect(row[2]).toBe('Opłacone');
      expect(row[5]).toBe('6');
      const [series] = await t.database.db.select().from(offerSeries).innerJoin(offers, eq(offers.id, offerSeries.offerId)).where(eq(offers.key, 'nad-wisla-etap-2'));
      const price = series.offer_series.pricePerShare;
      expect(row[6]).toBe(`${Math.floor(price / 100)},${String(price % 100).padStart(2, '0')}`);
    });

    it('transactions in English: `,` separators, decimal points, both methods', async () => {
      const res = await get(owner, '/api/investor/exports/transactions.csv', 'en');
      const text = res.rawPayload.toString('utf8');
      expect(text.charCodeAt(0)).toBe(0xfeff);
      const lines = text.slice(1).split('\r\n').filter(Boolean);
      expect(lines[0]).toBe('Date,Order reference,Investment,Payment method,Status,Shares,Amount (PLN),Fee (PLN)');
      expect(lines.length).toBe(1 + ownerOrders.length);
      expect(lines.some((l) => l.includes(',PayPal,Rejected,'))).toBe(true);
      expect(lines.some((l) => l.includes(',Bank transfer,Completed,'))).toBe(true);
      for (const line of lines.slice(1)) expect(line.split(',').at(-1)).toMatch(/^\d+\.\d{2}$/);
    });

    it('quotes separators, quotes and line breaks; neutralises formulas', () => {
      expect(csvField('a;b', ';')).toBe('"a;b"');
      expect(csvField('a,b', ';')).toBe('a,b');
      expect(csvField('say "hi"', ',')).toBe('"say ""hi"""');
      expect(csvField('two\nlines', ',')).toBe('"two\nlines"');
      expect(csvField('=SUM(A1)', ',')).toBe("'=SUM(A1)");
      expect(csvField('-12,50', ';', { text: false })).toBe('-12,50');
      expect(toCsv([['Zażółć', { number: '1,50' }]], 'pl')).toBe('\ufeffZażółć;1,50\r\n');
      expect(toCsv([['a,b', { number: '1.50' }]], 'en')).toBe('\ufeff"a,b",1.50\r\n');
    });
  });

  describe('ownership matrix', () => {
    const callers: Caller[] = ['anonymous', 'owner', 'otherInvestor', 'operator'];
    for (const row of investorAreaAccessRows) {
      it(`${row.name} × ${callers.join(', ')}`, async () => {
        const fixtures: AccessFixtures = {
          orderId: orderIds.TSTC234,
          slug: 'osiedle-nad-wisla/etap-2',
          documentId: `order-confirmation-${orderIds.TSTC234}`,
          ownerMarker: ref('TSTC234'),
          ownerOnlySlug: 'osiedle-nad-wisla/etap-2',
        };
        const marker = row.marker ? row.marker(fixtures) : fixtures.ownerMarker;
        const who: Record<Caller, TestInvestor | null> = { anonymous: null, owner, otherInvestor: other, operator };
        for (const caller of callers) {
          const res = await get(who[caller], row.url(fixtures));
          const wanted = row.expect[caller];
          const label = `${row.name} as ${caller}`;
          if (wanted === 401) expect(res.statusCode, label).toBe(401);
          else if (wanted === 404) {
            expect(res.statusCode, label).toBe(404);
            expect(res.body, label).not.toContain(marker);
          } else {
            expect(res.statusCode, label).toBe(200);
            const binary = res.headers['content-type'] === 'application/pdf';
            if (!binary) expect(res.body.includes(marker), label).toBe(wanted === 'ownData');
          }
        }
      });
    }
  });
});
