import { count } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { seedDemo } from '../../server/db/seed';
import {
  agreements,
  faqItems,
  featuredListOffers,
  featuredLists,
  offerBadges,
  offerDocuments,
  offerSections,
  offers,
  staticPageAttachments,
  staticPages,
} from '../../server/db/schema-content';
import { describeEachDatabase, expectData, expectError } from './helpers';

// docs/api.md "Public site": FAQ, static pages, agreements by context, the media the content points at,
// and the idempotent seed.

describeEachDatabase('public content', {}, (t) => {
  const get = (url: string, language: 'pl' | 'en' = 'en') =>
    t.app.inject({ method: 'GET', url, headers: { 'content-language': language } });

  it('GET /faq gives 8+ items in order; /faq/featured the featured subset', async () => {
    const all = expectData(await get('/api/faq'));
    const featured = expectData(await get('/api/faq/featured'));
    expect(all.length).toBeGreaterThanOrEqual(8);
    for (const item of all) {
      expect(Object.keys(item).sort()).toEqual(['answer', 'id', 'question']);
      expect(item.answer).toMatch(/^<p>/);
    }
    expect(featured.length).toBe(3);
    expect(featured.length).toBeLessThan(all.length);
    const allIds = all.map((i: { id: number }) => i.id);
    for (const item of featured) expect(allIds).toContain(item.id);
    const pl = expectData(await get('/api/faq', 'pl'));
    expect(pl[0].question).toBe('Czym jest udział?');
    expect(all[0].question).toBe('What is a share?');
    expect(JSON.stringify(all)).toMatch(/at least 25%/);
  });

  it('GET /page/{slug} by either language slug; terms and privacy slugs match the SPA routes', async () => {
    for (const [pl, en] of [
      ['regulamin', 'terms-of-use'],
      ['polityka-prywatnosci', 'privacy-policy'],
      ['jak-to-dziala', 'how-it-works'],
    ]) {
      const byPl = expectData(await get(`/api/page/${pl}`, 'pl'));
      const byEn = expectData(await get(`/api/page/${en}`, 'en'));
      expect(byPl.id).toBe(byEn.id);
      expect(byPl.slug).toEqual({ pl, en });
      expect(byPl.title).not.toBe(byEn.title);
      expect(Object.keys(byEn).sort()).toEqual(
        ['attachments', 'content', 'id', 'imageUrl', 'seoDescription', 'seoTitle', 'slug', 'subTitle', 'title'].sort(),
      );
    }
    const terms = expectData(await get('/api/page/terms-of-use'));
    expect(terms.title).toBe('Terms of use');
    expect(terms.attachments).toHaveLength(1);
    const how = expectData(await get('/api/page/how-it-works'));
    expect(how.imageUrl).toMatch(/^\/media\//);
    expect(how.attachments.map((a: { displayName: string }) => a.displayName)).toEqual([
      'Investor guide', 'Fee table', 'Investor agreement template',
    ]);
  });

  it('GET /page/{slug} answers 404 NOT_FOUND for an unknown page', async () => {
    expectError(await get('/api/page/no-such-page'), 404, [{ code: 'NOT_FOUND', context: 'slug' }]);
    expectError(await get('/api/page/zielone-tarasy'), 404, [{ code: 'NOT_FOUND', context: 'slug' }]);
  });

  it('GET /agreement?context= gives the agreements of that context; default registration; bad context 400', async () => {
    const registration = expectData(await get('/api/agreement?context=registration'));
    expect(registration.length).toBeGreaterThanOrEqual(2);
    expect(registration.filter((a: { required: boolean }) => a.required).length).toBeGreaterThanOrEqual(2);
    expect(Object.keys(registration[0]).sort()).toEqual(['content', 'id', 'required']);
    expect(expectData(await get('/api/agreement'))).toEqual(registration);
    const contact = expectData(await get('/api/agreement?context=contact'));
    const investment = expectData(await get('/api/agreement?context=investment'));
    const ids = [registration, contact, investment].flat().map((a: { id: number }) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(investment.every((a: { required: boolean }) => a.required)).toBe(true);
    expectError(await get('/api/agreement?context=newsletter'), 400, [{ code: 'VALUE_NOT_VALID', context: 'context' }]);
    const pl = expectData(await get('/api/agreement?context=registration', 'pl'));
    expect(pl[0].content).toMatch(/regulamin/);
    expect(registration[0].content).toMatch(/terms-of-use/);
  });

  it('serves every image, document, video and audio file the public content points at', async () => {
    const urls = new Map<string, string>();
    const list = expectData(await get('/api/offers?pagination[pageSize]=100')).items;
    const tokens = await t.login('investor');
    for (const summary of list) {
      const offer = expectData(await t.injectAs(tokens, { method: 'GET', url: `/api/offers/${summary.slug.en}` }));
      for (const url of [offer.thumbUrl, offer.imageUrl]) if (url) urls.set(url, 'image/svg+xml');
      for (const d of [...offer.documents.general, ...offer.documents.investor]) urls.set(d.url, 'application/pdf');
      for (const s of offer.sections) {
        if (s.type === 'gallery') for (const e of s.elements) urls.set(e.imageUrl, 'image/svg+xml').set(e.thumbUrl, 'image/svg+xml');
        if (s.type === 'image') urls.set(s.imageUrl, 'image/svg+xml');
        if (s.type === 'timeline') for (const e of s.elements) if (e.imageUrl) urls.set(e.imageUrl, 'image/svg+xml');
        if (s.type === 'video') urls.set(s.url, s.url.includes('mixcloud') ? 'audio/' : 'video/mp4');
      }
    }
    for (const slug of ['terms-of-use', 'privacy-policy', 'how-it-works']) {
      const page = expectData(await get(`/api/page/${slug}`));
      if (page.imageUrl) urls.set(page.imageUrl, 'image/svg+xml');
      for (const a of page.attachments) urls.set(a.url, 'application/pdf');
    }
    expect(urls.size).toBeGreaterThan(30);
    let total = 0;
    for (const [url, type] of urls) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain(type);
      const body = res.rawPayload;
      total += body.length;
      if (type === 'application/pdf') {
        expect(body.subarray(0, 5).toString('latin1'), url).toBe('%PDF-');
        expect(body.toString('latin1'), url).toMatch(/%%EOF\s*$/);
        // startxref points at the xref table
        const startxref = Number(/startxref\s+(\d+)/.exec(body.toString('latin1'))![1]);
        expect(body.subarray(startxref, startxref + 4).toString('latin1'), url).toBe('xref');
      }
      if (type === 'audio/') expect(body.subarray(0, 4).toString('latin1')).toBe('RIFF');
      if (type === 'video/mp4') expect(body.subarray(4, 8).toString('latin1')).toBe('ftyp');
      if (type === 'image/svg+xml') expect(body.toString('utf8'), url).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    }
    expect(total).toBeLessThan(2 * 1024 * 1024);
  });

  it('seeding again adds no rows (idempotent)', async () => {
    const db = t.database.db;
    const tables = { offers, offerBadges, offerSections, offerDocuments, agreements, faqItems, featuredLists, featuredListOffers, staticPages, staticPageAttachments };
    const counts = async () => {
      const result: Record<string, number> = {};
      for (const [name, table] of Object.entries(tables)) {
        const [{ n }] = await db.select({ n: count() }).from(table);
        result[name] = n;
      }
      return result;
    };
    const before = await counts();
    expect(before.offers).toBe(11);
    expect(before.featuredLists).toBe(5);
    await seedDemo(db);
    await seedDemo(db);
    expect(await counts()).toEqual(before);
    expect(expectData(await get('/api/offers')).pagination.totalItems).toBe(9);
  });
});
