// What the server sends for a page before any script runs (server/pages/head.ts, server/pages/sitemap.ts): the
// status of each public address, and the head a crawler or a link preview reads from the HTML alone, parsed here with
// an HTML parser (parse5) as such a reader would, for each public page in each language; the sitemap and robots.txt,
// including an offer published and unpublished by an operator.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PREVIEW_TOKEN } from '../../server/db/seed-data/content/offers';
import { siteSettings } from '../../server/db/schema';
import { offers, staticPages } from '../../server/db/schema-content';
import { MAINTENANCE_RETRY_AFTER_SECONDS } from '../../server/pages/head';
import { describeEachDatabase, expectData, type TokenPair } from './helpers';

const PUBLIC_URL = 'https://estate.example.com';
// A built SPA as index.html is written (its title is the one the server replaces).
const spaDir = mkdtempSync(path.join(tmpdir(), 'spa-head-'));
writeFileSync(
  path.join(spaDir, 'index.html'),
  '<!doctype html><html lang="pl"><head><meta charset="UTF-8" /><title>Estate Shares</title><script type="module" src="/assets/x-abc123.js"></script></head><body><div id="root"></div></body></html>',
);
afterAll(() => rmSync(spaDir, { recursive: true, force: true }));

type Element = DefaultTreeAdapterMap['element'];
type Node = DefaultTreeAdapterMap['node'];

/** The head as a link preview or a crawler reads it. */
function readHead(html: string) {
  const elements: Element[] = [];
  const walk = (node: Node) => {
    if ('tagName' in node) elements.push(node);
    if ('childNodes' in node) for (const child of node.childNodes) walk(child);
    if ('content' in node && node.content) walk(node.content as Node);
  };
  walk(parse(html));
  const attr = (el: Element, name: string) => el.attrs.find((a) => a.name === name)?.value;
  const text = (el: Element) => el.childNodes.map((c) => ('value' in c ? c.value : '')).join('');
  const head = elements.find((el) => el.tagName === 'head')!;
  const inHead = elements.filter((el) => {
    for (let p: Node | null = el; p; p = 'parentNode' in p ? (p.parentNode as Node | null) : null) if (p === head) return true;
    return false;
  });
  const titles = inHead.filter((el) => el.tagName === 'title');
  const metaBy = (key: 'name' | 'property', value: string) => inHead.filter((el) => el.tagName === 'meta' && attr(el, key) === value).map((el) => attr(el, 'content'));
  const links = (rel: string) => inHead.filter((el) => el.tagName === 'link' && attr(el, 'rel') === rel);
  return {
    lang: attr(elements.find((el) => el.tagName === 'html')!, 'lang'),
    titles: titles.map(text),
    title: titles.length === 1 ? text(titles[0]) : undefined,
    description: metaBy('name', 'description'),
    robots: metaBy('name', 'robots')[0],
    canonical: links('canonical').map((el) => attr(el, 'href')),
    alternates: Object.fromEntries(links('alternate').map((el) => [attr(el, 'hreflang'), attr(el, 'href')])) as Record<string, string>,
    og: (property: string) => metaBy('property', property),
    twitter: (name: string) => metaBy('name', name)[0],
    jsonLd: inHead.filter((el) => el.tagName === 'script' && attr(el, 'type') === 'application/ld+json').map((el) => JSON.parse(text(el))),
  };
}

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => ['url', 'xhtml:link'].includes(name) });

describeEachDatabase('page heads and statuses', { config: { serveSpa: true, spaDir, publicUrl: PUBLIC_URL } }, (t) => {
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const api = async (url: string, language: 'pl' | 'en') => expectData(await t.app.inject({ method: 'GET', url: `/api${url}`, headers: { 'content-language': language } }));
  let siteTitle: Record<'pl' | 'en', string>;
  let siteDescription: Record<'pl' | 'en', string>;

  beforeAll(async () => {
    const [pl, en] = [await api('/static-content', 'pl'), await api('/static-content', 'en')];
    siteTitle = { pl: pl.content.seo.children.title.content, en: en.content.seo.children.title.content };
    const [splashPl, splashEn] = [await api('/splash-screen', 'pl'), await api('/splash-screen', 'en')];
    siteDescription = { pl: splashPl.seoDescription, en: splashEn.seoDescription };
    expect(siteTitle.pl).not.toBe('');
    expect(siteDescription.en).not.toBe('');
  });

  /** The checks every indexable page passes, whatever its kind. */
  function expectIndexable(url: string, body: string, language: 'pl' | 'en', expected: { title: string; description: string; own: string; other: string }) {
    const head = readHead(body);
    const other = language === 'pl' ? 'en' : 'pl';
    expect(head.lang, url).toBe(language);
    expect(head.titles, url).toEqual([expected.title]);
    expect(head.description, url).toHaveLength(1);
    expectDescription(head.description[0], expected.description, url);
    expect(head.robots, url).toBeUndefined();
    expect(head.canonical, url).toEqual([`${PUBLIC_URL}${expected.own}`]);
    expect(head.alternates, url).toEqual({
      [language]: `${PUBLIC_URL}${expected.own}`,
      [other]: `${PUBLIC_URL}${expected.other}`,
      'x-default': `${PUBLIC_URL}${language === 'pl' ? expected.own : expected.other}`,
    });
    expect(head.og('og:title'), url).toEqual([expected.title]);
    expect(head.og('og:description'), url).toEqual(head.description);
    expect(head.og('og:url'), url).toEqual([`${PUBLIC_URL}${expected.own}`]);
    expect(head.og('og:locale'), url).toEqual([language === 'pl' ? 'pl_PL' : 'en_GB']);
    expect(head.og('og:locale:alternate'), url).toEqual([language === 'pl' ? 'en_GB' : 'pl_PL']);
    expect(head.twitter('twitter:title'), url).toBe(expected.title);
    return head;
  }

  it('answers every public page in both languages with 200 and its own title, description, canonical and alternates', async () => {
    const fixed = [
      { route: 'aboutUs', pl: '/pl/o-nas', en: '/en/about-us', title: (l: 'pl' | 'en') => (l === 'pl' ? 'O nas' : 'About us') },
      { route: 'contact', pl: '/pl/kontakt', en: '/en/contact-us', title: (l: 'pl' | 'en') => (l === 'pl' ? 'Skontaktuj się z nami' : 'Contact us') },
      { route: 'offers', pl: '/pl/inwestycje', en: '/en/investments', title: (l: 'pl' | 'en') => (l === 'pl' ? 'Inwestycje' : 'Investments') },
      { route: 'offersPage', pl: '/pl/inwestycje/strona/2', en: '/en/investments/page/2', title: (l: 'pl' | 'en') => (l === 'pl' ? 'Inwestycje' : 'Investments') },
    ];
    for (const language of ['pl', 'en'] as const) {
      const content = await api('/static-content', language);
      for (const page of fixed) {
        const url = page[language];
        const res = await get(url);
        expect(res.statusCode, url).toBe(200);
        // the page's own heading from the content when the operator wrote one, else the SPA's label
        const own = page.route === 'aboutUs' ? content.content.about?.content || content.content.about?.children?.title?.content : page.route === 'contact' ? content.content.contact?.children?.title?.content : '';
        expectIndexable(url, res.body, language, {
          title: `${own || page.title(language)} | ${siteTitle[language]}`,
          description: siteDescription[language],
          own: url,
          other: page[language === 'pl' ? 'en' : 'pl'],
        });
      }

      // home: the SEO title alone, and the Organization
      const homeUrl = `/${language}/`;
      const home = await get(`/${language}`);
      expect(home.statusCode).toBe(200);
      const homeHead = expectIndexable(homeUrl, home.body, language, { title: siteTitle[language], description: siteDescription[language], own: homeUrl, other: `/${language === 'pl' ? 'en' : 'pl'}/` });
      const organization = homeHead.jsonLd.find((d) => d['@type'] === 'Organization');
      expect(organization).toMatchObject({ '@context': 'https://schema.org', url: `${PUBLIC_URL}/` });
      const slider = await api('/slider', language);
      const slide = slider.find((s: { fileType: string }) => s.fileType === 'image');
      expect(homeHead.og('og:image')).toEqual([`${PUBLIC_URL}${slide.imageUrl}`]);

      // FAQ: its questions as FAQPage
      const faqUrl = `/${language}/faq`;
      const faq = await get(faqUrl);
      expect(faq.statusCode).toBe(200);
      const faqTitle = content.content.faq?.children?.title?.content || (language === 'pl' ? 'Najczęściej zadawane pytania' : 'Frequently asked questions');
      const faqHead = expectIndexable(faqUrl, faq.body, language, { title: `${faqTitle} | ${siteTitle[language]}`, description: siteDescription[language], own: faqUrl, other: faqUrl.replace(`/${language}/`, `/${language === 'pl' ? 'en' : 'pl'}/`) });
      const questions = await api('/faq', language);
      const faqPage = faqHead.jsonLd.find((d) => d['@type'] === 'FAQPage');
      expect(faqPage.mainEntity).toHaveLength(questions.length);
      expect(faqPage.mainEntity[0]).toMatchObject({ '@type': 'Question', name: questions[0].question, acceptedAnswer: { '@type': 'Answer' } });
      expect(faqPage.mainEntity[0].acceptedAnswer.text).not.toMatch(/</);
    }
  });

  it('gives every published offer its title, description, photo, alternates and breadcrumbs, in both languages', async () => {
    const published = await t.app.db.select().from(offers).where(eq(offers.published, true));
    expect(published.length).toBeGreaterThan(1);
    for (const row of published) {
      for (const language of ['pl', 'en'] as const) {
        const other = language === 'pl' ? 'en' : 'pl';
        const path = (l: 'pl' | 'en') => `/${l}/${l === 'pl' ? 'inwestycja' : 'investment'}/${row.slug[l]}`;
        const offer = await api(`/offers/${row.slug[language]}`, language);
        const res = await get(path(language));
        expect(res.statusCode, path(language)).toBe(200);
        const title = `${offer.seoTitle?.trim() || offer.title} | ${siteTitle[language]}`;
        const description = offer.seoDescription?.trim() || offer.mainDescription.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
        const head = expectIndexable(path(language), res.body, language, { title, description, own: path(language), other: path(other) });
        const photo = offer.imageUrl ?? offer.thumbUrl;
        expect(head.og('og:image'), path(language)).toEqual([new URL(photo, PUBLIC_URL).toString()]);
        expect(head.og('og:image')[0]).toMatch(/^https:\/\/estate\.example\.com\//);
        expect(head.twitter('twitter:card')).toBe('summary_large_image');
        expect(head.twitter('twitter:image')).toBe(head.og('og:image')[0]);
        const crumbs = head.jsonLd.find((d) => d['@type'] === 'BreadcrumbList');
        expect(crumbs.itemListElement.map((i: { item: string }) => i.item)).toEqual([
          `${PUBLIC_URL}/${language}/`,
          `${PUBLIC_URL}${language === 'pl' ? '/pl/inwestycje' : '/en/investments'}`,
          `${PUBLIC_URL}${path(language)}`,
        ]);
      }
    }
    // The other language's slug under this language's path: the same offer, its canonical address the right one.
    const res = await get('/en/investment/zielone-tarasy');
    expect(res.statusCode).toBe(200);
    expect(readHead(res.body).canonical).toEqual([`${PUBLIC_URL}/en/investment/green-terraces`]);
    // A nested slug keeps its slash.
    const nested = await get('/en/investment/vistula-estate/phase-2');
    expect(nested.statusCode).toBe(200);
    expect(readHead(nested.body).alternates.pl).toBe(`${PUBLIC_URL}/pl/inwestycja/osiedle-nad-wisla/etap-2`);
  });

  it('gives every static page (terms and privacy too) its title, description and alternates', async () => {
    const pages = await t.app.db.select().from(staticPages);
    expect(pages.map((p) => p.slug.pl)).toEqual(expect.arrayContaining(['regulamin', 'polityka-prywatnosci']));
    for (const row of pages) {
      for (const language of ['pl', 'en'] as const) {
        const other = language === 'pl' ? 'en' : 'pl';
        const page = await api(`/page/${row.slug[language]}`, language);
        const url = `/${language}/${row.slug[language]}`;
        const res = await get(url);
        expect(res.statusCode, url).toBe(200);
        const description = page.seoDescription?.trim() || (page.subTitle || page.content).replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
        const head = expectIndexable(url, res.body, language, {
          title: `${page.seoTitle?.trim() || page.title} | ${siteTitle[language]}`,
          description,
          own: url,
          other: `/${other}/${row.slug[other]}`,
        });
        if (page.imageUrl) expect(head.og('og:image')).toEqual([new URL(page.imageUrl, PUBLIC_URL).toString()]);
      }
    }
  });

  it('answers 404 with the app for an unknown page, offer or static page in either language, and never indexes it', async () => {
    for (const url of ['/pl/nie-ma-takiej-strony', '/en/no-such-page', '/en/no/such/page', '/pl/inwestycja/nie-ma', '/en/investment/nope', '/en/investment/nope/deeper']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toContain('<div id="root"></div>');
      const head = readHead(res.body);
      const language = url.slice(1, 3) as 'pl' | 'en';
      expect(head.title, url).toBe(`${language === 'pl' ? 'Nie znaleziono strony' : 'Page not found'} | ${siteTitle[language]}`);
      expect(head.robots, url).toBe('noindex');
      expect(head.canonical, url).toEqual([]);
    }
    // Not a page at all: the plain 404 stays.
    for (const url of ['/favicon.ico', '/healthz', '/pl/feed.xml']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toBe('Not found\n');
    }
  });

  it('shows an unpublished offer only with its preview token, never indexed; an unpublished offer is a 404', async () => {
    const hidden = await get('/pl/inwestycja/willa-zakopane');
    expect(hidden.statusCode).toBe(404);
    expect((await get('/pl/inwestycja/willa-zakopane?previewToken=wrong')).statusCode).toBe(404);
    for (const url of [`/pl/inwestycja/willa-zakopane?previewToken=${PREVIEW_TOKEN}`, `/en/investment/zakopane-villa?previewToken=${PREVIEW_TOKEN}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      const head = readHead(res.body);
      expect(head.robots, url).toBe('noindex');
      expect(head.title, url).toMatch(/Zakopane/);
      expect(head.canonical, url).toEqual([]);
      expect(head.jsonLd, url).toEqual([]);
    }
    // The wrong token right after the right one: each answer is its own (never shared or kept).
    expect((await get('/pl/inwestycja/willa-zakopane?previewToken=wrong')).statusCode).toBe(404);
    // A published offer with a query keeps its clean canonical address.
    const tracked = await get('/pl/inwestycja/zielone-tarasy?utm_source=x');
    expect(readHead(tracked.body).canonical).toEqual([`${PUBLIC_URL}/pl/inwestycja/zielone-tarasy`]);
  });

  it('redirects where the SPA would replace the address: unknown language, the list page 1 or a non-number, past the last page', async () => {
    const expectRedirect = async (url: string, status: number, location: string) => {
      const res = await get(url);
      expect(res.statusCode, url).toBe(status);
      expect(res.headers.location, url).toBe(location);
    };
    await expectRedirect('/de/kontakt', 301, '/pl/');
    await expectRedirect('/xx', 301, '/pl/');
    await expectRedirect('/pl/inwestycje/strona/1', 301, '/pl/inwestycje');
    await expectRedirect('/en/investments/page/abc?items=9', 301, '/en/investments?items=9');
    await expectRedirect('/en/investments/page/99', 302, '/en/investments/page/2');
    await expectRedirect('/en/investments/page/2?items=15&x=1', 302, '/en/investments?x=1&items=15');
    // the page size is part of the canonical address
    const sized = await get('/en/investments?items=9');
    expect(readHead(sized.body).canonical).toEqual([`${PUBLIC_URL}/en/investments?items=9`]);
  });

  it('names pages of one visitor but keeps them out of the index; the bare root is the default language home', async () => {
    for (const url of ['/pl/logowanie', '/en/login', '/en/investor', '/pl/inwestor/portfel', '/en/operator', '/en/access-denied']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      const head = readHead(res.body);
      expect(head.robots, url).toBe('noindex');
      expect(head.titles, url).toHaveLength(1);
      expect(head.canonical, url).toEqual([]);
    }
    expect(readHead((await get('/en/login')).body).title).toBe(`Log in | ${siteTitle.en}`);
    const root = await get('/');
    expect(root.statusCode).toBe(200);
    const head = readHead(root.body);
    expect(head.title).toBe(siteTitle.pl);
    expect(head.canonical).toEqual([`${PUBLIC_URL}/pl/`]);
  });

  it('answers 503 with Retry-After and the maintenance title while maintenance is on', async () => {
    const setFlags = async (flags: { maintenanceMode?: boolean; systemMaintenanceMode?: boolean }) => {
      await t.database.db.update(siteSettings).set(flags).where(eq(siteSettings.id, 1));
      t.app.siteState.invalidate();
    };
    try {
      await setFlags({ maintenanceMode: true });
      const splash = await api('/splash-screen', 'en');
      for (const url of ['/en/', '/pl/inwestycja/zielone-tarasy', '/en/login', '/']) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(503);
        expect(res.headers['retry-after'], url).toBe(String(MAINTENANCE_RETRY_AFTER_SECONDS));
        expect(res.body, url).toContain('<div id="root"></div>');
        expect(readHead(res.body).robots, url).toBe('noindex');
      }
      expect(readHead((await get('/en/')).body).title).toBe(`${splash.maintenanceModeTitle} | ${siteTitle.en}`);
    } finally {
      await setFlags({ maintenanceMode: false, systemMaintenanceMode: false });
    }
    expect((await get('/en/')).statusCode).toBe(200);
  });

  it('lists every public page in both languages in /sitemap.xml with its alternates; robots.txt points at it', async () => {
    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    expect(robots.body).toContain('Disallow: /api/');

    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const urls = xml.parse(res.body).urlset.url as { loc: string; 'xhtml:link': { hreflang: string; href: string }[] }[];
    const locs = urls.map((u) => u.loc);
    expect(new Set(locs).size).toBe(locs.length);
    const published = await t.app.db.select().from(offers).where(eq(offers.published, true));
    const pages = await t.app.db.select().from(staticPages);
    const expected = [
      '/pl/', '/en/', '/pl/inwestycje', '/en/investments', '/pl/inwestycje/strona/2', '/en/investments/page/2',
      '/pl/o-nas', '/en/about-us', '/pl/faq', '/en/faq', '/pl/kontakt', '/en/contact-us',
      ...published.flatMap((o) => [`/pl/inwestycja/${o.slug.pl}`, `/en/investment/${o.slug.en}`]),
      ...pages.flatMap((p) => [`/pl/${p.slug.pl}`, `/en/${p.slug.en}`]),
    ].map((p) => `${PUBLIC_URL}${p}`);
    expect([...locs].sort()).toEqual([...expected].sort());
    expect(locs).not.toContain(`${PUBLIC_URL}/pl/inwestycja/willa-zakopane`);
    for (const url of urls) {
      const links = Object.fromEntries(url['xhtml:link'].map((l) => [l.hreflang, l.href]));
      expect(Object.keys(links).sort(), url.loc).toEqual(['en', 'pl', 'x-default']);
      expect([links.pl, links.en], url.loc).toContain(url.loc);
      expect(links['x-default'], url.loc).toBe(links.pl);
    }
    // every address it lists is a page that answers 200
    for (const loc of locs) expect((await get(loc.slice(PUBLIC_URL.length))).statusCode, loc).toBe(200);
  });

  it('keeps the sitemap and the offer page current when an operator unpublishes and publishes an offer', async () => {
    const operator: TokenPair = await t.login('operator');
    const asOperator = (method: 'PATCH', url: string, payload: object) => t.injectAs(operator, { method, url, payload });
    const [row] = await t.app.db.select().from(offers).where(eq(offers.key, 'dom-nad-jeziorem'));
    const loc = `${PUBLIC_URL}/pl/inwestycja/${row.slug.pl}`;
    const sitemapLocs = async () => (xml.parse((await get('/sitemap.xml')).body).urlset.url as { loc: string }[]).map((u) => u.loc);
    // both built and kept before the change
    expect(await sitemapLocs()).toContain(loc);
    expect((await get(`/pl/inwestycja/${row.slug.pl}`)).statusCode).toBe(200);
    try {
      expectData(await asOperator('PATCH', `/api/operator/offers/${row.id}`, { reason: 'przerwa', published: false }));
      expect(await sitemapLocs()).not.toContain(loc);
      expect(await sitemapLocs()).not.toContain(`${PUBLIC_URL}/en/investment/${row.slug.en}`);
      expect((await get(`/pl/inwestycja/${row.slug.pl}`)).statusCode).toBe(404);
    } finally {
      expectData(await asOperator('PATCH', `/api/operator/offers/${row.id}`, { reason: 'wraca', published: true }));
    }
    expect(await sitemapLocs()).toContain(loc);
    expect((await get(`/pl/inwestycja/${row.slug.pl}`)).statusCode).toBe(200);
  });
});

/** The page's description as sent: the whole text, or a long one cut at a word with an ellipsis. */
function expectDescription(sent: string | undefined, full: string, what: string) {
  expect(full, what).not.toBe('');
  if (sent === full) return;
  expect(sent, what).toMatch(/…$/);
  expect(sent!.length, what).toBeLessThanOrEqual(300);
  expect(full.startsWith(sent!.slice(0, -1)), what).toBe(true);
}
