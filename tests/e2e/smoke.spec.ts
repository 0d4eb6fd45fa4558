import { expect, test } from './support/test';

// The smallest proof that the built SPA is served and boots: the rest of the browser suite is written
// against the flows themselves.
test('/ redirects to /pl/ and the app renders into #root', async ({ page }) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));

  const response = await page.goto('/');
  expect(response?.status(), 'the final response').toBeLessThan(400);
  await expect(page).toHaveURL(/\/pl\/$/);
  expect(await response!.headerValue('content-type')).toMatch(/text\/html/);
  await expect(page.locator('#root')).not.toBeEmpty();
  expect(pageErrors, 'uncaught errors in the page').toEqual([]);
});
