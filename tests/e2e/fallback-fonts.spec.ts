import { expect, test } from '@playwright/test';

// Issue 11 (TBT): the fallback face's @font-face rules live in index.html's own <style> (vite.config.ts), never in
// a sheet that changes while the page runs. Chrome re-reads a sheet's @font-face rules on every change to that
// sheet and then restyles and lays out the whole document; styled-components adds rules to its sheet whenever a
// component is first drawn, so font faces there cost a full layout per lazily drawn section.

test('the fallback face is declared once, in index.html, and stays out of the sheets that change', async ({ page }) => {
  await page.goto('/pl/inwestycja/zielone-tarasy');
  await expect(page.getByTestId('offer-page')).toBeVisible();
  // the page's lazily drawn sections have added their rules by now
  await page.waitForLoadState('networkidle');

  const sheets = await page.evaluate(() =>
    [...document.styleSheets].map((sheet) => ({
      owner: sheet.ownerNode instanceof Element ? sheet.ownerNode.getAttributeNames().join(' ') : '',
      faces: [...sheet.cssRules]
        .filter((rule) => rule instanceof CSSFontFaceRule)
        .map((rule) => `${(rule as CSSFontFaceRule).style.getPropertyValue('font-family')} ${(rule as CSSFontFaceRule).style.getPropertyValue('font-weight')}`),
    })),
  );
  const withFaces = sheets.filter((sheet) => sheet.faces.length > 0);
  expect(withFaces).toEqual([{ owner: 'data-fallback-fonts', faces: ['"Lato Fallback" 400', '"Lato Fallback" 700'] }]);
  // styled-components' sheet exists and holds the app's rules, only no faces
  expect(sheets.some((sheet) => sheet.owner.includes('data-styled'))).toBe(true);

  // the text is drawn in it
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain('Lato Fallback');
  expect(await page.evaluate(() => document.fonts.check('16px "Lato Fallback"'))).toBe(true);
});
