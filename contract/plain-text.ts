// The text of server HTML (a meta description, a JSON-LD answer): the DOM's text in a browser, tags dropped elsewhere.

/** Text of server HTML (for a meta description): the DOM's text where there is one, else the tags dropped. */
export function plainText(html: string | null | undefined): string {
  if (!html) return '';
  if (typeof document !== 'undefined') {
    const el = document.createElement('div');
    el.innerHTML = html;
    return (el.textContent ?? '').replace(/\s+/g, ' ').trim();
  }
  return html.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
}
