import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { KIIS_TEXT_MAX } from '../../contract/kiis';
import { offerSeries } from '../../server/db/schema-content';
import { kiisVersions, orderKiis } from '../../server/db/schema-protection';
import { orders } from '../../server/db/schema-orders';
import { contentOf } from '../../server/modules/protection/kiis';
import { describeEachDatabase, expectData, expectError, type TokenPair } from './helpers';
import { agreementIdsFor, createBody, createInvestor, createSeries, kiisHashFor, methodIds, offerBySlug, seriesRow, type TestInvestor } from './orders-support';

// The key investment information sheet's versions (ECSP Art. 23; docs/api.md "Investing" and "Back office"):
// no order without the sheet acknowledged, the operator's text per offer and language makes a new version,
// an older sheet is refused once a newer one exists, and an order keeps (and its investor downloads) exactly
// the sheet it acknowledged, whatever changed since.

describeEachDatabase('key investment information sheet versions', {}, (t) => {
  let operator: TokenPair;
  let offerId: number;
  let seriesId: number;
  let target: { offer: number; series: number; method: number; agreements: number[] };

  const post = (who: TestInvestor, payload: object, headers: Record<string, string> = {}) =>
    t.injectAs(who.accessToken, { method: 'POST', url: '/api/investment', payload, headers: { 'content-language': 'en', ...headers } });
  const publicSheet = async (language: 'pl' | 'en') =>
    expectData(await t.app.inject({ method: 'GET', url: `/api/offer/${offerId}/kiis?language=${language}` })) as { hash: string; version: number; url: string; language: string };
  const edit = (who: TokenPair | TestInvestor | null, language: string, payload: object, headers: Record<string, string> = {}) =>
    who
      ? t.injectAs(who.accessToken, { method: 'PUT', url: `/api/operator/offers/${offerId}/kiis/${language}`, payload, headers })
      : t.app.inject({ method: 'PUT', url: `/api/operator/offers/${offerId}/kiis/${language}`, payload, headers });
  const storedContent = async (hash: string) => {
    const [row] = await t.database.db.select().from(kiisVersions).where(eq(kiisVersions.hash, hash));
    return JSON.stringify(contentOf(row.content));
  };

  beforeAll(async () => {
    operator = await t.login('operator');
    const { offer } = await offerBySlug(t.database.db, 'zielone-tarasy');
    offerId = offer.id;
    seriesId = (await createSeries(t.database.db, 'zielone-tarasy', 1000)).id;
    target = { offer: offerId, series: seriesId, method: (await methodIds(t.database.db)).bank, agreements: (await agreementIdsFor(t.database.db, offerId)).map((a) => a.id) };
  });

  it('an order without the sheet acknowledged is refused with KIIS_REQUIRED (translated); nothing is reserved', async () => {
    const investor = await createInvestor(t.app);
    const en = expectError(await post(investor, createBody(target, 2)), 400, [{ code: 'KIIS_REQUIRED', context: 'kiisHash' }]);
    expect(en[0].message).toBe('Read and acknowledge the key investment information sheet of this offer before ordering');
    const pl = expectError(await post(investor, createBody(target, 2), { 'content-language': 'pl' }), 400, [{ code: 'KIIS_REQUIRED', context: 'kiisHash' }]);
    expect(pl[0].message).toContain('arkuszem kluczowych informacji inwestycyjnych');
    // The other rules answer alongside it.
    expectError(await post(investor, { ...createBody(target, 2), agreements: [] }), 400, [
      ...target.agreements.map((id) => ({ code: 'IS_EMPTY', context: `agreements.${id}` })),
      { code: 'KIIS_REQUIRED', context: 'kiisHash' },
    ]);
    expect((await seriesRow(t.database.db, seriesId)).reservedShares).toBe(0);
    expect(await t.database.db.select().from(orders).where(eq(orders.userId, investor.userId))).toEqual([]);
  });

  it('the operator edits the text: a new version; the old hash is refused; an order on the old one keeps and downloads it', async () => {
    const investor = await createInvestor(t.app);
    const before = await publicSheet('pl');
    const beforeEn = await publicSheet('en');
    expect(before.url).toBe(`/api/offer/${offerId}/kiis.pdf?language=pl&version=${before.version}`);
    // Asking again makes no new version.
    expect((await publicSheet('pl')).hash).toBe(before.hash);

    const placed = expectData(await post(investor, { ...createBody(target, 2), kiisHash: before.hash }), 201);
    expect(placed.order.kiis).toEqual({ version: before.version, language: 'pl', hash: before.hash, acknowledgedAt: placed.order.createdAt, url: `/api/order/${placed.order.id}/kiis.pdf` });
    const [stored] = await t.database.db.select().from(orderKiis).where(eq(orderKiis.orderId, placed.order.id));
    expect([stored.hash, stored.language]).toEqual([before.hash, 'pl']);

    const text = 'Ryzyko budowy: opóźnienie odbioru do 6 miesięcy.\n\nGwarancja: brak.';
    const edited = expectData(await edit(operator, 'pl', { text, reason: 'nowe ryzyko' }));
    expect(edited.versions.pl[0]).toMatchObject({ version: before.version + 1, operatorText: text, createdBy: 'operator@example.com', language: 'pl' });
    expect(edited.versions.pl[1]).toMatchObject({ version: before.version, hash: before.hash });
    // The English sheet is another language's: unchanged.
    expect(edited.versions.en[0].hash).toBe(beforeEn.hash);

    const after = await publicSheet('pl');
    expect(after.version).toBe(before.version + 1);
    expect(after.hash).not.toBe(before.hash);
    expect(await storedContent(after.hash)).toContain('Ryzyko budowy: opóźnienie odbioru do 6 miesięcy.');
    expect(await storedContent(before.hash)).not.toContain('Ryzyko budowy');
    const current = await t.app.inject({ method: 'GET', url: after.url });
    expect(current.statusCode).toBe(200);
    expect(current.headers.etag).toBe(`"${after.hash}"`);
    expect(current.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The older version stays available under its own address.
    expect((await t.app.inject({ method: 'GET', url: before.url })).headers.etag).toBe(`"${before.hash}"`);

    // The old hash is refused now; the new one is taken.
    expectError(await post(investor, { ...createBody(target, 2), kiisHash: before.hash }), 400, [{ code: 'KIIS_CHANGED', context: 'kiisHash' }]);
    expectData(await post(investor, { ...createBody(target, 2), kiisHash: after.hash }), 201);

    // The earlier order still has, and serves, the sheet it acknowledged.
    const again = expectData(await t.injectAs(investor.accessToken, { method: 'GET', url: `/api/order/${placed.order.id}` }));
    expect(again.kiis).toMatchObject({ version: before.version, hash: before.hash, language: 'pl' });
    const pdf = await t.injectAs(investor.accessToken, { method: 'GET', url: again.kiis.url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers.etag).toBe(`"${before.hash}"`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // The audit log has the edit with the text before and after.
    const audit = expectData(await t.injectAs(operator.accessToken, { method: 'GET', url: `/api/operator/audit-log?entityType=offer&entityId=${offerId}` }));
    const entry = audit.items.find((a: { action: string }) => a.action === 'offer.kiis.updated');
    expect(entry).toMatchObject({ actorEmail: 'operator@example.com', reason: 'nowe ryzyko', after: { language: 'pl', version: after.version, operatorText: text, hash: after.hash } });
  });

  it('a change of the offer\'s data makes the next version by itself; orders keep theirs', async () => {
    const investor = await createInvestor(t.app);
    const before = await publicSheet('en');
    const placed = expectData(await post(investor, { ...createBody(target, 2), kiisHash: before.hash }), 201);

    await t.database.db.update(offerSeries).set({ pricePerShare: 12_345 }).where(eq(offerSeries.id, seriesId));
    const after = await publicSheet('en');
    expect(after.version).toBe(before.version + 1);
    expect(await storedContent(after.hash)).toContain('123.45');
    const [made] = await t.database.db.select().from(kiisVersions).where(eq(kiisVersions.hash, after.hash));
    expect(made.createdBy).toBeNull();
    // The operator's text carries over into the platform's version.
    const [previous] = await t.database.db.select().from(kiisVersions).where(eq(kiisVersions.hash, before.hash));
    expect(made.operatorText).toBe(previous.operatorText);

    expectError(await post(investor, { ...createBody(target, 2), kiisHash: before.hash }), 400, [{ code: 'KIIS_CHANGED', context: 'kiisHash' }]);
    expectData(await post(investor, { ...createBody(target, 2), kiisHash: await kiisHashFor(t.database.db, offerId, 'en') }), 201);
    const pdf = await t.injectAs(investor.accessToken, { method: 'GET', url: `/api/order/${placed.order.id}/kiis.pdf` });
    expect(pdf.headers.etag).toBe(`"${before.hash}"`);
  });

  it('a repeat of an order (same Idempotency-Key) is answered even after the sheet changed', async () => {
    const investor = await createInvestor(t.app);
    const key = randomUUID();
    const body = { ...createBody(target, 2), kiisHash: (await publicSheet('pl')).hash };
    const first = expectData(await post(investor, body, { 'idempotency-key': key }), 201);
    expectData(await edit(operator, 'pl', { text: `Aktualizacja ${key}`, reason: 'zmiana' }));
    const again = await post(investor, body, { 'idempotency-key': key });
    expect(expectData(again, 201).order.id).toBe(first.order.id);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('only the order\'s investor downloads its sheet: another investor and an operator get 404, anonymous 401', async () => {
    const owner = await createInvestor(t.app);
    const placed = expectData(await post(owner, { ...createBody(target, 2), kiisHash: (await publicSheet('pl')).hash }), 201);
    const url = `/api/order/${placed.order.id}/kiis.pdf`;
    const other = await createInvestor(t.app);
    const refused = await t.injectAs(other.accessToken, { method: 'GET', url });
    expectError(refused, 404, [{ code: 'NOT_FOUND', context: 'id' }]);
    expectError(await t.injectAs(operator.accessToken, { method: 'GET', url }), 404, [{ code: 'NOT_FOUND', context: 'id' }]);
    expectError(await t.app.inject({ method: 'GET', url }), 401, [{ code: 'UNAUTHORIZED', context: '' }]);
    for (const id of ['not-a-uuid', randomUUID()]) {
      expectError(await t.injectAs(owner.accessToken, { method: 'GET', url: `/api/order/${id}/kiis.pdf` }), 404, [{ code: 'NOT_FOUND', context: 'id' }]);
    }
    expect((await t.injectAs(owner.accessToken, { method: 'GET', url })).statusCode).toBe(200);
  });

  it('only operators edit; the text is checked with translated errors; nothing else is written', async () => {
    const count = async () => (await t.database.db.select().from(kiisVersions).where(and(eq(kiisVersions.offerId, offerId), eq(kiisVersions.language, 'en')))).length;
    const investor = await createInvestor(t.app);
    const versions = await count();
    expectError(await edit(investor, 'en', { text: 'x', reason: 'r' }), 403, [{ code: 'FORBIDDEN', context: '' }]);
    expectError(await edit(null, 'en', { text: 'x', reason: 'r' }), 401, [{ code: 'UNAUTHORIZED', context: '' }]);
    expectError(await t.injectAs(investor.accessToken, { method: 'GET', url: `/api/operator/offers/${offerId}/kiis` }), 403, [{ code: 'FORBIDDEN', context: '' }]);
    expectError(await edit(operator, 'en', { text: 'x', reason: ' ' }), 400, [{ code: 'IS_EMPTY', context: 'reason' }]);
    expectError(await edit(operator, 'en', { text: 'x'.repeat(KIIS_TEXT_MAX + 1), reason: 'r' }), 400, [{ code: 'VALUE_NOT_VALID', context: 'text' }]);
    expectError(await edit(operator, 'de', { text: 'x', reason: 'r' }), 400, [{ code: 'VALUE_NOT_VALID', context: 'language' }]);
    expectError(await t.injectAs(operator.accessToken, { method: 'PUT', url: '/api/operator/offers/999999/kiis/en', payload: { text: 'x', reason: 'r' } }), 404, [{ code: 'NOT_FOUND', context: 'id' }]);
    expect(await count()).toBe(versions);

    // Saved once; the same text again changes nothing and says so, in the operator's language.
    expectData(await edit(operator, 'en', { text: 'Construction risk.\u202e', reason: 'r' }));
    const unchanged = expectError(await edit(operator, 'en', { text: ' Construction risk. ', reason: 'r' }, { 'content-language': 'pl' }), 400, [
      { code: 'KIIS_TEXT_UNCHANGED', context: 'text' },
    ]);
    expect(unchanged[0].message).toContain('Tekst jest taki sam');
    const list = expectData(await t.injectAs(operator.accessToken, { method: 'GET', url: `/api/operator/offers/${offerId}/kiis` }));
    // The invisible bidi override is gone; the text is trimmed.
    expect(list.versions.en[0].operatorText).toBe('Construction risk.');
    expect(list.versions.en).toHaveLength(versions + 1);
    const pdf = await t.injectAs(operator.accessToken, { method: 'GET', url: list.versions.en[0].url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers.etag).toBe(`"${list.versions.en[0].hash}"`);
  });
});
