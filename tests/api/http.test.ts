import { cpSync, mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../server/plugins/external/security-headers';
import { describeEachDatabase } from './helpers';

const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
  "media-src 'self' blob:; font-src 'self' data:; connect-src 'self'; frame-src 'none'; frame-ancestors 'none'; object-src 'none'; " +
  "base-uri 'self'; form-action 'self'";

const normalise = (csp: string) =>
  csp
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean)
    .sort();

function expectSecurityHeaders(headers: Record<string, unknown>, what: string) {
  expect(normalise(String(headers['content-security-policy'])), what).toEqual(normalise(CSP));
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['cross-origin-opener-policy'], what).toBe('same-origin');
}

/** The API's JSON (and its empty 304): a policy that loads nothing, and none of the headers only a page uses. */
function expectDataSecurityHeaders(headers: Record<string, unknown>, what: string) {
  expect(headers['content-security-policy'], what).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['cross-origin-resource-policy'], what).toBe('same-origin');
  for (const pageOnly of ['referrer-policy', 'cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-download-options', 'x-xss-protection', 'x-permitted-cross-domain-policies']) {
    expect(headers[pageOnly], `${what}: ${pageOnly}`).toBeUndefined();
  }
}

// A tiny built SPA: index.html and one hashed asset big enough to be compressed.
const spaDir = mkdtempSync(path.join(tmpdir(), 'spa-'));
mkdirSync(path.join(spaDir, 'assets'));
const INDEX = '<!doctype html><html><head><script type="module" src="/assets/x-abc123.js"></script></head><body><div id="root"></div></body></html>';
const ASSET = `export const words = ${JSON.stringify('estate shares '.repeat(400))};\n`;
writeFileSync(path.join(spaDir, 'index.html'), INDEX);
writeFileSync(path.join(spaDir, 'assets', 'x-abc123.js'), ASSET);
writeFileSync(path.join(spaDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
// A second asset with build-time copies (scripts/precompress.mjs): marked so the test can tell the copy was sent.
const PRE = `export const pre = ${JSON.stringify('precompressed '.repeat(400))};\n`;
writeFileSync(path.join(spaDir, 'assets', 'pre-abc123.js'), PRE);
writeFileSync(path.join(spaDir, 'assets', 'pre-abc123.js.br'), brotliCompressSync(PRE));
writeFileSync(path.join(spaDir, 'assets', 'pre-abc123.js.gz'), gzipSync(`${PRE}// from the .gz copy\n`));
writeFileSync(path.join(spaDir, 'robots.txt'), 'User-agent: *\nAllow: /\n');
afterAll(() => rmSync(spaDir, { recursive: true, force: true }));

describeEachDatabase('SPA serving', { config: { serveSpa: true, spaDir } }, (t) => {
  it('serves index.html with no-cache at / and for client routes', async () => {
    for (const url of ['/', '/en/login', '/pl/logowanie', '/pl/inwestycja/zielone-tarasy', '/index.html']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expectSecurityHeaders(res.headers, url);
      if (url === '/index.html') {
        expect(res.body, url).toBe(INDEX);
      } else if (url === '/') {
        // the bare root: the default language's home head (tests/api/page-head.test.ts), no page data (the
        // browser picks the language)
        expect(res.body, url).toContain('<script type="module" src="/assets/x-abc123.js"></script>');
        expect(res.body, url).toContain('<title>');
        expect(res.body, url).not.toContain('initial-data');
      } else {
        // A page of a language: index.html with boot's answers inline (server/pages/spaHtml.ts).
        expect(res.body, url).toContain('<script type="module" src="/assets/x-abc123.js"></script>');
        expect(res.body, url).toContain('<div id="root"></div><script type="application/json" id="initial-data">');
      }
    }
  });

  it("puts a page's first answers into index.html as JSON data, never as a script", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/pl/inwestycja/zielone-tarasy' });
    expect(res.statusCode).toBe(200);
    const data = /<script type="application\/json" id="initial-data">([^<]*)<\/script>/.exec(res.body);
    expect(data).not.toBeNull();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON answer, whose shape the checks below assert
    const inline = JSON.parse(data![1]) as { language: string; answers: Record<string, any> };
    expect(inline.language).toBe('pl');
    // the same answers the API gives a browser
    for (const key of ['/splash-screen', '/slider', '/static-content', '/offers/zielone-tarasy']) {
      const api = await t.app.inject({ method: 'GET', url: `/api${key}`, headers: { 'content-language': 'pl' } });
      expect(inline.answers[key], key).toEqual(api.json().data);
    }
    // no other script: the CSP (script-src 'self') stays strict
    // (JSON-LD is data too: browsers run no script of that type, and the CSP does not apply to it)
    expect([...res.body.matchAll(/<script\b[^>]*>/g)].map((m) => m[0])).toEqual([
      '<script type="module" src="/assets/x-abc123.js">',
      '<script type="application/ld+json" data-head>',
      '<script type="application/json" id="initial-data">',
    ]);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    // the offer's first photo is preloaded
    const imageUrl = inline.answers['/offers/zielone-tarasy'].imageUrl as string;
    expect(res.body).toContain(`<link rel="preload" as="image" fetchpriority="high" href="${imageUrl}">`);
  });

  it('sends a page with its data compressed when the browser accepts it', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/pl/inwestycja/zielone-tarasy' });
    const br = await t.app.inject({ method: 'GET', url: '/pl/inwestycja/zielone-tarasy', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await t.app.inject({ method: 'GET', url: '/pl/inwestycja/zielone-tarasy', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it("puts the home page's and the list's data in, in the page's language", async () => {
    const home = await t.app.inject({ method: 'GET', url: '/en' });
    const homeData = JSON.parse(/id="initial-data">([^<]*)</.exec(home.body)![1]);
    expect(homeData.language).toBe('en');
    expect(Object.keys(homeData.answers).sort()).toEqual(
      ['/faq/featured', '/offer/featured?listName=homepage', '/slider', '/splash-screen', '/static-content', '/stats'].sort(),
    );
    const list = await t.app.inject({ method: 'GET', url: '/pl/inwestycje/strona/2?items=6' });
    const listData = JSON.parse(/id="initial-data">([^<]*)</.exec(list.body)![1]);
    expect(Object.keys(listData.answers)).toContain('/offers?pagination%5BpageNumber%5D=2&pagination%5BpageSize%5D=6');
    // a preview and an unknown offer: not public answers, left to the page
    const preview = await t.app.inject({ method: 'GET', url: '/pl/inwestycja/zielone-tarasy?previewToken=x' });
    expect(preview.statusCode).toBe(200);
    expect(Object.keys(JSON.parse(/id="initial-data">([^<]*)</.exec(preview.body)![1]).answers)).not.toContain('/offers/zielone-tarasy');
    const missing = await t.app.inject({ method: 'GET', url: '/pl/inwestycja/no-such-offer' });
    expect(missing.statusCode).toBe(404);
    expect(Object.keys(JSON.parse(/id="initial-data">([^<]*)</.exec(missing.body)![1]).answers)).not.toContain('/offers/no-such-offer');
  });

  it('serves hashed assets as immutable for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/x-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe(ASSET);
    expectSecurityHeaders(res.headers, 'asset');
  });

  it('compresses with gzip or brotli when asked', async () => {
    const gz = await t.app.inject({ method: 'GET', url: '/assets/x-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.length).toBeLessThan(ASSET.length / 4);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(ASSET);
    const br = await t.app.inject({ method: 'GET', url: '/assets/x-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/x-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('sends the build-time .br / .gz copies as they are, with Vary and the long cache', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/assets/pre-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(PRE);
    const gz = await t.app.inject({ method: 'GET', url: '/assets/pre-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    // The marker proves the file on disk was sent, not a fresh compression of the original.
    expect(gunzipSync(gz.rawPayload).toString()).toBe(`${PRE}// from the .gz copy\n`);
    const plain = await t.app.inject({ method: 'GET', url: '/assets/pre-abc123.js' });
    expect(plain.body).toBe(PRE);
    // The copies are not routes of their own.
    expect((await t.app.inject({ method: 'GET', url: '/assets/pre-abc123.js.br' })).statusCode).toBe(404);
  });

  it('answers robots.txt naming the sitemap (not a stale file of the build, not index.html)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(/^User-agent: \*/);
    expect(res.body).toMatch(/^Sitemap: http:\/\/\S+\/sitemap\.xml$/m);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('does not fall back to index.html for /api, /media, missing assets or non-GET', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json().errors[0].code).toBe('ROUTE_NOT_FOUND');
    expect((await t.app.inject({ method: 'GET', url: '/media/missing.png' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/en/login' })).statusCode).toBe(404);
    // A missing hashed asset is an old build's file: 404 rather than HTML the browser would run as script.
    const asset = await t.app.inject({ method: 'GET', url: '/assets/old-999.js' });
    expect(asset.statusCode).toBe(404);
  });

  it('answers a plain 404 to paths that are not pages (health and metrics probes, missing files, other prefixes)', async () => {
    for (const url of ['/healthz', '/metrics', '/favicon.ico', '/wp-login.php', '/.env', '/.git/config', '/nope', '/nope/x', '/login', '/pl/feed.xml', '/en/x.php?y=1']) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await t.app.inject({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.headers['content-type'], url).toMatch(/^text\/plain/);
        if (method === 'GET') expect(res.body, url).toBe('Not found\n');
        expectSecurityHeaders(res.headers, url);
      }
    }
    // The API's unknown paths keep the envelope.
    const api = await t.app.inject({ method: 'GET', url: '/api/healthz' });
    expect(api.statusCode).toBe(404);
    expect(api.json().errors[0].code).toBe('ROUTE_NOT_FOUND');
    // Pages stay the SPA's: its HTML, with the page's status (tests/api/page-head.test.ts).
    for (const url of ['/pl', '/en/', '/pl/ponowna-aktywacja/jan%40example.com']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
    for (const url of ['/pl/nie-ma-takiej-strony', '/en/no/such/page', '/en/register-success/a@b.co']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toContain('<div id="root"></div>');
    }
  });

  it('serves other root files with revalidation', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

// A build as Vite writes it (index.html with crossorigin module scripts, dist/.vite/manifest.json): what a page
// preloads beside the app's entry (its screen's chunk and the language's dictionary).
const viteDir = mkdtempSync(path.join(tmpdir(), 'spa-vite-'));
mkdirSync(path.join(viteDir, '.vite'), { recursive: true });
writeFileSync(
  path.join(viteDir, 'index.html'),
  '<!doctype html><html lang="pl"><head><script type="module" crossorigin src="/assets/index-a1.js"></script>' +
    '<link rel="modulepreload" crossorigin href="/assets/runtime-b2.js"><link rel="modulepreload" crossorigin href="/assets/main-c3.js">' +
    '</head><body><div id="root"></div></body></html>',
);
writeFileSync(
  path.join(viteDir, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index-a1.js', isEntry: true, imports: ['_main-c3.js'] },
    '_main-c3.js': { file: 'assets/main-c3.js', imports: ['_runtime-b2.js'] },
    '_runtime-b2.js': { file: 'assets/runtime-b2.js' },
    'src/features/offer/OfferPage.tsx': { file: 'assets/OfferPage-e5.js', isDynamicEntry: true, imports: ['_main-c3.js'] },
    'src/features/public/HomePage.tsx': { file: 'assets/HomePage-f6.js', isDynamicEntry: true, imports: ['_main-c3.js'] },
    'src/pages/NotFoundPage.tsx': { file: 'assets/NotFoundPage-i9.js', isDynamicEntry: true, imports: ['_main-c3.js'] },
    'lib/locales/pl/index.ts': { file: 'assets/pl-g7.js', isDynamicEntry: true },
    'lib/locales/en/index.ts': { file: 'assets/en-h8.js', isDynamicEntry: true },
  }),
);
afterAll(() => rmSync(viteDir, { recursive: true, force: true }));

describeEachDatabase('preloads from the build manifest', { config: { serveSpa: true, spaDir: viteDir } }, (t) => {
  const scripts = (body: string) => [...body.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  const preloads = (body: string) => [...body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

  it('a page loads the app at once, its screen and dictionary preloaded in <head>, its largest image before the scripts', async () => {
    for (const [url, screen, dictionary, notFound] of [
      ['/pl', '/assets/HomePage-f6.js', '/assets/pl-g7.js'],
      ['/pl/inwestycja/zielone-tarasy', '/assets/OfferPage-e5.js', '/assets/pl-g7.js'],
      ['/en/investment/no-such-offer', '/assets/OfferPage-e5.js', '/assets/en-h8.js', '/assets/NotFoundPage-i9.js'],
      ['/pl/inwestycja/zielone-tarasy?previewToken=x', '/assets/OfferPage-e5.js', '/assets/pl-g7.js'],
      ['/en/no/such/page', '/assets/NotFoundPage-i9.js', '/assets/en-h8.js'],
    ] as [string, string, string, string?][]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(scripts(res.body)[0], url).toBe('<script type="module" crossorigin src="/assets/index-a1.js">');
      // an offer that does not exist is drawn as the not-found page: its module too
      expect(preloads(res.body).sort(), url).toEqual(['/assets/main-c3.js', '/assets/runtime-b2.js', dictionary, screen, ...(notFound ? [notFound] : [])].sort());
    }
    const offer = await t.app.inject({ method: 'GET', url: '/pl/inwestycja/zielone-tarasy' });
    const at = (needle: string) => offer.body.indexOf(needle);
    expect(at('<link rel="preload" as="image" fetchpriority="high"')).toBeGreaterThan(0);
    expect(at('<link rel="preload" as="image" fetchpriority="high"')).toBeLessThan(at('<script type="module"'));
    expect(offer.headers['content-security-policy']).toContain("script-src 'self'");
  });
});

// The same build with a server renderer: a page it draws is on screen before its scripts run.
const drawnDir = mkdtempSync(path.join(tmpdir(), 'spa-drawn-'));
cpSync(viteDir, drawnDir, { recursive: true });
mkdirSync(path.join(drawnDir, '.ssr'));
writeFileSync(
  path.join(drawnDir, '.ssr', 'entry-server.js'),
  "export async function render() { return { html: '<main><h1>drawn</h1></main>', styles: '', loads: {} }; }\n",
);
afterAll(() => rmSync(drawnDir, { recursive: true, force: true }));

describeEachDatabase('scripts of a page the server draws', { config: { serveSpa: true, spaDir: drawnDir, serverRendering: true } }, (t) => {
  const moduleTags = (body: string) => [...body.matchAll(/<(?:script type="module"|link rel="modulepreload")[^>]*>/g)].map((m) => m[0]);

  it('are fetched at low priority (they only hydrate it); a page the browser draws keeps their default priority', async () => {
    for (const url of ['/pl', '/en/investment/green-terraces']) {
      const drawn = await t.app.inject({ method: 'GET', url });
      expect(drawn.body, url).toContain('<h1>drawn</h1>');
      const tags = moduleTags(drawn.body);
      expect(tags, url).toHaveLength(5);
      for (const tag of tags) expect(tag, url).toMatch(/^<(script type="module"|link rel="modulepreload") fetchpriority="low" crossorigin /);
    }
    const login = await t.app.inject({ method: 'GET', url: '/pl/logowanie' });
    expect(login.body).not.toContain('<h1>drawn</h1>');
    expect(moduleTags(login.body).length).toBeGreaterThanOrEqual(3);
    expect(login.body).not.toContain('fetchpriority="low"');
  });
});

describeEachDatabase('without a built SPA', { config: { serveSpa: true, spaDir: path.join(tmpdir(), 'no-such-spa-dir') } }, (t) => {
  it('answers / with a hint to run npm run build', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(/npm run build/);
    expectSecurityHeaders(res.headers, '/');
  });
});

describeEachDatabase('security headers', {}, (t) => {
  it('match the documented CSP', () => {
    const built = Object.entries(contentSecurityPolicy).map(([k, v]) => `${k} ${v.join(' ')}`);
    expect(built.sort()).toEqual(normalise(CSP));
  });

  it('are on every answer: the pages\' set on media, non-API 404s and the API\'s own pages and files', async () => {
    const requests = [
      { method: 'GET', url: '/media/slide-homes.svg' },
      { method: 'GET', url: '/media/missing.svg' },
      { method: 'GET', url: '/' },
      { method: 'GET', url: '/api/docs' },
      { method: 'GET', url: '/api/docs/static/swagger-ui.css' },
    ] as const;
    for (const request of requests) {
      const res = await t.app.inject(request as never);
      expectSecurityHeaders(res.headers, `${request.method} ${request.url}`);
      expect(res.headers['strict-transport-security'], request.url).toBeUndefined();
    }
  });

  it('are on every answer: the data set on the API\'s JSON, successes, errors, 404s and 304s', async () => {
    const requests = [
      { method: 'GET', url: '/api/splash-screen' },
      { method: 'GET', url: '/api/offers' },
      { method: 'GET', url: '/api/openapi.json' },
      { method: 'GET', url: '/api/user/me' },
      { method: 'GET', url: '/api/nope' },
      { method: 'GET', url: '/api' },
      { method: 'POST', url: '/api/token', headers: { 'content-type': 'application/json' }, payload: '{' },
      { method: 'POST', url: '/api/token', headers: { 'content-type': 'text/plain' }, payload: 'x' },
    ] as const;
    for (const request of requests) {
      const res = await t.app.inject(request as never);
      expect(res.headers['content-type'], request.url).toMatch(/^application\/json/);
      expectDataSecurityHeaders(res.headers, `${request.method} ${request.url}`);
      expect(res.headers['strict-transport-security'], request.url).toBeUndefined();
    }
    const first = await t.app.inject({ method: 'GET', url: '/api/faq' });
    const notModified = await t.app.inject({ method: 'GET', url: '/api/faq', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(notModified.statusCode).toBe(304);
    expectDataSecurityHeaders(notModified.headers, '304');
  });

  it('do not trust x-forwarded-proto without TRUST_PROXY', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/slider', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describeEachDatabase('behind a TLS proxy (TRUST_PROXY)', { config: { trustProxy: true } }, (t) => {
  it('sends HSTS only when the request came over https', async () => {
    const https = await t.app.inject({ method: 'GET', url: '/api/slider', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    const error = await t.app.inject({ method: 'GET', url: '/api/nope', headers: { 'x-forwarded-proto': 'https' } });
    expect(error.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    const http = await t.app.inject({ method: 'GET', url: '/api/slider', headers: { 'x-forwarded-proto': 'http' } });
    expect(http.headers['strict-transport-security']).toBeUndefined();
  });

  it('rate-limits by the forwarded client address', async () => {
    const attempt = (forwardedFor: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/token',
        headers: { 'x-forwarded-for': forwardedFor },
        payload: { grantType: 'password', email: `${forwardedFor}@example.com`, password: 'x', clientId: 'web-spa', clientSecret: 'web-spa-secret' },
      });
    for (let i = 0; i < 5; i++) expect((await attempt(`203.0.113.${i}`)).statusCode).toBe(400);
    // Same proxy socket, different clients: nobody is blocked by the others' failures.
    expect((await attempt('203.0.113.200')).statusCode).toBe(400);
  });
});
