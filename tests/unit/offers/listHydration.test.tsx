// The offers list as the server draws it (its first load settled on the server, src/ssr/firstLoads.tsx), hydrated
// on a phone: the server knows no screen and draws the large one's skeleton and image counts; the browser keeps
// them for that list, so hydrating it draws the page once, and a list the browser asks for itself (the next page)
// is drawn for the phone's screen.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Profiler, type ProfilerOnRenderCallback, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { ThemeProvider } from 'styled-components';
import { Router } from 'wouter';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { theme } from '../../../lib/theme';
import { OffersPage } from '../../../src/features/public/OffersPage';
import { I18nProvider } from '../../../src/i18n/i18n';
import { FirstLoadsContext, settledLoads, type FirstLoads, type SettledLoad } from '../../../src/ssr/firstLoads';
import { AppSystemProvider } from '../../../src/system/AppSystemContext';
import type { AppSystem } from '../../../src/system/system';
import { ListRoute } from '../../model/support/listPage';
import { offerSummary } from '../../support/offers';
import { loadTexts } from '../layout/render';

const offer = (n: number) => offerSummary(n, { thumbUrl: `/media/offer-${n}.jpg` });

/** Six offers a page, two pages; the answer to page 2 waits until the test gives it. */
function listHttp() {
  let answerPage2: (() => void) | null = null;
  const http = vi.fn((_path: string, { query }: { query: Record<string, number> }) => {
    const page = query['pagination[pageNumber]'];
    const items = Array.from({ length: 6 }, (_, i) => offer((page - 1) * 6 + i + 1));
    const body = { items, pagination: { pageSize: 6, pageNumber: page, totalItems: 12, totalPages: 2 } };
    return page === 1 ? Promise.resolve(body) : new Promise((resolve) => (answerPage2 = () => resolve(body)));
  });
  return { http: http as unknown as AppSystem['http'], answerPage2: () => answerPage2?.() };
}

const preferences = { offersListView: false, signedIn: false, cookieChoiceMade: true };
const phone = (query: string) => ({ matches: query.includes('max-width'), media: query, addEventListener: () => {}, removeEventListener: () => {} });

function page(http: AppSystem['http'], first: FirstLoads, onRender: ProfilerOnRenderCallback = () => {}): ReactNode {
  // the server's router knows the address it answers; the browser's is the window's (as the app's)
  return (
    <Router {...(first.side === 'server' ? { ssrPath: '/en/investments', ssrSearch: '' } : {})}>
      <ThemeProvider theme={theme}>
        <I18nProvider language="en">
          <FirstLoadsContext value={first}>
            <AppSystemProvider system={{ http } as unknown as AppSystem}>
              <Profiler id="list" onRender={onRender}>
                <ListRoute path="/en/investments" page={OffersPage} />
              </Profiler>
            </AppSystemProvider>
          </FirstLoadsContext>
        </I18nProvider>
      </ThemeProvider>
    </Router>
  );
}

/** The server's HTML of the list and the loads it settled, as the page carries them. */
async function serverPage(http: AppSystem['http']) {
  const first: FirstLoads = { side: 'server', loads: new Map(), preferences };
  // The first pass starts the list's load and suspends on it (the server's streaming render waits); the second
  // draws the settled list.
  try {
    renderToString(page(http, first));
  } catch {
    // suspended: no Suspense boundary around the page here
  }
  await Promise.all([...first.loads.values()].map((load) => load.promise));
  return { html: renderToString(page(http, first)), loads: new Map<string, SettledLoad>(Object.entries(settledLoads(first.loads))) };
}

const eagerImages = () => screen.getAllByRole('img').filter((img) => img.getAttribute('loading') === 'eager').length;

describe('offers list: drawn by the server, hydrated on a phone', () => {
  beforeAll(loadTexts);
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('hydrates without drawing the page again; the next page is drawn for the phone', async () => {
    const { http, answerPage2 } = listHttp();
    const { html, loads } = await serverPage(http);
    expect(loads.size).toBe(1);
    expect(html).toContain('Offer 6');

    vi.stubGlobal('matchMedia', phone);
    window.history.replaceState(null, '', '/en/investments');
    vi.stubGlobal('scrollTo', () => {});
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    const phases: string[] = [];
    const recoverable = vi.fn();
    render(page(http, { side: 'client', loads, preferences }, (_id, phase) => phases.push(phase)), {
      container,
      hydrate: true,
      onRecoverableError: recoverable,
    });
    await act(async () => {});
    expect(recoverable).not.toHaveBeenCalled();
    // the list asked nothing again, and was drawn once: the hydration (a second would be the whole list again,
    // in one task, right after hydration)
    expect(http).toHaveBeenCalledTimes(1);
    expect(phases).toEqual(['mount']);
    // the large screen's first row: the LCP card and the two beside it load at once, as the server drew them
    expect(eagerImages()).toBe(3);

    // the next page, asked for by the browser: the phone's 2 skeletons (SPEC §2), then its one card at once
    fireEvent.click(screen.getByRole('link', { name: 'Page 2' }));
    await act(async () => {});
    // (the rest of the page's six places held by invisible ones)
    expect(screen.getByTestId('offers-skeletons').querySelectorAll('li:not([aria-hidden])')).toHaveLength(2);
    await act(async () => answerPage2());
    expect(await screen.findByText('Offer 12')).toBeTruthy();
    expect(eagerImages()).toBe(1);
  });
});
