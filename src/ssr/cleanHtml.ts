// cleanServerHtml (src/components/ui/ServerHtml.tsx) on the server's render: the browser's pass runs on a
// <template>, and parse5 implements the same HTML parsing and serialization algorithms, so the server sends exactly
// the HTML the browser computes when it hydrates (a mismatch in dangerouslySetInnerHTML is not corrected by React:
// the server's HTML would stay). Imported only by src/entry-server.tsx.
import { parseFragment, serialize, type DefaultTreeAdapterMap } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

const isElement = (node: Node): node is Element => 'tagName' in node;

function walk(node: { childNodes: Node[] }, drop: Set<string>): void {
  node.childNodes = node.childNodes.filter((child) => !(isElement(child) && drop.has(child.tagName)));
  for (const child of node.childNodes) {
    if (!isElement(child)) continue;
    child.attrs = child.attrs.filter(({ name, value }) => {
      const lower = name.toLowerCase();
      if (lower.startsWith('on')) return false;
      return !((lower === 'href' || lower === 'src' || lower === 'xlink:href') && value.trim().toLowerCase().startsWith('javascript:'));
    });
    walk(child, drop);
    // a <template>'s content is a fragment of its own, as in the browser
    const content = (child as Element & { content?: { childNodes: Node[] } }).content;
    if (content) walk(content, drop);
  }
}

export function cleanHtmlWithoutDom(html: string, dropSelector: string): string {
  const fragment = parseFragment(html);
  walk(fragment, new Set(dropSelector.split(',').map((tag) => tag.trim())));
  return serialize(fragment);
}
