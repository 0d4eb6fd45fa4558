import { expect, test } from './support/test';
import { DEMO, setMaintenance } from './support/api';
import { LoginForm } from './pages/login';

// The maintenance gate with the flag switched on in the database through the operator's endpoint.
// Serial: the flag is global to the server.
test.describe.configure({ mode: 'serial' });

test.afterEach(async ({ request }) => {
  await setMaintenance(request, false);
});

for (const language of ['pl', 'en'] as const) {
  test(`maintenance screen with the user-facing title and message (${language})`, async ({ page, request }) => {
    await setMaintenance(request, true);
    await page.goto(`/${language}/`);
    const screen = page.getByTestId('maintenance-screen');
    await expect(screen).toBeVisible();
    await expect(screen.getByRole('heading', { level: 1 })).toHaveText(
      language === 'pl' ? 'Wracamy wkrótce' : /\S/,
    );
    // No login form outside the login route; no main frame at all.
    await expect(screen.locator('input[name="userLogin"]')).toHaveCount(0);
    await expect(page.getByRole('navigation')).toHaveCount(0);
  });
}

test('on the login route the maintenance screen offers the form; an operator gets through', async ({ page, request }) => {
  await setMaintenance(request, true);
  await page.goto('/en/login');
  const screen = page.getByTestId('maintenance-screen');
  const form = new LoginForm(screen, 'en');
  await expect(form.email).toBeVisible();
  await form.email.fill('');
  await form.submit.click();
  await expect(screen.getByText('E-mail is required')).toBeVisible();

  await form.submitAs(DEMO.operator);
  await expect(page.getByTestId('maintenance-screen')).toHaveCount(0);
  // an operator's own login lands in the back office
  await expect(page).toHaveURL(/\/en\/operator$/);
  await expect(page.getByTestId('header-back-office')).toBeVisible();
});

test('an investor who logs in during maintenance stays on the maintenance screen (the API answers 503)', async ({ page, request }) => {
  await setMaintenance(request, true);
  await page.goto('/en/login');
  const form = new LoginForm(page.getByTestId('maintenance-screen'), 'en');
  await form.email.fill(DEMO.investor.email);
  await form.password.fill(DEMO.investor.password);
  const me = page.waitForResponse((r) => r.url().endsWith('/api/user/me'));
  await form.submit.click();
  expect((await me).status()).toBe(503);
  await expect(page.getByTestId('maintenance-screen')).toBeVisible();

  // ...and can leave the session from there.
  const revoke = page.waitForRequest((r) => r.url().endsWith('/api/token/revoke'));
  await page.getByTestId('maintenance-screen').getByRole('button', { name: 'Log out' }).click();
  await revoke;
  // The page reloads without a session, still behind the gate.
  await expect(page.getByTestId('maintenance-screen')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log out' })).toHaveCount(0);
  // The button goes as soon as the session is leaving; the tokens once the revoke has answered (then the reload).
  // (A poll that meets the reload itself reads again.)
  await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken')).catch(() => 'reloading')).toBeNull();
  await expect(page.getByTestId('maintenance-screen')).toBeVisible();
});
