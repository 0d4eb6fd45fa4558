// Public answers served from the per-node cache (server/cache/public-cache.ts) with ETag / 304,
// compressed once, invalidated by the content version (bumpContentVersion) on every node within a second, and an
// offer's availableShares always live (laid over the cached offer on every request).
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { faqItems, offerSeries, offers, orders } from '../../server/db/schema';
import { bumpContentVersion } from '../../server/modules/content/repository';
import { createSiteStateCache, type SiteState } from '../../server/plugins/app/site-state';
import { PREVIEW_TOKEN } from '../../server/db/seed-data/content/offers';
import { describeEachDatabase, expectData, expectError } from './helpers';
import { buildAppWithRoutes } from './route-table';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeEachDatabase('public cache', {}, (t) => {
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { 'content-language': 'en', ...headers } });

  /** The first series of green-terraces, read straight from the database. */
  const seriesRow = async () => {
    const [offer] = await t.database.db.select({ id: offers.id }).from(offers).where(sql`${offers.slug}->>'en' = 'green-terraces'`);
    const [row] = await t.database.db.select().from(offerSeries).where(eq(offerSeries.offerId, offer.id)).orderBy(offerSeries.position, offerSeries.id).limit(1);
    return row;
  };

  it('answers public content with an ETag, 304 on If-None-Match, public no-cache and Vary', async () => {
    for (const url of ['/api/offers', '/api/offers/green-terraces', '/api/offer/featured?listName=homepage', '/api/faq', '/api/faq/featured', '/api/static-content', '/api/slider', '/api/splash-screen', '/api/stats']) {
      const first = await get(url);
      expect(first.statusCode, url).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag, url).toMatch(/^W\/".+"$/);
      expect(first.headers['cache-control'], url).toBe('public, no-cache');
      expect(String(first.headers.vary), url).toMatch(/Accept-Language/);
      expect(first.headers['content-type'], url).toMatch(/^application\/json/);
      expect(first.json().status, url).toBe(200);
      const again = await get(url, { 'if-none-match': etag });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
      expect(again.headers.etag, url).toBe(etag);
      // Another language is another answer (the statistics have no text).
      const pl = await get(url, { 'content-language': 'pl', 'if-none-match': etag });
      expect(pl.statusCode, url).toBe(url === '/api/stats' ? 304 : 200);
    }
  });

  it('builds an answer once and sends the same bytes, compressed once with brotli or gzip', async () => {
    const cache = t.app.publicCache;
    const plain = await get('/api/static-content');
    const builds = cache.stats.builds;
    const br = await get('/api/static-content', { 'accept-encoding': 'br, gzip' });
    const gz = await get('/api/static-content', { 'accept-encoding': 'gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 3);
    expect(cache.stats.builds).toBe(builds);
    expect(br.headers.etag).toBe(plain.headers.etag);
  });

  it('a content change bumped in its transaction is served at once on this node and within a second on another', async () => {
    const other = await t.buildAnotherApp();
    try {
      const before = expectData(await get('/api/faq'));
      const beforeOther = await other.inject({ method: 'GET', url: '/api/faq', headers: { 'content-language': 'en' } });
      const etag = beforeOther.headers.etag as string;
      const id = before[0].id;
      await t.database.db.transaction(async (tx) => {
        await tx.update(faqItems).set({ question: { pl: 'Nowe pytanie?', en: 'A new question?' } }).where(eq(faqItems.id, id));
        await bumpContentVersion(tx);
      });
      t.app.siteState.invalidate();
      expect(expectData(await get('/api/faq'))[0].question).toBe('A new question?');

      // The other node: within a second, and its old ETag no longer answers 304.
      const started = Date.now();
      let question = '';
      while (Date.now() - started < 3000) {
        question = (await other.inject({ method: 'GET', url: '/api/faq', headers: { 'content-language': 'en' } })).json().data[0].question;
        if (question === 'A new question?') break;
        await sleep(50);
      }
      expect(question).toBe('A new question?');
      expect(Date.now() - started).toBeLessThan(1500);
      const revalidated = await other.inject({ method: 'GET', url: '/api/faq', headers: { 'content-language': 'en', 'if-none-match': etag } });
      expect(revalidated.statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('availableShares: at once for a signed-in investor, within a second for visitors, over the cached offer', async () => {
    const row = await seriesRow();
    const tokens = await t.login('investor');
    const asInvestor = () => t.injectAs(tokens, { method: 'GET', url: '/api/offers/green-terraces', headers: { 'content-language': 'en' } });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON answer, whose shape the checks below assert
    const available = (res: { json(): any }) => res.json().data.series.find((s: { id: number }) => s.id === row.id).availableShares as number;
    const first = await get('/api/offers/green-terraces');
    const firstEtag = first.headers.etag as string;
    const initial = available(first);
    expect(initial).toBe(Math.max(0, row.totalShares - row.soldShares - row.reservedShares));
    expect(available(await asInvestor())).toBe(initial);

    // An order reserves 3 shares (what server/modules/orders/shares.ts does), with no content version bump.
    await t.database.db.update(offerSeries).set({ reservedShares: sql`${offerSeries.reservedShares} + 3` }).where(eq(offerSeries.id, row.id));
    try {
      // The investor who just ordered sees it on the next request.
      expect(available(await asInvestor())).toBe(initial - 3);
      // Visitors within a second, in both languages, with a new ETag.
      const started = Date.now();
      let res = await get('/api/offers/green-terraces', { 'if-none-match': firstEtag });
      while (res.statusCode === 304 && Date.now() - started < 3000) {
        await sleep(50);
        res = await get('/api/offers/green-terraces', { 'if-none-match': firstEtag });
      }
      expect(Date.now() - started).toBeLessThan(1500);
      expect(res.statusCode).toBe(200);
      expect(available(res)).toBe(initial - 3);
      expect(available(await get('/api/offers/zielone-tarasy', { 'content-language': 'pl' }))).toBe(initial - 3);
    } finally {
      await t.database.db.update(offerSeries).set({ reservedShares: sql`${offerSeries.reservedShares} - 3` }).where(eq(offerSeries.id, row.id));
      t.app.siteState.invalidate();
    }
    const back = await get('/api/offers/green-terraces');
    expect(available(back)).toBe(initial);
    expect(back.headers.etag).toBe(firstEtag);
  });

  it('funding figures and the platform statistics follow the share counters within a second', async () => {
    const row = await seriesRow();
    const summary = async () =>
      (expectData(await get('/api/offers?pagination[pageSize]=100')).items as Array<{ slug: { en: string }; funding: { raised: number; target: number; percent: number }; status: string }>).find(
        (o) => o.slug.en === 'green-terraces',
      )!;
    type Figures = { funding: { raised: number; target: number; percent: number }; status: string };
    const offerPage = async () => expectData(await get('/api/offers/green-terraces')) as Figures;
    const before = await summary();
    const pageBefore = await offerPage();
    expect(pageBefore.funding).toEqual(before.funding);
    expect(before.funding.target).toBeGreaterThan(0);
    expect(before.funding.percent).toBe(Math.round((10000 * before.funding.raised) / before.funding.target) / 100);
    await t.database.db.update(offerSeries).set({ soldShares: sql`${offerSeries.soldShares} + 2` }).where(eq(offerSeries.id, row.id));
    try {
      await sleep(1100);
      const after = await summary();
      expect(after.funding.raised).toBe(before.funding.raised + 2 * row.pricePerShare);
      // the offer page (cached with its figures, as the list is) shows the same raised amount as its card
      expect((await offerPage()).funding).toEqual(after.funding);
    } finally {
      await t.database.db.update(offerSeries).set({ soldShares: sql`${offerSeries.soldShares} - 2` }).where(eq(offerSeries.id, row.id));
    }

    const stats = expectData(await get('/api/stats'));
    const [money] = await t.database.db
      .select({ raised: sql<string>`coalesce(sum(${orders.amount}), 0)`, investors: sql<string>`count(distinct ${orders.userId})` })
      .from(orders)
      .where(sql`${orders.status} in ('paid', 'completed')`);
    expect(stats.raised).toBe(Number(money.raised));
    expect(stats.investors).toBe(Number(money.investors));
    expect(stats.offers).toBe(9);
    expect(stats.offersFunded).toBeGreaterThanOrEqual(0);
  });

  it('keeps the investor variant apart: visitors never get investor documents, the investor variant is private', async () => {
    const tokens = await t.login('investor');
    const signedIn = await t.injectAs(tokens, { method: 'GET', url: '/api/offers/green-terraces', headers: { 'content-language': 'en' } });
    expect(signedIn.json().data.documents.investor.length).toBeGreaterThan(0);
    expect(signedIn.headers['cache-control']).toBe('private, no-cache');
    expect(String(signedIn.headers.vary)).toMatch(/Authorization/);
    const visitor = await get('/api/offers/green-terraces', { 'if-none-match': signedIn.headers.etag as string });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json().data.documents.investor).toEqual([]);
  });

  it('an offer preview is checked and compressed for its request, never kept: no-store and no ETag', async () => {
    const cache = t.app.publicCache;
    const url = `/api/offers/zakopane-villa?previewToken=${PREVIEW_TOKEN}`;
    const size = cache.size;
    const plain = await get(url);
    expect(plain.statusCode).toBe(200);
    expect(plain.json().data.slug.pl).toBe('willa-zakopane');
    expect(plain.headers['cache-control']).toBe('no-store');
    expect(plain.headers.etag).toBeUndefined();
    const br = await get(url, { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await get(url, { 'accept-encoding': 'gzip' });
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(cache.size).toBe(size);
    // Without its token the unpublished offer is still unknown.
    expectError(await get('/api/offers/zakopane-villa'), 404, [{ code: 'NOT_FOUND', context: 'slug' }]);
  });

  it('routes answered from the cache carry none of the compress plugin\'s per-request hooks; other routes keep them', async () => {
    const { app, routes } = await buildAppWithRoutes(t.config, t.database);
    try {
      // Route-level hooks are the compress plugin's (onRequest, preParsing, onSend) and the maintenance gate.
      const hooksOf = (url: string) => {
        const route = routes.find((r) => r.method === 'GET' && r.url === url);
        expect(route, url).toBeDefined();
        return (['onRequest', 'preParsing', 'onSend'] as const).flatMap((kind) => [route!.options[kind] ?? []].flat().map((hook) => `${kind}:${hook.name}`));
      };
      for (const url of ['/api/offers', '/api/offers/:slug', '/api/offers/:slug/:subslug', '/api/offer/featured', '/api/faq', '/api/faq/featured', '/api/stats', '/api/slider', '/api/static-content', '/api/splash-screen', '/api/page/:slug']) {
        expect(hooksOf(url), url).toEqual(['onRequest:gate']);
      }
      expect(hooksOf('/api/offers/:slug/agreements')).toEqual(['onRequest:gate', 'onRequest:onRequest', 'preParsing:preParsing', 'onSend:onSend']);
    } finally {
      await app.close();
    }
  });

  it('still answers 404 for an unknown slug (never cached) and 401 for an expired token', async () => {
    expectError(await get('/api/offers/no-such-offer'), 404, [{ code: 'NOT_FOUND', context: 'slug' }]);
    expectError(await get('/api/page/no-such-page'), 404, [{ code: 'NOT_FOUND', context: 'slug' }]);
    const expired = await t.app.tokens.signAccessToken({ userId: '00000000-0000-4000-8000-000000000000', sessionId: '00000000-0000-4000-8000-000000000000', role: 'investor' }, -5);
    expectError(await t.injectAs(expired, { method: 'GET', url: '/api/offers' }), 401, [{ code: 'TOKEN_EXPIRED' }]);
  });
});

it('site state: one read per second shared by concurrent callers; invalidate() forgets a read in flight', async () => {
  let reads = 0;
  let clock = 0;
  let release: (() => void) | null = null;
  const state = (v: number): SiteState => ({ maintenanceMode: false, systemMaintenanceMode: false, contentVersion: v, sharesFingerprint: '' });
  const cache = createSiteStateCache(
    () => {
      reads += 1;
      const v = reads;
      return new Promise((resolve) => {
        release = () => resolve(state(v));
      });
    },
    1000,
    () => clock,
  );
  expect(cache.peek()).toBeUndefined();
  const a = cache.get();
  const b = cache.get();
  expect(cache.peek()).toBeUndefined(); // a read in flight is not a state yet
  release!();
  expect((await a).contentVersion).toBe(1);
  expect((await b).contentVersion).toBe(1);
  expect(reads).toBe(1);
  clock = 999;
  // Fresh: peek() gives it without a promise (the hot paths stay synchronous), get() without a read.
  expect(cache.peek()?.contentVersion).toBe(1);
  expect((await cache.get()).contentVersion).toBe(1);
  expect(reads).toBe(1);
  clock = 1000;
  expect(cache.peek()).toBeUndefined(); // stale: the caller must get() it
  const c = cache.get();
  // A change on this node while that read is in flight: the read may have missed it, so it is not kept.
  cache.invalidate();
  expect(cache.peek()).toBeUndefined();
  const d = cache.get();
  expect(reads).toBe(3);
  release!(); // resolves read 3
  expect((await d).contentVersion).toBe(3);
  void c;
});
