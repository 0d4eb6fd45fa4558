import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { acceptCookies } from './support/consent';
import { axe as axeOf } from './support/axe';
import { DEMO } from './support/api';
import { InvestFlow } from './pages/investFlow';
import { LoginPage } from './pages/login';
import { PayPalPeer } from './pages/paypalPeer';

// Accessibility of the screens behind the login, in both languages: the investor area, the back office and every
// screen of the investment flow (each step, the documents step with its errors shown, the bank-transfer
// thank-you, the PayPal return page). axe-core with the WCAG 2.0 and 2.1 A and AA rules finds no violation of
// any impact, and nothing left for review but what needs a person's eyes. The public screens are
// accessibility.spec.ts.

const NEEDS_EYES = ['color-contrast', 'video-caption'];

const INVESTOR = {
  pl: {
    screens: ['/pl/inwestor', '/pl/inwestor/portfel', '/pl/inwestor/zamowienia', '/pl/inwestor/transakcje', '/pl/inwestor/wyplaty', '/pl/inwestor/dokumenty', '/pl/inwestor/ustawienia'],
  },
  en: {
    screens: ['/en/investor', '/en/investor/portfolio', '/en/investor/orders', '/en/investor/transactions', '/en/investor/payouts', '/en/investor/documents', '/en/investor/settings'],
  },
} as const;

const OPERATOR = {
  pl: ['/pl/operator', '/pl/operator/wyciagi', '/pl/operator/wyjatki', '/pl/operator/zamowienia', '/pl/operator/oferty', '/pl/operator/dystrybucje', '/pl/operator/wyplaty', '/pl/operator/inwestorzy', '/pl/operator/ustawienia', '/pl/operator/dziennik'],
  en: ['/en/operator', '/en/operator/statements', '/en/operator/exceptions', '/en/operator/orders', '/en/operator/offers', '/en/operator/distributions', '/en/operator/payouts', '/en/operator/investors', '/en/operator/settings', '/en/operator/audit-log'],
} as const;

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 10_000 });
}

/** axe's violations on the page as it is now, one line per rule with the first nodes it names. */
async function violations(page: Page): Promise<string[]> {
  const results = await axeOf(page).analyze();
  // a page axe could not read would pass with nothing found
  expect(results.passes.length).toBeGreaterThan(10);
  // What axe leaves for review counts too, except what only eyes can judge: contrast where it cannot find the
  // background (text over a chart, a single digit) and a video's captions.
  const review = results.incomplete.filter((v) => !NEEDS_EYES.includes(v.id));
  return [...results.violations, ...review].map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')} ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`).join(' | ')}`,
  );
}

/** Checks every screen, then fails once with all that was found (so one run names everything). */
function collector(page: Page) {
  const found: Record<string, string[]> = {};
  return {
    async check(name = new URL(page.url()).pathname) {
      await settle(page);
      const v = await violations(page);
      if (v.length) found[name] = v;
    },
    done() {
      expect(found).toEqual({});
    },
  };
}

/** The href of the first link on the page whose href matches. */
async function firstLink(page: Page, pattern: RegExp): Promise<string> {
  const hrefs = await page.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  const found = hrefs.find((h) => pattern.test(h));
  expect(found, `a link matching ${pattern}`).toBeTruthy();
  return found!;
}

test.beforeEach(async ({ context, baseURL }) => {
  test.setTimeout(180_000);
  await acceptCookies(context, baseURL!);
});

for (const language of ['pl', 'en'] as const) {
  test(`investor area (${language}): no WCAG A/AA violation`, async ({ page }) => {
    await new LoginPage(page, language).logIn(DEMO.investor);
    const axe = collector(page);
    for (const path of INVESTOR[language].screens) {
      await page.goto(path);
      await axe.check();
      if (/portfel|portfolio$/.test(path)) {
        await page.goto(await firstLink(page, /\/(inwestor\/portfel\/zobacz|investor\/portfolio\/view)\//));
        await axe.check();
      }
      if (/zamowienia|orders$/.test(path)) {
        await page.goto(await firstLink(page, /\/(inwestor\/zamowienie|investor\/order)\//));
        await axe.check();
      }
    }
    axe.done();
  });

  test(`back office (${language}): no WCAG A/AA violation`, async ({ page }) => {
    await new LoginPage(page, language).logIn(DEMO.operator);
    const axe = collector(page);
    for (const path of OPERATOR[language]) {
      await page.goto(path);
      await axe.check();
      if (/zamowienia|orders$/.test(path)) {
        await page.goto(await firstLink(page, /\/operator\/(zamowienie|order)\//));
        await axe.check();
      }
      if (/inwestorzy|investors$/.test(path)) {
        await page.goto(await firstLink(page, /\/operator\/(inwestor|investor)\//));
        await axe.check();
      }
    }
    axe.done();
  });

  test(`investment flow (${language}): every step, its errors, the thank-you and the PayPal return page`, async ({ page }) => {
    await new LoginPage(page, language).logIn(DEMO.investor);
    const axe = collector(page);
    const flow = new InvestFlow(page, language);
    const bankOrPayPal = async (method: 'BankTransfer' | 'PayPal') => {
      await flow.openOffer();
      await flow.quantity.fill('2');
      await axe.check('invest box');
      await flow.investButton.click();
      await expect(flow.step('personalInformation')).toBeVisible();
      if (method === 'BankTransfer') await axe.check('personal information');
      await flow.next.click();
      await expect(flow.step('documents')).toBeVisible();
      if (method === 'BankTransfer') {
        await axe.check('documents');
        await flow.next.click();
        await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
        await axe.check('documents with errors');
      }
      await flow.acceptDocuments();
      await flow.next.click();
      await expect(flow.paymentMethods).toBeVisible();
      await flow.method(method).check();
      if (method === 'BankTransfer') await axe.check('payment');
      await flow.payButton.click();
    };
    await bankOrPayPal('BankTransfer');
    await expect(flow.thankYou).toBeVisible();
    await axe.check('bank-transfer thank-you');

    await bankOrPayPal('PayPal');
    await expect(page).toHaveURL(/\/paypal-peer\/checkoutnow\?token=/, { timeout: 15_000 });
    await new PayPalPeer(page, language).decide('pay');
    await expect(page.getByTestId('paypal-paid')).toBeVisible({ timeout: 15_000 });
    await axe.check('PayPal return');
    axe.done();
  });
}
