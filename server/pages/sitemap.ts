// /sitemap.xml and /robots.txt. The sitemap lists every page a search engine may index (head.ts INDEXED_ROUTES) in
// both languages, each with its alternates (xhtml:link hreflang pl, en and x-default): home, the offers list and
// its further pages, every published offer, about us, FAQ, contact and every static page (the terms of use and the
// privacy policy are static pages). It is read from the same repository the API answers from and kept per node
// until the content version changes (publishing or unpublishing an offer, editing a page: bumpContentVersion, seen
// by plugins/app/site-state.ts within a second on every node), or MAX_AGE_MS passes.
import type { Language } from '../../contract/languages';
import { listHref, OFFERS_DEFAULT_PAGE_SIZE } from '../../contract/paging';
import { href, LANGUAGES, type RouteName } from '../../contract/routes';
import { MAX_AGE_MS } from '../cache/public-cache';
import type { Db } from '../db/client';
import { listStaticPageSlugs } from '../modules/content/repository';
import { listOffers, publishedOfferSlugs } from '../modules/offers/repository';
import { absoluteUrl } from './head';

export interface SitemapDeps {
  db: Db;
  publicUrl: string;
  defaultLanguage: Language;
  /** the content version of the moment (plugins/app/site-state.ts) */
  contentVersion(): Promise<number>;
  now?: () => number;
}

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** The pages of the fixed routes with no parameter that the sitemap lists. */
const FIXED_ROUTES: RouteName[] = ['home', 'offers', 'aboutUs', 'faq', 'contact'];

type Alternates = Record<Language, string>;

export function sitemapXml(pages: Alternates[], publicUrl: string, defaultLanguage: Language): string {
  const abs = (path: string) => escapeXml(absoluteUrl(publicUrl, path));
  const urls: string[] = [];
  for (const page of pages) {
    const links = [
      ...LANGUAGES.map((lang) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${abs(page[lang])}"/>`),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${abs(page[defaultLanguage])}"/>`,
    ].join('');
    for (const lang of LANGUAGES) urls.push(`<url><loc>${abs(page[lang])}</loc>${links}</url>`);
  }
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    urls.join('\n') +
    '\n</urlset>\n'
  );
}

export function robotsTxt(publicUrl: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${publicUrl}/sitemap.xml\n`;
}

export function createSitemap(deps: SitemapDeps) {
  const now = deps.now ?? (() => Date.now());
  let kept: { version: number; builtAt: number; xml: Promise<string> } | null = null;

  async function pages(): Promise<Alternates[]> {
    const [offers, staticPages, { total }] = await Promise.all([
      publishedOfferSlugs(deps.db),
      listStaticPageSlugs(deps.db),
      listOffers(deps.db, { pageSize: 1, pageNumber: 1 }),
    ]);
    const result: Alternates[] = FIXED_ROUTES.map((name) => ({ pl: href('pl', name), en: href('en', name) }));
    const lastPage = Math.ceil(total / OFFERS_DEFAULT_PAGE_SIZE);
    for (let n = 2; n <= lastPage; n += 1) result.push({ pl: listHref('pl', n, OFFERS_DEFAULT_PAGE_SIZE), en: listHref('en', n, OFFERS_DEFAULT_PAGE_SIZE) });
    for (const { slug } of offers) result.push({ pl: href('pl', 'offer', { slug: slug.pl }), en: href('en', 'offer', { slug: slug.en }) });
    for (const { slug } of staticPages) result.push({ pl: href('pl', 'staticPage', { slug: slug.pl }), en: href('en', 'staticPage', { slug: slug.en }) });
    return result;
  }

  return {
    /** The sitemap of the current content version (built once per version and node). */
    async xml(): Promise<string> {
      const version = await deps.contentVersion();
      if (kept && kept.version === version && now() - kept.builtAt <= MAX_AGE_MS) return kept.xml;
      const built = { version, builtAt: now(), xml: pages().then((list) => sitemapXml(list, deps.publicUrl, deps.defaultLanguage)) };
      kept = built;
      built.xml.catch(() => {
        if (kept === built) kept = null;
      });
      return built.xml;
    },
    robots: () => robotsTxt(deps.publicUrl),
    clear() {
      kept = null;
    },
  };
}

export type Sitemap = ReturnType<typeof createSitemap>;
