import type { ContentNode, StaticContent } from './types';

/** Reads a text from the static-content tree by a dotted path (`footer.email`); '' when absent. */
export function contentText(content: StaticContent | null | undefined, path: string): string {
  return contentNode(content, path)?.content ?? '';
}

export function contentNode(content: StaticContent | null | undefined, path: string): ContentNode | null {
  if (!content) return null;
  const [first, ...rest] = path.split('.');
  let node: ContentNode | undefined = content.content[first];
  for (const key of rest) node = node?.children?.[key];
  return node ?? null;
}
