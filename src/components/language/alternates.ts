// Pages whose item has its own slug per language (an offer, a static page) register here the address of
// the same item in each language, so the switcher navigates there instead of translating the path
// (SPEC §2: "On an offer or static page, changing language navigates to that item's slug in the new language").
import { useEffect, useSyncExternalStore } from 'react';
import type { Language } from '../../config/env';

export type AlternateLinks = Partial<Record<Language, string>>;

let current: AlternateLinks | null = null;
const listeners = new Set<() => void>();
const announce = () => listeners.forEach((listener) => listener());

export function getAlternateLink(language: Language): string | undefined {
  return current?.[language];
}

/**
 * The alternate address of the shown page in `language`, kept current (the switcher's link). Undefined on the
 * server and while hydrating: pages register theirs in an effect, so the first render draws the translated path
 * on both sides and the link changes once the page has registered.
 */
export function useAlternateLink(language: Language): string | undefined {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current?.[language],
    () => undefined,
  );
}

/** Registers the page's alternate links while it is shown; pass null while they are not known yet. */
export function useAlternateLinks(links: AlternateLinks | null): void {
  const key = links ? JSON.stringify(links) : '';
  useEffect(() => {
    if (!links) return undefined;
    current = links;
    announce();
    return () => {
      if (current === links) {
        current = null;
        announce();
      }
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}
