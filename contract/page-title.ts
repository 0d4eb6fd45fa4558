// The page-title rule every screen and the server's page heads share (SPEC §2): ` | ` and the site SEO title.
// A module of its own: the entry chunk carries it (every page sets its title), the other head rules load with
// the screens that use them (./page-head.ts).

/** `title | siteTitle` when the site SEO title is given, else the title alone (SPEC §2). */
export function pageTitle(title: string, siteTitle?: string | null): string {
  const site = siteTitle?.trim();
  if (!title) return site ?? '';
  return site ? `${title} | ${site}` : title;
}
