import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { formatMoney } from '../../lib/format';
import { camt053 } from '../support/statements';
import { apiLogin, DEMO } from './support/api';
import { LoginPage } from './pages/login';
import { DistributionForm, OPERATOR_PATHS, StatementImport } from './pages/operator';
import { expect, test } from './support/test';

// The money loop's second half in a real browser, in Polish and English: the first operator declares a
// rental-income distribution for the funded demo offer (amount typed in złoty) and sees each holder's gross,
// tax and net; their own approval is refused (four eyes); the second operator opens it from the list and
// approves it, creates the bank payment file and downloads it (pain.001.001.03 XML), and finds it among the
// earlier files; the bank's statement (camt.053, built here from the file's transfers as debits) is imported
// and every payout of the file becomes executed; the demo investor then sees the payout, with the tax withheld,
// on their Payouts page, the income in the portfolio (the offer's card and the totals), the income and the tax
// withheld in the transactions, and the year's statement PDF listing distributions with gross, tax and net.

const OPERATOR2 = { email: 'operator2@example.com', password: 'Operator123' };

const T = {
  pl: {
    ...OPERATOR_PATHS.pl,
    portfolio: '/pl/inwestor/portfel',
    transactions: '/pl/inwestor/transakcje',
    documents: '/pl/inwestor/dokumenty',
    statementTitle: 'Roczne zestawienie',
    statementDistributions: 'Wypłaty dochodu i zwroty kapitału w roku',
    investorPayouts: '/pl/inwestor/wyplaty',
    amount: '1 234,56',
    amountShown: /1\s234,56\s*zł/,
    period: ['2026-01-01', '2026-03-31'],
    fourEyes: 'Zatwierdzić musi inny operator niż autor',
    approved: 'Zatwierdzona: część netto każdego posiadacza jest wypłatą (zob. Wypłaty).',
    payoutsTitle: 'Wypłaty',
    kind: 'Przychód z najmu',
  },
  en: {
    ...OPERATOR_PATHS.en,
    portfolio: '/en/investor/portfolio',
    transactions: '/en/investor/transactions',
    documents: '/en/investor/documents',
    statementTitle: 'Yearly statement',
    statementDistributions: 'Income and capital paid out in the year',
    investorPayouts: '/en/investor/payouts',
    amount: '2000.10',
    amountShown: /PLN\s2,000\.10/,
    period: ['2026-04-01', '2026-06-30'],
    fourEyes: 'Another operator than the author must approve',
    approved: "Approved: each holder's net part is a payout (see Payouts).",
    payoutsTitle: 'Payouts',
    kind: 'Rental income',
  },
} as const;

/** Today in Polish time, the record date (holders at the end of today). */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(new Date());

/** The transfers of a pain.001 file: each one's end-to-end id (the payout's reference) and amount in grosze. */
function transfersOf(xml: string): { reference: string; amount: number }[] {
  return [...xml.matchAll(/<CdtTrfTxInf>([\s\S]*?)<\/CdtTrfTxInf>/g)].map(([, block]) => {
    const reference = /<EndToEndId>([^<]+)<\/EndToEndId>/.exec(block)![1];
    const [zl, gr] = /<InstdAmt Ccy="PLN">([\d.]+)<\/InstdAmt>/.exec(block)![1].split('.');
    return { reference, amount: Number(zl) * 100 + Number((gr ?? '0').padEnd(2, '0')) };
  });
}

async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

interface Realised {
  incomeGross: number;
  taxWithheld: number;
  incomeNet: number;
}

/** The demo investor's portfolio figures: the offer's and the totals. */
async function realisedOf(request: APIRequestContext, offerId: number): Promise<{ offer: Realised; totals: Realised; slug: { pl: string; en: string } }> {
  const token = await apiLogin(request, DEMO.investor.email, DEMO.investor.password);
  const answer = (await (await request.get('/api/investment?pagination[pageSize]=100', { headers: { Authorization: `Bearer ${token}` } })).json()).data;
  const item = answer.items.find((i: { offer: { id: number } }) => i.offer.id === offerId);
  return { offer: item.realised, totals: answer.totals.realised, slug: item.offer.slug };
}

async function signedIn(browser: Browser, language: 'pl' | 'en', who: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await new LoginPage(page, language).logIn(who);
  return page;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  // The pain.001 file pays to the account in the investor's settings.
  const token = await apiLogin(request, DEMO.investor.email, DEMO.investor.password);
  const answer = await request.patch('/api/investor', {
    headers: { Authorization: `Bearer ${token}` },
    data: { bank: { country: 'PL', bankName: 'Bank Testowy', accountNumber: '61 1090 1014 0000 0712 1981 2874' } },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
});

for (const language of ['pl', 'en'] as const) {
  test(`declare, approve by a second operator, pay by file, the investor sees it (${language})`, async ({ browser, request }) => {
    // Three people, a bank file, a statement and four screens of the investor's: longer than a single screen's test.
    test.setTimeout(240_000);
    const L = T[language];
    const token = await apiLogin(request, DEMO.operator.email, DEMO.operator.password);
    const offers = (await (await request.get('/api/operator/offers', { headers: { Authorization: `Bearer ${token}` } })).json()).data as { id: number; key: string }[];
    const offer = offers.find((o) => o.key === 'kamienica-krakow')!;
    expect(offer).toBeTruthy();

    // The author declares.
    const author = await signedIn(browser, language, DEMO.operator);
    await author.goto(L.distributions);
    const form = new DistributionForm(author);
    await form.fill({ offer: String(offer.id), kind: 'rental_income', periodFrom: L.period[0], periodTo: L.period[1], recordDate: today(), amount: L.amount, reason: 'e2e' });
    const declared = author.waitForResponse((r) => r.url().endsWith('/api/operator/distributions') && r.request().method() === 'POST');
    await form.submit.click();
    const answer = await declared;
    expect(answer.ok()).toBe(true);
    const detail = (await answer.json()).data as { id: number; allocations: { email: string; gross: number; tax: number; net: number }[] };
    const id = detail.id;
    const part = detail.allocations.find((a) => a.email === DEMO.investor.email)!;
    // income: 19 % withheld
    expect(part.tax).toBeGreaterThan(0);
    expect(part.gross - part.tax).toBe(part.net);
    const review = author.getByTestId('distribution-review');
    await expect(review).toHaveAttribute('data-status', 'awaiting_approval');
    await expect(author.getByTestId('distribution-gross')).toHaveText(L.amountShown);
    await expect(author.getByTestId('distribution-allocations')).toContainText(DEMO.investor.email);
    // Focus moved to the result for keyboard and screen-reader users.
    await expect(review.locator('h2')).toBeFocused();

    // Four eyes: the author's own approval is refused, clearly.
    await author.getByTestId('distribution-approve').click();
    const refusal = author.getByTestId('distribution-approve-error');
    await expect(refusal).toHaveAttribute('data-code', 'DISTRIBUTION_FOUR_EYES');
    await expect(refusal).toContainText(L.fourEyes);
    await author.context().close();

    // The second operator approves it from the list, then pays it by file.
    const approver = await signedIn(browser, language, OPERATOR2);
    await approver.goto(L.distributions);
    await approver.getByTestId(`distribution-open-${id}`).click();
    await expect(approver.getByTestId('distribution-review')).toHaveAttribute('data-status', 'awaiting_approval');
    await approver.getByTestId('distribution-approve').press('Enter');
    await expect(approver.getByTestId('distribution-approved')).toHaveText(L.approved);
    await expect(approver.getByTestId('distribution-approved-by')).toHaveText(OPERATOR2.email);

    await approver.goto(L.payouts);
    await approver.getByTestId('payout-file-create').click();
    await expect(approver.getByTestId('payout-file-created')).toBeVisible();
    const downloading = approver.waitForEvent('download');
    await approver.getByTestId('payout-file-download').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.xml$/);
    const xml = await readFile((await download.path())!, 'utf8');
    expect(xml).toMatch(/^<\?xml/);
    expect(xml).toContain('urn:iso:std:iso:20022:tech:xsd:pain.001.001.03');
    await expect(approver.locator('[data-testid="payouts-list"] tr[data-status="exported"]').first()).toBeVisible();
    const transfers = transfersOf(xml);
    const messageId = /<MsgId>([^<]+)<\/MsgId>/.exec(xml)![1];
    // The file is listed among the earlier ones with its count, total and author, and downloads again.
    const listed = approver.locator(`[data-testid="payout-files-list"] tr[data-message-id="${messageId}"]`);
    await expect(listed.getByTestId('payout-file-count')).toHaveText(String(transfers.length));
    await expect(listed.getByTestId('payout-file-total')).toHaveText(formatMoney(transfers.reduce((sum, x) => sum + x.amount, 0), language));
    await expect(listed.getByTestId('payout-file-created-by')).toHaveText(OPERATOR2.email);
    const again = approver.waitForEvent('download');
    await listed.getByRole('button').click();
    expect(await readFile((await (await again).path())!, 'utf8')).toBe(xml);

    // The demo investor's payout of this distribution, by the operator's list.
    const operatorToken = await apiLogin(request, DEMO.operator.email, DEMO.operator.password);
    const exported = (await (await request.get('/api/operator/payouts?status=exported&pagination[pageSize]=100', { headers: { Authorization: `Bearer ${operatorToken}` } })).json()).data
      .items as { reference: string; email: string; distributionId: number | null; amount: number }[];
    const mine = exported.find((p) => p.distributionId === id && p.email === DEMO.investor.email)!;
    expect(mine.amount).toBe(part.net);
    const before = await realisedOf(request, offer.id);

    // The bank's statement comes back with every transfer of the file as a debit: imported, each payout executed.
    const stamp = `${language}-${Date.now()}`;
    const statement = camt053({
      id: `PAYOUTS-${stamp}`,
      lines: transfers.map((x, i) => ({ ref: `PAYOUT-${stamp}-${i}`, amount: x.amount, direction: 'DBIT' as const, title: `${x.reference} Wyplata`, endToEndId: x.reference, payerName: 'Estate Shares' })),
    });
    await approver.goto(L.statements);
    const statements = new StatementImport(approver);
    await statements.importFile(`wyciag-wyplaty-${stamp}.xml`, statement);
    await expect(statements.summary).toBeVisible();
    await expect(approver.locator('[data-testid="statement-lines"] tr[data-outcome="matched"]')).toHaveCount(transfers.length);
    await approver.goto(L.payouts);
    await approver.getByTestId('payouts-status').selectOption('executed');
    await expect(approver.locator(`[data-testid="payouts-list"] tr[data-reference="${mine.reference}"]`)).toHaveAttribute('data-status', 'executed');
    await approver.context().close();

    // The investor sees the payout, with the tax withheld.
    const investor = await signedIn(browser, language, DEMO.investor);
    // reached from the portfolio
    await investor.goto(L.portfolio);
    await investor.getByTestId('portfolio-payouts').click();
    await expect(investor).toHaveURL(new RegExp(`${L.investorPayouts}$`));
    await expect(investor.getByRole('heading', { level: 1, name: L.payoutsTitle })).toBeVisible();
    const row = investor.locator(`[data-testid="payout-row"][data-reference="${mine.reference}"]`);
    await expect(row).toHaveAttribute('data-status', 'executed');
    await expect(row).toContainText(L.kind);
    await expect(row.getByTestId('payout-net')).toHaveText(formatMoney(part.net, language));
    await expect(row.getByTestId('payout-gross')).toHaveText(formatMoney(part.gross, language));
    await expect(row.getByTestId('payout-tax')).toHaveText(formatMoney(part.tax, language));

    // The portfolio: the offer's income and the totals grew by this part, gross, tax and net.
    await investor.goto(L.portfolio);
    const card = investor.locator('[data-testid="portfolio-item"]', { has: investor.locator(`h2 a[href$="/${before.slug[language]}"]`) });
    const totals = investor.getByTestId('portfolio-totals');
    for (const [where, was] of [
      [card, before.offer],
      [totals, before.totals],
    ] as const) {
      await expect(where.getByTestId('income-gross')).toHaveText(formatMoney(was.incomeGross + part.gross, language));
      await expect(where.getByTestId('tax-withheld')).toHaveText(formatMoney(was.taxWithheld + part.tax, language));
      await expect(where.getByTestId('income-net')).toHaveText(formatMoney(was.incomeNet + part.net, language));
    }
    await expect(investor.getByTestId('timeline-chart')).toBeVisible();

    // The transactions: the income (gross) and the tax withheld from it, each an entry, paid.
    await investor.goto(L.transactions);
    const flow = (type: string) => investor.locator(`[data-testid="cash-flow-row"][data-reference="${mine.reference}"][data-type="${type}"]`);
    await expect(flow('income')).toHaveAttribute('data-status', 'executed');
    await expect(flow('income').getByTestId('cash-flow-amount')).toHaveText(`+${formatMoney(part.gross, language)}`);
    await expect(flow('taxWithheld')).toHaveAttribute('data-status', 'executed');
    await expect(flow('taxWithheld').getByTestId('cash-flow-amount')).toHaveText(`−${formatMoney(part.tax, language)}`);

    // The yearly statement (finished years only: last year's, with the demo's distribution paid then) lists
    // each distribution with gross, tax and net, as its investor's payouts page shows them.
    const investorToken = await apiLogin(request, DEMO.investor.email, DEMO.investor.password);
    const paid = (await (await request.get('/api/investor/payouts?pagination[pageSize]=100', { headers: { Authorization: `Bearer ${investorToken}` } })).json()).data.items as {
      kind: string;
      executedAt: string | null;
      gross: number;
      tax: number;
      net: number;
    }[];
    const lastYear = new Date().getUTCFullYear() - 1;
    const earlier = paid.filter((p) => p.kind === 'distribution' && p.executedAt?.startsWith(String(lastYear)));
    expect(earlier.length).toBeGreaterThan(0);
    await investor.goto(L.documents);
    const document = investor.locator('[data-testid="document"]', { hasText: `${L.statementTitle}` }).filter({ hasText: String(lastYear) });
    const pdf = investor.waitForEvent('download');
    await document.getByTestId('document-download').click();
    // (spaces compared as spaces: the PDF's text gives a no-break space back as a plain one)
    const spaces = (x: string) => x.replace(/[\u00a0\u202f]/g, ' ');
    const text = spaces(await pdfText(await readFile((await (await pdf).path())!)));
    expect(text).toContain(L.statementDistributions);
    for (const p of earlier) for (const amount of [p.gross, p.tax, p.net]) expect(text).toContain(spaces(formatMoney(amount, language)));
    await investor.context().close();
  });
}
