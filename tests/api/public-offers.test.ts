import { expect, it } from 'vitest';
import { PREVIEW_TOKEN } from '../../server/db/seed-data/content/offers';
import { describeEachDatabase, expectData, expectError } from './helpers';

// docs/api.md "Public site": GET /offers, /offers/{slug}[/{subslug}], /offers/{slug}/agreements,
// /offer/{id}/documents, /offer/featured.

type Summary = {
  id: number;
  slug: { pl: string; en: string };
  title: string;
  totalCost: number;
  developerEquity: number;
  investorEquity: number;
  thumbUrl: string | null;
  isOpen: boolean;
  badges: { text: string; colorText: string; colorBackground: string }[];
};
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON answer, whose shape the checks below assert
type Section = { id: number; type: string; position: number; title: string; grid: { mobile: number; tablet: number; desktop: number }; [k: string]: any };

const SUMMARY_KEYS = [
  'address', 'badges', 'developerEquity', 'id', 'imageUrl', 'investmentEnd', 'investmentStart', 'investorEquity', 'isOpen',
  'mainDescription', 'projectType', 'slug', 'thumbUrl', 'title', 'totalCost',
  // investing figures
  'pricePerShare', 'minimumInvestment', 'projectedReturnBasisPoints', 'funding', 'status',
].sort();
const OFFER_KEYS = [
  ...SUMMARY_KEYS, 'agreements', 'createdAt', 'descriptions', 'documents', 'gallery', 'properties', 'sections', 'seoDescription',
  'seoTitle', 'series', 'templateName',
].sort();

describeEachDatabase('public offers', {}, (t) => {
  const get = (url: string, language: 'pl' | 'en' = 'en', headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { 'content-language': language, ...headers } });

  const allPublished = async (): Promise<Summary[]> =>
    expectData(await get('/api/offers?pagination[pageSize]=100')).items;

  it('GET /offers lists the 9 published offers newest first, default page size 10', async () => {
    const data = expectData(await get('/api/offers'));
    expect(data.pagination).toEqual({ pageSize: 10, pageNumber: 1, totalItems: 9, totalPages: 1 });
    expect(data.items).toHaveLength(9);
    expect(data.items[0].slug).toEqual({ pl: 'zielone-tarasy', en: 'green-terraces' });
    for (const item of data.items) {
      expect(Object.keys(item).sort()).toEqual(SUMMARY_KEYS);
      expect(item.investorEquity).toBe(item.totalCost - item.developerEquity);
      expect(Number.isInteger(item.totalCost)).toBe(true);
    }
    // The unpublished offer never shows in the list.
    expect(data.items.map((o: Summary) => o.slug.pl)).not.toContain('willa-zakopane');
    // Both open and closed offers are listed.
    expect(new Set(data.items.map((o: Summary) => o.isOpen))).toEqual(new Set([true, false]));
    // Newest first.
    const starts = data.items.map((o: Summary) => o.id);
    expect(starts[0]).not.toBe(starts[starts.length - 1]);
  });

  it('pages through the list with pagination[pageSize] and pagination[pageNumber]', async () => {
    const page1 = expectData(await get('/api/offers?pagination[pageSize]=4&pagination[pageNumber]=1'));
    const page3 = expectData(await get('/api/offers?pagination[pageSize]=4&pagination[pageNumber]=3'));
    const page4 = expectData(await get('/api/offers?pagination[pageSize]=4&pagination[pageNumber]=4'));
    expect(page1.items).toHaveLength(4);
    expect(page3.items).toHaveLength(1);
    expect(page4.items).toHaveLength(0);
    expect(page3.pagination).toEqual({ pageSize: 4, pageNumber: 3, totalItems: 9, totalPages: 3 });
    const all = await allPublished();
    expect(page3.items[0].id).toBe(all[8].id);
  });

  it('answers 400 VALUE_NOT_VALID for bad pagination values', async () => {
    for (const [query, context] of [
      ['pagination[pageSize]=0', 'pagination.pageSize'],
      ['pagination[pageSize]=101', 'pagination.pageSize'],
      ['pagination[pageSize]=abc', 'pagination.pageSize'],
      ['pagination[pageSize]=-5', 'pagination.pageSize'],
      ['pagination[pageNumber]=0', 'pagination.pageNumber'],
      ['pagination[pageNumber]=1.5', 'pagination.pageNumber'],
    ]) {
      expectError(await get(`/api/offers?${query}`), 400, [{ code: 'VALUE_NOT_VALID', context }]);
    }
  });

  it('texts follow Content-Language; slugs come in both languages', async () => {
    const en = expectData(await get('/api/offers/green-terraces', 'en'));
    const pl = expectData(await get('/api/offers/green-terraces', 'pl'));
    expect(en.title).toBe('Green Terraces, Warsaw Wilanów');
    expect(pl.title).toBe('Zielone Tarasy, Warszawa Wilanów');
    expect(pl.slug).toEqual(en.slug);
    expect(pl.badges.map((b: { text: string }) => b.text)).toEqual(['Nowość', 'Eko']);
    expect(en.badges.map((b: { text: string }) => b.text)).toEqual(['New', 'Eco']);
    expect(pl.sections[0].title).not.toBe(en.sections[0].title);
    const listPl = expectData(await get('/api/offers', 'pl'));
    expect(listPl.items[0].title).toBe('Zielone Tarasy, Warszawa Wilanów');
  });

  it('GET /offers/{slug} finds an offer by either language slug, with every documented field', async () => {
    const bySlugPl = expectData(await get('/api/offers/zielone-tarasy'));
    const bySlugEn = expectData(await get('/api/offers/green-terraces'));
    expect(bySlugPl.id).toBe(bySlugEn.id);
    expect(Object.keys(bySlugEn).sort()).toEqual(OFFER_KEYS);
    expect(bySlugEn.templateName).toBe('default');
    expect(bySlugEn.seoTitle).toMatch(/Green Terraces/);
    expect(new Date(bySlugEn.createdAt).toISOString()).toBe(bySlugEn.createdAt);
    expect(bySlugEn.properties.length).toBeGreaterThan(0);
    expect(bySlugEn.properties[0]).toEqual({ position: 1, label: 'Usable area', value: '3 420 m²' });
    expect(bySlugEn.descriptions.map((d: { position: number }) => d.position)).toEqual([1, 2, 3]);
    expect(bySlugEn.series).toEqual([
      { id: expect.any(Number), name: 'Series A', pricePerShare: 50000, minStocks: 1, availableShares: 40000, isOpen: true },
      { id: expect.any(Number), name: 'Series B', pricePerShare: 62500, minStocks: 5, availableShares: 32000, isOpen: false },
    ]);
    expect(bySlugEn.totalCost).toBe(5_500_000_000);
    expect(bySlugEn.investorEquity).toBe(bySlugEn.totalCost - bySlugEn.developerEquity);
    // At least 25% sponsor ownership, as the marketing copy says.
    expect(bySlugEn.developerEquity / bySlugEn.totalCost).toBeGreaterThanOrEqual(0.25);
    // gallery = the gallery sections' photos, numbered
    expect(bySlugEn.gallery.map((g: { position: number }) => g.position)).toEqual([1, 2, 3, 4, 5]);
  });

  it('the homepage intro offer (zielone-tarasy / green-terraces) exists in both languages', async () => {
    const content = expectData(await get('/api/static-content', 'pl')).content;
    const slug = content.homepage.children.intro.children.offerSlug.content;
    expect(expectData(await get(`/api/offers/${encodeURIComponent(slug)}`, 'pl')).slug.pl).toBe(slug);
    const slugEn = expectData(await get('/api/static-content', 'en')).content.homepage.children.intro.children.offerSlug.content;
    expect(expectData(await get(`/api/offers/${slugEn}`)).slug.en).toBe(slugEn);
  });

  it('answers 404 NOT_FOUND (context slug) for an unknown slug', async () => {
    expectError(await get('/api/offers/no-such-offer'), 404, [{ code: 'NOT_FOUND', context: 'slug' }]);
    expectError(await get('/api/offers/osiedle-nad-wisla/etap-9'), 404, [{ code: 'NOT_FOUND', context: 'slug' }]);
    expectError(await get('/api/offers/zielone-tarasy/extra'), 404, [{ code: 'NOT_FOUND', context: 'slug' }]);
    expect((await get('/api/offers/no-such-offer', 'pl')).json().errors[0].message).toBe('Nie znaleziono');
  });

  it('serves a nested slug {slug}/{subslug} in both languages', async () => {
    const pl = expectData(await get('/api/offers/osiedle-nad-wisla/etap-2', 'pl'));
    const en = expectData(await get('/api/offers/vistula-estate/phase-2', 'en'));
    expect(pl.id).toBe(en.id);
    expect(en.slug).toEqual({ pl: 'osiedle-nad-wisla/etap-2', en: 'vistula-estate/phase-2' });
    expect(pl.title).toMatch(/etap 2/);
  });

  it('an unpublished offer needs its preview token: absent or wrong is 404, right is 200', async () => {
    expectError(await get('/api/offers/willa-zakopane'), 404, [{ code: 'NOT_FOUND', context: 'slug' }]);
    expectError(await get('/api/offers/zakopane-villa?previewToken=wrong'), 404, [{ code: 'NOT_FOUND', context: 'slug' }]);
    expectError(await get(`/api/offers/willa-zakopane?previewToken=${PREVIEW_TOKEN}x`), 404, [{ code: 'NOT_FOUND', context: 'slug' }]);
    expectError(await get('/api/offers/willa-zakopane?previewToken='), 404, [{ code: 'NOT_FOUND', context: 'slug' }]);
    const preview = expectData(await get(`/api/offers/zakopane-villa?previewToken=${PREVIEW_TOKEN}`));
    expect(preview.slug.pl).toBe('willa-zakopane');
    // A token on a published offer does no harm.
    expectData(await get('/api/offers/green-terraces?previewToken=anything'));
    // Not in the featured list that names it either.
    const widget = expectData(await get('/api/offer/featured?listName=featuredWidget'));
    expect(widget.offers.map((o: Summary) => o.slug.pl)).not.toContain('willa-zakopane');
    // Nor do its documents or agreements leak without the token.
    expectError(await get(`/api/offer/${preview.id}/documents`), 404, [{ code: 'NOT_FOUND', context: 'id' }]);
    expectError(await get('/api/offers/willa-zakopane/agreements'), 404, [{ code: 'NOT_FOUND', context: 'slug' }]);
  });

  it('across the offers: both templates, every section type, galleries of 1, 2, 3 and 4+ photos', async () => {
    const summaries = await allPublished();
    const offers = await Promise.all(summaries.map(async (s) => expectData(await get(`/api/offers/${s.slug.en}`))));
    expect(new Set(offers.map((o) => o.templateName))).toEqual(new Set(['default', 'fullWidthGallery']));
    const sections: Section[] = offers.flatMap((o) => o.sections);
    const types = new Set(sections.map((s) => s.type));
    for (const type of ['text', 'image', 'gallery', 'map', 'timeline', 'counter', 'pieChart', 'doughnut', 'barChart', 'video', 'documents', 'table', 'unlockDetails']) {
      expect(types, type).toContain(type);
    }
    // An unknown type in the database is left out.
    expect(types).not.toContain('confetti');
    const sizes = sections.filter((s) => s.type === 'gallery').map((s) => s.elements.length);
    for (const n of [1, 2, 3]) expect(sizes).toContain(n);
    expect(Math.max(...sizes)).toBeGreaterThanOrEqual(4);
    // Sections are ordered and have a 12-column grid.
    for (const o of offers) {
      const positions = o.sections.map((s: Section) => s.position);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      for (const s of o.sections as Section[]) {
        for (const v of Object.values(s.grid)) expect(v >= 1 && v <= 12).toBe(true);
      }
    }
    // A fullWidthGallery offer without properties exists (its card is hidden) and one with.
    const full = offers.filter((o) => o.templateName === 'fullWidthGallery');
    expect(full.some((o) => o.properties.length === 0)).toBe(true);
    expect(full.some((o) => o.properties.length > 0)).toBe(true);
    // Some offer has no thumbnail (homepage slice rule) and one has no end date.
    expect(summaries.some((s) => s.thumbUrl === null)).toBe(true);
    expect(offers.some((o) => o.investmentEnd === null)).toBe(true);
  });

  it('section payloads: timeline current in the middle, map in Poland, table over 8 rows, video and mixcloud audio', async () => {
    const offers = await Promise.all(
      (await allPublished()).map(async (s) => expectData(await get(`/api/offers/${s.slug.en}`, 'pl'))),
    );
    const sections: Section[] = offers.flatMap((o) => o.sections);

    const timelines = sections.filter((s) => s.type === 'timeline');
    const middle = timelines.find((s) => {
      const i = s.elements.findIndex((e: { current: boolean }) => e.current);
      return i > 0 && i < s.elements.length - 1;
    });
    expect(middle).toBeDefined();
    expect(middle!.elements.filter((e: { current: boolean }) => e.current)).toHaveLength(1);
    expect(middle!.elements.some((e: { content: string }) => e.content === '')).toBe(true); // read-more only with content
    expect(middle!.isFullWidth).toBe(true);

    const maps = sections.filter((s) => s.type === 'map');
    expect(maps.length).toBeGreaterThan(0);
    for (const m of maps) {
      expect(m.latitude).toBeGreaterThan(49);
      expect(m.latitude).toBeLessThan(55);
      expect(m.longitude).toBeGreaterThan(14);
      expect(m.longitude).toBeLessThan(24.2);
      expect(m.isFullWidth).toBe(m.grid.desktop === 12);
      expect(m.address).not.toBe('');
    }
    expect(maps.some((m) => !m.isFullWidth)).toBe(true);

    const tables = sections.filter((s) => s.type === 'table');
    expect(Math.max(...tables.map((s) => s.rows.length))).toBeGreaterThan(8);
    const table = tables[0];
    expect(table.columns.map((c: { position: number }) => c.position)).toEqual([1, 2, 3, 4]);
    expect(Object.keys(table.rows[0].cells).sort()).toEqual(['1', '2', '3', '4']);
    expect(table.rows[0].backgroundColor).toMatch(/^#/);

    const videos = sections.filter((s) => s.type === 'video');
    expect(videos.some((v) => v.url.includes('mixcloud'))).toBe(true);
    expect(videos.some((v) => !v.url.includes('mixcloud') && v.url.endsWith('.mp4'))).toBe(true);
    expect(videos.some((v) => v.autoPlay)).toBe(true);

    const counter = sections.find((s) => s.type === 'counter')!;
    expect(counter.animationDuration).toBeGreaterThan(0);
    expect(counter.elements[0]).toEqual({
      position: 1, countFrom: expect.any(Number), countTo: expect.any(Number), label: expect.any(String), subLabel: expect.any(String), color: expect.stringMatching(/^#/),
    });
    for (const chart of sections.filter((s) => ['pieChart', 'doughnut', 'barChart'].includes(s.type))) {
      expect(chart.elements.length).toBeGreaterThan(1);
      for (const e of chart.elements) expect(typeof e.value).toBe('number');
    }
    const unlock = sections.find((s) => s.type === 'unlockDetails')!;
    expect(unlock.unlockDetailsSectionButtonText).toBe('Zaloguj się');
    expect(unlock.unlockDetailsSectionButtonLink).toBe('login');
  });

  it('investor documents only for a signed-in investor; documents sections show general ones only', async () => {
    const anonymous = expectData(await get('/api/offers/green-terraces'));
    expect(anonymous.documents.general).toHaveLength(2);
    expect(anonymous.documents.investor).toEqual([]);
    const docsSection = anonymous.sections.find((s: Section) => s.type === 'documents');
    expect(docsSection.elements.map((e: { attachment: { id: number } }) => e.attachment.id)).toEqual(
      anonymous.documents.general.map((d: { id: number }) => d.id),
    );

    const tokens = await t.login('investor');
    const signedIn = expectData(await t.injectAs(tokens, { method: 'GET', url: '/api/offers/green-terraces', headers: { 'content-language': 'en' } }));
    expect(signedIn.documents.investor.map((d: { displayName: string }) => d.displayName)).toEqual(['Investor agreement', 'Quarterly report Q1']);
    expect(signedIn.documents.investor[0].url).toMatch(/\.pdf$/);

    // GET /offer/{id}/documents the same way
    const anonDocs = expectData(await get(`/api/offer/${anonymous.id}/documents`));
    expect(anonDocs).toEqual({ general: anonymous.documents.general, investor: [] });
    const investorDocs = expectData(await t.injectAs(tokens, { method: 'GET', url: `/api/offer/${anonymous.id}/documents`, headers: { 'content-language': 'en' } }));
    expect(investorDocs.investor).toHaveLength(2);

    // A token that does not verify is a visitor; an expired one asks the SPA to refresh.
    const garbage = expectData(await t.injectAs('not-a-jwt', { method: 'GET', url: `/api/offer/${anonymous.id}/documents` }));
    expect(garbage.investor).toEqual([]);
    const verified = await t.app.tokens.verifyAccessToken(tokens.accessToken);
    if (!verified.ok) throw new Error('expected a valid token');
    const expired = await t.app.tokens.signAccessToken(verified.principal, -60);
    expectError(await t.injectAs(expired, { method: 'GET', url: `/api/offer/${anonymous.id}/documents` }), 401, [{ code: 'TOKEN_EXPIRED', context: '' }]);
    expectError(await t.injectAs(expired, { method: 'GET', url: '/api/offers' }), 401, [{ code: 'TOKEN_EXPIRED', context: '' }]);
    // The list accepts a token, never needs one.
    expect(expectData(await t.injectAs(tokens, { method: 'GET', url: '/api/offers' })).items).toHaveLength(9);
  });

  it('GET /offer/{id}/documents: unknown id 404, malformed id 400', async () => {
    expectError(await get('/api/offer/999999/documents'), 404, [{ code: 'NOT_FOUND', context: 'id' }]);
    expectError(await get('/api/offer/abc/documents'), 400, [{ code: 'VALUE_NOT_VALID', context: 'id' }]);
  });

  it('GET /offers/{slug}/agreements: contact ones for `contact`, investment plus own for an offer, 404 for unknown', async () => {
    const contact = expectData(await get('/api/offers/contact/agreements'));
    const byContext = expectData(await get('/api/agreement?context=contact'));
    expect(contact).toEqual(byContext);
    expect(contact.some((a: { required: boolean }) => a.required)).toBe(true);
    expect(contact.some((a: { required: boolean }) => !a.required)).toBe(true);

    const investment = expectData(await get('/api/agreement?context=investment'));
    const offer = expectData(await get('/api/offers/green-terraces/agreements'));
    expect(offer.slice(0, investment.length)).toEqual(investment);
    expect(offer).toHaveLength(investment.length + 1);
    expect(offer[offer.length - 1].content).toMatch(/Green Terraces/);
    expect(expectData(await get('/api/offers/green-terraces')).agreements).toEqual(offer);
    // An offer without its own agreements gets the investment ones.
    expect(expectData(await get('/api/offers/lakeside-house/agreements'))).toEqual(investment);
    expectError(await get('/api/offers/no-such-offer/agreements'), 404, [{ code: 'NOT_FOUND', context: 'slug' }]);
    const pl = expectData(await get('/api/offers/contact/agreements', 'pl'));
    expect(pl[0].content).not.toBe(contact[0].content);
  });

  it('GET /offer/featured gives each of the five named lists', async () => {
    for (const listName of ['homepage', 'singleOffer', 'homepageOfferList', 'investorPanel', 'featuredWidget']) {
      const data = expectData(await get(`/api/offer/featured?listName=${listName}`));
      expect(data.listName).toBe(listName);
      expect(data.title).not.toBe('');
      expect(data.offers.length).toBeGreaterThan(0);
      for (const offer of data.offers) expect(Object.keys(offer).sort()).toEqual(SUMMARY_KEYS);
    }
    const home = expectData(await get('/api/offer/featured?listName=homepage', 'pl'));
    expect(home.title).toBe('Polecane inwestycje');
    expect(home.offers[0].slug.pl).toBe('zielone-tarasy');
    expect(home.offers.map((o: Summary) => o.slug.pl)).toEqual(['zielone-tarasy', 'dom-nad-jeziorem', 'osiedle-nad-wisla/etap-2', 'apartamenty-sopot']);
  });

  it('GET /offer/featured with a bad or missing list name is 400 (context listName)', async () => {
    expectError(await get('/api/offer/featured?listName=nope'), 400, [{ code: 'VALUE_NOT_VALID', context: 'listName' }]);
    expectError(await get('/api/offer/featured'), 400, [{ code: 'IS_EMPTY', context: 'listName' }]);
  });
});
