import type { Page } from '@playwright/test';
import { expect, test } from './support/test';

// Single offer (both templates, both languages, lightbox, language switch to the other slug), a static
// page with attachments and the contact form with and without errors, on the seeded server
// (server/db/seed-data/content/**).

const OFFERS = {
  default: { pl: 'zielone-tarasy', en: 'green-terraces', title: { pl: 'Zielone Tarasy', en: 'Green Terraces' } },
  fullWidthGallery: { pl: 'dom-nad-jeziorem', en: 'lakeside-house', title: { pl: 'Dom nad jeziorem', en: 'Lakeside house' } },
} as const;
const OFFER_PATH = { pl: '/pl/inwestycja/', en: '/en/investment/' } as const;

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

for (const language of ['pl', 'en'] as const) {
  for (const template of ['default', 'fullWidthGallery'] as const) {
    test(`offer of template ${template} in ${language}`, async ({ page }) => {
      const errors = watchErrors(page);
      const offer = OFFERS[template];
      await page.goto(`${OFFER_PATH[language]}${offer[language]}`);
      const article = page.getByTestId('offer-page');
      await expect(article).toBeVisible();
      await expect(article).toHaveAttribute('data-template', template);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(offer.title[language]);
      await expect(page).toHaveTitle(/ \| /);
      // invest box of an open offer: price in PLN and the invest button to the flow
      await expect(page.getByTestId('price-per-share')).toContainText(language === 'pl' ? 'zł' : 'PLN');
      await expect(page.getByTestId('invest-button')).toHaveText(language === 'pl' ? 'Inwestuj' : 'Invest');
      // accordion: the first description open
      await expect(page.getByTestId('descriptions').locator('button[aria-expanded="true"]')).toHaveCount(1);
      // sections on the grid; the map has no third-party tiles by default
      await expect(page.getByTestId('sections')).toBeVisible();
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /\S/);
      // the sticky bar appears once the invest box has scrolled away
      await expect(page.getByTestId('sticky-bar')).toHaveAttribute('data-visible', 'false');
      // (lazy sections keep growing the page while it loads: scroll again until the box is above the viewport)
      await expect(async () => {
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await expect(page.getByTestId('sticky-bar')).toHaveAttribute('data-visible', 'true', { timeout: 1000 });
      }).toPass();
      await expect(page.getByTestId('sticky-investor-share')).toContainText('%');
      expect(errors).toEqual([]);
    });
  }
}

test('the fullWidthGallery lightbox opens, moves and closes (Escape and Close), locking page scroll', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto(`/en/investment/${OFFERS.fullWidthGallery.en}`);
  await page.getByRole('button', { name: /View all photos/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(page.locator('body')).toHaveClass(/scroll-locked/);
  await expect(page.getByTestId('lightbox-counter')).toHaveText(/^1 \/ \d+$/);
  await page.getByRole('button', { name: 'Next photo' }).click();
  await expect(page.getByTestId('lightbox-counter')).toHaveText(/^2 \/ \d+$/);
  // the carousel itself rendered (react-slick under Vite: the default-import trap)
  await expect(dialog.locator('.slick-slider')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('body')).not.toHaveClass(/scroll-locked/);
  await page.getByRole('button', { name: /View all photos/ }).click();
  await page.getByTestId('lightbox').getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('switching language on an offer lands on the other language slug', async ({ page }) => {
  await page.goto(`/pl/inwestycja/${OFFERS.default.pl}`);
  await expect(page.getByTestId('offer-page')).toBeVisible();
  await page.getByTestId('language-en').click();
  await expect(page).toHaveURL(new RegExp(`/en/investment/${OFFERS.default.en}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(OFFERS.default.title.en);
});

test('an unknown offer shows the not-found page', async ({ page }) => {
  await page.goto('/en/investment/no-such-offer');
  await expect(page.getByRole('link', { name: /homepage/i }).first()).toBeVisible();
  await expect(page.getByTestId('offer-page')).toHaveCount(0);
});

test('a static page with attachments, and terms in both languages', async ({ page }) => {
  await page.goto('/en/how-it-works');
  await expect(page.getByTestId('static-page')).toBeVisible();
  const attachments = page.getByTestId('attachments');
  expect(await attachments.getByRole('link', { name: /Download/ }).count()).toBeGreaterThan(0);
  await expect(attachments.getByRole('link', { name: /Download/ }).first()).toHaveAttribute('target', '_blank');
  await page.getByTestId('language-pl').click();
  await expect(page).toHaveURL(/\/pl\/jak-to-dziala$/);
  await page.goto('/pl/regulamin');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Regulamin');
  await page.goto('/en/terms-of-use');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of use');
});

test('contact form: server errors beside the fields, then a successful send', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/en/contact-us');
  const form = page.getByTestId('contact-form');
  await expect(form).toBeVisible();
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('error-email')).toBeVisible();
  await expect(page.getByTestId('error-fullName')).toHaveText('Full name is required');
  await expect(page.getByTestId('error-message')).toHaveText('Message is required');

  await page.getByLabel(/^E-mail/).fill('visitor@example.com');
  await page.getByLabel(/^Full name/).fill('Ann Visitor');
  await page.getByLabel(/^Message/).fill('Hello, I would like to know more.');
  for (const box of await form.locator('input[type="checkbox"][aria-required="true"]').all()) await box.check();
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('contact-success')).toBeVisible();
  await expect(page.getByLabel(/^E-mail/)).toHaveValue('');
  const dataLayer = await page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer);
  expect(dataLayer).toContainEqual({ event: 'form_submit' });
  // the contact map: coordinates are seeded, but no tile provider is configured, so no map (SPEC §8)
  await expect(page.getByTestId('contact-page')).toBeVisible();
  await expect(page.getByTestId('map')).toHaveCount(0);
  expect(errors).toEqual([]);
});

// SPEC §2: the offer timeline shows 4 items per view, 2 on medium screens and 1 on small ones, and its
// items' labels never run into each other.
for (const { width, perView } of [
  { width: 390, perView: 1 },
  { width: 800, perView: 2 },
  { width: 1280, perView: 4 },
]) {
  test(`offer timeline at ${width} px: ${perView} per view, labels apart`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/en/investment/green-terraces');
    const timeline = page.getByTestId('timeline');
    // the offer's sections are drawn as they come near the viewport: scroll down to it
    // (until it is there, however long a loaded machine takes to fetch and draw them)
    await expect(async () => {
      await page.mouse.wheel(0, 600);
      await expect(timeline).toHaveCount(1, { timeout: 300 });
    }).toPass({ timeout: 20_000 });
    // the carousel draws its slides again once it has measured its width: scroll to it and count its slides
    // until it has settled (on a loaded machine the element it replaces can go while it is scrolled to)
    await expect(async () => {
      await timeline.scrollIntoViewIfNeeded({ timeout: 1_000 });
      await expect(timeline.locator('.slick-slide.slick-active')).toHaveCount(perView, { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    const frame = (await timeline.locator('.slick-list').boundingBox())!;
    const boxes = await timeline.locator('.slick-slide.slick-active h3').evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return { left: r.left, right: r.right, width: r.width, scrollWidth: el.scrollWidth, clientWidth: el.clientWidth };
      }),
    );
    for (const [i, box] of boxes.entries()) {
      // inside the visible strip, and wide enough for its words (no word cut or running out)
      expect(box.left).toBeGreaterThanOrEqual(frame.x - 1);
      expect(box.right).toBeLessThanOrEqual(frame.x + frame.width + 1);
      expect(box.scrollWidth).toBeLessThanOrEqual(box.clientWidth + 1);
      if (i > 0) expect(box.left).toBeGreaterThanOrEqual(boxes[i - 1].right - 1);
    }
  });
}
