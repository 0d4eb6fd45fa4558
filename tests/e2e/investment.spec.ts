import { expect, test, type Page } from '@playwright/test';
import { apiLogin, DEMO } from './support/api';

// The investment flow against the real server (SPEC §2 "Investment flow", §4; issue "Investing"), in pl and
// en. The walk follows the investment chart's events (machines/investment.machine.ts) through its states:
// initiate.editing → (started) validating → personalInformation → documents (agreements not accepted →
// errors; accepted) → payment.choosing → submitting → thankYou with the bank details and the transfer QR;
// the error branches: not enough shares on step one, agreements not accepted, an anonymous visitor sent to
// login and back with the same quantity, and an amount above what a bank QR code can carry.

const SLUG = { pl: 'zielone-tarasy', en: 'green-terraces' } as const;
const T = {
  pl: {
    offer: `/pl/inwestycja/${SLUG.pl}`,
    login: '/pl/logowanie',
    personal: `/pl/inwestuj/dane-osobowe/${SLUG.pl}`,
    documents: `/pl/inwestuj/dokumenty/${SLUG.pl}`,
    payment: `/pl/inwestuj/platnosc/${SLUG.pl}`,
    thankYou: `/pl/inwestuj/dziekujemy/${SLUG.pl}`,
    quantity: 'Liczba udziałów',
    invest: 'Inwestuj',
    next: 'Dalej',
    pay: 'Zamawiam z obowiązkiem zapłaty',
    notEnough: 'W tej serii nie ma wystarczającej liczby udziałów',
    agreementRequired: 'Musisz zaakceptować tę zgodę',
    thanks: 'Dziękujemy za zamówienie',
    copied: 'Skopiowano',
    tooLarge: 'Bankowe kody QR nie mogą zawierać kwot powyżej 9 999,99 zł',
    title: /^Inwestuj/,
    money: (s: string) => s.replace(/\s/g, ' '),
  },
  en: {
    offer: `/en/investment/${SLUG.en}`,
    login: '/en/login',
    personal: `/en/invest/personal-information/${SLUG.en}`,
    documents: `/en/invest/documents/${SLUG.en}`,
    payment: `/en/invest/payment/${SLUG.en}`,
    thankYou: `/en/invest/thank-you/${SLUG.en}`,
    quantity: 'Number of shares',
    invest: 'Invest',
    next: 'Next',
    pay: 'Order with obligation to pay',
    notEnough: 'Not enough shares left',
    agreementRequired: 'You must accept this agreement',
    thanks: 'Thank you for your order',
    copied: 'Copied',
    tooLarge: 'Bank QR codes cannot carry amounts above 9 999,99 zł',
    title: /^Invest/,
    money: (s: string) => s.replace(/\s/g, ' '),
  },
} as const;

async function logIn(page: Page, language: 'pl' | 'en') {
  await page.goto(T[language].login);
  await page.locator('input[name="userLogin"]').fill(DEMO.investor.email);
  await page.locator('input[name="userPassword"]').fill(DEMO.investor.password);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(new RegExp(`/${language}/$`));
}

const quantity = (page: Page, language: 'pl' | 'en') => page.getByRole('spinbutton', { name: T[language].quantity });

/** initiate.editing → investment.started → initiate.validating → started → personalInformation */
async function start(page: Page, language: 'pl' | 'en', shares: number) {
  await page.goto(T[language].offer);
  await quantity(page, language).fill(String(shares));
  await page.getByTestId('invest-button').click();
  await expect(page).toHaveURL(new RegExp(`${T[language].personal}$`));
  await expect(page.getByTestId('step-personalInformation')).toBeVisible();
}

/** personalInformation → stepSubmitted → documents; documents → (agreements) → stepSubmitted → payment */
async function throughDocuments(page: Page, language: 'pl' | 'en') {
  await page.getByTestId('step-next').click();
  await expect(page).toHaveURL(new RegExp(`${T[language].documents}$`));
  for (const box of await page.getByTestId('step-documents').getByRole('checkbox').all()) await box.check();
  await page.getByTestId('step-next').click();
  await expect(page).toHaveURL(new RegExp(`${T[language].payment}$`));
}

for (const language of ['pl', 'en'] as const) {
  const t = T[language];

  test(`invest and pay by bank transfer: thank-you page with bank details and QR (${language})`, async ({ page, context, request }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await logIn(page, language);
    await page.goto(t.offer);
    // the invest box shows each series' price and what is left
    await expect(page.getByTestId('series').first().getByTestId('series-left')).not.toHaveText('');
    await start(page, language, 2);
    await expect(page).toHaveTitle(t.title);
    // SPEC §2 breadcrumb: the second entry disabled at step one, third and fourth too
    await expect(page.getByTestId('breadcrumb-documents')).toHaveAttribute('data-disabled', 'true');
    await expect(page.getByTestId('breadcrumb-payment')).toHaveAttribute('data-disabled', 'true');
    // prefilled from the account
    await expect(page.locator('[name="firstName"]')).toHaveValue(DEMO.investor.firstName);
    await expect(page.getByTestId('summary-investor')).toHaveCount(0);

    // documents: agreements not accepted → an error beside each, the step stays
    await page.getByTestId('step-next').click();
    await expect(page).toHaveURL(new RegExp(`${t.documents}$`));
    await expect(page.getByTestId('breadcrumb-payment')).toHaveAttribute('data-disabled', 'true');
    await page.getByTestId('step-next').click();
    await expect(page.getByTestId('step-documents').getByText(t.agreementRequired).first()).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${t.documents}$`));

    // a reload keeps the step and what was chosen
    await page.reload();
    await expect(page.getByTestId('step-documents')).toBeVisible();
    for (const box of await page.getByTestId('step-documents').getByRole('checkbox').all()) await box.check();
    await page.getByTestId('step-next').click();
    await expect(page).toHaveURL(new RegExp(`${t.payment}$`));

    // payment: methods with their commission; the summary shows the investor now
    await expect(page.getByTestId('payment-methods').getByRole('radio').first()).toBeChecked();
    await expect(page.getByTestId('summary-investor')).toContainText(DEMO.investor.firstName);
    await expect(page.getByTestId('summary-shares')).toHaveText('2');
    await page.getByTestId('payment-methods').locator('[data-method="BankTransfer"] input').check();
    await page.getByTestId('pay-button').click();

    // thank-you: bank details, grouped account number, title = reference, countdown, QR
    await expect(page).toHaveURL(new RegExp(`${t.thankYou}$`));
    await expect(page.getByTestId('thank-you')).toContainText(t.thanks);
    await expect(page.getByTestId('bank-accountNumber')).toHaveText(/^\d{2}( \d{4}){6}/);
    const reference = (await page.getByTestId('order-reference').textContent())!;
    expect(reference).toMatch(/^ES-/);
    await expect(page.getByTestId('bank-title')).toContainText(reference);
    await expect(page.getByTestId('countdown')).not.toHaveText('');
    await expect(page.getByTestId('transfer-qr')).toBeVisible();
    expect(await page.getByTestId('transfer-qr').getAttribute('data-qr')).toMatch(/\|PL\|\d{26}\|\d{6}\|/);
    await page.getByTestId('bank-accountNumber').click();
    await expect(page.getByTestId('bank-accountNumber-feedback')).toHaveText(t.copied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^\d{26}$/);
    // the order is in the investor's orders at once
    await expect(page.getByTestId('order-link')).toHaveAttribute('href', /\/(investor\/order|inwestor\/zamowienie)\//);
    const token = await apiLogin(request, DEMO.investor.email, DEMO.investor.password);
    const orders = await (await request.get('/api/order', { headers: { Authorization: `Bearer ${token}` } })).json();
    expect(JSON.stringify(orders.data)).toContain(reference);

    // leaving the flow (the main frame) clears the stored draft
    expect(await page.evaluate(() => localStorage.getItem('investmentDraft'))).not.toBeNull();
    await page.goto(t.offer);
    await expect(page.getByTestId('offer-page')).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('investmentDraft'))).toBeNull();
  });

  test(`error branches: not enough shares, and above the QR limit (${language})`, async ({ page }) => {
    await logIn(page, language);
    await page.goto(t.offer);
    await quantity(page, language).fill('999999');
    await page.getByTestId('invest-button').click();
    await expect(page.getByTestId('invest-form')).toContainText(t.notEnough);
    await expect(quantity(page, language)).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(new RegExp(`${t.offer}$`));

    // 25 × 500 zł = 12 500 zł: no bank QR code can carry it; the page says so
    await start(page, language, 25);
    await throughDocuments(page, language);
    await page.getByTestId('pay-button').click();
    await expect(page).toHaveURL(new RegExp(`${t.thankYou}$`));
    await expect(page.getByTestId('qr-too-large')).toContainText(t.tooLarge);
    await expect(page.getByTestId('transfer-qr')).toHaveCount(0);
  });

  test(`an anonymous visitor logs in and comes back to the same offer and quantity (${language})`, async ({ page }) => {
    await page.goto(t.offer);
    await quantity(page, language).fill('3');
    await page.getByTestId('invest-button').click();
    await expect(page).toHaveURL(new RegExp(`${t.login}$`));
    await page.locator('input[name="userLogin"]').fill(DEMO.investor.email);
    await page.locator('input[name="userPassword"]').fill(DEMO.investor.password);
    await page.locator('form button[type="submit"]').click();
    await expect(page).toHaveURL(new RegExp(`${t.offer}\\?quantity=3$`));
    await expect(quantity(page, language)).toHaveValue('3');
    await page.getByTestId('invest-button').click();
    await expect(page).toHaveURL(new RegExp(`${t.personal}$`));
  });
}

test('the language switch keeps the step', async ({ page }) => {
  await logIn(page, 'pl');
  await start(page, 'pl', 1);
  await page.getByTestId('step-next').click();
  await expect(page).toHaveURL(new RegExp(`${T.pl.documents}$`));
  await page.getByTestId('language-en').click();
  await expect(page).toHaveURL(new RegExp(`/en/invest/documents/${SLUG.pl}$`));
  await expect(page.getByTestId('step-documents')).toBeVisible();
  await expect(page.getByTestId('step-documents')).toContainText('Documents');
});
