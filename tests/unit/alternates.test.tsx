import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getAlternateLink, useAlternateLinks, type AlternateLinks } from '../../src/components/language/alternates';

function Page({ links }: { links: AlternateLinks | null }) {
  useAlternateLinks(links);
  return null;
}

describe('alternate links of per-language items', () => {
  it('are known while the page is shown and forgotten after', () => {
    const { rerender, unmount } = render(<Page links={{ pl: '/pl/inwestycja/dom', en: '/en/investment/house' }} />);
    expect(getAlternateLink('en')).toBe('/en/investment/house');
    rerender(<Page links={{ pl: '/pl/inwestycja/dom-2', en: '/en/investment/house-2' }} />);
    expect(getAlternateLink('pl')).toBe('/pl/inwestycja/dom-2');
    unmount();
    expect(getAlternateLink('en')).toBeUndefined();
  });

  it('null registers nothing', () => {
    render(<Page links={null} />);
    expect(getAlternateLink('pl')).toBeUndefined();
  });
});
