import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { PDFParse } from 'pdf-parse';
import { DEMO, placeBankOrder } from './support/api';
import { LoginPage } from './pages/login';

// The investor area against the real server (issue: investor area; SPEC §2 "Investor area"), in Polish and
// English: the demo investor invests through the API (the flow's own screens have their spec), then sees
// the dashboard, the portfolio, the order with its history and how to pay, the orders filter, the
// transactions with a CSV export, and downloads the order confirmation PDF, whose text is checked.

const T = {
  pl: {
    dashboard: '/pl/inwestor',
    portfolio: '/pl/inwestor/portfel',
    orders: '/pl/inwestor/zamowienia',
    transactions: '/pl/inwestor/transakcje',
    documents: '/pl/inwestor/dokumenty',
    owed: 'Do zapłaty teraz',
    pending: 'Oczekujące',
    created: 'Złożenie zamówienia',
    exportTransactions: 'Eksport transakcji (CSV)',
    pdfTitle: 'Potwierdzenie złożenia zamówienia',
    pdfPolish: 'Liczba udziałów',
    csvHead: 'Data;Numer zamówienia;',
    ownTip: 'Dokument wystawiony dla Ciebie',
  },
  en: {
    dashboard: '/en/investor',
    portfolio: '/en/investor/portfolio',
    orders: '/en/investor/orders',
    transactions: '/en/investor/transactions',
    documents: '/en/investor/documents',
    owed: 'To pay now',
    pending: 'Pending',
    created: 'Order placed',
    exportTransactions: 'Export transactions (CSV)',
    pdfTitle: 'Order confirmation',
    pdfPolish: 'Giżycko',
    csvHead: 'Date,Order reference,',
    ownTip: 'Issued to you',
  },
} as const;

const invest = (request: APIRequestContext, language: 'pl' | 'en') =>
  placeBankOrder(request, language, `e2e-investor-area-${language}`, { firstName: 'Anna', lastName: 'Żółkiewska', phone: null, address: { address: 'ul. Źródlana 5', city: 'Łódź', zip: '90-001', country: { name: 'PL' } } });

const logIn = (page: Page, language: 'pl' | 'en') => new LoginPage(page, language).logIn(DEMO.investor);

async function pdfText(path: string): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(readFileSync(path)) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

for (const language of ['pl', 'en'] as const) {
  test(`investor area in ${language}: dashboard, portfolio, order with history, transactions CSV, PDF`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const t = T[language];
    const order = await invest(request, language);
    await logIn(page, language);

    // Dashboard: what is owed now (the new order, with its countdown), previous investments with a count.
    await page.goto(t.dashboard);
    const owed = page.getByTestId('dashboard-owed');
    await expect(owed.getByRole('heading', { name: t.owed })).toBeVisible();
    const mine = owed.getByTestId('owed-order').filter({ hasText: order.reference });
    await expect(mine).toBeVisible();
    await expect(mine.getByTestId('countdown')).toBeVisible();
    await expect(page.getByTestId('investments-count')).toHaveText(/\d/);
    await expect(page.getByTestId('dashboard-investment').first()).toBeVisible();

    // Portfolio: at least the two seeded offers, with the allocation chart (victory, loaded here).
    await page.goto(t.portfolio);
    await expect(page.getByTestId('portfolio-item').nth(1)).toBeVisible();
    await expect(page.getByTestId('allocation-chart')).toBeVisible();

    // Single investment of a nested slug.
    await page.getByTestId('portfolio-item').getByRole('link').first().click();
    await expect(page.getByTestId('page-investment')).toBeVisible();
    await expect(page.getByTestId('invested-amount')).toBeVisible();

    // Orders filtered by status: the new order is among the pending ones.
    await page.goto(`${t.orders}?status=new`);
    await expect(page.getByTestId('status-filter')).toHaveValue('new');
    const row = page.getByTestId('order-row').filter({ hasText: order.reference });
    await expect(row).toBeVisible();
    for (const status of await page.getByTestId('order-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-status')))) {
      expect(status).toBe('new');
    }

    // The order: its history, countdown, how to pay (bank details, QR).
    await row.getByRole('link', { name: order.reference }).click();
    await expect(page.getByTestId('order-reference')).toHaveText(order.reference);
    await expect(page.getByTestId('history-entry').first()).toContainText(t.created);
    await expect(page.getByTestId('order-deadline').getByTestId('countdown')).toBeVisible();
    await expect(page.getByTestId('bank-title')).toContainText(order.reference);
    await expect(page.getByTestId('transfer-qr')).toBeVisible();

    // The order confirmation PDF: downloaded, its text carries the reference and Polish letters.
    const pdfDownload = page.waitForEvent('download');
    await page.getByTestId('order-confirmation-pdf').click();
    const pdf = await pdfDownload;
    expect(pdf.suggestedFilename()).toMatch(new RegExp(`${order.reference}\\.pdf$`));
    const text = await pdfText(await pdf.path());
    expect(text).toContain(order.reference);
    expect(text).toContain(t.pdfTitle);
    expect(text).toContain(t.pdfPolish);
    expect(text).toContain('Żółkiewska');

    // Transactions, both methods among the demo investor's, and the CSV export (BOM, language separators).
    await page.goto(t.transactions);
    await expect(page.getByTestId('transaction-row').filter({ hasText: order.reference })).toBeVisible();
    await expect(page.locator('[data-testid="transaction-row"][data-method="PayPal"]').first()).toBeVisible();
    const csvDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: t.exportTransactions }).click();
    const csv = readFileSync(await (await csvDownload).path());
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csvText = csv.toString('utf8').slice(1);
    expect(csvText.startsWith(t.csvHead)).toBe(true);
    expect(csvText).toContain(order.reference);

    // Documents: the order's confirmation is among the investor's own, with its tooltip.
    await page.goto(t.documents);
    const own = page.getByTestId('own-documents').getByTestId('document').filter({ hasText: order.reference });
    await expect(own.first()).toBeVisible();
    await expect(own.first().locator('[title]').first()).toHaveAttribute('title', t.ownTip);
    await expect(page.getByTestId('general-documents').getByTestId('document').first()).toBeVisible();
  });
}
