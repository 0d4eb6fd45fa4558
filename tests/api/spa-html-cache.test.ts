// The SPA's pages (index.html with their first answers inline, server/pages/spaHtml.ts) are built once
// per page plan and language and sent from a per-node cache, valid exactly as long as the public answers they hold:
// the content version (an operator's edit, static content), the maintenance flags, and for pages with funding
// figures the share counters (an order), read by every node at most once a second (plugins/app/site-state.ts).
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { contentNodes, offers } from '../../server/db/schema';
import { bumpContentVersion } from '../../server/modules/content/repository';
import { pageImages, planPage } from '../../server/pages/spaHtml';
import { notFoundFeaturedKey, requestKey } from '../../contract/page-data';
import { describeEachDatabase, expectData, type TokenPair } from './helpers';
import { backofficeFixture, placeOrder, type Fixture } from './operator-support';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const spaDir = mkdtempSync(path.join(tmpdir(), 'spa-cache-'));
// Big enough to be compressed once the data is in.
const INDEX = `<!doctype html><html lang="pl"><head><script type="module" src="/assets/x-abc123.js"></script></head><body><div id="root"></div><!-- ${'x'.repeat(600)} --></body></html>`;
writeFileSync(path.join(spaDir, 'index.html'), INDEX);
afterAll(() => rmSync(spaDir, { recursive: true, force: true }));

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON answer, whose shape the checks below assert
type Inline = { language: string; answers: Record<string, any> };
const inline = (body: string): Inline => JSON.parse(/id="initial-data">([^<]*)</.exec(body)![1]);
const OFFER_PL = '/pl/inwestycja/zielone-tarasy';
const OFFER_KEY_PL = '/offers/zielone-tarasy';
const LIST_KEY = requestKey('/offers', { 'pagination[pageSize]': planPageSize('/pl/inwestycje'), 'pagination[pageNumber]': 1 });

function planPageSize(url: string): number {
  const key = planPage(url)!.keys.find((k) => k.startsWith('/offers?'))!;
  return Number(new URLSearchParams(key.split('?')[1]).get('pagination[pageSize]'));
}

it("plans a list page's LCP image: the first card's thumbnail, the src the card's <img> uses", () => {
  for (const url of ['/pl/inwestycje', '/en/investments/page/2?items=9']) {
    const plan = planPage(url)!;
    const key = plan.keys.find((k) => k.startsWith('/offers?'))!;
    expect(plan.shares, url).toBe(true);
    expect(pageImages(plan, { [key]: { items: [{ thumbUrl: '/media/a-thumb.jpg', imageUrl: '/media/a.jpg' }, { thumbUrl: '/media/b.jpg' }] } }), url).toEqual(['/media/a-thumb.jpg']);
    expect(pageImages(plan, { [key]: { items: [{ thumbUrl: null }] } }), url).toEqual([]);
    expect(pageImages(plan, { [key]: { items: [] } }), url).toEqual([]);
    expect(pageImages(plan, {}), url).toEqual([]);
  }
  // Pages without figures from orders do not follow the share counters.
  expect(planPage('/pl/faq')!.shares).toBe(false);
  expect(planPage('/en')!.shares).toBe(true);
  expect(planPage(OFFER_PL)!.shares).toBe(true);
});

describeEachDatabase('SPA pages from the cache', { config: { serveSpa: true, spaDir } }, (t) => {
  let operator: TokenPair;
  let f: Fixture;
  const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
  const page = (url: string, headers: Record<string, string> = {}) => get(t.app, url, headers);
  const stats = () => ({ ...t.app.spaHtml!.stats });
  const seriesOf = (data: Inline) => (data.answers[OFFER_KEY_PL].series as { id: number; pricePerShare: number; availableShares: number }[]).find((s) => s.id === f.seriesId)!;

  beforeAll(async () => {
    operator = await t.login('operator');
    f = await backofficeFixture(t.app, 100, 10_000);
    // The fixture's series was written straight to the database: make it public content everywhere.
    await t.database.db.transaction(async (tx) => bumpContentVersion(tx as never));
    t.app.siteState.invalidate();
  });

  it('builds a page once: the next request makes no API call and sends the same bytes, compressed once', async () => {
    for (const url of ['/pl/inwestycje', '/en', OFFER_PL]) {
      const first = await page(url);
      expect(first.statusCode, url).toBe(200);
      const before = stats();
      const publicBefore = { ...t.app.publicCache.stats };
      const second = await page(url);
      expect(second.body, url).toBe(first.body);
      expect(stats(), url).toEqual({ ...before, hits: before.hits + 1 });
      // not even the public cache was asked
      expect(t.app.publicCache.stats, url).toEqual(publicBefore);

      const br = await page(url, { 'accept-encoding': 'br, gzip' });
      const brAgain = await page(url, { 'accept-encoding': 'br, gzip' });
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(brAgain.rawPayload.equals(br.rawPayload), url).toBe(true);
      expect(brotliDecompressSync(br.rawPayload).toString(), url).toBe(first.body);
      const gz = await page(url, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding'], url).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString(), url).toBe(first.body);
      expect(String(gz.headers.vary), url).toMatch(/accept-encoding/i);
      expect(t.app.spaHtml!.stats.builds, url).toBe(before.builds);
    }
  });

  it("never serves one page's or one language's data for another", async () => {
    const pages = [
      ['/pl/inwestycje', 'pl', LIST_KEY],
      ['/en/investments', 'en', LIST_KEY],
      // (the seed's nine offers make two pages of six: a page past the last is a redirect, tests/api/page-head.test.ts)
      ['/pl/inwestycje/strona/2', 'pl', requestKey('/offers', { 'pagination[pageSize]': 6, 'pagination[pageNumber]': 2 })],
      ['/en/investments?items=9', 'en', requestKey('/offers', { 'pagination[pageSize]': 9, 'pagination[pageNumber]': 1 })],
      [OFFER_PL, 'pl', OFFER_KEY_PL],
      ['/en/investment/green-terraces', 'en', '/offers/green-terraces'],
      ['/pl', 'pl', '/offer/featured?listName=homepage'],
      ['/en', 'en', '/offer/featured?listName=homepage'],
      ['/pl/faq', 'pl', '/static-content'],
    ] as const;
    // twice round: the second from the cache
    for (let round = 0; round < 2; round++) {
      for (const [url, language, key] of pages) {
        const res = await page(url);
        expect(res.body, url).toContain(`<html lang="${language}"`);
        const data = inline(res.body);
        expect(data.language, url).toBe(language);
        const [apiPath, query] = key.split('?');
        const api = await t.app.inject({ method: 'GET', url: `/api${apiPath}${query ? `?${query}` : ''}`, headers: { 'content-language': language } });
        expect(data.answers[key], `${url} ${key}`).toEqual(api.json().data);
        expect(data.answers['/static-content'], url).toEqual(
          (await t.app.inject({ method: 'GET', url: '/api/static-content', headers: { 'content-language': language } })).json().data,
        );
      }
    }
  });

  it("preloads the list's first card image, the URL the card's <img> uses", async () => {
    for (const url of ['/pl/inwestycje', '/en/investments']) {
      const res = await page(url);
      const first = inline(res.body).answers[LIST_KEY].items[0];
      expect(first.thumbUrl, url).toBeTruthy();
      expect(res.body, url).toContain(`<link rel="preload" as="image" fetchpriority="high" href="${first.thumbUrl}">`);
      expect(res.body.match(/rel="preload" as="image"/g), url).toHaveLength(1);
    }
  });

  it('does not cache a page whose answer was not 200 (an unknown offer)', async () => {
    await page('/pl/inwestycja/no-such-offer');
    const before = stats();
    await page('/pl/inwestycja/no-such-offer');
    expect(t.app.spaHtml!.stats.builds).toBe(before.builds + 1);
    // boot's three, the offer's 404, and the featured offers the not-found page shows
    expect(t.app.spaHtml!.stats.injects).toBe(before.injects + 5);
  });

  it('PAGE_CACHE=false builds every request anew (the figure the cache is measured against)', async () => {
    const uncached = await t.buildAnotherApp({ pageCache: false });
    const first = await get(uncached, OFFER_PL);
    const builds = uncached.spaHtml!.stats.builds;
    const again = await get(uncached, OFFER_PL);
    expect(uncached.spaHtml!.stats.builds).toBe(builds + 1);
    expect(uncached.spaHtml!.stats.hits).toBe(0);
    // the same page with the same data (not byte for byte: its figures may move between two renders)
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(inline(again.body).language).toBe('pl');
    // the answers are gathered concurrently, so their order is not part of the page
    expect(Object.keys(inline(again.body).answers).sort()).toEqual(Object.keys(inline(first.body).answers).sort());
  });

  it('an unknown offer, static page or address carries the featured offers its not-found page shows', async () => {
    const key = notFoundFeaturedKey();
    for (const url of ['/pl/inwestycja/no-such-offer', '/en/no-such-page', '/pl/nie/ma/takiej/strony']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      const api = await t.app.inject({ method: 'GET', url: `/api${key}`, headers: { 'content-language': url.slice(1, 3) } });
      expect(api.json().data.offers.length, 'the demo has featured offers for it').toBeGreaterThan(0);
      expect(inline(res.body).answers[key], url).toEqual(api.json().data);
    }
    // a page that exists does not ask for them
    expect(inline((await page(OFFER_PL)).body).answers[key]).toBeUndefined();
  });

  it("an operator's edit of an offer changes the next page at once on this node, within a second on another", async () => {
    const other = await t.buildAnotherApp();
    const before = seriesOf(inline((await page(OFFER_PL)).body)).pricePerShare;
    expect(seriesOf(inline((await get(other, OFFER_PL)).body)).pricePerShare).toBe(before);
    // both nodes now hold the page
    const otherBuilds = other.spaHtml!.stats.builds;
    await get(other, OFFER_PL);
    expect(other.spaHtml!.stats.builds).toBe(otherBuilds);

    const price = before + 5_000;
    expectData(await t.injectAs(operator, { method: 'PATCH', url: `/api/operator/offers/${f.offerId}`, payload: { reason: 'cena', series: [{ id: f.seriesId, pricePerShare: price }] } }));
    expect(seriesOf(inline((await page(OFFER_PL)).body)).pricePerShare).toBe(price);

    const started = Date.now();
    let seen = before;
    while (Date.now() - started < 3000) {
      seen = seriesOf(inline((await get(other, OFFER_PL)).body)).pricePerShare;
      if (seen === price) break;
      await sleep(50);
    }
    expect(seen).toBe(price);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('a static content change bumped in its transaction changes every page of both languages', async () => {
    const [node] = await t.database.db.select().from(contentNodes).where(sql`${contentNodes.content}->>'en' <> ''`).orderBy(contentNodes.id).limit(1);
    expect(node).toBeTruthy();
    const pl = inline((await page('/pl/faq')).body);
    const en = inline((await page('/en/faq')).body);
    expect(JSON.stringify(pl.answers['/static-content'])).not.toContain('Nowa treść 11');
    await t.database.db.transaction(async (tx) => {
      await tx.update(contentNodes).set({ content: { pl: 'Nowa treść 11', en: 'New content 11' } }).where(eq(contentNodes.id, node.id));
      await bumpContentVersion(tx as never);
    });
    t.app.siteState.invalidate();
    const plAfter = (await page('/pl/faq')).body;
    const enAfter = (await page('/en/faq')).body;
    expect(plAfter).toContain('Nowa treść 11');
    expect(plAfter).not.toContain('New content 11');
    expect(enAfter).toContain('New content 11');
    expect(inline(enAfter).answers['/static-content']).not.toEqual(en.answers['/static-content']);
  });

  it("keeps an operator's text exactly, `$&` and `$'` included, in the page's data", async () => {
    const title = "Tarasy $& $' $` $$ $1 <b>";
    await t.database.db.transaction(async (tx) => {
      await tx.update(offers).set({ title: { pl: title, en: 'Terraces' } }).where(eq(offers.id, f.offerId));
      await bumpContentVersion(tx as never);
    });
    t.app.siteState.invalidate();
    const body = (await page(OFFER_PL)).body;
    expect(inline(body).answers[OFFER_KEY_PL].title).toBe(title);
    expect(body.match(/<div id="root"><\/div>/g)).toHaveLength(1);
  });

  it("an order changes the next page's share figures within a second; pages without them stay cached", async () => {
    const before = seriesOf(inline((await page(OFFER_PL)).body)).availableShares;
    await page('/pl/faq');
    await page('/pl/faq');
    await placeOrder(t.app, f, 3);
    const started = Date.now();
    let seen = before;
    while (Date.now() - started < 3000) {
      seen = seriesOf(inline((await page(OFFER_PL)).body)).availableShares;
      if (seen !== before) break;
      await sleep(50);
    }
    expect(seen).toBe(before - 3);
    expect(Date.now() - started).toBeLessThan(1500);
    // The share counters moved, the content did not: the FAQ page is still the cached one.
    const faqStats = stats();
    await page('/pl/faq');
    expect(stats()).toEqual({ ...faqStats, hits: faqStats.hits + 1 });
  });

  it("serves a new build (index.html changed) within a second, and none of the old build's pages", async () => {
    const indexPath = path.join(spaDir, 'index.html');
    const build = (entry: string, secondsAhead: number) => {
      writeFileSync(indexPath, INDEX.replace('x-abc123', entry));
      const at = new Date(Date.now() + secondsAhead * 1000);
      utimesSync(indexPath, at, at);
    };
    expect((await page('/pl/faq')).body).toContain('/assets/x-abc123.js');
    build('x-def456', 60);
    try {
      const started = Date.now();
      let body = '';
      while (Date.now() - started < 3000) {
        body = (await page('/pl/faq')).body;
        if (body.includes('x-def456')) break;
        await sleep(50);
      }
      expect(body).toContain('/assets/x-def456.js');
      expect(body).not.toContain('x-abc123');
      expect(Date.now() - started).toBeLessThan(1500);
    } finally {
      build('x-abc123', 120);
    }
  });
});
