import type { MenuItem } from '../../api/types';
import type { Language } from '../../config/env';
import { href, ROUTE_BY_NAME, type RouteName } from '../../config/paths';

export type ResolvedHref = { kind: 'internal'; to: string } | { kind: 'external'; to: string };

const ABSOLUTE = /^https?:\/\//i;

/**
 * A menu item's `href` is a route name of src/config/paths.ts (resolved per language) or an absolute
 * http(s) URL (docs/api.md). Anything else, or a route that needs parameters, resolves to null and the
 * item is left out rather than rendered as a broken link.
 */
export function resolveMenuHref(language: Language, value: string): ResolvedHref | null {
  if (ABSOLUTE.test(value)) return { kind: 'external', to: value };
  if (Object.prototype.hasOwnProperty.call(ROUTE_BY_NAME, value)) {
    try {
      return { kind: 'internal', to: href(language, value as RouteName) };
    } catch {
      return null;
    }
  }
  return null;
}

/** SPEC §2: private items appear only when logged in. */
export function visibleMenuItems(items: readonly MenuItem[] | null | undefined, isLoggedIn: boolean): MenuItem[] {
  return (items ?? []).filter((item) => isLoggedIn || !item.isPrivate);
}
