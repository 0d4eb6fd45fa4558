import { useMemo, type ElementType } from 'react';

// The one place that renders HTML coming from our own server's content (cookie popup, footer clause,
// ...). The server is trusted, but a mistake in an editor's copy should not run code: scripts, frames,
// inline handlers and javascript: URLs are dropped before rendering (defence in depth, not a full
// sanitizer).
const DROP = 'script, style, iframe, object, embed, link, meta, base, form';

/** The same pass on the server's render, where there is no DOM (src/ssr/cleanHtml.ts sets it). */
let cleanWithoutDom: ((html: string, drop: string) => string) | null = null;

export function setServerHtmlCleaner(clean: (html: string, drop: string) => string): void {
  cleanWithoutDom = clean;
}

export function cleanServerHtml(html: string): string {
  if (!html) return '';
  if (typeof document === 'undefined') {
    // No cleaner, no HTML: a server render never sends content that was not cleaned.
    return cleanWithoutDom ? cleanWithoutDom(html, DROP) : '';
  }
  const template = document.createElement('template');
  template.innerHTML = html;
  clean(template.content);
  return template.innerHTML;
}

function clean(fragment: DocumentFragment): void {
  fragment.querySelectorAll(DROP).forEach((el) => el.remove());
  fragment.querySelectorAll('*').forEach((el) => {
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      const value = attr.value.trim().toLowerCase();
      if (name.startsWith('on')) el.removeAttribute(attr.name);
      else if ((name === 'href' || name === 'src' || name === 'xlink:href') && value.startsWith('javascript:'))
        el.removeAttribute(attr.name);
    }
  });
  // a nested <template>'s content is a fragment of its own, out of the selectors' reach
  fragment.querySelectorAll('template').forEach((inner) => clean((inner as HTMLTemplateElement).content));
}

export interface ServerHtmlProps {
  html: string;
  as?: ElementType;
  className?: string;
  id?: string;
}

export function ServerHtml({ html, as: Tag = 'div', className, id }: ServerHtmlProps) {
  const clean = useMemo(() => cleanServerHtml(html), [html]);
  if (!clean) return null;
  return <Tag className={className} id={id} dangerouslySetInnerHTML={{ __html: clean }} />;
}
