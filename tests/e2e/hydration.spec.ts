import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { SERVER_RENDERING } from './support/env';
import { holdSession } from './support/api';

// Public pages arrive rendered by the server and the browser hydrates them: no hydration warning of any kind in
// the console, and no API GET for data the page carried.
const PAGES = [
  '/pl/',
  '/en/',
  '/pl/inwestycje',
  '/en/investments',
  '/pl/inwestycja/zielone-tarasy',
  '/en/investment/green-terraces',
  '/pl/faq',
  '/en/faq',
  '/pl/regulamin',
  '/en/privacy-policy',
  '/pl/o-nas',
  '/en/contact-us',
];

// The e2e server takes SERVER_RENDERING from this environment (scripts/e2e-server.mjs): off, pages are the shell.
test.skip(!SERVER_RENDERING, 'SERVER_RENDERING is off: the server sends the shell, there is nothing to hydrate');

// A production build reports a mismatch as a minified error (React 19: #418 and its neighbours), not in words.
const HYDRATION = /hydrat|did not match|Text content does not match|recoverable error|server rendered|Minified React error/i;

async function watch(page: Page) {
  const messages: string[] = [];
  const gets: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') messages.push(message.text());
  });
  page.on('pageerror', (error) => messages.push(error.message));
  page.on('request', (request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname.startsWith('/api/')) gets.push(request.url());
  });
  return { messages, gets };
}

test('the offers list is drawn in the view the visitor chose, by the server too', async ({ page }) => {
  const seen = await watch(page);
  await page.goto('/en/investments');
  await page.getByRole('button', { name: 'List', exact: true }).click();
  await expect(page.locator('[data-layout="list"]')).toBeVisible();
  expect((await page.context().cookies()).find((c) => c.name === 'isListView')?.value).toBe('true');
  const response = await page.goto('/pl/inwestycje');
  expect(await response!.text(), 'the served HTML holds the list view').toMatch(/data-layout="list"/);
  await expect(page.locator('[data-layout="list"]')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(seen.messages.filter((m) => HYDRATION.test(m)), 'hydration warnings').toEqual([]);
});

for (const path of PAGES) {
  test(`${path} is server-rendered and hydrates without a warning`, async ({ page }) => {
    const seen = await watch(page);
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    const served = await response!.text();
    expect(served, 'the page arrives with its h1').toMatch(/<div id="root"><[^>]+>[\s\S]*<h1/);
    // every boundary finished inline: one sent apart needs an inline script, which the CSP refuses
    expect(served, 'no pending or client-rendered Suspense boundary').not.toMatch(/<!--\$[?!]-->/);
    await expect(page.locator('h1').first()).toBeVisible();
    // hydrated: the app answers clicks (React attached its listeners) and settled
    await page.waitForLoadState('networkidle');
    await expect.poll(() => page.evaluate(() => Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__reactContainer')))).toBe(true);
    expect(seen.messages.filter((m) => HYDRATION.test(m)), 'hydration warnings').toEqual([]);
    const repeated = seen.gets.filter((url) => /\/api\/(offers|offer\/featured|faq|stats|splash-screen|slider|static-content)/.test(url));
    expect(repeated, 'GETs for data the page carries').toEqual([]);
  });
}

// An offer or static page that does not exist: the server answers 404 with the not-found page itself, not a skeleton
// the browser replaces, and the browser hydrates it without asking for the missing thing again.
const MISSING = [
  { path: '/pl/inwestycja/nie-ma-takiej-oferty', heading: 'Nie znaleziono strony', api: '/api/offer/' },
  { path: '/en/investment/no-such-offer', heading: 'Page not found', api: '/api/offer/' },
  { path: '/pl/nie-ma-takiej-strony', heading: 'Nie znaleziono strony', api: '/api/page/' },
  { path: '/en/no-such-page', heading: 'Page not found', api: '/api/page/' },
];
for (const { path, heading, api } of MISSING) {
  test(`${path} arrives as the not-found page with 404 and hydrates without a warning`, async ({ page }) => {
    const seen = await watch(page);
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    const served = await response!.text();
    const root = served.slice(served.indexOf('<div id="root">'), served.indexOf('<script type="application/json"'));
    expect(root, 'the not-found heading is in the served HTML').toContain(`>${heading}</h1>`);
    expect(root, 'the featured offers under it are in the served HTML too').toContain('id="not-found-offers"');
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect.poll(() => page.evaluate(() => Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__reactContainer')))).toBe(true);
    expect(seen.messages.filter((m) => HYDRATION.test(m)), 'hydration warnings').toEqual([]);
    expect(seen.gets.filter((url) => new URL(url).pathname.startsWith(api)), 'the missing thing or the offers under it asked again').toEqual([]);
  });
}

// The cookie banner is part of the first view: the server draws it for a visitor who has not answered (the answer
// is a cookie the page request carries), the browser hydrates it as it is, and after an answer neither draws it.
test('the cookie banner is in the served HTML until the visitor answers, and hydrates without a warning', async ({ page }) => {
  const seen = await watch(page);
  const banner = page.locator('[aria-labelledby="cookie-banner-title"]');
  const first = await page.goto('/en/');
  expect(await first!.text(), 'a first visit: the banner is in the served HTML').toContain('aria-labelledby="cookie-banner-title"');
  await expect(banner).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.evaluate(() => Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__reactContainer')))).toBe(true);
  expect(seen.messages.filter((m) => HYDRATION.test(m)), 'hydration warnings').toEqual([]);
  await banner.getByRole('button', { name: 'Accept' }).click();
  await expect(banner).toBeHidden();
  const again = await page.goto('/pl/');
  expect(await again!.text(), 'answered: the banner is not in the served HTML').not.toContain('cookie-banner-title');
  await page.waitForLoadState('networkidle');
  await expect(page.locator('#cookie-banner-title')).toHaveCount(0);
  expect(seen.messages.filter((m) => HYDRATION.test(m)), 'hydration warnings').toEqual([]);
});

// A visitor who holds a session: the server drew the page as an anonymous visitor's (it knows only the cookie that
// says a session exists, so the sign-in button keeps its place unseen), and the browser hydrates that HTML as it
// is, then draws the visitor's own frame into it: the server's elements stay (the page's h1 is the same element),
// no hydration warning, and an offer is asked for again with the session (an investor may see more of it).
for (const { path, name } of [
  { path: '/pl/', name: 'Anna' },
  { path: '/en/investment/green-terraces', name: 'Anna' },
  { path: '/en/investments', name: 'Anna' },
]) {
  test(`${path} is hydrated for a signed-in visitor, then shows their frame`, async ({ page, request }) => {
    await holdSession(page, request);
    // the server's h1, taken when the document is parsed and before any script of the page runs
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') (window as unknown as { serverH1: Element | null }).serverH1 = document.querySelector('h1');
      });
    });
    const seen = await watch(page);
    const withSession: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'GET' && new URL(r.url()).pathname === '/api/offers/green-terraces' && r.headers().authorization) withSession.push(r.url());
    });
    const response = await page.goto(path);
    expect(await response!.text(), 'the server drew the sign-in button kept but unseen').toMatch(/<a [^>]*aria-hidden="true"[^>]*>(Zaloguj się|Log in)<\/a>/);
    await expect(page.getByRole('banner').getByRole('button', { name: new RegExp(name) })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: /^(Zaloguj się|Log in)$/ })).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    expect(seen.messages.filter((m) => HYDRATION.test(m)), 'hydration warnings').toEqual([]);
    expect(await page.evaluate(() => document.querySelector('h1') === (window as unknown as { serverH1: Element | null }).serverH1), 'the server\'s h1 is still the page\'s: hydrated, not drawn anew').toBe(true);
    if (path.includes('/investment/')) expect(withSession, 'the offer asked again with the session').toHaveLength(1);
  });
}
