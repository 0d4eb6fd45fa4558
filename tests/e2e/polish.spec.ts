import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { acceptCookies } from './support/consent';
import { apiLogin, DEMO } from './support/api';
import { LoginPage } from './pages/login';
import { SettingsPage } from './pages/settings';

// Polish in a real browser, on the seeded server: the contact buttons never cover content or
// controls (a band in the flow at 390 px, a fixed rail in the gutter on wide screens), the mobile sticky
// offer bar shows the offer's title, offer cards carry the investing figures and badges, the home page has
// its platform figures, the map without a tile provider is hidden and the mobile drawer lists the dashboard
// once; the offer page shows the card's investing figures (same texts) and its state badge at 390 px and on a
// desktop, /page/1 and /page/abc land on the list's own address and page numbers are links, the bar chart
// legend shows values and content tables use the page's decimal separator, and the header's first name follows
// a save of the personal data (the seeded investor's name is put back).

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
  await acceptCookies(context, baseURL!);
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
      await expect(band.getByTestId('stats-raised')).toHaveText(language === 'pl' ? /zł$/ : /^PLN\s/, { timeout: 15_000 });
      await expect(band.getByTestId('stats-investors')).toHaveText(/^\d/);
      await expect(band.getByTestId('stats-offersFunded')).toHaveText(/^\d/);
    });
  }
});

test.describe('the offer page shows what investors decide on (as its card does)', () => {
  for (const [size, viewport] of [
    ['390 px', { width: 390, height: 844 }],
    ['desktop', { width: 1280, height: 800 }],
  ] as const) {
    test.describe(size, () => {
      test.use({ viewport });
      for (const language of ['pl', 'en'] as const) {
        test(`figures panel and the state badge (${language})`, async ({ page }) => {
          const path = language === 'pl' ? '/pl/inwestycja/zielone-tarasy' : '/en/investment/green-terraces';
          await page.goto(path);
          const panel = page.getByTestId('offer-figures');
          await expect(panel).toBeVisible({ timeout: 15_000 });
          await expect(panel.getByRole('heading', { level: 2 })).toHaveText(language === 'pl' ? 'Inwestycja w liczbach' : 'Investment at a glance');
          // the same figures, in the same format, as the offer's card on the list
          await page.goto(language === 'pl' ? '/pl/inwestycje' : '/en/investments');
          const card = page.getByTestId('offer-card').filter({ hasText: language === 'pl' ? 'Zielone Tarasy' : 'Green Terraces' });
          await expect(card).toBeVisible({ timeout: 15_000 });
          const onCard: Record<string, string> = {};
          for (const id of ['offer-price', 'offer-minimum', 'offer-return', 'offer-term', 'offer-funding-amounts', 'offer-funding-percent']) {
            onCard[id] = (await card.getByTestId(id).textContent()) ?? '';
          }
          await page.goto(path);
          await expect(panel).toBeVisible({ timeout: 15_000 });
          for (const [id, text] of Object.entries(onCard)) {
            await expect(panel.getByTestId(id), id).toHaveText(text);
            expect(text, id).not.toBe('—');
          }
          await expect(panel.getByTestId('offer-price')).toHaveText(language === 'pl' ? /\d,\d\d\s?zł$/ : /^PLN\s\d/);
          await expect(panel.getByTestId('offer-funding-percent')).toHaveText(language === 'pl' ? /^\d+(,\d{1,2})?%$/ : /^\d+(\.\d{1,2})?%$/);
          await expect(panel.getByRole('progressbar')).toBeVisible();
          await expect(page.getByTestId('offer-status').first()).toHaveText(language === 'pl' ? 'Otwarta' : 'Open');
          // nothing cut: each figure fits its cell
          for (const id of Object.keys(onCard)) {
            const cut = await panel.getByTestId(id).evaluate((el) => el.scrollWidth > el.clientWidth + 1);
            expect(cut, `${id} cut at ${size}`).toBe(false);
          }
        });
      }
    });
  }
});

test.describe('offers list addresses', () => {
  for (const language of ['pl', 'en'] as const) {
    test(`/page/1 and /page/abc land on the list's own address; page numbers are links (${language})`, async ({ page }) => {
      const list = language === 'pl' ? '/pl/inwestycje' : '/en/investments';
      const pageWord = language === 'pl' ? 'strona' : 'page';
      for (const wrong of ['1', 'abc']) {
        await page.goto(`${list}/${pageWord}/${wrong}`);
        await expect(page).toHaveURL(new RegExp(`${list}$`));
        await expect(page.getByTestId('offer-card').first()).toBeVisible();
      }
      // a page number is a real link (middle click / open in a new tab works)
      const two = page.getByRole('link', { name: language === 'pl' ? 'Strona 2' : 'Page 2' });
      await expect(two).toHaveAttribute('href', `${list}/${pageWord}/2`);
      const [popup] = await Promise.all([page.context().waitForEvent('page'), two.click({ modifiers: ['ControlOrMeta'] })]);
      // a new tab starts at about:blank, then goes to the link's address
      await expect(popup).toHaveURL((url) => url.pathname === `${list}/${pageWord}/2`);
      await popup.close();
    });
  }
});

test.describe('content on the offer page', () => {
  for (const language of ['pl', 'en'] as const) {
    test(`the bar chart legend shows values; table numbers in the page's format (${language})`, async ({ page }) => {
      await page.goto(language === 'pl' ? '/pl/inwestycja/dom-nad-jeziorem' : '/en/investment/lakeside-house');
      await expect(page.getByTestId('offer-page')).toBeVisible({ timeout: 15_000 });
      const legend = page.locator('[data-legend="value"]');
      await expect(async () => {
        await legend.scrollIntoViewIfNeeded({ timeout: 1000 }).catch(() => page.mouse.wheel(0, 600));
        await expect(legend).toBeVisible({ timeout: 1000 });
      }).toPass({ timeout: 15_000 });
      // the seeded occupancy by month: 55, 78, 96, 98, 70 (not each bar's share of their sum: 13.85%, …)
      await expect(legend.locator('li strong')).toHaveText(['55', '78', '96', '98', '70']);
      const cell = page.getByRole('cell', { name: language === 'pl' ? '38,0 m²' : '38.0 m²' });
      await cell.scrollIntoViewIfNeeded();
      await expect(cell).toBeVisible();
      await expect(page.getByRole('cell', { name: language === 'pl' ? '38.0 m²' : '38,0 m²' })).toHaveCount(0);
    });
  }
});

test.describe('the header after saving settings', () => {
  test('the first name in the header changes when the personal data is saved', async ({ page, request }) => {
    const restore = async () => {
      const token = await apiLogin(request, DEMO.investor.email, DEMO.investor.password);
      const headers = { Authorization: `Bearer ${token}` };
      const me = (await (await request.get('/api/investor', { headers })).json()).data;
      if (me.firstName === DEMO.investor.firstName) return;
      const personal = { firstName: DEMO.investor.firstName, lastName: me.lastName, phone: me.phone ?? '', phoneCountry: me.phoneCountry };
      expect((await request.patch('/api/investor', { headers, data: { personal } })).ok()).toBe(true);
    };
    try {
      await new LoginPage(page, 'pl').logIn(DEMO.investor);
      const menu = page.locator('header').getByRole('button', { name: new RegExp(DEMO.investor.firstName) });
      await expect(menu).toBeVisible({ timeout: 15_000 });
      await expect(page.locator('header')).not.toContainText('Annabel');
      const settings = new SettingsPage(page, 'pl');
      await settings.goto();
      const personal = settings.personal;
      await settings.field(personal, 'firstName').fill('Annabel');
      await settings.save(personal).click();
      await expect(personal.getByText('Dane osobowe zostały zapisane.')).toBeVisible();
      // no reload: the header reads the saved name
      await expect(page.locator('header').getByRole('button', { name: /Annabel/ })).toBeVisible();
      await settings.field(personal, 'firstName').fill(DEMO.investor.firstName);
      await settings.save(personal).click();
      await expect(page.locator('header')).not.toContainText('Annabel');
      await expect(page.locator('header').getByRole('button', { name: new RegExp(DEMO.investor.firstName) })).toBeVisible();
    } finally {
      await restore();
    }
  });
});
