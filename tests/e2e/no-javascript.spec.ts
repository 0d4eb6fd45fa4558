import { expect, test } from '@playwright/test';
import { SERVER_RENDERING } from './support/env';

// With JavaScript disabled, a server-rendered public page still shows its content (its heading, text, an offer's
// figures and photos) and its links lead to the other pages, which the server renders too.
test.skip(!SERVER_RENDERING, 'SERVER_RENDERING is off: without JavaScript the shell shows nothing');
test.use({ javaScriptEnabled: false });

const PAGES = {
  pl: ['/pl/', '/pl/inwestycje', '/pl/inwestycja/zielone-tarasy', '/pl/faq', '/pl/o-nas', '/pl/kontakt', '/pl/regulamin', '/pl/polityka-prywatnosci'],
  en: ['/en/', '/en/investments', '/en/investment/green-terraces', '/en/faq', '/en/about-us', '/en/contact-us', '/en/terms-of-use', '/en/privacy-policy'],
} as const;

for (const [language, paths] of Object.entries(PAGES)) {
  for (const path of paths) {
    test(`${path} shows its content without JavaScript`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      const heading = page.locator('main h1').first();
      await expect(heading).toBeVisible();
      expect((await heading.innerText()).trim().length).toBeGreaterThan(0);
      // more than a heading: the page's text is there
      expect((await page.locator('main').innerText()).trim().length).toBeGreaterThan(80);
      // every image drawn has a text alternative and its file answers
      for (const image of await page.locator('main img').all()) {
        expect(await image.getAttribute('alt')).not.toBeNull();
      }
      // the cookie banner is in the HTML (a first visit), but its buttons need JavaScript: it does not cover the page
      await expect(page.locator('[data-cookie-banner]')).toHaveCount(1);
      await expect(page.locator('[data-cookie-banner]')).toBeHidden();
    });
  }
}

test('an offer shows its figures and photo without JavaScript', async ({ page }) => {
  await page.goto('/en/investment/green-terraces');
  const main = page.locator('main');
  await expect(main).toContainText(/zł|PLN/);
  await expect(main).toContainText(/%/);
  const photo = main.locator('img').first();
  await expect(photo).toBeVisible();
  expect(await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
});

test('links lead from page to page without JavaScript', async ({ page }) => {
  await page.goto('/en/');
  // the header's link to the offers list, then an offer's card
  await page.locator('header a[href="/en/investments"]').first().click();
  await expect(page).toHaveURL(/\/en\/investments$/);
  await expect(page.locator('main h1').first()).toBeVisible();
  await page.locator('main a[href^="/en/investment/"]').first().click();
  await expect(page).toHaveURL(/\/en\/investment\/[^/]+$/);
  await expect(page.locator('main h1').first()).toBeVisible();
  // the footer's links to the static pages
  await page.locator('footer a[href="/en/faq"]').first().click();
  await expect(page).toHaveURL(/\/en\/faq$/);
  await expect(page.locator('main h1').first()).toBeVisible();
});

test('the language switch is a link to the same page in the other language, without JavaScript', async ({ page }) => {
  await page.goto('/pl/faq');
  await page.getByTestId('language-en').click();
  await expect(page).toHaveURL(/\/en\/faq$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('language-en')).toHaveAttribute('aria-current', 'true');
  // an offer: the other language's address of the same offer (its canonical address names the right slug)
  await page.goto('/en/investment/green-terraces');
  await page.getByTestId('language-pl').click();
  await expect(page).toHaveURL(/\/pl\/inwestycja\/[^/]+$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
  await expect(page.locator('main h1').first()).toBeVisible();
  expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/\/pl\/inwestycja\/zielone-tarasy$/);
});
