import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { camt053 } from '../support/statements';
import { apiLogin, DEMO, placeBankOrder } from './support/api';
import { LoginPage, type Credentials } from './pages/login';
import { OPERATOR_PATHS, StatementImport } from './pages/operator';

// The back office in a real browser, in Polish and English: the demo investor places two
// bank-transfer orders through the API; the operator logs in through the form, imports a CAMT.053 file
// generated here (one exact payment, one underpaid), sees the summary; the investor then sees the first
// order paid on their own order page (investor area, /inwestor/zamowienie/{id}: its history shows "paid");
// the operator resolves the underpaid one from the exceptions queue (accept), and the investor's API
// answers it paid. An investor opening the operator area gets access denied, and never loads its chunk.

const T = {
  pl: {
    ...OPERATOR_PATHS.pl,
    order: (id: string) => `/pl/inwestor/zamowienie/${id}`,
    summary: 'Przeczytano 2 linie: dopasowano 1, wyjątki 1',
    reason: 'Powód (wymagany)',
    resolved: 'Rozwiązano.',
    denied: /brak dostępu|dostęp/i,
  },
  en: {
    ...OPERATOR_PATHS.en,
    order: (id: string) => `/en/investor/order/${id}`,
    summary: '2 lines read: 1 matched, 1 exceptions',
    reason: 'Reason (required)',
    resolved: 'Resolved.',
    denied: /access denied|no access|denied/i,
  },
} as const;

const invest = (request: APIRequestContext, language: 'pl' | 'en', tag: string) =>
  placeBankOrder(request, language, `e2e-operator-${language}-${tag}`, { firstName: 'Jan', lastName: 'Kowalski', phone: null, address: { address: 'ul. Prosta 1', city: 'Warszawa', zip: '00-001', country: { name: 'PL' } } });

const logIn = (page: Page, language: 'pl' | 'en', who: Credentials) => new LoginPage(page, language).logIn(who);

async function asInvestor(browser: Browser, language: 'pl' | 'en', run: (page: Page) => Promise<void>) {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await logIn(page, language, DEMO.investor);
    await run(page);
  } finally {
    await context.close();
  }
}

for (const language of ['pl', 'en'] as const) {
  test(`operator imports a CAMT.053 statement and resolves an exception (${language})`, async ({ page, request, browser }) => {
    const t = T[language];
    const paid = await invest(request, language, 'paid');
    const under = await invest(request, language, 'under');
    const stamp = `${language}-${Date.now()}`;
    const xml = camt053({
      id: `E2E-${stamp}`,
      lines: [
        { ref: `E2E-${stamp}-1`, amount: paid.total, title: `Zakup udzialow ${paid.reference.toLowerCase()}` },
        { ref: `E2E-${stamp}-2`, amount: under.total - 100, title: under.reference },
      ],
    });

    await logIn(page, language, DEMO.operator);
    await page.goto(t.statements);
    await expect(page.getByTestId('operator-statements')).toBeVisible();
    const statements = new StatementImport(page);
    await statements.importFile(`wyciag-${stamp}.xml`, xml);
    await expect(statements.summary).toContainText(t.summary);
    await expect(statements.lines.locator('tr[data-outcome="matched"]')).toContainText(paid.reference);

    // The investor sees the first order paid in their own area.
    await asInvestor(browser, language, async (investorPage) => {
      await investorPage.goto(t.order(paid.id));
      await expect(investorPage.locator('[data-testid="history-entry"][data-to="paid"]')).toBeVisible();
    });

    // The underpaid one waits in the exceptions queue; the operator accepts it with a reason.
    await page.goto(t.exceptions);
    const card = page.locator('[data-testid^="exception-"]').filter({ hasText: under.reference });
    await expect(card).toBeVisible();
    await card.getByTestId('resolve').click();
    await expect(card.getByRole('alert')).toBeVisible(); // the reason is required
    await card.getByLabel(t.reason).fill(language === 'pl' ? 'Brakuje 1 zł, akceptujemy' : 'Short by 1 zł, accepted');
    await card.getByTestId('resolve').click();
    await expect(card.getByText(t.resolved)).toBeVisible();
    // (a fresh token: the e2e server's access tokens live 5 s)
    const token = await apiLogin(request, DEMO.investor.email, DEMO.investor.password);
    const own = await request.get(`/api/order/${under.id}`, { headers: { Authorization: `Bearer ${token}` } });
    expect((await own.json()).data.status).toBe('paid');

    await page.goto(t.overview);
    await expect(page.getByTestId('operator-overview')).toBeVisible();
  });
}

test('an investor gets access denied in the operator area and never downloads its chunk', async ({ page }) => {
  const chunks: string[] = [];
  page.on('request', (r) => {
    if (/OperatorArea/.test(r.url())) chunks.push(r.url());
  });
  await logIn(page, 'en', DEMO.investor);
  await page.goto('/en/operator/statements');
  await expect(page.getByTestId('operator-statements')).toHaveCount(0);
  await expect(page.locator('#main-content')).toContainText(T.en.denied);
  expect(chunks).toEqual([]);
});
