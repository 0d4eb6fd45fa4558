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
//   slide, an offer's first photos), known from that data.
// The answers come from the API itself (fastify.inject, the same cached public routes a browser would call),
// only 200 answers, and only for public GETs that are the same for every anonymous visitor of a language.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { isLanguage, splitLanguage, type Language } from '../../machines/types';
import { requestKey, INITIAL_DATA_ELEMENT_ID } from '../../src/api/initialData';
import { matchRoute } from '../../src/config/paths';
import { readPage, readPageSize } from '../../src/components/offers/paging';
import { offerApiPath } from '../../src/features/offer/offerRules';

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
const DICTIONARY_MODULE = (language: Language) => `src/i18n/locales/${language}/index.ts`;

/** What boot loads on every page (src/app/system.ts). */
const BOOT_KEYS = [requestKey('/splash-screen'), requestKey('/slider'), requestKey('/static-content')];

interface PagePlan {
  language: Language;
  screen?: string;
  keys: string[];
  /** the page's largest image, from the answers */
  images: (answers: Record<string, unknown>) => string[];
}

/** What the page at `url` needs first, or null for a path the server knows nothing about. */
export function planPage(url: string): PagePlan | null {
  const parsed = new URL(url, 'http://localhost');
  const { prefix, rest } = splitLanguage(parsed.pathname);
  if (!isLanguage(prefix)) return null;
  const language = prefix;
  const match = matchRoute(language, rest);
  const plan: PagePlan = { language, keys: [...BOOT_KEYS], images: () => [] };
  if (!match) return plan;
  plan.screen = SCREEN_MODULES[match.route.name];
  switch (match.route.name) {
    case 'home': {
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
      plan.keys.push(requestKey('/offers', { 'pagination[pageSize]': pageSize, 'pagination[pageNumber]': page }));
      break;
    }
    case 'offer': {
      // A preview (previewToken) is not a public answer.
      if (parsed.searchParams.has('previewToken')) break;
      const key = requestKey(offerApiPath(match.params.slug));
      plan.keys.push(key);
      plan.images = (answers) => offerImages(answers[key]);
      break;
    }
    default:
      break;
  }
  return plan;
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

/** Reads index.html and the build manifest again whenever index.html changes (a new build). */
export function createSpaHtml(fastify: FastifyInstance, root: string) {
  const htmlPath = path.join(root, 'index.html');
  let cached: { mtimeMs: number; html: string; manifest: Manifest | null } | null = null;

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

  async function answersFor(keys: string[], language: Language): Promise<Record<string, unknown>> {
    const answers: Record<string, unknown> = {};
    await Promise.all(
      keys.map(async (key) => {
        try {
          const res = await fastify.inject({
            method: 'GET',
            url: `/api${key}`,
            headers: { accept: 'application/json', 'content-language': language },
          });
          if (res.statusCode !== 200) return;
          const envelope = res.json() as { data?: unknown };
          if (envelope && 'data' in envelope) answers[key] = envelope.data;
        } catch {
          // the page asks the API itself
        }
      }),
    );
    return answers;
  }

  return async function render(url: string): Promise<string> {
    const { html, manifest } = load();
    const plan = planPage(url);
    if (!plan) return html;

    const head: string[] = [];
    const already = new Set([...html.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((m) => m[1]));
    if (manifest) {
      const files = { js: new Set<string>(), css: new Set<string>() };
      for (const moduleId of [DICTIONARY_MODULE(plan.language), plan.screen].filter((m): m is string => !!m)) {
        const { js, css } = chunksOf(manifest, moduleId);
        js.forEach((f) => files.js.add(f));
        css.forEach((f) => files.css.add(f));
      }
      for (const file of files.css) if (!already.has(file)) head.push(`<link rel="stylesheet" href="/${escapeAttr(file)}">`);
      for (const file of files.js) if (!already.has(file)) head.push(`<link rel="modulepreload" crossorigin href="/${escapeAttr(file)}">`);
    }
    const answers = await answersFor(plan.keys, plan.language);
    for (const image of plan.images(answers).filter(localImage)) {
      head.push(`<link rel="preload" as="image" fetchpriority="high" href="${escapeAttr(image)}">`);
    }
    const data = `<script type="application/json" id="${INITIAL_DATA_ELEMENT_ID}">${scriptJson({ language: plan.language, answers })}</script>`;
    return html
      .replace(/<html lang="[^"]*"/, `<html lang="${plan.language}"`)
      .replace('</head>', `${head.join('')}</head>`)
      .replace('<div id="root"></div>', `<div id="root"></div>${data}`);
  };
}
