import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { acceptCookies } from './support/consent';
import { axe } from './support/axe';
import { DEMO } from './support/api';
import { INVEST_SLUG } from './pages/investFlow';

// Accessibility of the public screens, in both languages, on a desktop and a 390 px phone: axe-core finds no
// serious or critical violation, and headings never skip a level (h1 → h3). Then keyboard-only walks: the
// language switch and the way into the investment flow keep focus on the page, never on the body.

const SCREENS = {
  pl: ['/pl/', '/pl/inwestycje', `/pl/inwestycja/${INVEST_SLUG.pl}`, '/pl/faq', '/pl/o-nas', '/pl/kontakt', '/pl/logowanie', '/pl/rejestracja', '/pl/polityka-prywatnosci', '/pl/nie-ma-takiej-strony'],
  en: ['/en/', '/en/investments', `/en/investment/${INVEST_SLUG.en}`, '/en/faq', '/en/about-us', '/en/contact-us', '/en/login', '/en/register', '/en/privacy-policy', '/en/no-such-page'],
} as const;

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: '390 px', width: 390, height: 844 },
] as const;

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main h1, h1').first()).toBeVisible();
  // skeletons gone (the lists and figures are drawn)
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 10_000 });
}

/** Headings in document order whose level is more than one below the previous heading's. */
async function headingJumps(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const jumps: string[] = [];
    let previous = 0;
    for (const h of Array.from(document.querySelectorAll<HTMLElement>('h1, h2, h3, h4, h5, h6'))) {
      if (h.closest('[hidden], [aria-hidden="true"]') || h.getClientRects().length === 0) continue;
      const level = Number(h.tagName[1]);
      if (previous > 0 && level > previous + 1) jumps.push(`h${previous} → h${level} "${h.textContent?.trim().slice(0, 40)}"`);
      previous = level;
    }
    return jumps;
  });
}

for (const language of ['pl', 'en'] as const) {
  for (const viewport of VIEWPORTS) {
    test.describe(`${language}, ${viewport.name}`, () => {
      test.use({ viewport: { width: viewport.width, height: viewport.height } });
      for (const path of SCREENS[language]) {
        test(`${path}: no serious or critical axe violation, no skipped heading level`, async ({ page }) => {
          await page.goto(path);
          await settle(page);
          const results = await axe(page).analyze();
          const serious = results.violations
            .filter((v) => v.impact === 'serious' || v.impact === 'critical')
            .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(' | ')}`);
          expect(serious).toEqual([]);
          expect(await headingJumps(page)).toEqual([]);
        });
      }
    });
  }
}

test('the check finds what it looks for: a picture without a text alternative and a nameless button', async ({ page }) => {
  await page.goto('/en/faq');
  await settle(page);
  await page.evaluate(() => {
    const main = document.querySelector('main') ?? document.body;
    main.insertAdjacentHTML('beforeend', '<img src="/favicon.svg"><button type="button"></button>');
  });
  const found = (await axe(page).analyze()).violations.map((v) => v.id);
  expect(found).toEqual(expect.arrayContaining(['image-alt', 'button-name']));
});

test.describe('keyboard only', () => {
  test('the language switch keeps focus on the page: it lands on the new page’s heading', async ({ page }) => {
    await page.goto('/pl/faq');
    await settle(page);
    const switcher = page.getByRole('link', { name: /^EN\b|English/ }).or(page.getByRole('button', { name: /^EN\b|English/ })).first();
    await switcher.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/en\/faq$/);
    await expect(page.locator('h1')).toBeFocused();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement !== document.body)).toBe(true);
  });

  test('following a link from the keyboard moves focus to the new page’s heading', async ({ page }) => {
    await page.goto('/en/');
    await settle(page);
    const link = page.getByRole('link', { name: 'FAQ' }).first();
    await link.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/en\/faq$/);
    await expect(page.locator('h1')).toBeFocused();
  });
});

/** Presses Tab until the focused element matches `selector` (at most `max` presses). */
async function tabTo(page: Page, selector: string, max = 60) {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${selector} not reached with Tab`);
}

test('keyboard only: the investment flow keeps focus on each new step and on the first invalid field', async ({ page, context, baseURL }) => {
  await acceptCookies(context, baseURL!);
  await page.goto('/pl/logowanie');
  await page.locator('input[name="userLogin"]').focus();
  await page.keyboard.type(DEMO.investor.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(DEMO.investor.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/pl\/$/);

  await page.goto(`/pl/inwestycja/${INVEST_SLUG.pl}`);
  await page.getByRole('spinbutton', { name: 'Liczba udziałów' }).focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('2');
  await tabTo(page, '[data-testid="invest-button"]');
  await page.keyboard.press('Enter');
  // the first step: its heading has focus and the title names it
  await expect(page.locator('h1#invest-step-title')).toBeFocused();
  await expect(page.locator('h1#invest-step-title')).toHaveText('Dane osobowe');
  await expect(page).toHaveTitle(/^Dane osobowe · Inwestuj/);

  await tabTo(page, '[data-testid="step-next"]');
  await page.keyboard.press('Enter');
  await expect(page.locator('h1#invest-step-title')).toHaveText('Dokumenty');
  await expect(page.locator('h1#invest-step-title')).toBeFocused();
  await expect(page).toHaveTitle(/^Dokumenty · Inwestuj/);

  // Next with no consent: focus goes to the first invalid field, not the body
  await tabTo(page, '[data-testid="step-next"]');
  await page.keyboard.press('Enter');
  await expect(page.locator('[aria-invalid="true"]').first()).toBeFocused();
  // tick every consent from the keyboard, then Next
  const boxes = page.getByTestId('step-documents').getByRole('checkbox');
  for (let i = 0; i < (await boxes.count()); i++) {
    await boxes.nth(i).focus();
    if (!(await boxes.nth(i).isChecked())) await page.keyboard.press('Space');
  }
  await tabTo(page, '[data-testid="step-next"]');
  await page.keyboard.press('Enter');
  await expect(page.locator('h1#invest-step-title')).toHaveText('Płatność');
  await expect(page.locator('h1#invest-step-title')).toBeFocused();
  await expect(page).toHaveTitle(/^Płatność · Inwestuj/);
});
