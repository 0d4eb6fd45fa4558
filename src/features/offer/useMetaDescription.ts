// <meta name="description">: the site's own (useSiteDescription, from the site SEO settings, on every page that
// has none of its own: home, the offers list, ...) and a page's (useMetaDescription, while the page is shown).
import { useEffect } from 'react';

const find = () => document.head.querySelector<HTMLMetaElement>('meta[name="description"]');

function ensure(): HTMLMetaElement {
  let meta = find();
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.appendChild(meta);
  }
  return meta;
}

/**
 * The site-wide description (kept in `data-site`); shown unless a page has put its own. A page's effect can run
 * before this one (children first), so a content that is not the previous site description is left alone.
 */
export function useSiteDescription(description: string | null | undefined): void {
  useEffect(() => {
    const text = description?.trim();
    if (!text) return;
    const meta = ensure();
    const pageOwn = meta.dataset.page === 'true';
    meta.dataset.site = text;
    if (!pageOwn) meta.content = text;
  }, [description]);
}

/** Sets the page's own description while the page is shown; afterwards the site's (or the previous) comes back. */
export function useMetaDescription(description: string | null): void {
  useEffect(() => {
    if (description === null) return undefined;
    const existed = find();
    const meta = ensure();
    const previous = meta.content;
    meta.content = description;
    meta.dataset.page = 'true';
    return () => {
      delete meta.dataset.page;
      if (meta.dataset.site) meta.content = meta.dataset.site;
      else if (!existed) meta.remove();
      else meta.content = previous;
    };
  }, [description]);
}
