import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { SERVER_RENDERING } from './support/env';

// Offer page LCP: the server's picture of an offer page's top (server/routes/firstPaint.ts) is on screen
// from the HTML alone (no script has run), and the app's own page replaces it in place: the picture's hero or
// gallery, back link and title have exactly the boxes of the page's own, at a phone width and on a desktop, for
// both templates. Once the app has drawn the page, neither the picture nor its style is left in the document, and
// it never stands in front of another page.

// A server-rendered offer page arrives as the page itself (tests/e2e/hydration.spec.ts): the server draws no picture
// and sends the app's entry at once, so the picture's tests run with SERVER_RENDERING=false.
const picture = SERVER_RENDERING ? test.skip : test;

const VIEWPORTS = { '390 px': { width: 390, height: 844 }, desktop: { width: 1350, height: 940 } } as const;
const OFFERS = {
  default: '/pl/inwestycja/zielone-tarasy',
  fullWidthGallery: '/en/investment/lakeside-house',
} as const;

type Boxes = Record<string, string | null>;

/** The boxes (x, y, width, height, rounded) of the parts the picture draws, by the picture's or the page's selectors. */
async function boxes(page: Page, selectors: Record<string, string>): Promise<Boxes> {
  return page.evaluate((sels) => {
    const out: Record<string, string | null> = {};
    for (const [name, sel] of Object.entries(sels)) {
      const el = document.querySelector(sel);
      const r = el?.getBoundingClientRect();
      out[name] = r ? [r.x, r.y, r.width, r.height].map(Math.round).join(',') : null;
    }
    return out;
  }, selectors);
}

const PICTURE = {
  default: { hero: '#first-paint .fp-hero', back: '#first-paint .fp-back', title: '#first-paint .fp-title' },
  fullWidthGallery: {
    first: '#first-paint .fp-pair .fp-img:nth-child(1)',
    second: '#first-paint .fp-pair .fp-img:nth-child(2)',
    wide: '#first-paint .fp-wide .fp-img',
  },
};
const PAGE = {
  default: { hero: '[data-testid="offer-hero"]', back: '[data-testid="back-to-offers"]', title: '[data-testid="offer-page"] h1' },
  fullWidthGallery: {
    first: '[data-testid="offer-gallery"] > div:first-child > :nth-child(1)',
    second: '[data-testid="offer-gallery"] > div:first-child > :nth-child(2)',
    wide: '[data-testid="offer-gallery"] > div:nth-child(2) > *',
  },
};

async function pictureOf(browser: Browser, path: string, viewport: { width: number; height: number }, template: keyof typeof OFFERS) {
  // No script at all: what the HTML draws by itself.
  const context = await browser.newContext({ viewport, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(path);
  await expect(page.locator('#first-paint')).toBeVisible();
  await expect(page.locator('#first-paint')).toHaveAttribute('aria-hidden', 'true');
  const drawn = await boxes(page, PICTURE[template]);
  const text = await page.locator('#first-paint').innerText();
  await context.close();
  return { drawn, text };
}

for (const [template, path] of Object.entries(OFFERS) as [keyof typeof OFFERS, string][]) {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    picture(`${template} offer at ${name}: the picture from the HTML alone, replaced in place by the page`, async ({ browser }) => {
      const { drawn, text } = await pictureOf(browser, path, viewport, template);
      for (const [part, box] of Object.entries(drawn)) expect(box, `${part} drawn by the picture`).not.toBeNull();

      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto(path);
      await expect(page.getByTestId('offer-page')).toBeVisible();
      const title = (await page.locator('[data-testid="offer-page"] h1').innerText()).trim();
      if (template === 'default') expect(text).toContain(title);
      expect(await boxes(page, PAGE[template])).toEqual(drawn);
      await expect(page.locator('#first-paint')).toHaveCount(0);
      await expect(page.locator('#first-paint-style')).toHaveCount(0);
      await context.close();
    });
  }
}

picture('the picture never stays in front of another page: leaving the offer before it is drawn removes it', async ({ page }) => {
  // The offer's screen code never arrives, so the page itself cannot draw: the app's address changes instead.
  await page.route(/\/assets\/OfferPage-[^/]+\.js$/, () => {});
  await page.goto(OFFERS.default);
  await expect(page.locator('#first-paint')).toBeVisible();
  await page.evaluate(() => {
    history.pushState(null, '', '/pl/faq');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.locator('#first-paint')).toHaveCount(0);
  await expect(page.locator('main h1')).toBeVisible();
});

// Picture first (src/afterPicture.ts): under the picture, the app's code is fetched once the picture's photo is on
// screen, not side by side with it; it never waits more than PICTURE_WAIT_MAX_MS (1 s) for a photo that does not come.
const PHOTO = /\/media\/offers\/zielone-tarasy\.svg$/;
// Every script but the small one and the bundler's runtime it imports (chunk names other than the screens' vary
// with the build: the app's chunk is named after the checkout's folder).
const APP_CODE = /\/assets\/(?!afterPicture-|rolldown-runtime-)[^/]+\.js$/;

picture("picture first: the app's code is requested only after the picture's photo has arrived", async ({ page }) => {
  let photoSentAt = 0;
  const codeRequestedAt: number[] = [];
  page.on('request', (request) => {
    if (APP_CODE.test(request.url())) codeRequestedAt.push(Date.now());
  });
  await page.route(PHOTO, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    photoSentAt = Date.now();
    await route.continue();
  });
  await page.goto(OFFERS.default);
  await expect(page.locator('[data-testid="offer-page"] h1')).toBeVisible();
  await expect(page.locator('#first-paint')).toHaveCount(0);
  expect(photoSentAt).toBeGreaterThan(0);
  expect(codeRequestedAt.length).toBeGreaterThanOrEqual(3); // the app's entry, its chunk, the offer's screen
  expect(Math.min(...codeRequestedAt)).toBeGreaterThanOrEqual(photoSentAt);
  // the modules the server listed were preloaded when the wait was over
  const preloaded = await page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => new URL(l.href).pathname));
  expect(preloaded.some((p) => /\/assets\/OfferPage-/.test(p))).toBe(true);
});

picture('picture first: a photo that never comes holds the app back for one second at most', async ({ page }) => {
  await page.route(PHOTO, () => {}); // never answered
  const start = Date.now();
  let codeRequestedAt = 0;
  page.on('request', (request) => {
    if (!codeRequestedAt && APP_CODE.test(request.url())) codeRequestedAt = Date.now();
  });
  await page.goto(OFFERS.default, { waitUntil: 'commit' });
  await expect(page.locator('[data-testid="offer-page"] h1')).toBeVisible();
  expect(codeRequestedAt - start).toBeGreaterThanOrEqual(900);
  expect(codeRequestedAt - start).toBeLessThan(5000);
});

test('pages without a picture request the app at once, whatever their photos do', async ({ page }) => {
  let mediaSentAt = 0;
  let codeRequestedAt = 0;
  page.on('request', (request) => {
    if (!codeRequestedAt && APP_CODE.test(request.url())) codeRequestedAt = Date.now();
  });
  await page.route(/\/media\//, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    mediaSentAt ||= Date.now();
    await route.continue();
  });
  await page.goto('/pl');
  await expect(page.locator('main h1').first()).toBeVisible();
  expect(await page.locator('script[data-app]').count()).toBe(0);
  expect(codeRequestedAt).toBeGreaterThan(0);
  // the home page has photos (its slide), held back here; the page may be drawn before they are sent
  await expect.poll(() => mediaSentAt).toBeGreaterThan(0);
  expect(codeRequestedAt).toBeLessThan(mediaSentAt);
});
