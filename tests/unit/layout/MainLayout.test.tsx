import { act, fireEvent, screen, within } from '@testing-library/react';
import { createActor } from 'xstate';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectivityMachine } from '../../../machines/connectivity.machine';
import { browserConnectivityMachine } from '../../../src/components/layout/browserEffects';
import { cookieConsentMachine } from '../../../machines/cookieConsent.machine';
import { MainLayout } from '../../../src/components/layout/MainLayout';
import { usePageTitle } from '../../../src/components/ui/usePageTitle';
import { staticContent } from './fixtures';
import { loadTexts, renderView } from './render';

function Page() {
  usePageTitle('Some page');
  return <h1>Page body</h1>;
}

// The whole frame renders many styled components; on a busy machine the first render alone can take
// seconds in jsdom.
vi.setConfig({ testTimeout: 20_000 });

describe('MainLayout', () => {
  beforeAll(loadTexts);
  afterEach(() => vi.restoreAllMocks());

  it('composes top bar, drawer toggle, contact menu, main, footer, cookie banner and offline banner', async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const cookieConsent = createActor(cookieConsentMachine).start();
    const connectivity = createActor(
      // the browser's watcher: the test dispatches window offline/online events
      browserConnectivityMachine.provide({ actions: { reloadPage: () => {} } }),
    ).start();
    renderView(
      <MainLayout
        content={staticContent()}
        language="en"
        isLoggedIn={false}
        onLogout={() => {}}
        languageSwitcher={<button type="button">PL</button>}
        cookieConsent={cookieConsent}
        connectivity={connectivity}
      >
        <Page />
      </MainLayout>,
    );
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { name: 'Page body' }));
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Contact us' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main-content');
    // the page title gets the site SEO title from static content
    expect(document.title).toBe('Some page | Estate Shares');

    // no consent cookie in the test document: the banner shows with the server's title
    const banner = await screen.findByRole('region', { name: 'Cookies here' });
    expect(within(banner).getByText('cookies').tagName).toBe('EM');
    // the text mentions a policy without linking it: the banner links the privacy policy page itself
    expect(within(banner).getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/en/privacy-policy');
    // first in tab order: nothing focusable comes before the banner in the document
    const focusable = Array.from(document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea'));
    expect(banner.contains(focusable[0])).toBe(true);

    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(await screen.findByText(/No internet connection/)).toBeInTheDocument();

    // the call dialog shows the contact phone in international format
    fireEvent.click(screen.getByRole('button', { name: 'Call us' }));
    expect(within(screen.getByRole('dialog', { name: 'Call us' })).getByText('+48 500 100 200')).toBeInTheDocument();

    cookieConsent.stop();
    connectivity.stop();
  });

  it('scrolls to top on every location change', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { location } = renderView(
      <MainLayout
        content={staticContent()}
        language="en"
        isLoggedIn
        userName="Anna"
        onLogout={() => {}}
        languageSwitcher={null}
        connectivity={createActor(connectivityMachine).start()}
      >
        <p>x</p>
      </MainLayout>,
    );
    const before = scrollTo.mock.calls.length;
    act(() => location.navigate('/en/faq'));
    act(() => location.navigate('/en/about-us'));
    expect(scrollTo.mock.calls.length).toBe(before + 2);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
  });

  it('opens the mobile drawer and closes it when an item is chosen', () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { location } = renderView(
      <MainLayout
        content={staticContent()}
        language="en"
        isLoggedIn={false}
        onLogout={() => {}}
        languageSwitcher={null}
        connectivity={createActor(connectivityMachine).start()}
      >
        <p>x</p>
      </MainLayout>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    fireEvent.click(within(drawer).getByRole('link', { name: 'About us' }));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
    expect(location.history?.at(-1)).toBe('/en/about-us');
  });
});
