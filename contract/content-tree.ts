// The static content tree (GET /content), read by a dotted path (`footer.email`): the SPA's frame and screens and
// the server's page heads.

/** A node of the static content tree, as far as the title rules read it. */
export interface ContentTextNode {
  content: string | null;
  children: Record<string, ContentTextNode>;
}

/** The static content tree (GET /content's `content`), as far as the title rules read it. */
export interface ContentTree {
  content: Record<string, ContentTextNode>;
}

/** The node at a dotted path (`faq.title`), or null. */
export function contentNode<N extends ContentTextNode>(content: { content: Record<string, N> } | null | undefined, path: string): N | null {
  if (!content) return null;
  const [first, ...rest] = path.split('.');
  let node: N | undefined = content.content[first];
  for (const key of rest) node = node?.children?.[key] as N | undefined;
  return node ?? null;
}

/** The text at a dotted path, or ''. */
export function contentText(content: ContentTree | null | undefined, path: string): string {
  return contentNode(content, path)?.content ?? '';
}
