import { expect, test, type Page } from '@playwright/test';

// Issue 11 "Polish" in a real browser, on the seeded server: the contact buttons never cover content or
// controls (a band in the flow at 390 px, a fixed rail in the gutter on wide screens), the mobile sticky
// offer bar shows the offer's title, offer cards carry the investing figures and badges, the home page has
// its platform figures, the map without a tile provider is hidden and the mobile drawer lists the dashboard
// once.

const OFFER = { pl: '/pl/inwestycja/dom-nad-jeziorem', en: '/en/investment/lakeside-house' } as const;

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Elements a visitor reads or uses (controls, headings, text, cells, legends, figures) that the contact buttons
 * overlap on screen right now, with their text; full-bleed photos and section backgrounds are not listed.
 */
async function coveredByContactMenu(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const menu = document.querySelector('[data-testid="contact-menu"]');
    if (!menu) return ['no contact menu'];
    const items = Array.from(menu.querySelectorAll('a, button')).map((el) => el.getBoundingClientRect());
    const selector = 'a, button, input, select, textarea, h1, h2, h3, p, li, td, th, dt, dd, strong, label, figure';
    const hits: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      if (menu.contains(el) || el.closest('[role="dialog"], [data-testid="sticky-bar"]')) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      if (items.some((i) => i.left < r.right && r.left < i.right && i.top < r.bottom && r.top < i.bottom)) {
        hits.push(`${el.tagName.toLowerCase()}: ${(el.textContent ?? '').trim().slice(0, 40)}`);
      }
    }
    return hits;
  });
}

async function scrollThrough(page: Page, check: () => Promise<void>) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const step = await page.evaluate(() => Math.floor(window.innerHeight * 0.6));
  for (let y = 0; y <= height; y += step) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(60);
    await check();
  }
}

// The cookie banner is a dismissible notice above everything; these checks are about the page under it.
test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'cookieConsentAccepted', value: 'true', url: baseURL! }]);
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const language of ['pl', 'en'] as const) {
    test(`contact buttons are a band in the flow that covers nothing (home and offer, ${language})`, async ({ page }) => {
      for (const path of [`/${language}/`, OFFER[language]]) {
        await page.goto(path);
        await expect(page.locator('footer')).toBeVisible();
        await expect(page.locator('[data-testid="page-home"], [data-testid="offer-page"]')).toBeVisible();
        const menu = page.getByTestId('contact-menu');
        await expect(menu).toBeAttached();
        expect(await menu.evaluate((el) => getComputedStyle(el).position)).toBe('static');
        await scrollThrough(page, async () => expect(await coveredByContactMenu(page)).toEqual([]));
        // at the end of the page the sticky bar (offer page) leaves the band and the footer visible
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await page.waitForTimeout(500);
        const bar = page.getByTestId('sticky-bar');
        if (await bar.count()) {
          const barBox = (await bar.boundingBox())!;
          for (const control of await menu.locator('a, button').all()) {
            expect(overlaps((await control.boundingBox())!, barBox)).toBe(false);
          }
          const lastFooterLine = page.locator('footer').locator('p, a').last();
          expect(overlaps((await lastFooterLine.boundingBox())!, barBox)).toBe(false);
        }
        // the call button still opens its dialog
        await menu.getByRole('button').click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await page.keyboard.press('Escape');
      }
    });

    test(`sticky offer bar shows the title on its own row (${language})`, async ({ page }) => {
      await page.goto(OFFER[language]);
      await expect(page.getByTestId('offer-page')).toBeVisible();
      const bar = page.getByTestId('sticky-bar');
      await expect(async () => {
        await page.evaluate(() => window.scrollTo(0, 2000));
        await expect(bar).toHaveAttribute('data-visible', 'true', { timeout: 1000 });
      }).toPass();
      await page.waitForTimeout(500); // the slide-in
      const title = bar.locator('.title strong');
      await expect(title).toHaveText(language === 'pl' ? /Dom nad jeziorem, Giżycko/ : /Lakeside house, Giżycko/);
      const box = (await title.boundingBox())!;
      expect(box.width).toBeGreaterThan(200);
      // not cut: the whole title fits its (at most two) lines
      expect(await title.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
      const button = (await bar.getByTestId('invest-now').boundingBox())!;
      expect(button.y).toBeGreaterThanOrEqual(box.y + box.height - 1);
      expect(button.x + button.width).toBeLessThanOrEqual(390);
    });
  }

  test('the logged-out drawer and a map without tiles: no empty map box on the contact page', async ({ page }) => {
    await page.goto('/en/contact-us');
    await expect(page.getByTestId('contact-form')).toBeVisible();
    await expect(page.getByTestId('map')).toHaveCount(0);
  });
});

test.describe('wide screens', () => {
  test.use({ viewport: { width: 1280, height: 720 } });

  test('the fixed contact rail sits in the gutter and covers no content (home, list, offer)', async ({ page }) => {
    for (const path of ['/en/', '/pl/inwestycje', OFFER.en]) {
      await page.goto(path);
      await expect(page.locator('[data-testid="page-home"], [data-testid="offer-page"], [data-testid="offer-card"]').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      const menu = page.getByTestId('contact-menu');
      await expect(menu).toBeVisible();
      expect(await menu.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
      await scrollThrough(page, async () => expect(await coveredByContactMenu(page), path).toEqual([]));
    }
  });
});

test.describe('figures', () => {
  for (const language of ['pl', 'en'] as const) {
    test(`offer cards and the home page figures (${language})`, async ({ page }) => {
      await page.goto(language === 'pl' ? '/pl/inwestycje' : '/en/investments');
      const cards = page.getByTestId('offer-card');
      await expect(cards.first()).toBeVisible({ timeout: 15_000 });
      const first = cards.first();
      await expect(first.getByTestId('offer-status')).toHaveText(language === 'pl' ? /Otwarta|Zamknięta|Sfinansowana/ : /Open|Closed|Funded/);
      await expect(first.getByTestId('offer-price')).toHaveText(language === 'pl' ? /\d,\d\d\s?zł$/ : /^PLN\s\d/);
      await expect(first.getByTestId('offer-funding-percent')).toHaveText(/%$/);
      await expect(first.getByRole('progressbar')).toBeAttached();
      // cards of a row are of one height
      const heights = await cards.evaluateAll((els) => els.slice(0, 3).map((el) => Math.round(el.getBoundingClientRect().height)));
      expect(new Set(heights).size).toBe(1);

      await page.goto(`/${language}/`);
      const band = page.getByTestId('home-stats');
      await expect(band.getByTestId('stats-raised')).toHaveText(language === 'pl' ? /zł$/ : /^PLN\s/);
      await expect(band.getByTestId('stats-investors')).toHaveText(/^\d/);
      await expect(band.getByTestId('stats-offersFunded')).toHaveText(/^\d/);
    });
  }
});
