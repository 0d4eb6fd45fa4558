// Links that come from content (slider buttons, section buttons, about and FAQ calls to action). SPEC §2:
// external http(s) links are normal links; other links are internal navigation. A url may be a route name
// of contract/routes.ts (`offers`, `aboutUs`, ...), resolved for the page's language (docs/api.md).
import type { Language } from './env';
import { href, ROUTE_BY_NAME, type RouteName } from '../../contract/routes';

export type ContentLink = { kind: 'external'; to: string } | { kind: 'internal'; to: string };

const ABSOLUTE = /^https?:\/\//i;

export function resolveContentUrl(language: Language, url: string | null | undefined): ContentLink | null {
  const value = (url ?? '').trim();
  if (!value) return null;
  if (ABSOLUTE.test(value)) return { kind: 'external', to: value };
  if (Object.prototype.hasOwnProperty.call(ROUTE_BY_NAME, value)) {
    try {
      return { kind: 'internal', to: href(language, value as RouteName) };
    } catch {
      // a route that needs parameters cannot be a content link
      return null;
    }
  }
  if (value.startsWith('/')) return { kind: 'internal', to: value };
  // A bare path is relative to the language prefix.
  return { kind: 'internal', to: `/${language}/${value.replace(/^\.?\//, '')}` };
}
