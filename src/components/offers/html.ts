// SPEC §2 "Other UI": info cards and description blocks render nothing when empty after stripping HTML.

/** The text of an HTML fragment: tags, comments and entities for spaces removed, whitespace collapsed. */
export function stripHtml(html: string | null | undefined): string {
  if (!html) return '';
  return html
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;|&#xa0;/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** True when nothing readable is left once the HTML is stripped (`<p>&nbsp;</p>`, `<br>`, ''). */
export function isBlankHtml(...parts: Array<string | null | undefined>): boolean {
  return parts.every((p) => stripHtml(p) === '');
}
