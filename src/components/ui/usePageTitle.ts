import { createContext, createElement, useContext, useEffect, type ReactNode } from 'react';
import { pageTitle } from '../../config/pageTitle';

// The rule itself is shared with the server's page heads (server/pages/head.ts).
export { pageTitle };

// The site SEO title (static content `seo.title`), provided once by the main layout so pages need not
// pass it around.
const SiteTitleContext = createContext<string>('');

export function SiteTitleProvider({ title, children }: { title: string; children: ReactNode }) {
  return createElement(SiteTitleContext.Provider, { value: title }, children);
}

/**
 * Sets document.title while the calling page is shown: `title | site SEO title`. The site title is the
 * one given, else the one the main layout provides; with neither, the title alone.
 */
export function usePageTitle(title: string, siteTitle?: string | null): void {
  const provided = useContext(SiteTitleContext);
  const site = siteTitle ?? provided;
  useEffect(() => {
    document.title = pageTitle(title, site);
  }, [title, site]);
}
