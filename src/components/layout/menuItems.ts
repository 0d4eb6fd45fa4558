import type { MenuItem } from '../../api/types';
import type { Language } from '../../config/env';
import { resolveContentUrl, type ContentLink } from '../../config/contentLinks';
import { ROUTE_BY_NAME } from '../../../contract/routes';

export type ResolvedHref = ContentLink;

/**
 * A menu item's `href` is a route name of contract/routes.ts (resolved per language) or an absolute
 * http(s) URL (docs/api.md). Anything else, or a route that needs parameters, resolves to null and the
 * item is left out rather than rendered as a broken link.
 */
export function resolveMenuHref(language: Language, value: string): ResolvedHref | null {
  const isRoute = Object.prototype.hasOwnProperty.call(ROUTE_BY_NAME, value);
  if (!isRoute && !/^https?:\/\//i.test(value)) return null;
  return resolveContentUrl(language, value);
}

/** SPEC §2: private items appear only when logged in. */
export function visibleMenuItems(items: readonly MenuItem[] | null | undefined, isLoggedIn: boolean): MenuItem[] {
  return (items ?? []).filter((item) => isLoggedIn || !item.isPrivate);
}

/**
 * The header items the mobile drawer lists above the account links: a logged-in user's drawer already has
 * the account links (dashboard, orders, settings), so a header item to one of those routes (the seeded
 * 'My dashboard' button) is left out there, and each destination is listed once.
 */
export function drawerMenuItems(
  items: readonly MenuItem[] | null | undefined,
  isLoggedIn: boolean,
  accountRoutes: readonly string[],
): MenuItem[] {
  const visible = visibleMenuItems(items, isLoggedIn);
  if (!isLoggedIn) return visible;
  return visible.filter((item) => !accountRoutes.includes(item.href));
}
