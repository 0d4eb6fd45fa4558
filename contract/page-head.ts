// What a public page's head says, by SPEC §2's rules, shared by the SPA (document.title while a page is shown)
// and the server (the <title> and description of the HTML it sends: server/pages/head.ts). Pure functions over
// the shapes the API answers; nothing here reaches the browser's entry chunk unless a screen uses it.
import { contentNode, contentText, type ContentTree } from './content-tree';
import type { Language } from './languages';
import { plainText } from './plain-text';

export { contentNode, contentText, type ContentTextNode, type ContentTree } from './content-tree';
export { maintenanceText, type MaintenanceConfig } from './maintenance';
export { pageTitle } from './page-title';
export { plainText } from './plain-text';

/** The site SEO title: the suffix of every page's title (static content `seo.title`). */
export const siteTitleOf = (content: ContentTree | null | undefined) => contentText(content, 'seo.title');

/** Home: the site SEO title alone, else the translated 'homepage' label; no suffix. */
export function homeTitle(content: ContentTree | null | undefined, homepageLabel: string): string {
  return siteTitleOf(content) || homepageLabel;
}

/** About us: the `about` node's text, else its `title` child, else the translated label. */
export function aboutTitle(content: ContentTree | null | undefined, label: string): string {
  const about = contentNode(content, 'about');
  return about?.content?.trim() || about?.children?.title?.content?.trim() || label;
}

/** FAQ: `faq.title`, else the translated label. */
export function faqTitle(content: ContentTree | null | undefined, label: string): string {
  return contentText(content, 'faq.title') || label;
}

/** Contact: `contact.title`, else the translated label. */
export function contactTitle(content: ContentTree | null | undefined, label: string): string {
  return contentText(content, 'contact.title') || label;
}

/** An offer's page title before the site suffix: seoTitle, else title, else the generic investments label. */
export function offerTitle(offer: { seoTitle?: string | null; title?: string | null } | null, generic: string): string {
  return offer?.seoTitle?.trim() || offer?.title?.trim() || generic;
}

/** An offer's meta description: seoDescription, else the plain text of the main description. */
export function offerDescription(offer: { seoDescription?: string | null; mainDescription?: string | null }): string {
  return offer.seoDescription?.trim() || plainText(offer.mainDescription);
}

/** A static page's texts, as far as its title and description read them. */
export interface StaticPageTexts {
  title: string;
  subTitle?: string | null;
  content?: string | null;
  seoTitle?: string | null;
  seoDescription?: string | null;
}

/** A static page: its seoTitle, else its title. */
export function staticPageTitle(page: StaticPageTexts): string {
  return page.seoTitle?.trim() || page.title;
}

/** A static page's meta description: seoDescription, else the plain text of its subtitle, else of its content. */
export function staticPageDescription(page: StaticPageTexts): string {
  return page.seoDescription?.trim() || plainText(page.subTitle || page.content);
}

/** The fixed slugs of the terms of use and the privacy policy, static pages with a route of their own. */
export const TERMS_SLUGS: Record<Language, string> = { en: 'terms-of-use', pl: 'regulamin' };
export const PRIVACY_SLUGS: Record<Language, string> = { en: 'privacy-policy', pl: 'polityka-prywatnosci' };
