// index.html for a page of the SPA, with what the server already knows about that page ("boot in
// parallel"): the browser would otherwise learn it only after the entry script has run, one round trip after
// another (entry JS → dictionary and boot's loads → the screen's chunk → its data → its image).
//
// - `<link rel="modulepreload">` for the route's screen chunk and the language's dictionary (from the build's
//   manifest, dist/.vite/manifest.json), so they download side by side with the entry (on a page the server drew,
//   the entry and the preloads at low priority: they only hydrate what is already on screen);
// - boot's loads (splash screen, slider, static content) and the page's first data as
//   `<script type="application/json" id="initial-data">`: data, not a script, so the strict CSP (script-src
//   'self', no inline script) is unchanged. The SPA's HTTP client answers those GETs from it once
//   (src/api/initialData.ts); the machines decide what is shown when, as before;
// - `<link rel="preload" as="image" fetchpriority="high">` for the page's largest image (the home page's first
//   slide, an offer's first photos), known from that data;
// - a public page's body rendered by the server from the same views (the build's .ssr/entry-server.js, with
//   SERVER_RENDERING on), and the loads it settled, which the browser hydrates (docs/architecture.md);
// - what the page is: its status (404 for no such page, offer or static page; 503 in maintenance; a redirect) and its
//   head (title, description, canonical, alternates, Open Graph, JSON-LD), from ../pages/head.ts, which reads the
//   repositories itself; the path (and a preview's token) is part of the cache key, as every address has its own head.
// The answers come from the API itself (fastify.inject, the same cached public routes a browser would call),
// only 200 answers, and only for public GETs that are the same for every anonymous visitor of a language.
//
// The finished page is cached per page plan (route, language, screen, the answers' keys), compressed once per
// encoding, and is valid exactly as long as the public cache's answers it was built from
// (server/cache/public-cache.ts): the content version, the maintenance flags (the splash answer depends on them)
// and, for pages with funding figures (home, offers list, offer), the share counters' fingerprint, all read by
// plugins/app/site-state.ts at most once a second per node from the database, so a change made on any node behind
// the load balancer is seen within a second (at once on the node that made it: it calls siteState.invalidate()).
// MAX_AGE_MS is the same safety net, and a new build (index.html changed) drops every page. A page whose answers
// were not all 200 (an unknown offer, maintenance, an error) is not cached, as the public cache keeps no errors.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { MAX_AGE_MS } from '../cache/public-cache';
import type { SiteState } from '../plugins/app/site-state';
import { isLanguage, splitLanguage, type Language } from '../../contract/languages';
import { INITIAL_DATA_ELEMENT_ID, SERVER_LOADS_ELEMENT_ID, notFoundFeaturedKey, offerApiPath, requestKey, type InitialData, type RenderPreferences } from '../../contract/page-data';
import { PRIVACY_SLUGS, TERMS_SLUGS } from '../../contract/page-head';
import { pathToFileURL } from 'node:url';
import { matchRoute } from '../../contract/routes';
import { readPage, readPageSize } from '../../contract/paging';
import { createPageHeads, renderHead, type PageAnswer } from './head';
import { NOT_FOUND_MODULE, SCREEN_MODULES } from './screenModules';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const DICTIONARY_MODULE = (language: Language) => `lib/locales/${language}/index.ts`;

/** What boot loads on every page (src/system/system.ts). */
const BOOT_KEYS = [requestKey('/splash-screen'), requestKey('/slider'), requestKey('/static-content')];

interface PagePlan {
  language: Language;
  /** the route's name ('' for a path of a language no route matches) */
  route: string;
  /** the server renders the page's HTML (public pages and the not-found page; private screens render in the browser) */
  rendered: boolean;
  screen?: string;
  keys: string[];
  /** the page carries figures computed from orders (funding progress, statistics): it follows the share counters */
  shares: boolean;
  /** where the page's largest image is found in its answers (pageImages) */
  imageSource?: { from: 'slider' } | { from: 'list' | 'offer'; key: string };
}

// Keys every request for these pages would compute again.
const HOME_KEYS = [requestKey('/offer/featured', { listName: 'homepage' }), requestKey('/faq/featured'), requestKey('/stats')];
const SLIDER_KEY = requestKey('/slider');
const FAQ_KEY = requestKey('/faq');

/** What the page at `url` needs first, or null for a path the server knows nothing about. */
export function planPage(url: string | URL): PagePlan | null {
  const parsed = typeof url === 'string' ? new URL(url, 'http://localhost') : url;
  const { prefix, rest } = splitLanguage(parsed.pathname);
  if (!isLanguage(prefix)) return null;
  const language = prefix;
  const match = matchRoute(language, rest);
  const plan: PagePlan = { language, route: '', rendered: true, keys: [...BOOT_KEYS], shares: false };
  // no route: the not-found page, with the featured offers it shows
  if (!match) return { ...plan, screen: NOT_FOUND_MODULE, keys: [...plan.keys, notFoundFeaturedKey()] };
  plan.route = match.route.name;
  plan.rendered = match.route.access === 'public';
  plan.screen = SCREEN_MODULES[match.route.name];
  switch (match.route.name) {
    case 'home': {
      plan.shares = true;
      plan.keys.push(...HOME_KEYS);
      plan.imageSource = { from: 'slider' };
      break;
    }
    case 'offers':
    case 'offersPage': {
      const pageSize = readPageSize(parsed.search);
      const page = readPage(match.params.page);
      const key = requestKey('/offers', { 'pagination[pageSize]': pageSize, 'pagination[pageNumber]': page });
      plan.shares = true;
      plan.keys.push(key);
      plan.imageSource = { from: 'list', key };
      break;
    }
    case 'offer': {
      // A preview (previewToken) is not a public answer.
      if (parsed.searchParams.has('previewToken')) break;
      const key = requestKey(offerApiPath(match.params.slug));
      plan.shares = true;
      plan.keys.push(key);
      plan.imageSource = { from: 'offer', key };
      break;
    }
    case 'faq':
      plan.keys.push(FAQ_KEY);
      break;
    case 'contact':
      // the contact form's agreements (src/features/offer/api.ts)
      plan.keys.push(requestKey('/offers/contact/agreements'));
      break;
    case 'staticPage':
    case 'termsOfUse':
    case 'privacyPolicy': {
      const slug = match.route.name === 'termsOfUse' ? TERMS_SLUGS[language] : match.route.name === 'privacyPolicy' ? PRIVACY_SLUGS[language] : (match.params.slug ?? '');
      // the same key as the page's own request (src/features/offer/StaticPage.tsx)
      plan.keys.push(requestKey(`/page/${encodeURIComponent(slug)}`));
      break;
    }
    default:
      break;
  }
  return plan;
}

/** The page's largest image (or the two a gallery shows first), found in its answers as its plan says. */
export function pageImages(plan: Pick<PagePlan, 'imageSource'>, answers: Record<string, unknown>): string[] {
  const source = plan.imageSource;
  if (!source) return [];
  if (source.from === 'list') return listImages(answers[source.key]);
  if (source.from === 'offer') return offerImages(answers[source.key]);
  const first = (answers[SLIDER_KEY] as { fileType?: string; imageUrl?: string }[] | undefined)?.[0];
  return first?.fileType === 'image' && first.imageUrl ? [first.imageUrl] : [];
}

/**
 * The list's LCP image: the first card's thumbnail, exactly the `src` OfferCard gives its <img> (no srcset), which
 * the list loads eagerly with fetchpriority="high" (OffersGrid's `priority`).
 */
function listImages(list: unknown): string[] {
  const first = (list as { items?: { thumbUrl?: string | null }[] } | undefined)?.items?.[0];
  return first?.thumbUrl ? [first.thumbUrl] : [];
}

/** The offer's first photos, as src/features/offer/templates.tsx draws them (priority images). */
function offerImages(offer: unknown): string[] {
  const o = offer as { templateName?: string; imageUrl?: string | null; gallery?: { position: number; imageUrl: string }[] } | undefined;
  if (!o) return [];
  if (o.templateName === 'fullWidthGallery') {
    const photos = [...(o.gallery ?? [])].sort((a, b) => a.position - b.position);
    const pair = photos.slice(0, 2).map((p) => p.imageUrl).filter(Boolean);
    if (pair.length) return pair;
    const wide = photos[2]?.imageUrl ?? o.imageUrl;
    return wide ? [wide] : [];
  }
  return o.imageUrl ? [o.imageUrl] : [];
}

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
/** JSON inside `<script type="application/json">`: no `</script>` or `<!--` can end or change the element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
/** Only local images (same origin, as the CSP allows them anyway) are worth a preload. */
const localImage = (src: string) => src.startsWith('/') && !src.startsWith('//');

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** How often index.html is looked at for a new build (ms). */
const BUILD_CHECK_MS = 1000;

export type PageEncoding = 'br' | 'gzip';
/** Below this size a page is sent as it is. */
export const PAGE_COMPRESS_MIN_BYTES = 1024;
/** Pages kept per node (oldest first out): two languages × the public routes, list pages and offers. */
export const PAGE_CACHE_MAX_ENTRIES = 300;

/** A page ready to send: its status, headers and HTML, and its compressed bytes made once per encoding. */
export interface SpaPage {
  html: string;
  /** 200, 404 (no such page, offer or static page) or 503 (maintenance): server/pages/head.ts */
  status: number;
  headers: Record<string, string>;
  /** the address the page is at instead (html is then empty) */
  redirect?: { status: 301 | 302; location: string };
  /** The bytes for an encoding (null: too small to gain, send the HTML); the same promise on every call. */
  encoded(encoding: PageEncoding): Promise<Buffer | null>;
  /** The bytes already made for an encoding, without waiting (undefined: not made yet). */
  ready(encoding: PageEncoding): Buffer | null | undefined;
}

function spaPage(html: string, status = 200, headers: Record<string, string> = {}, redirect?: SpaPage['redirect']): SpaPage {
  const made: Partial<Record<PageEncoding, Promise<Buffer | null>>> = {};
  const done: Partial<Record<PageEncoding, Buffer | null>> = {};
  return {
    html,
    status,
    headers,
    redirect,
    encoded(encoding) {
      if (html.length < PAGE_COMPRESS_MIN_BYTES) return Promise.resolve((done[encoding] = null));
      // The same compression as before the cache: brotli quality 5, gzip's default level.
      made[encoding] ??= (encoding === 'br' ? brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : gzipAsync(html)).then(
        (bytes) => (done[encoding] = bytes),
        () => null,
      );
      return made[encoding]!;
    },
    ready: (encoding) => done[encoding],
  };
}

interface PageEntry {
  page: SpaPage;
  /** what it was built at (index.html's mtime, the site state), as the public cache's entries */
  indexMtime: number;
  version: number;
  flags: string;
  shares: string | undefined;
  builtAt: number;
}

/** The server's renderer (src/entry-server.tsx, built into the build's `.ssr/entry-server.js`). */
interface Renderer {
  render(input: { url: string; initialData: InitialData; timeoutMs: number; preferences: RenderPreferences }): Promise<{
    html: string;
    styles: string;
    loads: Record<string, unknown>;
  }>;
}
/** How long a page's render may take before the shell is sent instead (the browser then renders it). */
export const RENDER_TIMEOUT_MS = 3_000;

const flagsOf = (state: SiteState) => `${state.maintenanceMode}/${state.systemMaintenanceMode}`;

/** Reads index.html and the build manifest again whenever index.html changes (a new build). */
export function createSpaHtml(fastify: FastifyInstance, root: string, options: { now?: () => number } = {}) {
  const now = options.now ?? (() => Date.now());
  const htmlPath = path.join(root, 'index.html');
  let cached: { mtimeMs: number; html: string; manifest: Manifest | null } | null = null;
  const pages = new Map<string, PageEntry>();
  const building = new Map<string, Promise<PageEntry | SpaPage>>();
  /** hits: pages sent from the cache; builds: pages built (each with its injects); injects: API calls made */
  const stats = { hits: 0, builds: 0, injects: 0 };
  /** the renderer of the build index.html belongs to (imported once per build; null: the build has none) */
  let renderer: { mtimeMs: number; module: Promise<Renderer | null> } | null = null;
  function rendererFor(mtimeMs: number): Promise<Renderer | null> {
    if (!renderer || renderer.mtimeMs !== mtimeMs) {
      const file = path.join(root, '.ssr', 'entry-server.js');
      // Imported by its plain address: its chunks import it back by that address, so a query (to load a rebuilt
      // renderer into a running process) would make two copies of its modules, React contexts included. A new build
      // is served by a restarted process.
      const module = !existsSync(file)
        ? (fastify.log.warn({ file }, 'this build has no server renderer (npm run build makes one): pages are sent as the shell'), Promise.resolve(null))
        : import(pathToFileURL(file).href).then(
            (m: Renderer) => m,
            (error: unknown) => {
              fastify.log.error({ err: error, file }, 'the server renderer could not be loaded: pages are sent as the shell');
              return null;
            },
          );
      renderer = { mtimeMs, module };
    }
    return renderer.module;
  }
  /** The page's HTML from the renderer, or null (the shell is sent: the browser renders the page as before). */
  async function renderPage(url: string, initialData: InitialData, preferences: RenderPreferences): Promise<Awaited<ReturnType<Renderer['render']>> | null> {
    const module = await rendererFor(cached?.mtimeMs ?? 0);
    if (!module) return null;
    try {
      return await module.render({ url, initialData, timeoutMs: RENDER_TIMEOUT_MS, preferences });
    } catch (error) {
      fastify.log.warn({ err: error, url }, 'server render failed: the page is sent as the shell');
      return null;
    }
  }
  const heads = createPageHeads({
    db: fastify.db,
    publicUrl: fastify.config.publicUrl,
    defaultLanguage: fastify.config.defaultLanguage,
  });

  /** index.html with the page's language, <title> and head tags (server/pages/head.ts). */
  function withHead(html: string, answer: Extract<PageAnswer, { kind: 'page' }>): string {
    const { title, tags } = renderHead(answer.head, answer.language, fastify.config.publicUrl, fastify.config.defaultLanguage);
    let out = /<title>[^<]*<\/title>/.test(html) ? html.replace(/<title>[^<]*<\/title>/, () => title) : html.replace('</head>', () => `${title}</head>`);
    if (answer.language) out = out.replace(/<html lang="[^"]*"|<html(?=>)/, () => `<html lang="${answer.language}"`);
    return out.replace('</head>', () => `${tags}</head>`);
  }

  // index.html's modification time is looked at once a second at most (a new build is seen within that second): a
  // stat on every request was 6 % of a cached page's CPU (docs/benchmarks.md).
  let checked = { at: -Infinity, mtimeMs: 0 };
  function load() {
    const at = now();
    if (at - checked.at >= BUILD_CHECK_MS) checked = { at, mtimeMs: statSync(htmlPath).mtimeMs };
    const { mtimeMs } = checked;
    if (!cached || cached.mtimeMs !== mtimeMs) {
      let manifest: Manifest | null;
      try {
        manifest = JSON.parse(readFileSync(path.join(root, '.vite', 'manifest.json'), 'utf8')) as Manifest;
      } catch {
        manifest = null;
      }
      cached = { mtimeMs, html: readFileSync(htmlPath, 'utf8'), manifest };
    }
    return cached;
  }

  /** The chunk files of a module with everything it statically imports, and their CSS. */
  function chunksOf(manifest: Manifest, moduleId: string): { js: string[]; css: string[] } {
    const js: string[] = [];
    const css: string[] = [];
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      const chunk = manifest[key];
      if (!chunk) return;
      js.push(chunk.file);
      css.push(...(chunk.css ?? []));
      for (const dep of chunk.imports ?? []) visit(dep);
    };
    visit(moduleId);
    return { js, css };
  }

  /**
   * The answers (200), the 404s (the page shows its not-found view from them), and whether every key got a 200
   * (else the page is not cached).
   */
  async function answersFor(keys: string[], language: Language): Promise<{ answers: Record<string, unknown>; notFound: NonNullable<InitialData['notFound']>; complete: boolean }> {
    const answers: Record<string, unknown> = {};
    const notFound: NonNullable<InitialData['notFound']> = {};
    let complete = true;
    await Promise.all(
      keys.map(async (key) => {
        try {
          stats.injects += 1;
          const res = await fastify.inject({
            method: 'GET',
            url: `/api${key}`,
            headers: { accept: 'application/json', 'content-language': language },
          });
          if (res.statusCode !== 200) {
            complete = false;
            if (res.statusCode === 404) {
              const envelope = res.json() as { errors?: NonNullable<InitialData['notFound']>[string]['errors'] };
              notFound[key] = { status: 404, errors: Array.isArray(envelope?.errors) ? envelope.errors : [] };
            }
            return;
          }
          const envelope = res.json() as { data?: unknown };
          if (envelope && 'data' in envelope) answers[key] = envelope.data;
          else complete = false;
        } catch {
          // the page asks the API itself
          complete = false;
        }
      }),
    );
    return { answers, notFound, complete };
  }

  type Built = { html: string; complete: boolean; status: number; headers: Record<string, string>; redirect?: SpaPage['redirect'] };

  /** The bare root (`/`): index.html with the default language's home head; the browser picks the language. */
  async function buildRoot(url: string, html: string, state: SiteState): Promise<Built> {
    const answer = await heads.describe(url, state);
    if (answer.kind === 'redirect') return { html: '', complete: false, status: answer.status, headers: {}, redirect: answer };
    stats.builds += 1;
    return { html: withHead(html, answer), complete: answer.cacheable, status: answer.status, headers: answer.headers };
  }

  async function build(plan: PagePlan, url: string, html: string, manifest: Manifest | null, state: SiteState, preferences: RenderPreferences): Promise<Built> {
    // What the page is (its status and head) is read from the repositories side by side with its first answers.
    const described = heads.describe(url, state);
    described.catch(() => {});
    const head: string[] = [];
    const { answers, notFound, complete: answered } = await answersFor(plan.keys, plan.language);
    // An offer or static page that does not exist is drawn as the not-found page: it carries that page's offers too.
    const featuredKey = notFoundFeaturedKey();
    if (Object.keys(notFound).length && !plan.keys.includes(featuredKey)) {
      Object.assign(answers, (await answersFor([featuredKey], plan.language)).answers);
    }
    const modules: string[] = [];
    const already = new Set([...html.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((m) => m[1]));
    if (manifest) {
      const files = { js: new Set<string>(), css: new Set<string>() };
      // the page's screen, and the not-found page's when the offer or static page it names does not exist (drawn instead)
      const screens = [plan.screen, Object.keys(notFound).length ? NOT_FOUND_MODULE : undefined];
      for (const moduleId of [DICTIONARY_MODULE(plan.language), ...screens].filter((m): m is string => !!m)) {
        const { js, css } = chunksOf(manifest, moduleId);
        js.forEach((f) => files.js.add(f));
        css.forEach((f) => files.css.add(f));
      }
      for (const file of files.css) if (!already.has(file)) head.push(`<link rel="stylesheet" href="/${escapeAttr(file)}">`);
      for (const file of files.js) if (!already.has(file)) modules.push(`/${file}`);
    }
    const initialData: InitialData = Object.keys(notFound).length ? { language: plan.language, answers, notFound } : { language: plan.language, answers };
    const answer = await described;
    if (answer.kind === 'redirect') return { html: '', complete: false, status: answer.status, headers: {}, redirect: answer };
    html = withHead(html, answer);
    // SERVER_RENDERING=false: the shell with the page's data, exactly as the SPA alone (the browser renders it).
    // A build without a renderer (or one that failed to load) sends the shell, which is kept like any page; a
    // render that failed is not kept, so the next request renders again.
    const rendering = plan.rendered && fastify.config.serverRendering && (await rendererFor(cached?.mtimeMs ?? 0)) !== null;
    const rendered = rendering ? await renderPage(url, initialData, preferences) : null;
    // Only a page that exists, whose answers are all there, is kept (an unknown offer's 404 is not); a page whose
    // render failed is not kept either, so the next request renders it again.
    const complete = answered && answer.cacheable && answer.status === 200 && (!rendering || rendered !== null);
    if (rendered) head.push(rendered.styles);
    // The largest image comes before the scripts: it needs nothing else to be drawn.
    const first: string[] = [];
    for (const image of pageImages(plan, answers).filter(localImage)) {
      first.push(`<link rel="preload" as="image" fetchpriority="high" href="${escapeAttr(image)}">`);
    }
    for (const href of modules) head.push(`<link rel="modulepreload" crossorigin href="${escapeAttr(href)}">`);
    // A page the server drew is on screen without its scripts, which only hydrate it: they ask for the bandwidth
    // after the stylesheet, the font and the largest image (Fetch Priority), so a slow connection paints sooner.
    // A page the browser renders needs its scripts first, and keeps their default priority.
    const priority = rendered ? ' fetchpriority="low"' : '';
    let data = `<script type="application/json" id="${INITIAL_DATA_ELEMENT_ID}">${scriptJson(initialData)}</script>`;
    if (rendered) data += `<script type="application/json" id="${SERVER_LOADS_ELEMENT_ID}">${scriptJson(rendered.loads)}</script>`;
    stats.builds += 1;
    return {
      // Replacement functions, not strings: in a string, `$&`, `$'` and the like in an operator's text (inside the
      // data or the rendered page) would be read as patterns and splice parts of the page into it.
      html: html
        .replace(/<html lang="[^"]*"/, () => `<html lang="${plan.language}"`)
        .replace(/<script type="module"|<\/head>/, (tag) => `${first.join('')}${tag}`)
        .replace('</head>', () => `${head.join('')}</head>`)
        .replace(/<(script type="module"|link rel="modulepreload")/g, (_tag, start: string) => `<${start}${priority}`)
        .replace('<div id="root"></div>', () => `<div id="root">${rendered?.html ?? ''}</div>${data}`),
      complete,
      status: answer.status,
      headers: answer.headers,
    };
  }

  function remember(key: string, entry: PageEntry) {
    pages.delete(key);
    pages.set(key, entry);
    if (pages.size > PAGE_CACHE_MAX_ENTRIES) pages.delete(pages.keys().next().value as string);
  }

  function fresh(entry: PageEntry | undefined, plan: PagePlan, indexMtime: number, state: SiteState): entry is PageEntry {
    return (
      !!entry &&
      entry.indexMtime === indexMtime &&
      entry.version === state.contentVersion &&
      entry.flags === flagsOf(state) &&
      (!plan.shares || entry.shares === state.sharesFingerprint) &&
      now() - entry.builtAt <= MAX_AGE_MS
    );
  }

  /**
   * The page at `url`, from the cache when every answer it was built from is still the public cache's current one;
   * else built once (concurrent requests for the same page and state share the build).
   */
  async function page(url: string, preferences: RenderPreferences = { offersListView: false, signedIn: false, cookieChoiceMade: false }): Promise<SpaPage> {
    const { html, manifest, mtimeMs } = load();
    const parsed = new URL(url, 'http://localhost');
    const plan = planPage(parsed);
    // The bare root and unknown language prefixes: the head (or the redirect) only, no page data.
    const pathname = parsed.pathname;
    if (!plan && pathname !== '/') {
      const state = fastify.siteState.peek() ?? (await fastify.siteState.get());
      const built = await buildRoot(url, html, state);
      return spaPage(built.html, built.status, built.headers, built.redirect);
    }
    const planned: PagePlan = plan ?? { language: fastify.config.defaultLanguage, route: '/', rendered: false, keys: [], shares: false };
    // Every address has a head of its own (its canonical address, its item's title): the path is part of the key.
    // A preview's token decides whether the page exists: pages of different tokens never share a build.
    // The visitor's choices change the rendered HTML: they are part of the key when the server renders.
    const drawn = fastify.config.serverRendering
      ? `${preferences.offersListView ? 'list' : ''}${preferences.signedIn ? '+session' : ''}${preferences.cookieChoiceMade ? '+consent' : ''}`
      : '';
    const key = [pathname, parsed.searchParams.get('previewToken') ?? '', planned.language, planned.route, planned.screen ?? '', drawn, ...planned.keys].join('\u0000');
    // Read before the answers: an entry is never marked newer than what it holds (a change during the build
    // leaves it marked with the older state, so the next request builds again).
    const state = fastify.siteState.peek() ?? (await fastify.siteState.get());
    const cache = fastify.config.pageCache;
    const entry = cache ? pages.get(key) : undefined;
    if (fresh(entry, planned, mtimeMs, state)) {
      stats.hits += 1;
      return entry.page;
    }
    const validity = { indexMtime: mtimeMs, version: state.contentVersion, flags: flagsOf(state), shares: planned.shares ? state.sharesFingerprint : undefined };
    const flightKey = `${key}\u0000${validity.indexMtime}/${validity.version}/${validity.flags}/${validity.shares ?? ''}`;
    let flight = cache ? building.get(flightKey) : undefined;
    if (!flight) {
      flight = (plan ? build(plan, url, html, manifest, state, preferences) : buildRoot(url, html, state)).then((built) => {
        const made = spaPage(built.html, built.status, built.headers, built.redirect);
        if (!built.complete || !cache) return made;
        const kept: PageEntry = { page: made, ...validity, builtAt: now() };
        remember(key, kept);
        return kept;
      });
      building.set(flightKey, flight);
      const done = () => building.delete(flightKey);
      flight.then(done, done);
    }
    const built = await flight;
    return 'page' in built ? built.page : built;
  }

  return {
    page,
    /** The page's HTML (tests, callers that compress nothing). */
    render: async (url: string) => (await page(url)).html,
    stats,
    /** Drop every cached page of this node. */
    clear() {
      pages.clear();
    },
    get size() {
      return pages.size;
    },
  };
}

export type SpaHtml = ReturnType<typeof createSpaHtml>;
