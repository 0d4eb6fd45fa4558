import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { apiLogin, DEMO, investorOrders } from './support/api';
import { InvestFlow } from './pages/investFlow';
import { homeOf, LoginPage, type Language } from './pages/login';
import { PayPalPeer, PEER_PAGE } from './pages/paypalPeer';
import { PayPalReturn } from './pages/paypalReturn';

// PayPal against the real server and its local PayPal peer (issue: PayPal; docs/api.md "PayPal"), in pl and
// en. The investor picks PayPal at the flow's payment step, the browser goes to the peer's approval page
// (served by the same server under /paypal-peer, with PayPal's return links on the browser's origin), and
// comes back to the return page, whose chart (machines/paypalReturn.machine.ts) shows the server's answer:
// paid; cancelled with retry and "switch to bank transfer"; declined card → back to PayPal; and a payer who
// closes the tab after approving, whose order is paid by PayPal's webhook alone.

const T = {
  pl: {
    peerBanner: 'TESTOWY ODPOWIEDNIK PAYPAL',
    declinedBefore: 'Poprzednia karta została odrzucona',
    paidTitle: 'Dziękujemy! Zamówienie jest opłacone',
    paidStatus: 'Opłacone',
    cancelledTitle: 'Płatność została anulowana',
    declinedTitle: 'Płatność została odrzucona',
    bankTransferTitle: 'Zmieniono płatność na przelew bankowy: opłać zamówienie, korzystając z danych poniżej.',
    order: (id: string) => `/pl/inwestor/zamowienie/${id}`,
  },
  en: {
    peerBanner: 'PAYPAL TEST PEER',
    declinedBefore: 'The previous card was declined',
    paidTitle: 'Thank you! Your order is paid',
    paidStatus: 'Paid',
    cancelledTitle: 'The payment was cancelled',
    declinedTitle: 'Your payment was declined',
    bankTransferTitle: 'You switched to bank transfer: pay this order with the details below.',
    order: (id: string) => `/en/investor/order/${id}`,
  },
} as const;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** The SPA's return route with PayPal's query: /pl/inwestuj/{slug}/{orderId}, /en/invest/{slug}/{orderId}. */
const returnUrl = (language: Language, kind: 'return' | 'cancel') =>
  new RegExp(`/${language}/${language === 'pl' ? 'inwestuj' : 'invest'}/[^/]+/(${UUID})\\?paypal=${kind}&token=[A-Z0-9]+`);

/** The demo investor signed in through the login form, on the home page. */
const logIn = (page: Page, language: Language) => new LoginPage(page, language).logIn(DEMO.investor, homeOf(language));

/** The payment step with PayPal chosen → "pay" → the peer's approval page; answers the PayPal order id. */
async function payWithPayPal(page: Page, language: Language, shares = 1): Promise<string> {
  const flow = new InvestFlow(page, language);
  await flow.walkToPayment(shares);
  const paypal = flow.method('PayPal');
  await paypal.check();
  await expect(paypal).toBeChecked();
  await flow.payButton.click();
  return onPeerPage(page, language);
}

/** On the peer's approval page: clearly marked as the test peer, in the order's language. */
async function onPeerPage(page: Page, language: Language): Promise<string> {
  await expect(page).toHaveURL(PEER_PAGE, { timeout: 15_000 });
  await expect(page.getByRole('note')).toContainText(T[language].peerBanner);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  return PEER_PAGE.exec(page.url())![1];
}

/** The order id of the return page's address. */
function orderIdOf(page: Page, language: Language, kind: 'return' | 'cancel' = 'return'): string {
  return returnUrl(language, kind).exec(page.url())![1];
}

async function expectPaid(page: Page, language: Language) {
  const t = T[language];
  await expect(page).toHaveURL(returnUrl(language, 'return'), { timeout: 15_000 });
  const paid = page.getByTestId('paypal-paid');
  await expect(paid).toBeVisible({ timeout: 15_000 });
  await expect(paid.getByRole('heading', { level: 1 })).toHaveText(t.paidTitle);
  await expect(page.getByTestId('paypal-order-status')).toHaveText(t.paidStatus);
}

async function orderOverApi(request: APIRequestContext, orderId: string) {
  const token = await apiLogin(request, DEMO.investor.email, DEMO.investor.password);
  const response = await request.get(`/api/order/${orderId}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return (await response.json()).data as {
    status: string;
    method: string;
    reference: string;
    transactions: { status: string; method: string }[];
    history: { from: string | null; to: string; actor: string; reason: string }[];
  };
}

/** Exactly one paid PayPal transaction and one `new → paid` entry by PayPal: nothing was charged twice. */
async function expectPaidOnce(request: APIRequestContext, orderId: string) {
  const order = await orderOverApi(request, orderId);
  expect(order.status).toBe('paid');
  expect(order.method).toBe('PayPal');
  expect(order.transactions.filter((tx) => tx.status === 'paid')).toHaveLength(1);
  const toPaid = order.history.filter((h) => h.to === 'paid');
  expect(toPaid).toHaveLength(1);
  expect(toPaid[0]).toMatchObject({ from: 'new', actor: 'paypal' });
  return order;
}

/** The investor's order page shows it paid (status badge), without "how to pay" any more. */
async function expectOrderPagePaid(page: Page, language: Language, orderId: string, reference: string) {
  await page.goto(T[language].order(orderId));
  await expect(page.getByTestId('order-reference')).toHaveText(reference);
  await expect(page.getByTestId('page-order').getByTestId('status-badge').first()).toHaveAttribute('data-status', 'paid');
  await expect(page.getByTestId('paypal-retry')).toHaveCount(0);
  await expect(page.locator('[data-testid="history-entry"][data-to="paid"]')).toHaveCount(1);
}

for (const language of ['pl', 'en'] as const) {
  const t = T[language];

  test.describe(`PayPal (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      test.setTimeout(90_000);
      await logIn(page, language);
    });

    test('invest with PayPal → approval page → pay → thank-you with the paid order', async ({ page, request }) => {
      await payWithPayPal(page, language, 2);
      await new PayPalPeer(page, language).decide('pay');
      await expectPaid(page, language);
      const orderId = orderIdOf(page, language);
      await expect(page.getByTestId('paypal-order')).toContainText('2');
      const order = await expectPaidOnce(request, orderId);
      await expect(page.getByTestId('paypal-order')).toContainText(order.reference);

      // a reload of the return page asks again and shows the same answer, never a second capture
      await page.reload();
      await expect(page.getByTestId('paypal-paid')).toBeVisible({ timeout: 15_000 });
      await expectPaidOnce(request, orderId);

      await expectOrderPagePaid(page, language, orderId, order.reference);
    });

    test('cancel on PayPal → cancelled with retry and bank transfer → retry → pay → paid', async ({ page, request }) => {
      const first = await payWithPayPal(page, language);
      await new PayPalPeer(page, language).decide('cancel');
      await expect(page).toHaveURL(returnUrl(language, 'cancel'), { timeout: 15_000 });
      const orderId = orderIdOf(page, language, 'cancel');
      const back = new PayPalReturn(page, language);
      const cancelled = back.in('cancelled');
      await expect(cancelled).toBeVisible({ timeout: 15_000 });
      await expect(cancelled.getByRole('heading', { level: 1 })).toHaveText(t.cancelledTitle);
      await expect(back.button('cancelled', 'bankTransfer')).toBeVisible();
      expect((await orderOverApi(request, orderId)).status).toBe('new');

      await back.button('cancelled', 'retry').click();
      const second = await onPeerPage(page, language);
      expect(second).not.toBe(first); // a new PayPal order for the same order
      await new PayPalPeer(page, language).decide('pay');
      await expectPaid(page, language);
      expect(orderIdOf(page, language)).toBe(orderId);
      const order = await expectPaidOnce(request, orderId);
      // the cancelled attempt is rejected, the retried one paid
      expect(order.transactions.map((tx) => tx.status).sort()).toEqual(['paid', 'rejected']);
      await expectOrderPagePaid(page, language, orderId, order.reference);
    });

    test('cancel on PayPal → switch to bank transfer → bank details', async ({ page, request }) => {
      await payWithPayPal(page, language);
      await new PayPalPeer(page, language).decide('cancel');
      await expect(page).toHaveURL(returnUrl(language, 'cancel'), { timeout: 15_000 });
      const orderId = orderIdOf(page, language, 'cancel');
      const back = new PayPalReturn(page, language);
      await back.button('cancelled', 'bankTransfer').click();
      const bank = back.in('bankTransfer');
      await expect(bank).toBeVisible({ timeout: 15_000 });
      await expect(page.getByTestId('paypal-switched')).toHaveText(t.bankTransferTitle);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      const order = await orderOverApi(request, orderId);
      expect(order.status).toBe('new');
      expect(order.method).toBe('BankTransfer');
      await expect(bank.getByTestId('bank-title')).toContainText(order.reference);
    });

    test('declined card → back to PayPal to choose another funding source → pay → paid', async ({ page, request }) => {
      const paypalOrder = await payWithPayPal(page, language);
      await new PayPalPeer(page, language).decide('declined-card');
      await expect(page).toHaveURL(returnUrl(language, 'return'), { timeout: 15_000 });
      const orderId = orderIdOf(page, language);
      const back = new PayPalReturn(page, language);
      const declined = back.in('declined');
      await expect(declined).toBeVisible({ timeout: 15_000 });
      await expect(declined.getByRole('heading', { level: 1 })).toHaveText(t.declinedTitle);
      expect((await orderOverApi(request, orderId)).status).toBe('new');

      await back.button('declined', 'backToPayPal').click();
      // the same PayPal order, as PayPal prescribes after INSTRUMENT_DECLINED
      expect(await onPeerPage(page, language)).toBe(paypalOrder);
      await expect(page.getByRole('alert')).toContainText(t.declinedBefore);
      await new PayPalPeer(page, language).decide('pay');
      await expectPaid(page, language);
      const order = await expectPaidOnce(request, orderId);
      await expectOrderPagePaid(page, language, orderId, order.reference);
    });

    test('left PayPal without paying → the order page\'s "pay with PayPal again" → pay → paid', async ({ page, request }) => {
      const first = await payWithPayPal(page, language);
      const mine = await investorOrders(request, 'new');
      const { id: orderId, reference } = mine.find((o) => o.method === 'PayPal')!;
      // the investor walks away from PayPal's page to the order, which offers to pay it with PayPal again
      await page.goto(T[language].order(orderId));
      await expect(page.getByTestId('order-reference')).toHaveText(reference);
      await expect(page.getByTestId('page-order').getByTestId('status-badge').first()).toHaveAttribute('data-status', 'new');
      await page.getByTestId('paypal-retry').getByRole('link').click();
      // the return page without PayPal's token: the newest attempt was never approved
      const back = new PayPalReturn(page, language);
      const cancelled = back.in('cancelled');
      await expect(cancelled).toBeVisible({ timeout: 15_000 });
      await expect(cancelled).toContainText(reference);
      await expect(back.button('cancelled', 'bankTransfer')).toBeVisible();
      await back.button('cancelled', 'retry').click();
      expect(await onPeerPage(page, language)).not.toBe(first);
      await new PayPalPeer(page, language).decide('pay');
      await expectPaid(page, language);
      expect(orderIdOf(page, language)).toBe(orderId);
      await expectPaidOnce(request, orderId);
    });

    test('the tab is closed after approving: the webhook alone makes the order paid', async ({ page, context, request }) => {
      const paypalOrder = await payWithPayPal(page, language);
      // The payer approves, but the browser never loads the return page: the peer's redirect back (303 to the
      // return URL) is stopped, and the tab is closed.
      let backTo = '';
      await page.route(`**/paypal-peer/checkoutnow/${paypalOrder}`, async (route) => {
        const response = await route.fetch({ maxRedirects: 0 });
        backTo = response.headers()['location'] ?? '';
        await route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>closing</title><p>closing</p>' });
      });
      const returnPage: string[] = [];
      context.on('request', (r) => {
        if (r.url().includes('/paypal/return')) returnPage.push(r.url());
      });
      await new PayPalPeer(page, language).decide('pay');
      await expect(page.locator('p')).toHaveText('closing');
      expect(backTo).toMatch(returnUrl(language, 'return'));
      const orderId = returnUrl(language, 'return').exec(backTo)![1];
      await page.close();

      // PayPal's CHECKOUT.ORDER.APPROVED webhook: the server captures on its own (bounded wait)
      await expect
        .poll(async () => (await orderOverApi(request, orderId)).status, { timeout: 30_000, intervals: [250, 500, 1000] })
        .toBe('paid');
      const order = await expectPaidOnce(request, orderId);
      expect(returnPage).toEqual([]); // nobody asked the return page
      const again = await context.newPage();
      await expectOrderPagePaid(again, language, orderId, order.reference);
    });
  });
}

test('the return page of an order that is not the investor\'s: an error, nothing shown of it', async ({ page }) => {
  // the server answers 404 NOT_FOUND for an unknown order exactly as for another investor's (docs/api.md "PayPal")
  await logIn(page, 'en');
  await page.goto(`/en/invest/green-terraces/00000000-0000-4000-8000-000000000000?paypal=return&token=NOPE`);
  const error = page.getByTestId('paypal-error');
  await expect(error).toBeVisible({ timeout: 15_000 });
  await expect(error.getByRole('alert')).not.toBeEmpty();
  await expect(page.getByTestId('paypal-order')).toHaveCount(0);
});
