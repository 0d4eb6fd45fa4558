import { expect, test, type Browser, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { formatMoney } from '../../lib/format';
import { apiLogin, DEMO, logInThroughForm } from './support/api';

// The money loop's second half in a real browser, in Polish and English: the first operator declares a
// rental-income distribution for the funded demo offer (amount typed in złoty) and sees each holder's gross,
// tax and net; their own approval is refused (four eyes); the second operator opens it from the list and
// approves it, creates the bank payment file and downloads it (pain.001.001.03 XML); the demo investor then
// sees the payout, with the tax withheld, on their Payouts page, reached from the portfolio.

const OPERATOR2 = { email: 'operator2@example.com', password: 'Operator123' };

const T = {
  pl: {
    login: '/pl/logowanie',
    distributions: '/pl/operator/dystrybucje',
    payouts: '/pl/operator/wyplaty',
    portfolio: '/pl/inwestor/portfel',
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
    login: '/en/login',
    distributions: '/en/operator/distributions',
    payouts: '/en/operator/payouts',
    portfolio: '/en/investor/portfolio',
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

async function signedIn(browser: Browser, language: 'pl' | 'en', who: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logInThroughForm(page, T[language].login, who);
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
    const L = T[language];
    const token = await apiLogin(request, DEMO.operator.email, DEMO.operator.password);
    const offers = (await (await request.get('/api/operator/offers', { headers: { Authorization: `Bearer ${token}` } })).json()).data as { id: number; key: string }[];
    const offer = offers.find((o) => o.key === 'kamienica-krakow')!;
    expect(offer).toBeTruthy();

    // The author declares.
    const author = await signedIn(browser, language, DEMO.operator);
    await author.goto(L.distributions);
    await author.getByTestId('distribution-offerId').selectOption(String(offer.id));
    await author.getByTestId('distribution-kind').selectOption('rental_income');
    await author.getByTestId('distribution-periodFrom').fill(L.period[0]);
    await author.getByTestId('distribution-periodTo').fill(L.period[1]);
    await author.getByTestId('distribution-recordDate').fill(today());
    await author.getByTestId('distribution-amount').fill(L.amount);
    await author.getByTestId('distribution-reason').fill('e2e');
    const declared = author.waitForResponse((r) => r.url().endsWith('/api/operator/distributions') && r.request().method() === 'POST');
    await author.getByTestId('distribution-submit').click();
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
    await approver.context().close();

    // The investor sees the payout, with the tax withheld.
    const investor = await signedIn(browser, language, DEMO.investor);
    // reached from the portfolio
    await investor.goto(L.portfolio);
    await investor.getByTestId('portfolio-payouts').click();
    await expect(investor).toHaveURL(new RegExp(`${L.investorPayouts}$`));
    await expect(investor.getByRole('heading', { level: 1, name: L.payoutsTitle })).toBeVisible();
    const row = investor.locator('[data-testid="payout-row"][data-status="exported"]', { has: investor.getByTestId('payout-net').getByText(formatMoney(part.net, language), { exact: true }) });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(L.kind);
    await expect(row.getByTestId('payout-gross')).toHaveText(formatMoney(part.gross, language));
    await expect(row.getByTestId('payout-tax')).toHaveText(formatMoney(part.tax, language));
    await investor.context().close();
  });
}
