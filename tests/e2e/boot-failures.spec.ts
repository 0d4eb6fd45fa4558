import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { withoutInitialData } from './support/initialData';

// A failed boot call never leaves the loader on screen forever (SPEC §7): a 503 switches to maintenance,
// which says so and offers a retry; any other failure shows an error with a retry. The failures are
// injected by intercepting the call in the browser; everything else is the real server. The page is loaded without
// the answers the server puts into index.html, so boot asks the API for them.

const answer = (status: number) => ({
  status,
  contentType: 'application/json',
  body: JSON.stringify({ data: null, errors: [{ code: status === 503 ? 'MAINTENANCE' : 'INTERNAL_ERROR', context: '', message: 'down' }], status }),
});

async function failOnce(page: Page, pattern: string, status: number) {
  await withoutInitialData(page);
  let failed = 0;
  await page.route(pattern, async (route) => {
    if (failed++ === 0) await route.fulfill(answer(status));
    else await route.continue();
  });
  return () => failed;
}

test('a 503 of the static content during boot shows maintenance with a retry, and the retry boots the site', async ({ page }) => {
  const failures = await failOnce(page, '**/api/static-content', 503);
  await page.goto('/en/');
  const gate = page.getByTestId('maintenance-screen');
  await expect(gate).toBeVisible();
  await expect(gate.getByRole('heading', { level: 1 })).toHaveText('We will be back soon');
  await expect(gate).toContainText('The service is temporarily unavailable');
  await expect(page.getByTestId('full-screen-loader')).toHaveCount(0);
  expect(failures()).toBe(1);
  // the service is back: the retry starts the page over
  await gate.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('page-home')).toBeVisible();
  await expect(page.getByTestId('maintenance-screen')).toHaveCount(0);
  // The server's HTML of the home page can be on screen before the started-over boot has asked again.
  await expect.poll(failures).toBe(2);
});

test('a 500 of the splash screen during boot shows an error with a retry, and the retry boots the site', async ({ page }) => {
  const failures = await failOnce(page, '**/api/splash-screen', 500);
  await page.goto('/pl/');
  const error = page.getByTestId('boot-failed');
  await expect(error).toBeVisible();
  await expect(error).toHaveAttribute('role', 'alert');
  await expect(error.getByRole('heading', { level: 1 })).toHaveText('Nie udało się wczytać strony');
  await expect(page.getByTestId('full-screen-loader')).toHaveCount(0);
  await error.getByRole('button', { name: 'Spróbuj ponownie' }).click();
  await expect(page.getByTestId('page-home')).toBeVisible();
  await expect(page.getByTestId('boot-failed')).toHaveCount(0);
  await expect.poll(failures).toBe(2);
});
