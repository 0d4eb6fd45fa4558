// Reading the static-content tree (docs/api.md "Content") for the public pages: a node's children by key,
// their text and image, and the ordered children of a group (tiles, projects).
import type { ContentNode } from '../../api/types';

export function child(node: ContentNode | null | undefined, key: string): ContentNode | null {
  return node?.children?.[key] ?? null;
}

export function text(node: ContentNode | null | undefined, key: string): string {
  return child(node, key)?.content?.trim() ?? '';
}

export interface ContentImage {
  src: string;
  alt: string;
}

export function image(node: ContentNode | null | undefined, key: string): ContentImage | null {
  const c = child(node, key);
  return c?.imageUrl ? { src: c.imageUrl, alt: c.alt ?? '' } : null;
}

/** Children that are groups themselves (have children), ordered by position. */
export function groups(node: ContentNode | null | undefined): Array<[string, ContentNode]> {
  return Object.entries(node?.children ?? {})
    .filter(([, n]) => n.children && Object.keys(n.children).length > 0)
    .sort(([, a], [, b]) => a.position - b.position);
}
