// Talks to the e2e server's API the way the operator's tools do: log in, then change site settings; places
// an investor's bank-transfer order through the API and lists an investor's orders (the login form is
// tests/e2e/pages/login.ts). Paths are relative: the request context's baseURL is the server (the storyboard's
// contexts get their own server's).
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO = {
  investor: { email: 'investor@example.com', password: 'Investor123', firstName: 'Anna' },
  operator: { email: 'operator@example.com', password: 'Operator123' },
  inactive: { email: 'inactive@example.com', password: 'Inactive123' },
};

interface TokenPair {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

/** POST /api/token with a password grant, as the SPA's login form sends it: the session's tokens. */
async function passwordGrant(request: APIRequestContext, email: string, password: string): Promise<TokenPair> {
  const response = await request.post('/api/token', {
    data: { grantType: 'password', email, password, clientId: 'web-spa', clientSecret: 'web-spa-secret' },
  });
  const body = await response.json();
  if (!response.ok()) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return body.data as TokenPair;
}

export async function apiLogin(request: APIRequestContext, email: string, password: string): Promise<string> {
  return (await passwordGrant(request, email, password)).accessToken;
}

export interface OrderSummary {
  id: string;
  reference: string;
  method: string;
}

/** `who`'s orders in `status` (GET /api/order, up to 100), as the investor's orders page lists them. */
export async function investorOrders(request: APIRequestContext, status: string, who = DEMO.investor): Promise<OrderSummary[]> {
  const token = await apiLogin(request, who.email, who.password);
  const response = await request.get(`/api/order?status=${status}&pagination[pageSize]=100`, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok()) throw new Error(`orders of ${who.email}: ${response.status()} ${await response.text()}`);
  return (await response.json()).data.items as OrderSummary[];
}

/** Turns the user-facing maintenance flag on or off through the operator's endpoint. */
export async function setMaintenance(request: APIRequestContext, on: boolean): Promise<void> {
  const token = await apiLogin(request, DEMO.operator.email, DEMO.operator.password);
  const response = await request.patch('/api/operator/site-settings', {
    headers: { Authorization: `Bearer ${token}` },
    data: { maintenanceMode: on },
  });
  if (!response.ok()) throw new Error(`could not set maintenance: ${response.status()} ${await response.text()}`);
}

export interface InvestorData {
  firstName: string;
  lastName: string;
  phone: string | null;
  address: { address: string; city: string; zip: string; country: { name: string } };
}

/** The hash of the offer's current key investment information sheet in a language (POST /api/investment needs it). */
export async function kiisHash(request: APIRequestContext, offerId: number, language: 'pl' | 'en'): Promise<string> {
  const answer = await request.get(`/api/offer/${offerId}/kiis?language=${language}`);
  expect(answer.status()).toBe(200);
  return (await answer.json()).data.hash as string;
}

/**
 * The demo investor places a bank-transfer order through the API: `dom-nad-jeziorem`, its first open series
 * with shares left, the series' minimum quantity, every agreement accepted. `key` makes the Idempotency-Key.
 */
export async function placeBankOrder(request: APIRequestContext, language: 'pl' | 'en', key: string, investorData: InvestorData) {
  const token = await apiLogin(request, DEMO.investor.email, DEMO.investor.password);
  const headers = { Authorization: `Bearer ${token}`, 'Content-Language': language };
  const offer = (await (await request.get('/api/offers/dom-nad-jeziorem', { headers })).json()).data;
  const series = offer.series.find((s: { isOpen: boolean; availableShares: number }) => s.isOpen && s.availableShares > 0);
  const methods = (await (await request.get('/api/transaction', { headers })).json()).data.methods;
  const bank = methods.find((m: { codeName: string }) => m.codeName === 'BankTransfer');
  const answer = await request.post('/api/investment', {
    headers: { ...headers, 'Idempotency-Key': `${key}-${Date.now()}` },
    data: {
      method: bank.id,
      offer: offer.id,
      series: series.id,
      quantity: Math.max(1, series.minStocks),
      thankYouPageUrlPattern: `http://localhost/${language}/invest/{orderId}`,
      investorData,
      agreements: offer.agreements.map((a: { id: number }) => ({ id: a.id, isAccepted: true })),
      kiisHash: await kiisHash(request, offer.id, language),
    },
  });
  const body = await answer.json();
  expect(answer.status(), JSON.stringify(body)).toBe(201);
  return { id: body.data.order.id as string, reference: body.data.order.reference as string, total: body.data.order.totalPrice as number, token };
}

/**
 * Signs `who` in through the API and has every page `page` opens start as a browser that holds that session: the
 * tokens in local storage and the cookie that tells the server a session exists, as the login page leaves them.
 */
export async function holdSession(page: Page, request: APIRequestContext, who = DEMO.investor): Promise<void> {
  const { accessToken, refreshToken, expiresIn } = await passwordGrant(request, who.email, who.password);
  await page.addInitScript(
    ({ accessToken, refreshToken, expiresAt }) => {
      localStorage.setItem('accessToken', accessToken);
      localStorage.setItem('refreshToken', refreshToken);
      localStorage.setItem('expiresAt', String(expiresAt));
      localStorage.setItem('isLoggedIn', 'true');
    },
    { accessToken, refreshToken, expiresAt: Date.now() + expiresIn * 1000 },
  );
  await page.context().addCookies([{ name: 'isLoggedIn', value: 'true', url: test.info().project.use.baseURL! }]);
}
