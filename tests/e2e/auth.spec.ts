import { expect, test } from './support/test';
import { DEMO } from './support/api';
import { E2E_ACCESS_TOKEN_TTL } from './support/env';
import { LoginPage } from './pages/login';

// Login, logout, guards and the token refresh after expiry, against the real API (SPEC §2, §4, §6).

test.describe('login', () => {
  test('required fields: both errors beside their fields, in Polish', async ({ page }) => {
    const login = new LoginPage(page, 'pl');
    await login.goto();
    await login.submitAs({ email: '', password: '' });
    await expect(page.getByText('E-mail jest wymagany')).toBeVisible();
    await expect(page.getByText('Hasło jest wymagane')).toBeVisible();
    await expect(login.email).toHaveAttribute('aria-invalid', 'true');
  });

  test('a wrong password shows INVALID_GRANT beside the field, in English', async ({ page }) => {
    const login = new LoginPage(page, 'en');
    await login.goto();
    await login.submitAs({ email: DEMO.investor.email, password: 'Wrong-password1' });
    await expect(page.getByText('E-mail or password is not valid')).toBeVisible();
    await expect(page).toHaveURL(/\/en\/login$/);
  });

  test('an inactive account is sent to resend-activation with its e-mail', async ({ page }) => {
    const login = new LoginPage(page, 'en');
    await login.goto();
    await login.submitAs(DEMO.inactive);
    await expect(page).toHaveURL(/\/en\/resend-activation\/inactive%40example\.com$/);
  });

  for (const language of ['pl', 'en'] as const) {
    test(`log in with an upper-case e-mail and log out (${language})`, async ({ page }) => {
      const login = new LoginPage(page, language);
      await login.goto();
      const tokenRequest = page.waitForRequest((r) => r.url().endsWith('/api/token') && r.method() === 'POST');
      await login.submitAs({ email: DEMO.investor.email.toUpperCase(), password: DEMO.investor.password });
      expect((await tokenRequest).postDataJSON()).toMatchObject({ grantType: 'password', email: DEMO.investor.email });
      // The guest-only login page sends a logged-in user home.
      await expect(page).toHaveURL(new RegExp(`/${language}/$`));
      await expect(page.getByTestId('welcome')).toContainText(DEMO.investor.firstName);
      const stored = await page.evaluate(() => ({
        flag: localStorage.getItem('isLoggedIn'),
        access: localStorage.getItem('accessToken'),
        expiresAt: Number(localStorage.getItem('expiresAt')),
      }));
      expect(stored.flag).toBe('true');
      expect(stored.access).toBeTruthy();
      expect(stored.expiresAt).toBeGreaterThan(Date.now());
      // the server's render of a public page learns only that a session exists (never a token)
      const signedIn = async () => (await page.context().cookies()).find((c) => c.name === 'isLoggedIn')?.value;
      expect(await signedIn()).toBe('true');

      const revoke = page.waitForRequest((r) => r.url().endsWith('/api/token/revoke'));
      // Logging out ends with a full reload (machines/auth.machine.ts): wait for it before reading the page.
      const reloaded = page.waitForEvent('load');
      await page.getByRole('button', { name: /Anna|Moje konto|My account/ }).click();
      await page.getByRole('button', { name: language === 'pl' ? 'Wyloguj się' : 'Log out' }).click();
      await revoke;
      await reloaded;
      await expect(page.getByRole('link', { name: language === 'pl' ? 'Zaloguj się' : 'Log in' })).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
      expect(await signedIn()).toBeUndefined();
    });
  }
});

test.describe('guards', () => {
  test('a private page sends an anonymous visitor to login, and back after logging in', async ({ page }) => {
    await page.goto('/en/investor/orders');
    await expect(page).toHaveURL(/\/en\/login$/);
    await expect(page.getByText('Please log in to see this page.')).toBeVisible();
    await new LoginPage(page, 'en').submitAs(DEMO.investor);
    await expect(page).toHaveURL(/\/en\/investor\/orders$/);
    await expect(page.getByTestId('page-orders')).toBeVisible();
  });

  test('the access-denied page', async ({ page }) => {
    await page.goto('/pl/brak-dostepu');
    await expect(page.getByRole('heading', { name: 'Brak dostępu' })).toBeVisible();
  });
});

test('the access token expires and one refresh restores the session on the next private call', async ({ page }) => {
  const login = new LoginPage(page, 'en');
  await login.goto();
  await login.submitAs(DEMO.investor);
  await expect(page.getByTestId('welcome')).toBeVisible();
  const firstRefresh = await page.evaluate(() => localStorage.getItem('refreshToken'));

  // Let the short-lived access token (E2E_ACCESS_TOKEN_TTL seconds) expire.
  await page.waitForTimeout((E2E_ACCESS_TOKEN_TTL + 1) * 1000);

  const seen: { path: string; status: number; grant?: string }[] = [];
  page.on('response', async (r) => {
    const url = new URL(r.url());
    if (!url.pathname.startsWith('/api/')) return;
    const grant = url.pathname === '/api/token' ? r.request().postDataJSON()?.grantType : undefined;
    seen.push({ path: url.pathname, status: r.status(), grant });
  });
  await page.reload();
  await expect(page.getByTestId('welcome')).toContainText(DEMO.investor.firstName);

  const me = seen.filter((s) => s.path === '/api/user/me');
  expect(me.map((s) => s.status)).toEqual([401, 200]);
  expect(seen.filter((s) => s.grant === 'refresh_token')).toHaveLength(1);
  const secondRefresh = await page.evaluate(() => localStorage.getItem('refreshToken'));
  expect(secondRefresh).not.toBe(firstRefresh);
});
