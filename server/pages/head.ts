// What the server says about a page of the SPA before any script runs: its HTTP status and the <head> a crawler or a
// link preview reads (title, description, canonical address, language alternates, Open Graph and Twitter card,
// JSON-LD). Built from the same repositories the API answers from (no HTTP call to itself) and from the SPA's own
// rules where the SPA has them: the route table (contract/routes.ts), the title and description rules
// (contract/page-head.ts) and its dictionaries (lib/locales/), so the <title> sent is the one document.title
// gets once the page is shown.
//
// Statuses: 200 for a page that exists; 404 for a path no route matches, an unknown or unpublished offer (without
// its preview token) and an unknown static page, sent with the app's HTML so the SPA shows its not-found page;
// 503 with Retry-After while either maintenance flag is on (the SPA shows its maintenance screen, and an operator can
// still sign in there); redirects where the SPA would replace the address itself: an unknown language prefix
// (301 to the default language's home), a list address that is not the list's own (`/page/1`, `/page/abc`: 301)
// and a list page past the last one (302 to the last page: it depends on how many offers there are).
import type { Language } from '../../contract/languages';
import { isLanguage, splitLanguage } from '../../contract/languages';
import { listHref, readPage, readPageSize } from '../../contract/paging';
import {
  aboutTitle,
  contactTitle,
  faqTitle,
  homeTitle,
  maintenanceText,
  offerDescription,
  offerTitle,
  pageTitle,
  plainText,
  PRIVACY_SLUGS,
  siteTitleOf,
  staticPageDescription,
  staticPageTitle,
  TERMS_SLUGS,
  type ContentTree,
} from '../../contract/page-head';
import { href, LANGUAGES, matchRoute, type RouteName } from '../../contract/routes';
import en from '../../lib/locales/en';
import pl from '../../lib/locales/pl';
import type { Db } from '../db/client';
import { pick } from '../lib/translated';
import { findStaticPage, listContentNodes, listFaq, listSliderItems, listSocialMedia, readSiteSettings } from '../modules/content/repository';
import { buildContentTree } from '../modules/content/routes-static-content';
import { listOffers, offerBySlug, previewTokenMatches } from '../modules/offers/repository';

/** Seconds a crawler is asked to wait while the site is in maintenance (its end is not known in advance). */
export const MAINTENANCE_RETRY_AFTER_SECONDS = 600;

/** Routes a search engine may index, and the sitemap lists: the public pages with content of their own. */
export const INDEXED_ROUTES: ReadonlySet<RouteName> = new Set<RouteName>([
  'home',
  'offers',
  'offersPage',
  'offer',
  'aboutUs',
  'faq',
  'contact',
  'termsOfUse',
  'privacyPolicy',
  'staticPage',
]);

const DICTIONARIES = { pl, en } as const;

/** A text of the SPA's dictionary by its dotted key (`layout.notFound.title`), '' when absent. */
export function translate(language: Language, key: string): string {
  let node: unknown = DICTIONARIES[language];
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : '';
}

/** The title of a screen whose title is one text of the dictionary (the key the screen's usePageTitle reads). */
const SCREEN_TITLE_KEYS: Partial<Record<RouteName, string>> = {
  login: 'auth.login.title',
  register: 'account.register.title',
  forgotPassword: 'account.forgotPassword.title',
  resendActivation: 'account.resendActivation.title',
  activate: 'account.activation.title',
  confirmEmail: 'account.confirmEmail.title',
  orderRevocation: 'investor.revokeLink.title',
  accessDenied: 'layout.accessDenied.title',
  offers: 'offers.title',
  offersPage: 'offers.title',
};

/** The head of a page, before it is written as tags. */
export interface Head {
  title: string;
  description?: string;
  /** this page's own address (a path), when it has one worth naming */
  canonical?: string;
  /** the same page in each language (paths) */
  alternates?: Record<Language, string>;
  /** the page's picture (a path or an absolute URL) */
  image?: string | null;
  noindex?: boolean;
  jsonLd?: object[];
}

export type PageAnswer =
  | { kind: 'redirect'; status: 301 | 302; location: string }
  | {
      kind: 'page';
      status: 200 | 404 | 503;
      /** the language of the page ('' for the bare root, whose language the browser decides) */
      language: Language | '';
      head: Head;
      /** false: the answer depends on more than the address, the content version and the flags (a preview's token) */
      cacheable: boolean;
      headers: Record<string, string>;
    };

export interface PageHeadsDeps {
  db: Db;
  publicUrl: string;
  defaultLanguage: Language;
}

export interface SiteFlags {
  maintenanceMode: boolean;
  systemMaintenanceMode: boolean;
}

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** JSON inside <script type="application/ld+json">: nothing in it can end the element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

const OG_LOCALES: Record<Language, string> = { pl: 'pl_PL', en: 'en_GB' };
/** Descriptions past this length are cut at a word (search engines show about 160 characters). */
const DESCRIPTION_MAX = 300;

function shorten(text: string): string {
  if (text.length <= DESCRIPTION_MAX) return text;
  const cut = text.slice(0, DESCRIPTION_MAX - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), DESCRIPTION_MAX / 2)).trimEnd()}…`;
}

/** `url` made absolute on the public origin (an absolute URL stays as it is). */
export function absoluteUrl(publicUrl: string, url: string): string {
  return new URL(url, `${publicUrl}/`).toString();
}

/**
 * The tags of a head. Those that describe this address only are marked `data-head`: the SPA drops them once it shows
 * another address (src/app/serverHead.ts), while it sets the title and the description itself on every page. The
 * <title> is returned apart: it replaces index.html's.
 */
export function renderHead(head: Head, language: Language | '', publicUrl: string, defaultLanguage: Language): { title: string; tags: string } {
  const abs = (url: string) => escapeAttr(absoluteUrl(publicUrl, url));
  const tags: string[] = [];
  const description = head.description ? shorten(head.description) : '';
  // The description is the app's to change on every page (src/features/offer/useMetaDescription.ts): not marked.
  if (description) tags.push(`<meta name="description" content="${escapeAttr(description)}">`);
  if (head.noindex) tags.push('<meta name="robots" content="noindex" data-head>');
  if (head.canonical && !head.noindex) tags.push(`<link rel="canonical" href="${abs(head.canonical)}" data-head>`);
  if (head.alternates && !head.noindex) {
    for (const lang of LANGUAGES) tags.push(`<link rel="alternate" hreflang="${lang}" href="${abs(head.alternates[lang])}" data-head>`);
    tags.push(`<link rel="alternate" hreflang="x-default" href="${abs(head.alternates[defaultLanguage])}" data-head>`);
  }
  const meta = (property: string, content: string) => tags.push(`<meta property="${property}" content="${escapeAttr(content)}" data-head>`);
  const named = (name: string, content: string) => tags.push(`<meta name="${name}" content="${escapeAttr(content)}" data-head>`);
  meta('og:type', 'website');
  meta('og:title', head.title);
  if (description) meta('og:description', description);
  if (head.canonical) meta('og:url', absoluteUrl(publicUrl, head.canonical));
  if (language) {
    meta('og:locale', OG_LOCALES[language]);
    for (const other of LANGUAGES) if (other !== language) meta('og:locale:alternate', OG_LOCALES[other]);
  }
  const siteName = translate(language || defaultLanguage, 'common.siteName');
  if (siteName) meta('og:site_name', siteName);
  if (head.image) meta('og:image', absoluteUrl(publicUrl, head.image));
  named('twitter:card', head.image ? 'summary_large_image' : 'summary');
  named('twitter:title', head.title);
  if (description) named('twitter:description', description);
  if (head.image) named('twitter:image', absoluteUrl(publicUrl, head.image));
  for (const data of head.jsonLd ?? []) tags.push(`<script type="application/ld+json" data-head>${scriptJson(data)}</script>`);
  return { title: `<title>${escapeText(head.title)}</title>`, tags: tags.join('') };
}

/** The same route in both languages, with the same parameters. */
const both = (name: RouteName, params: Record<string, string> = {}): Record<Language, string> => ({
  pl: href('pl', name, params),
  en: href('en', name, params),
});

export function createPageHeads(deps: PageHeadsDeps) {
  const { db, publicUrl, defaultLanguage } = deps;

  async function site(language: Language) {
    const [nodes, settings] = await Promise.all([listContentNodes(db), readSiteSettings(db)]);
    const content: ContentTree = { content: buildContentTree(nodes, language) };
    return { content, siteTitle: siteTitleOf(content), description: pick(settings.seoDescription, language), settings };
  }

  function notFound(language: Language, siteTitle: string, headers: Record<string, string> = {}): PageAnswer {
    return {
      kind: 'page',
      status: 404,
      language,
      head: { title: pageTitle(translate(language, 'layout.notFound.title'), siteTitle), noindex: true },
      cacheable: false,
      headers,
    };
  }

  function organization(siteName: string, social: string[]): object {
    return {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: siteName,
      url: `${publicUrl}/`,
      logo: absoluteUrl(publicUrl, '/favicon.svg'),
      ...(social.length ? { sameAs: social } : {}),
    };
  }

  function breadcrumbs(items: { name: string; path: string }[]): object {
    return {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: items.map((item, i) => ({ '@type': 'ListItem', position: i + 1, name: item.name, item: absoluteUrl(publicUrl, item.path) })),
    };
  }

  /** The status and head of the page at `url` (path and query), with the maintenance flags of the moment. */
  async function describe(url: string, flags: SiteFlags): Promise<PageAnswer> {
    const parsed = new URL(url, 'http://localhost');
    const { prefix, rest } = splitLanguage(parsed.pathname);
    const bareRoot = parsed.pathname === '/';
    if (!bareRoot && !isLanguage(prefix)) {
      // The SPA sends an unknown language to the default one's home (machines/language.machine.ts).
      return { kind: 'redirect', status: 301, location: href(defaultLanguage, 'home') };
    }
    // The bare root: the browser picks the visitor's language (a returning visitor's stored one); for everyone
    // else it is the default language's home, which it names as its canonical address.
    const language: Language = bareRoot ? defaultLanguage : (prefix as Language);
    const { content, siteTitle, description: siteDescription, settings } = await site(language);

    if (flags.maintenanceMode || flags.systemMaintenanceMode) {
      const text = maintenanceText({
        maintenanceMode: flags.maintenanceMode,
        maintenanceModeTitle: pick(settings.maintenanceModeTitle, language),
        maintenanceModeMessage: pick(settings.maintenanceModeMessage, language),
        systemMaintenanceMode: flags.systemMaintenanceMode,
        systemMaintenanceModeTitle: pick(settings.systemMaintenanceModeTitle, language),
        systemMaintenanceModeMessage: pick(settings.systemMaintenanceModeMessage, language),
      });
      const title = text?.title || translate(language, 'maintenance.unavailableTitle');
      return {
        kind: 'page',
        status: 503,
        language: bareRoot ? '' : language,
        head: { title: pageTitle(title, siteTitle), description: plainText(text?.message) || undefined, noindex: true },
        cacheable: true,
        headers: { 'retry-after': String(MAINTENANCE_RETRY_AFTER_SECONDS) },
      };
    }

    const match = matchRoute(language, rest);
    if (!match) return notFound(language, siteTitle);
    const { route, params } = match;
    const indexed = INDEXED_ROUTES.has(route.name);
    const page = (head: Head, cacheable = true): PageAnswer => ({
      kind: 'page',
      status: 200,
      language: bareRoot ? '' : language,
      head: { description: siteDescription, ...head, noindex: head.noindex || !indexed },
      cacheable,
      headers: {},
    });
    const t = (key: string) => translate(language, key);

    switch (route.name) {
      case 'home': {
        const social = (await listSocialMedia(db)).map((s) => s.url).filter(Boolean);
        const slides = await listSliderItems(db);
        const slide = slides.find((s) => s.fileType === 'image' && s.imageUrl);
        return page({
          title: homeTitle(content, t('common.homepage')),
          canonical: href(language, 'home'),
          alternates: both('home'),
          image: slide?.imageUrl ?? null,
          jsonLd: [organization(t('common.siteName'), social)],
        });
      }
      case 'offers':
      case 'offersPage': {
        const pageSize = readPageSize(parsed.search);
        const pageNumber = readPage(params.page);
        const own = (lang: Language, n: number) => listHref(lang, n, pageSize);
        // The list's own address for a page: `/page/1` is the first page's, `/page/abc` the first page's too.
        if (route.name === 'offersPage' && !/^[1-9]\d*$/.test(params.page ?? '')) return redirect(301, own(language, pageNumber), parsed.search);
        if (route.name === 'offersPage' && pageNumber === 1) return redirect(301, own(language, 1), parsed.search);
        const { total } = await listOffers(db, { pageSize: 1, pageNumber: 1 });
        const last = Math.max(1, Math.ceil(total / pageSize));
        if (pageNumber > last) return redirect(302, own(language, last), parsed.search);
        // The number of pages follows the published offers, which change with the content version.
        return page({
          title: pageTitle(t('offers.title'), siteTitle),
          canonical: own(language, pageNumber),
          alternates: { pl: own('pl', pageNumber), en: own('en', pageNumber) },
        });
      }
      case 'offer': {
        const row = await offerBySlug(db, params.slug ?? '');
        const previewToken = parsed.searchParams.get('previewToken') ?? undefined;
        const preview = !!row && !row.published && previewTokenMatches(row.previewTokenHash, previewToken);
        if (!row || (!row.published && !preview)) return notFound(language, siteTitle);
        const offer = {
          title: pick(row.title, language),
          seoTitle: pick(row.seoTitle, language),
          seoDescription: pick(row.seoDescription, language),
          mainDescription: pick(row.mainDescription, language),
        };
        const paths = { pl: href('pl', 'offer', { slug: row.slug.pl }), en: href('en', 'offer', { slug: row.slug.en }) };
        const title = offerTitle(offer, t('offer.investments'));
        return page(
          {
            title: pageTitle(title, siteTitle),
            description: offerDescription(offer),
            canonical: paths[language],
            alternates: paths,
            image: row.imageUrl ?? row.thumbUrl,
            noindex: preview,
            jsonLd: preview
              ? []
              : [
                  breadcrumbs([
                    { name: homeTitle(content, t('common.homepage')), path: href(language, 'home') },
                    { name: t('offers.title'), path: href(language, 'offers') },
                    { name: offer.title || title, path: paths[language] },
                  ]),
                ],
          },
          // a preview is never kept: its answer depends on the token
          !preview,
        );
      }
      case 'staticPage':
      case 'termsOfUse':
      case 'privacyPolicy': {
        const slug = route.name === 'termsOfUse' ? TERMS_SLUGS[language] : route.name === 'privacyPolicy' ? PRIVACY_SLUGS[language] : (params.slug ?? '');
        const found = await findStaticPage(db, slug);
        if (!found) return notFound(language, siteTitle);
        const texts = {
          title: pick(found.page.title, language),
          subTitle: pick(found.page.subTitle, language),
          content: pick(found.page.content, language),
          seoTitle: pick(found.page.seoTitle, language),
          seoDescription: pick(found.page.seoDescription, language),
        };
        const paths = { pl: href('pl', 'staticPage', { slug: found.page.slug.pl }), en: href('en', 'staticPage', { slug: found.page.slug.en }) };
        return page({
          title: pageTitle(staticPageTitle(texts), siteTitle),
          description: staticPageDescription(texts),
          canonical: paths[language],
          alternates: paths,
          image: found.page.imageUrl,
        });
      }
      case 'faq': {
        const items = await listFaq(db, false);
        const faqPage = items.length
          ? [
              {
                '@context': 'https://schema.org',
                '@type': 'FAQPage',
                mainEntity: items.map((item) => ({
                  '@type': 'Question',
                  name: plainText(pick(item.question, language)),
                  acceptedAnswer: { '@type': 'Answer', text: plainText(pick(item.answer, language)) },
                })),
              },
            ]
          : [];
        return page({ title: pageTitle(faqTitle(content, t('content.faq.title')), siteTitle), canonical: href(language, 'faq'), alternates: both('faq'), jsonLd: faqPage });
      }
      case 'aboutUs':
        return page({ title: pageTitle(aboutTitle(content, t('content.about.title')), siteTitle), canonical: href(language, 'aboutUs'), alternates: both('aboutUs') });
      case 'contact':
        return page({ title: pageTitle(contactTitle(content, t('pages.contact')), siteTitle), canonical: href(language, 'contact'), alternates: both('contact') });
      default: {
        // Pages of one visitor (sign-in, the investor area, the investment flow, the back office): named, never
        // indexed; the SPA decides what they show (a private page sends a visitor to sign in).
        const key = SCREEN_TITLE_KEYS[route.name];
        return page({ title: key ? pageTitle(t(key), siteTitle) : siteTitle || t('common.siteName'), noindex: true });
      }
    }
  }

  /** A redirect to another address of the list, keeping the query (the page size and anything else). */
  function redirect(status: 301 | 302, path: string, search: string): PageAnswer {
    const query = new URLSearchParams(search);
    const own = new URLSearchParams(new URL(path, 'http://localhost').search);
    query.delete('items');
    for (const [key, value] of own) query.set(key, value);
    const qs = query.toString();
    return { kind: 'redirect', status, location: `${path.split('?')[0]}${qs ? `?${qs}` : ''}` };
  }

  return { describe };
}

export type PageHeads = ReturnType<typeof createPageHeads>;
