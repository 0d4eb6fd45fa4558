import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { siteSettings } from '../../server/db/schema';
import { offerDocuments } from '../../server/db/schema-content';
import { orders } from '../../server/db/schema-orders';
import { agreementIdsFor, createInvestor, methodIds, offerBySlug, orderBody } from './orders-support';
import { describeEachDatabase, expectError, type TokenPair } from './helpers';

// A lone UTF-16 surrogate ("x\ud800" in JSON) has no UTF-8 form. Written into jsonb it failed with 500 (POST
// /investment's investorData, PATCH /operator/site-settings, document names); into a text column it silently
// became U+FFFD. Refused like a NUL byte: 400 VALUE_NOT_VALID naming the field, nothing written.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1').toString('base64');

describeEachDatabase('unpaired surrogates', {}, (t) => {
  let operator: TokenPair;

  beforeAll(async () => {
    operator = await t.login('operator');
  });

  it('POST /investment with one in investorData: 400 with the field, no order', async () => {
    const investor = await createInvestor(t.app);
    const { offer, series } = await offerBySlug(t.database.db, 'zielone-tarasy');
    const open = series.find((s) => s.isOpen)!;
    const body = await orderBody(t.database.db, {
      offer: offer.id,
      series: open.id,
      method: (await methodIds(t.database.db)).bank,
      agreements: (await agreementIdsFor(t.database.db, offer.id)).map((a) => a.id),
    }, open.minStocks);
    for (const [field, investorData] of [
      ['investorData.firstName', { ...body.investorData, firstName: 'Jan\ud800' }],
      ['investorData.address.city', { ...body.investorData, address: { ...body.investorData.address, city: '\udc00Warszawa' } }],
    ] as const) {
      const res = await t.injectAs(investor.accessToken, { method: 'POST', url: '/api/investment', payload: { ...body, investorData } });
      expectError(res, 400, [{ code: 'VALUE_NOT_VALID', context: field }]);
    }
    expect(await t.database.db.select().from(orders).where(eq(orders.userId, investor.userId))).toEqual([]);
  });

  it('PATCH /operator/site-settings with one in a title: 400, settings unchanged', async () => {
    const [before] = await t.database.db.select().from(siteSettings);
    const res = await t.injectAs(operator, {
      method: 'PATCH',
      url: '/api/operator/site-settings',
      payload: { maintenanceModeTitle: { pl: 'Przerwa\ud800', en: 'Break' } },
    });
    expectError(res, 400, [{ code: 'VALUE_NOT_VALID', context: 'maintenanceModeTitle.pl' }]);
    const [after] = await t.database.db.select().from(siteSettings);
    expect(after).toEqual(before);
  });

  it('a document upload with one in its name: 400, nothing stored', async () => {
    const { offer } = await offerBySlug(t.database.db, 'zielone-tarasy');
    const before = await t.database.db.select().from(offerDocuments).where(eq(offerDocuments.offerId, offer.id));
    for (const [context, extra] of [
      ['displayName.pl', { displayName: { pl: 'Raport\udc00', en: 'Report' } }],
      ['fileName', { fileName: 'raport\ud800.pdf' }],
    ] as [string, Record<string, unknown>][]) {
      const res = await t.injectAs(operator, {
        method: 'POST',
        url: `/api/operator/offers/${offer.id}/documents`,
        payload: Object.assign({ reason: 'test', kind: 'general', displayName: { pl: 'Raport', en: 'Report' }, fileName: 'raport.pdf', contentBase64: PDF }, extra),
      });
      expectError(res, 400, [{ code: 'VALUE_NOT_VALID', context }]);
    }
    expect(await t.database.db.select().from(offerDocuments).where(eq(offerDocuments.offerId, offer.id))).toEqual(before);
  });

  it('anywhere else too: a text field, a key, a value in an array, a well-formed pair passes', async () => {
    expectError(await t.app.inject({ method: 'POST', url: '/api/contact-form', payload: { fullName: 'Jan', message: 'hello\udfff' } }), 400, [
      { code: 'VALUE_NOT_VALID', context: 'message' },
    ]);
    expectError(await t.app.inject({ method: 'POST', url: '/api/contact-form', payload: { ['x\ud800y']: 1 } }), 400, [
      { code: 'VALUE_NOT_VALID', context: 'xy' },
    ]);
    expectError(await t.app.inject({ method: 'POST', url: '/api/contact-form', payload: { agreements: [{ id: '\ud800' }] } }), 400, [
      { code: 'VALUE_NOT_VALID', context: 'agreements.0.id' },
    ]);
    // An emoji is a surrogate PAIR: fine (the contact form's own rules answer).
    const emoji = await t.app.inject({ method: 'POST', url: '/api/contact-form', payload: { fullName: 'Jan 🙂', email: 'jan@example.com', message: 'Dzień dobry 👍', agreements: [] } });
    expect(emoji.json().errors.map((e: { code: string }) => e.code)).not.toContain('VALUE_NOT_VALID');
  });
});
