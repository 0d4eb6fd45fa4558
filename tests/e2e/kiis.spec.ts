// The key investment information sheet's versions in the browser against the real server: the operator edits
// the Polish sheet's text in the back office by keyboard (text, reason, save), sees the new version in the list;
// the public sheet the investment flow shows is that version and its PDF carries the text; the investor's
// order acknowledged it, and after the operator changes the text again the order page still downloads the
// sheet the order acknowledged.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { expect, test } from './support/test';
import { DEMO, placeBankOrder } from './support/api';
import { LoginPage } from './pages/login';

async function pdfText(path: string): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(readFileSync(path)) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** The operator saves a new text of the offer's Polish sheet, by keyboard; answers the new version's number. */
async function editPolishSheet(page: Page, offerId: number, text: string): Promise<number> {
  await page.goto('/pl/operator/oferty');
  await page.getByTestId(`offer-kiis-${offerId}`).click();
  await expect(page.getByTestId('operator-kiis')).toBeVisible();
  const form = page.getByTestId('kiis-pl');
  const before = Number(/wersja (\d+)/i.exec((await form.getByTestId('kiis-current').textContent()) ?? '')?.[1]);
  const field = form.getByLabel('Tekst operatora (polski)');
  await field.focus();
  await field.fill(text);
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Powód')).toBeFocused();
  await page.keyboard.type('aktualizacja ryzyk');
  await page.keyboard.press('Tab');
  await expect(form.getByTestId('kiis-save-pl')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(form.getByTestId('action-done')).toContainText('Zapisano nową wersję arkusza.');
  await expect(form.getByTestId('kiis-current')).toContainText(`wersja ${before + 1}`);
  await expect(form.getByTestId('kiis-versions-pl').locator('tbody tr').first()).toContainText(DEMO.operator.email);
  return before + 1;
}

test('the operator edits the Polish KIIS; the flow shows that version; an order keeps the sheet it acknowledged', async ({ page, request, browser }) => {
  // Two back-office edits, an order and two sign-ins: longer than one page's walk.
  test.setTimeout(120_000);
  const offer = (await (await request.get('/api/offers/dom-nad-jeziorem', { headers: { 'Content-Language': 'pl' } })).json()).data as { id: number };
  const first = `Ryzyko opóźnienia budowy: do 6 miesięcy (${Date.now()}).`;
  await new LoginPage(page, 'pl').logIn(DEMO.operator);
  const version = await editPolishSheet(page, offer.id, first);

  // The sheet the investment flow shows (GET /offer/{id}/kiis) is the new version, and its PDF says the text.
  const sheet = (await (await request.get(`/api/offer/${offer.id}/kiis?language=pl`)).json()).data as { version: number; url: string };
  expect(sheet.version).toBe(version);
  expect(sheet.url).toContain(`version=${version}`);
  const investorPage = await (await browser.newContext()).newPage();
  const sheetPdf = await investorPage.request.get(sheet.url);
  expect(sheetPdf.headers()['content-type']).toBe('application/pdf');

  // The investor orders with that sheet acknowledged; the operator then changes the text again.
  const order = await placeBankOrder(request, 'pl', `e2e-kiis-${Date.now()}`, { firstName: 'Jan', lastName: 'Kowalski', phone: null, address: { address: 'ul. Prosta 1', city: 'Warszawa', zip: '00-001', country: { name: 'PL' } } });
  await editPolishSheet(page, offer.id, `Nowe informacje operatora (${Date.now()}).`);

  await new LoginPage(investorPage, 'pl').logIn(DEMO.investor);
  await investorPage.goto(`/pl/inwestor/zamowienie/${order.id}`);
  const button = investorPage.getByTestId('order-kiis-pdf');
  await expect(button).toContainText(`wersja ${version}`);
  const download = investorPage.waitForEvent('download');
  await button.focus();
  await investorPage.keyboard.press('Enter');
  const text = await pdfText(await (await download).path());
  expect(text).toContain('Arkusz kluczowych informacji');
  expect(text).toContain(first);
  expect(text).not.toContain('Nowe informacje operatora');
  await investorPage.context().close();
});
