import type { Page } from '@playwright/test';
import { expect, test } from './support/test';

// The public pages on the seeded database, in both languages: home (slider, sections, featured offers,
// FAQ), the offers list (paging, page size in `items`, a page above the total, tile/list toggle kept in
// local storage), FAQ and about. Counts are read from the API so the spec follows the seed.

const LANGS = [
  { lang: 'pl', offers: '/pl/inwestycje', page: (n: number) => `/pl/inwestycje/strona/${n}`, faq: '/pl/faq', about: '/pl/o-nas', title: 'Inwestycje', perPage: 'Inwestycji na stronie', list: 'Lista', tiles: 'Kafelki', next: 'Następny slajd' },
  { lang: 'en', offers: '/en/investments', page: (n: number) => `/en/investments/page/${n}`, faq: '/en/faq', about: '/en/about-us', title: 'Investments', perPage: 'Investments per page', list: 'List', tiles: 'Tiles', next: 'Next slide' },
] as const;

async function totalOffers(page: Page, lang: string): Promise<number> {
  const response = await page.request.get('/api/offers?pagination[pageSize]=100', { headers: { 'Content-Language': lang } });
  expect(response.ok()).toBe(true);
  return (await response.json()).data.pagination.totalItems as number;
}

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

for (const L of LANGS) {
  test.describe(`public site (${L.lang})`, () => {
    test('home: slider, sections, featured offers and FAQ', async ({ page }) => {
      const errors = watchErrors(page);
      await page.goto(`/${L.lang}/`);
      const slider = page.getByTestId('hero-slider');
      await expect(slider).toBeVisible();
      // more than one slide: arrows, and the carousel moves on
      const status = page.getByTestId('slider-status');
      await expect(status).toContainText('1');
      await page.mouse.move(0, 0);
      await page.getByRole('button', { name: L.next }).click();
      await expect(slider).toHaveAttribute('data-index', '1');
      // SPEC §2: no arrows on a small screen (a media query), the slideshow's own button stays
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(page.getByRole('button', { name: L.next })).toBeHidden();
      await expect(page.getByTestId('slider-play-pause')).toBeVisible();
      await page.setViewportSize({ width: 1280, height: 720 });
      await expect(page.getByRole('button', { name: L.next })).toBeVisible();
      await expect(page.getByTestId('home-intro')).toBeVisible();
      await expect(page.getByTestId('home-tiles')).toBeVisible();
      await expect(page.getByTestId('home-card')).toBeVisible();
      await expect(page.getByTestId('home-list-card')).toBeVisible();
      await expect(page.getByTestId('home-sponsor')).toBeVisible();
      const featured = page.getByTestId('home-featured');
      await expect(featured.getByTestId('offer-card').first()).toBeVisible();
      expect(await featured.getByTestId('offer-card').count()).toBeLessThanOrEqual(3);
      await expect(page.getByTestId('home-faq').getByRole('button').first()).toBeVisible();
      expect(errors).toEqual([]);
    });

    test('offers list: paging, items, page above the total', async ({ page }) => {
      const errors = watchErrors(page);
      const total = await totalOffers(page, L.lang);
      expect(total, 'the seed has at least 7 offers, so 6 per page gives a second page').toBeGreaterThan(6);
      await page.goto(L.offers);
      await expect(page).toHaveTitle(new RegExp(`^${L.title} \\| `));
      await expect(page.getByTestId('offers-count')).toContainText(String(total));
      await expect(page.getByTestId('offer-card')).toHaveCount(6);

      // page 2
      await page.getByRole('link', { name: L.lang === 'pl' ? 'Strona 2' : 'Page 2' }).click();
      await expect(page).toHaveURL(new RegExp(`${L.page(2)}$`));
      await expect(page.getByTestId('offer-card')).toHaveCount(Math.min(6, total - 6));

      // page size 9: first page with items=9
      await page.getByLabel(L.perPage).selectOption('9');
      await expect(page).toHaveURL(new RegExp(`${L.offers}\\?items=9$`));
      await expect(page.getByTestId('offer-card')).toHaveCount(Math.min(9, total));

      // a page above the total is replaced by the last page
      const lastAt9 = Math.ceil(total / 9);
      await page.goto(`${L.page(50)}?items=9`);
      await expect(page).toHaveURL(lastAt9 === 1 ? new RegExp(`${L.offers}\\?items=9$`) : new RegExp(`${L.page(lastAt9)}\\?items=9$`));
      await expect(page.getByTestId('offer-card').first()).toBeVisible();

      // an offer link carries the list page as its origin
      await page.getByTestId('offer-card').first().getByRole('link').click();
      await expect(page).toHaveURL(new RegExp(`/${L.lang}/(investment|inwestycja)/`));
      expect(await page.evaluate(() => (window.history.state as { from?: string } | null)?.from)).toContain('items=9');
      expect(errors).toEqual([]);
    });

    test('offers list: tile/list toggle is remembered', async ({ page }) => {
      await page.goto(L.offers);
      await expect(page.getByTestId('offer-card').first()).toBeVisible();
      await expect(page.getByRole('button', { name: L.tiles })).toHaveAttribute('aria-pressed', 'true');
      await page.getByRole('button', { name: L.list }).click();
      await expect(page.getByRole('button', { name: L.list })).toHaveAttribute('aria-pressed', 'true');
      await page.reload();
      await expect(page.getByRole('button', { name: L.list })).toHaveAttribute('aria-pressed', 'true');
      expect(await page.evaluate(() => localStorage.getItem('isListView'))).toBe('true');
      await page.getByRole('button', { name: L.tiles }).click();
      await page.reload();
      await expect(page.getByRole('button', { name: L.tiles })).toHaveAttribute('aria-pressed', 'true');
    });

    test('FAQ and about', async ({ page }) => {
      const errors = watchErrors(page);
      await page.goto(L.faq);
      const questions = page.getByTestId('faq-list').getByRole('button');
      await expect(questions.first()).toBeVisible();
      await questions.nth(0).click();
      await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'true');
      await questions.nth(1).click();
      await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'false');
      await expect(questions.nth(1)).toHaveAttribute('aria-expanded', 'true');

      await page.goto(L.about);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByTestId('about-block')).toBeVisible();
      await expect(page.getByTestId('about-project').first()).toBeVisible();
      await expect(page.getByTestId('about-footer').getByRole('link')).toHaveAttribute('href', L.offers);
      expect(errors).toEqual([]);
    });
  });
}
