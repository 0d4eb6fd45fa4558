// The server's head tags of the first page (server/pages/head.ts) go once the app shows another address; the title
// and the description, which the app sets on every page, are left to it.
import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useServerHead } from '../../../src/app/serverHead';
import { useMetaDescription } from '../../../src/features/offer/useMetaDescription';

function Page({ pathname, description }: { pathname: string; description: string }) {
  useServerHead(pathname);
  useMetaDescription(description);
  return null;
}

const SERVER_HEAD =
  '<title>Zielone Tarasy | Estate Shares</title>' +
  '<meta name="description" content="From the server">' +
  '<link rel="canonical" href="https://estate.example.com/pl/inwestycja/zielone-tarasy" data-head>' +
  '<link rel="alternate" hreflang="en" href="https://estate.example.com/en/investment/green-terraces" data-head>' +
  '<meta property="og:title" content="Zielone Tarasy" data-head>' +
  '<meta name="robots" content="noindex" data-head>' +
  '<script type="application/ld+json" data-head>{}</script>';

describe('the server head of the first page', () => {
  // The web files share one document: what the head held before (styled-components' style elements among it)
  // comes back after, or later files would render without their styles.
  let before: Node[] = [];
  beforeEach(() => {
    before = Array.from(document.head.childNodes);
  });
  afterEach(() => {
    document.head.replaceChildren(...before);
  });

  it('stays while the app shows the address it describes, and goes on navigation; the description stays the app’s', () => {
    document.head.innerHTML = SERVER_HEAD;
    const view = render(<Page pathname="/pl/inwestycja/zielone-tarasy" description="Offer" />);
    expect(document.head.querySelectorAll('[data-head]')).toHaveLength(5);
    // the app's own description hook takes over the server's element
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('Offer');

    view.rerender(<Page pathname="/pl/faq" description="FAQ" />);
    expect(document.head.querySelectorAll('[data-head]')).toHaveLength(0);
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('FAQ');
    expect(document.head.querySelector('title')).not.toBeNull();
  });
});
