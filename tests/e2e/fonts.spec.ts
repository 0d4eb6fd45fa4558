import { expect, test } from './support/test';

// The theme font (src/styles/fonts.css): Lato's faces and the metric-matched 'Lato Fallback' are declared once, in a
// stylesheet of their own (never in styled-components' sheet, which changes while the page runs: Chrome re-reads a
// sheet's faces on every change, a full restyle each time), inside the page's HTML; the page preloads the one face of
// its headings, and the text is drawn in Lato once its faces are there.

test('the faces are declared once, in the fonts stylesheet, and the heading face is preloaded', async ({ page }) => {
  const response = await page.goto('/pl/inwestycja/zielone-tarasy');
  const html = (await response?.text()) ?? '';
  const preloads = [...html.matchAll(/<link[^>]*rel="preload"[^>]*as="font"[^>]*>/g)].map((m) => m[0]);
  expect(preloads).toHaveLength(1);
  expect(preloads[0]).toMatch(/href="\/assets\/lato-latin-700-normal-[\w-]+\.woff2"/);
  expect(preloads[0]).toContain('crossorigin');
  // the faces come with the page: no stylesheet to wait for before the first paint
  expect(html).not.toMatch(/<link[^>]*rel="stylesheet"/);
  expect(html).toMatch(/<style>@font-face\{font-family:Lato;/);

  await expect(page.getByTestId('offer-page')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const sheets = await page.evaluate(() =>
    [...document.styleSheets].map((sheet) => ({
      styled: sheet.ownerNode instanceof Element && sheet.ownerNode.hasAttribute('data-styled'),
      faces: [...sheet.cssRules]
        .filter((rule) => rule instanceof CSSFontFaceRule)
        .map((rule) => {
          const style = (rule as CSSFontFaceRule).style;
          return `${style.getPropertyValue('font-family').replace(/"/g, '')} ${style.getPropertyValue('font-weight')}${style.getPropertyValue('size-adjust') ? ' adjusted' : ''}`;
        }),
    })),
  );
  const withFaces = sheets.filter((sheet) => sheet.faces.length > 0);
  expect(withFaces).toHaveLength(1);
  expect(withFaces[0].styled).toBe(false);
  expect([...new Set(withFaces[0].faces)].sort()).toEqual(['Lato 400', 'Lato 700', 'Lato Fallback 400 adjusted', 'Lato Fallback 700 adjusted']);
  expect(sheets.some((sheet) => sheet.styled)).toBe(true);
});

test('the text is drawn in Lato, with the fallback face next in line', async ({ page }) => {
  await page.goto('/en');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^Lato, "Lato Fallback"/);
  await page.evaluate(() => document.fonts.ready);
  expect(await page.evaluate(() => document.fonts.check('700 16px Lato', 'Estate'))).toBe(true);
  expect(await page.evaluate(() => [...document.fonts].some((face) => face.family.replace(/"/g, '') === 'Lato' && face.status === 'loaded'))).toBe(true);
});
