// Pages whose item has its own slug per language (an offer, a static page) register here the address of
// the same item in each language, so the switcher navigates there instead of translating the path
// (SPEC §2: "On an offer or static page, changing language navigates to that item's slug in the new language").
import { useEffect } from 'react';
import type { Language } from '../../config/env';

export type AlternateLinks = Partial<Record<Language, string>>;

let current: AlternateLinks | null = null;

export function getAlternateLink(language: Language): string | undefined {
  return current?.[language];
}

/** Registers the page's alternate links while it is shown; pass null while they are not known yet. */
export function useAlternateLinks(links: AlternateLinks | null): void {
  const key = links ? JSON.stringify(links) : '';
  useEffect(() => {
    if (!links) return undefined;
    current = links;
    return () => {
      if (current === links) current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}
