import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { Footer } from '../../../src/components/layout/Footer';
import { staticContent } from './fixtures';
import { loadTexts, renderView } from './render';

describe('Footer', () => {
  beforeAll(loadTexts);

  it('renders one labelled link with a self-drawn icon per social network', () => {
    renderView(<Footer content={staticContent()} language="en" isLoggedIn={false} />);
    const list = screen.getByRole('list', { name: 'Social media' });
    const links = within(list).getAllByRole('link');
    expect(links.map((a) => [a.getAttribute('aria-label'), a.getAttribute('href')])).toEqual([
      ['Estate Shares on LinkedIn', 'https://www.linkedin.com/company/estate-shares'],
      ['Estate Shares on Facebook', 'https://www.facebook.com/estateshares'],
      ['Estate Shares on X (Twitter)', 'https://x.com/estateshares'],
      ['Estate Shares on Instagram', 'https://www.instagram.com/estateshares'],
      ['Estate Shares on YouTube', 'https://www.youtube.com/@estateshares'],
    ]);
    for (const link of links) {
      const svg = link.querySelector('svg');
      expect(svg).not.toBeNull();
      expect(svg).toHaveAttribute('aria-hidden', 'true');
    }
    expect(links.map((a) => a.querySelector('svg')!.getAttribute('data-icon'))).toEqual([
      'linkedin',
      'facebook',
      'twitter',
      'instagram',
      'youtube',
    ]);
  });

  it('names the networks in Polish too', () => {
    renderView(<Footer content={staticContent()} language="pl" isLoggedIn={false} />, { language: 'pl' });
    expect(screen.getByRole('link', { name: 'Estate Shares w serwisie LinkedIn' })).toBeInTheDocument();
  });

  it('leaves out unknown networks and renders no list without social media', () => {
    const content = staticContent({
      socialMedia: [{ icon: 'myspace' as never, url: 'https://myspace.com/x', name: 'x' }],
    });
    renderView(<Footer content={content} language="en" isLoggedIn={false} />);
    expect(screen.queryByRole('list', { name: 'Social media' })).toBeNull();
  });

  it('renders the footer menu (private items only when logged in) and the footer texts', () => {
    const { rerender } = renderView(<Footer content={staticContent()} language="en" isLoggedIn={false} />);
    const nav = screen.getByRole('navigation', { name: 'Footer menu' });
    expect(within(nav).getByRole('link', { name: 'Terms of use' })).toHaveAttribute('href', '/en/terms-of-use');
    expect(within(nav).queryByRole('link', { name: 'My orders' })).toBeNull();
    expect(screen.getByRole('link', { name: 'hello@estate-shares.example' })).toHaveAttribute(
      'href',
      'mailto:hello@estate-shares.example',
    );
    expect(screen.getByText('© 2026 Estate Shares. All rights reserved.')).toBeInTheDocument();
    expect(screen.getByText('risk').tagName).toBe('STRONG');
    // the server HTML is cleaned of scripts
    expect(document.querySelector('footer script')).toBeNull();

    rerender(<Footer content={staticContent()} language="en" isLoggedIn />);
    expect(screen.getByRole('link', { name: 'My orders' })).toHaveAttribute('href', '/en/investor/orders');
  });

  it('renders without content', () => {
    renderView(<Footer content={null} language="en" isLoggedIn={false} />);
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });
});
