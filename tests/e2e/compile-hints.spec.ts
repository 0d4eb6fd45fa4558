import { expect, test } from '@playwright/test';
import { COMPILE_HINT } from '../../scripts/compile-hints.mjs';

// Issue 11 (TBT): every script of the built SPA starts with V8's explicit compile hint (scripts/compile-hints.mjs),
// so Chrome compiles it on a background thread while it streams in. The hint counts only on the file's first line;
// this checks the files as the server sends them (brotli copies included), after every build plugin has run.

test('every script an offer page loads starts with the compile hint', async ({ page }) => {
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text());
  });
  await page.goto('/en/investment/green-terraces');
  await expect(page.getByTestId('offer-page')).toBeVisible();
  await page.waitForLoadState('networkidle');

  const bodies = await Promise.all(scripts);
  // the entry, the page's chunk and what it imports, the dictionary, the charts drawn further down
  expect(bodies.length).toBeGreaterThan(3);
  for (const body of bodies) expect(body.slice(0, COMPILE_HINT.length)).toBe(COMPILE_HINT);
});
