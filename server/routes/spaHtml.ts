// index.html for a page of the SPA, with what the server already knows about that page (issue 11, "boot in
// parallel"): the browser would otherwise learn it only after the entry script has run, one round trip after
// another (entry JS → dictionary and boot's loads → the screen's chunk → its data → its image).
//
// - `<link rel="modulepreload">` for the route's screen chunk and the language's dictionary (from the build's
//   manifest, dist/.vite/manifest.json), so they download side by side with the entry;
// - boot's loads (splash screen, slider, static content) and the page's first data as
//   `<script type="application/json" id="initial-data">`: data, not a script, so the strict CSP (script-src
//   'self', no inline script) is unchanged. The SPA's HTTP client answers those GETs from it once
//   (src/api/initialData.ts); the machines decide what is shown when, as before;
// - `<link rel="preload" as="image" fetchpriority="high">` for the page's largest image (the home page's first
//   slide, an offer's first photos), known from that data;
// - on an offer page, the server's picture of its top (./firstPaint.ts), and instead of the app's entry the small
//   script that loads it once the picture's photos are on screen (src/afterPicture.ts), with the page's modules
//   listed for it in a <meta> rather than preloaded in <head>.
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
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { MAX_AGE_MS } from '../cache/public-cache';
import type { SiteState } from '../plugins/app/site-state';
import { isLanguage, splitLanguage, type Language } from '../../machines/types';
import { requestKey, INITIAL_DATA_ELEMENT_ID } from '../../src/api/initialData';
import { matchRoute } from '../../src/config/paths';
import { readPage, readPageSize } from '../../src/components/offers/paging';
import { offerApiPath } from '../../src/features/offer/offerRules';
import { AFTER_PICTURE_META } from '../../src/afterPicture';
import { offerFirstPaint, type FirstPaint } from './firstPaint';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The screen module of each public route (src/app/Routes.tsx and the features' screens.ts). */
const SCREEN_MODULES: Record<string, string> = {
  home: 'src/features/public/HomePage.tsx',
  offers: 'src/features/public/OffersPage.tsx',
  offersPage: 'src/features/public/OffersPage.tsx',
  offer: 'src/features/offer/OfferPage.tsx',
  faq: 'src/features/public/FaqPage.tsx',
  aboutUs: 'src/features/public/AboutPage.tsx',
  staticPage: 'src/features/offer/StaticPage.tsx',
  login: 'src/features/auth/LoginPage.tsx',
};
/** The first script of a page with a picture (src/afterPicture.ts, an entry of the build). */
const AFTER_PICTURE_MODULE = 'src/afterPicture.ts';
const DICTIONARY_MODULE = (language: Language) => `src/i18n/locales/${language}/index.ts`;

/** What boot loads on every page (src/app/system.ts). */
const BOOT_KEYS = [requestKey('/splash-screen'), requestKey('/slider'), requestKey('/static-content')];

interface PagePlan {
  language: Language;
  /** the route's name ('' for a path of a language no route matches) */
  route: string;
  screen?: string;
  keys: string[];
  /** the page carries figures computed from orders (funding progress, statistics): it follows the share counters */
  shares: boolean;
  /** the page's largest image, from the answers */
  images: (answers: Record<string, unknown>) => string[];
  /** the server's picture of the page's top (./firstPaint.ts), from the answers */
  firstPaint?: (answers: Record<string, unknown>) => FirstPaint | null;
}

/** What the page at `url` needs first, or null for a path the server knows nothing about. */
export function planPage(url: string): PagePlan | null {
  const parsed = new URL(url, 'http://localhost');
  const { prefix, rest } = splitLanguage(parsed.pathname);
  if (!isLanguage(prefix)) return null;
  const language = prefix;
  const match = matchRoute(language, rest);
  const plan: PagePlan = { language, route: '', keys: [...BOOT_KEYS], shares: false, images: () => [] };
  if (!match) return plan;
  plan.route = match.route.name;
  plan.screen = SCREEN_MODULES[match.route.name];
  switch (match.route.name) {
    case 'home': {
      plan.shares = true;
      plan.keys.push(requestKey('/offer/featured', { listName: 'homepage' }), requestKey('/faq/featured'), requestKey('/stats'));
      plan.images = (answers) => {
        const first = (answers[requestKey('/slider')] as { fileType?: string; imageUrl?: string }[] | undefined)?.[0];
        return first?.fileType === 'image' && first.imageUrl ? [first.imageUrl] : [];
      };
      break;
    }
    case 'offers':
    case 'offersPage': {
      const pageSize = readPageSize(parsed.search);
      const page = readPage(match.params.page);
      const key = requestKey('/offers', { 'pagination[pageSize]': pageSize, 'pagination[pageNumber]': page });
      plan.shares = true;
      plan.keys.push(key);
      plan.images = (answers) => listImages(answers[key]);
      break;
    }
    case 'offer': {
      // A preview (previewToken) is not a public answer.
      if (parsed.searchParams.has('previewToken')) break;
      const key = requestKey(offerApiPath(match.params.slug));
      plan.shares = true;
      plan.keys.push(key);
      plan.images = (answers) => offerImages(answers[key]);
      plan.firstPaint = (answers) =>
        inMaintenance(answers) ? null : offerFirstPaint(answers[key] as Parameters<typeof offerFirstPaint>[0], language, parsed.pathname);
      break;
    }
    default:
      break;
  }
  return plan;
}

/** The splash answer says the maintenance screen will show instead of the page. */
function inMaintenance(answers: Record<string, unknown>): boolean {
  const splash = answers[requestKey('/splash-screen')] as { maintenanceMode?: unknown; systemMaintenanceMode?: unknown } | undefined;
  return !splash || !!splash.maintenanceMode || !!splash.systemMaintenanceMode;
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

export type PageEncoding = 'br' | 'gzip';
/** Below this size a page is sent as it is. */
export const PAGE_COMPRESS_MIN_BYTES = 1024;
/** Pages kept per node (oldest first out): two languages × the public routes, list pages and offers. */
export const PAGE_CACHE_MAX_ENTRIES = 300;

/** A page ready to send: its HTML, and its compressed bytes made once per encoding. */
export interface SpaPage {
  html: string;
  /** The bytes for an encoding (null: too small to gain, send the HTML); the same promise on every call. */
  encoded(encoding: PageEncoding): Promise<Buffer | null>;
  /** The bytes already made for an encoding, without waiting (undefined: not made yet). */
  ready(encoding: PageEncoding): Buffer | null | undefined;
}

function spaPage(html: string): SpaPage {
  const made: Partial<Record<PageEncoding, Promise<Buffer | null>>> = {};
  const done: Partial<Record<PageEncoding, Buffer | null>> = {};
  return {
    html,
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

  function load() {
    const { mtimeMs } = statSync(htmlPath);
    if (!cached || cached.mtimeMs !== mtimeMs) {
      let manifest: Manifest | null = null;
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

  /** The answers (200 only), and whether every key got one (else the page is not cached). */
  async function answersFor(keys: string[], language: Language): Promise<{ answers: Record<string, unknown>; complete: boolean }> {
    const answers: Record<string, unknown> = {};
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
    return { answers, complete };
  }

  async function build(plan: PagePlan, html: string, manifest: Manifest | null): Promise<{ html: string; complete: boolean }> {
    const head: string[] = [];
    const modules: string[] = [];
    const already = new Set([...html.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((m) => m[1]));
    if (manifest) {
      const files = { js: new Set<string>(), css: new Set<string>() };
      for (const moduleId of [DICTIONARY_MODULE(plan.language), plan.screen].filter((m): m is string => !!m)) {
        const { js, css } = chunksOf(manifest, moduleId);
        js.forEach((f) => files.js.add(f));
        css.forEach((f) => files.css.add(f));
      }
      for (const file of files.css) if (!already.has(file)) head.push(`<link rel="stylesheet" href="/${escapeAttr(file)}">`);
      for (const file of files.js) if (!already.has(file)) modules.push(`/${file}`);
    }
    const { answers, complete } = await answersFor(plan.keys, plan.language);
    // The largest image and the first paint come before the scripts: the picture needs nothing else to be drawn.
    const first: string[] = [];
    const paint = plan.firstPaint?.(answers) ?? null;
    if (paint) first.push(paint.style);
    for (const image of plan.images(answers).filter(localImage)) {
      first.push(`<link rel="preload" as="image" fetchpriority="high" href="${escapeAttr(image)}">`);
    }
    // Picture first (src/afterPicture.ts): under a picture, the page's first script is the small one that loads the
    // app's entry once the picture's photos are on screen, and the modules the page preloads (index.html's and the
    // route's) are listed for it to preload then, instead of downloading side by side with the photos.
    const afterPicture = paint && manifest?.[AFTER_PICTURE_MODULE]?.file;
    const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
    if (afterPicture && entry) {
      const entryModules: string[] = [];
      // what the small script imports itself (the bundler's runtime) stays preloaded: it is needed before the wait
      const own = new Set(chunksOf(manifest!, AFTER_PICTURE_MODULE).js.map((file) => `/${file}`));
      html = html
        .replace(entry[0], () => `<script type="module" crossorigin src="/${escapeAttr(afterPicture)}" data-app="${escapeAttr(entry[1])}"></script>`)
        .replace(/<link rel="modulepreload" crossorigin href="([^"]+)">/g, (link, href: string) => {
          if (own.has(href)) return link;
          entryModules.push(href);
          return '';
        });
      head.push(`<meta name="${AFTER_PICTURE_META}" content="${escapeAttr([...entryModules, ...modules].join(' '))}">`);
    } else {
      for (const href of modules) head.push(`<link rel="modulepreload" crossorigin href="${escapeAttr(href)}">`);
    }
    const data = `<script type="application/json" id="${INITIAL_DATA_ELEMENT_ID}">${scriptJson({ language: plan.language, answers })}</script>`;
    stats.builds += 1;
    return {
      // Replacement functions, not strings: in a string, `$&`, `$'` and the like in an operator's text (inside the
      // data or the picture) would be read as patterns and splice parts of the page into it.
      html: html
        .replace(/<html lang="[^"]*"/, () => `<html lang="${plan.language}"`)
        .replace(/<script type="module"|<\/head>/, (tag) => `${first.join('')}${tag}`)
        .replace('</head>', () => `${head.join('')}</head>`)
        .replace('<div id="root"></div>', () => `${paint?.html ?? ''}<div id="root"></div>${data}`),
      complete,
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
  async function page(url: string): Promise<SpaPage> {
    const { html, manifest, mtimeMs } = load();
    const plan = planPage(url);
    if (!plan) return spaPage(html);
    const key = [plan.language, plan.route, plan.screen ?? '', ...plan.keys].join('\u0000');
    // Read before the answers: an entry is never marked newer than what it holds (a change during the build
    // leaves it marked with the older state, so the next request builds again).
    const state = fastify.siteState.peek() ?? (await fastify.siteState.get());
    const entry = pages.get(key);
    if (fresh(entry, plan, mtimeMs, state)) {
      stats.hits += 1;
      return entry.page;
    }
    const validity = { indexMtime: mtimeMs, version: state.contentVersion, flags: flagsOf(state), shares: plan.shares ? state.sharesFingerprint : undefined };
    const flightKey = `${key}\u0000${validity.indexMtime}/${validity.version}/${validity.flags}/${validity.shares ?? ''}`;
    let flight = building.get(flightKey);
    if (!flight) {
      flight = build(plan, html, manifest).then(({ html: built, complete }) => {
        const made = spaPage(built);
        if (!complete) return made;
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
