import { expect, test } from '@playwright/test';

// The cookie banner and the offline banner (SPEC §2 "Other UI", §4, §9).

test.describe('cookie banner', () => {
  test('accept is permanent', async ({ page, context }) => {
    await page.goto('/en/');
    const banner = page.getByRole('region', { name: /We use cookies|Cookie/ }).or(page.locator('[aria-labelledby="cookie-banner-title"]'));
    await expect(banner.first()).toBeVisible();
    await page.getByRole('button', { name: 'Accept' }).click();
    await expect(page.locator('#cookie-banner-title')).toHaveCount(0);
    const cookie = (await context.cookies()).find((c) => c.name === 'cookieConsentAccepted');
    expect(cookie).toBeTruthy();
    // "far-future": the app asks for 9999-12-31; Chromium caps any cookie at 400 days, so expect that cap.
    expect(cookie!.expires * 1000).toBeGreaterThan(Date.now() + 390 * 24 * 3600 * 1000);
    await page.reload();
    await expect(page.getByTestId('page-home')).toBeVisible();
    await expect(page.locator('#cookie-banner-title')).toHaveCount(0);
  });

  test('dismissing with the close icon lasts 7 days (Polish)', async ({ page, context }) => {
    await page.goto('/pl/');
    await expect(page.locator('#cookie-banner-title')).toBeVisible();
    await page.getByRole('button', { name: 'Zamknij informację o plikach cookie' }).click();
    await expect(page.locator('#cookie-banner-title')).toHaveCount(0);
    const cookie = (await context.cookies()).find((c) => c.name === 'cookieConsentDismissed');
    expect(cookie).toBeTruthy();
    const days = (cookie!.expires * 1000 - Date.now()) / (24 * 3600 * 1000);
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);
  });
});

test('offline banner: shown offline, page reloads on reconnect and says the connection is back', async ({ page, context }) => {
  await page.goto('/en/');
  await expect(page.getByTestId('page-home')).toBeVisible();
  await context.setOffline(true);
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expect(page.getByTestId('offline-banner').getByRole('button', { name: 'Refresh' })).toBeVisible();

  const reloaded = page.waitForEvent('load');
  await context.setOffline(false);
  await reloaded;
  await expect(page.getByTestId('restored-message')).toBeVisible();
  await page.getByRole('button', { name: 'Close the message' }).click();
  await expect(page.getByTestId('restored-message')).toHaveCount(0);
});
