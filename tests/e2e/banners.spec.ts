import { expect, test } from './support/test';

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

test.describe('cookie banner for keyboard and magnifier users', () => {
  test('Decline is kept like Accept, not for 7 days', async ({ page, context }) => {
    await page.goto('/en/');
    await page.getByRole('button', { name: 'Decline' }).click();
    await expect(page.locator('#cookie-banner-title')).toHaveCount(0);
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'cookieConsentDismissed')).toBeUndefined();
    const declined = cookies.find((c) => c.name === 'cookieConsentDeclined');
    expect(declined!.expires * 1000).toBeGreaterThan(Date.now() + 390 * 24 * 3600 * 1000);
    await page.reload();
    await expect(page.getByTestId('page-home')).toBeVisible();
    await expect(page.locator('#cookie-banner-title')).toHaveCount(0);
  });

  test('the privacy policy is a link, and the banner is the first stop in tab order', async ({ page }) => {
    await page.goto('/pl/');
    const banner = page.locator('section[aria-labelledby="cookie-banner-title"]');
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('link', { name: /polityce prywatności/i })).toHaveAttribute('href', '/pl/polityka-prywatnosci');
    await page.keyboard.press('Tab');
    expect(await banner.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    // choosing from the keyboard: the banner goes, and focus goes to the page's heading, not the body
    await banner.getByRole('button', { name: 'Akceptuję' }).focus();
    await page.keyboard.press('Enter');
    await expect(banner).toHaveCount(0);
    await expect(page.locator('main h1')).toBeFocused();
  });

  for (const viewport of [{ width: 390, height: 844 }, { width: 320, height: 256 }]) {
    test(`no focused element is hidden behind it at ${viewport.width}×${viewport.height}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/en/');
      await expect(page.getByTestId('page-home')).toBeVisible();
      const banner = page.locator('section[aria-labelledby="cookie-banner-title"]');
      await expect(banner).toBeVisible();
      const bannerBox = (await banner.boundingBox())!;
      // small on short viewports: never more than 40 % of the height
      expect(bannerBox.height).toBeLessThanOrEqual(viewport.height * 0.4 + 1);
      const hidden: string[] = [];
      let stops = 0;
      for (let i = 0; i < 60; i++) {
        await page.keyboard.press('Tab');
        const info = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          const section = document.querySelector('section[aria-labelledby="cookie-banner-title"]');
          if (!el || el === document.body || !section || section.contains(el)) return null;
          // Fixed parts (the header, the contact rail) do not scroll, and the skip link shows over the header.
          if (el.matches('a[href="#main-content"]')) return null;
          for (let node: Element | null = el; node; node = node.parentElement)
            if (getComputedStyle(node).position === 'fixed' || node.tagName === 'HEADER') return null;
          const r = el.getBoundingClientRect();
          if (r.width === 0 && r.height === 0) return null;
          const b = section.getBoundingClientRect();
          const headerBottom = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
          // The free band between the fixed header and the banner: a focused element that fits in it must
          // be wholly inside it; one taller than the band (a video) must at least show in it.
          const fits = r.height <= b.top - headerBottom;
          const covered = fits
            ? r.top < headerBottom - 4 || r.bottom > b.top + 1
            : r.bottom <= headerBottom || r.top >= b.top;
          return { covered, name: `${(el.getAttribute('aria-label') || el.textContent || el.tagName).trim().slice(0, 40)}: ${Math.round(r.top)}–${Math.round(r.bottom)} px, free band ${Math.round(headerBottom)}–${Math.round(b.top)} px` };
        });
        if (!info) continue;
        stops++;
        if (info.covered) hidden.push(info.name);
      }
      expect(stops).toBeGreaterThan(10);
      expect(hidden).toEqual([]);
    });
  }
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
