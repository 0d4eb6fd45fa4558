import { describe, expect, it } from 'vitest';
import { cleanServerHtml, setServerHtmlCleaner } from '../../../src/components/ui/ServerHtml';
import { cleanHtmlWithoutDom } from '../../../src/ssr/cleanHtml';

// The server's render cleans content HTML without a DOM; the browser's hydration cleans it on a <template>. React
// keeps the server's HTML of a dangerouslySetInnerHTML on hydration, so both must give the same string.
const SAMPLES = [
  '<p>Plain <strong>text</strong> and <a href="/pl/faq">a link</a></p>',
  '<p onclick="steal()">x</p><script>steal()</script><style>p{}</style>',
  '<a href="  JavaScript:alert(1)">bad</a><img src="javascript:x" alt="a"><img src="/media/a.jpg" alt="b" onerror="x()">',
  '<iframe src="https://example.com"></iframe><form action="/x"><input name="a"></form><meta charset="x"><link rel="x">',
  'unclosed <b>bold <i>both</b> text',
  '38.5&nbsp;m² &amp; <br/> <BR> <span title="a > 2.5" data-x=\'q\'>2.5</span>',
  '<table><tr><td>cell</td></tr></table>',
  '<!-- a comment --><template><p onclick="x">in a template</p></template>',
];

describe('content HTML cleaned the same way on the server and in the browser', () => {
  for (const html of SAMPLES) {
    it(JSON.stringify(html).slice(0, 70), () => {
      const server = cleanHtmlWithoutDom(html, 'script, style, iframe, object, embed, link, meta, base, form');
      expect(server).toBe(cleanServerHtml(html));
      expect(server).not.toMatch(/<script|onclick|onerror|javascript:|<iframe|<form|<style/i);
    });
  }

  it('without a DOM and without the server cleaner, nothing is sent', () => {
    const saved = globalThis.document;
    // @ts-expect-error: the server has no document
    delete globalThis.document;
    try {
      expect(cleanServerHtml('<p>x</p>')).toBe('');
      setServerHtmlCleaner(cleanHtmlWithoutDom);
      expect(cleanServerHtml('<p onclick="x">x</p>')).toBe('<p>x</p>');
    } finally {
      globalThis.document = saved;
    }
  });
});
