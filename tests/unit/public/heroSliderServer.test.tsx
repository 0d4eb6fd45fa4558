// The home page is rendered by the server and hydrated in the browser: the hero slider's first render must be
// the same on both sides. The chart is not started on the server (no timer, no window), and a preference the
// server cannot know (reduced motion) is applied once the chart starts in the browser. The carousel's chunk
// must not have been loaded (a later visit of the page would mount it at once), so the app's modules are
// imported afresh here: the web project shares modules between test files.
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { ThemeProvider } from 'styled-components';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { imageSlide as image } from './sliderItems';
import { theme } from '../../../lib/theme';

let HeroSlider: typeof import('../../../src/features/public/HeroSlider').HeroSlider;
let I18nProvider: typeof import('../../../src/i18n/i18n').I18nProvider;

beforeAll(async () => {
  vi.resetModules();
  ({ HeroSlider } = await import('../../../src/features/public/HeroSlider'));
  const i18n = await import('../../../src/i18n/i18n');
  I18nProvider = i18n.I18nProvider;
  await i18n.loadDictionary('en');
});

const ITEMS = [image(1), image(2), image(3)];

const wrap = (node: ReactNode) => (
  <Router hook={memoryLocation({ path: '/en/' }).hook}>
    <ThemeProvider theme={theme}>
      <I18nProvider language="en">{node}</I18nProvider>
    </ThemeProvider>
  </Router>
);

describe('hero slider: server render and hydration', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('renders the same first view on the server and in the browser, and starts nothing on the server', () => {
    vi.useFakeTimers();
    // a visitor who prefers reduced motion: the server cannot know it, so the first view is autoplay's
    const matchMedia = vi.fn((query: string) => ({ matches: true, media: query, addEventListener: () => {}, removeEventListener: () => {} }));
    vi.stubGlobal('matchMedia', matchMedia);
    const html = renderToString(wrap(<HeroSlider items={ITEMS} isLoggedIn={false} />));
    expect(vi.getTimerCount()).toBe(0);
    expect(matchMedia).not.toHaveBeenCalled();
    expect(html).toContain('data-carousel="waiting"');
    expect(html).toContain('Pause the slideshow');

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    const recoverable = vi.fn();
    render(wrap(<HeroSlider items={ITEMS} isLoggedIn={false} />), { container, hydrate: true, onRecoverableError: recoverable });
    // hydrated without a mismatch; then the started chart reads the preference and stops autoplay
    expect(recoverable).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Play the slideshow' })).toBeTruthy();
    expect(vi.getTimerCount()).toBe(1); // the carousel's fetch; no autoplay
    container.remove();
  });
});
