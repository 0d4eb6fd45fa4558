// The investment flow's screens, walked the way an investor does (for specs that need an order placed through
// the flow itself: tests/e2e/paypal.spec.ts). The paths and labels are the flow's (SPEC §2 "Investment flow").
import { expect, type Page } from '@playwright/test';
import { DEMO } from './api';

export type Language = 'pl' | 'en';

export const INVEST_SLUG = { pl: 'zielone-tarasy', en: 'green-terraces' } as const;

export const FLOW = {
  pl: {
    login: '/pl/logowanie',
    offer: `/pl/inwestycja/${INVEST_SLUG.pl}`,
    personal: `/pl/inwestuj/dane-osobowe/${INVEST_SLUG.pl}`,
    documents: `/pl/inwestuj/dokumenty/${INVEST_SLUG.pl}`,
    payment: `/pl/inwestuj/platnosc/${INVEST_SLUG.pl}`,
    quantity: 'Liczba udziałów',
  },
  en: {
    login: '/en/login',
    offer: `/en/investment/${INVEST_SLUG.en}`,
    personal: `/en/invest/personal-information/${INVEST_SLUG.en}`,
    documents: `/en/invest/documents/${INVEST_SLUG.en}`,
    payment: `/en/invest/payment/${INVEST_SLUG.en}`,
    quantity: 'Number of shares',
  },
} as const;

/** Logs the demo investor in through the login form; ends on the home page. */
export async function logIn(page: Page, language: Language) {
  await page.goto(FLOW[language].login);
  await page.locator('input[name="userLogin"]').fill(DEMO.investor.email);
  await page.locator('input[name="userPassword"]').fill(DEMO.investor.password);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(new RegExp(`/${language}/$`));
}

/** Offer page → invest box with `shares` → personal information → documents (all accepted) → payment step. */
export async function walkToPayment(page: Page, language: Language, shares: number) {
  const flow = FLOW[language];
  await page.goto(flow.offer);
  await page.getByRole('spinbutton', { name: flow.quantity }).fill(String(shares));
  await page.getByTestId('invest-button').click();
  await expect(page).toHaveURL(new RegExp(`${flow.personal}$`));
  await expect(page.getByTestId('step-personalInformation')).toBeVisible();
  await page.getByTestId('step-next').click();
  await expect(page).toHaveURL(new RegExp(`${flow.documents}$`));
  for (const box of await page.getByTestId('step-documents').getByRole('checkbox').all()) await box.check();
  await page.getByTestId('step-next').click();
  await expect(page).toHaveURL(new RegExp(`${flow.payment}$`));
}
