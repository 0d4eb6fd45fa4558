import { expect, test } from '@playwright/test';
import { STORAGE_KEYS } from '../../src/config/storage';

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

// The theme font (src/styles/startThemeFonts.ts): a first visit fetches Lato's files after the load, for the next
// visits; the next visit, its files in the cache, declares Lato at start; a visit whose flag says "fetched" but whose
// cache was emptied since asks the cache for one file and loads nothing more before the load.
const THEME_CHUNK = /\/assets\/themeFonts-[\w-]+\.js$/;
const LATO_FILE = /\/assets\/lato-latin[\w-]*\.woff2$/;
const latoDeclared = () => [...document.fonts].some((face) => face.family.replace(/"/g, '') === 'Lato');

test('a first visit fetches the theme font after the load; the next visit, with the files cached, declares it at start', async ({ page }) => {
  const fontFiles: string[] = [];
  page.on('requestfinished', (request) => {
    if (LATO_FILE.test(request.url())) fontFiles.push(request.url());
  });
  await page.goto('/pl');
  await page.waitForLoadState('load');
  expect(await page.evaluate(latoDeclared)).toBe(false);
  // FETCH_AFTER_LOAD_MS (4 s) after the load: the four files, and the flag for the next visit
  await expect.poll(() => fontFiles.length, { timeout: 15_000 }).toBe(4);
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.themeFontsFetched)).toBe('1');
  expect(await page.evaluate(latoDeclared)).toBe(false);

  // the same browser (same cache) comes back
  await page.goto('/en');
  await expect.poll(() => page.evaluate(latoDeclared)).toBe(true);
});

test('a visit whose cache lost the files loads no font code before the load and fetches them afterwards', async ({ page }) => {
  await page.addInitScript((key) => localStorage.setItem(key, '1'), STORAGE_KEYS.themeFontsFetched);
  const beforeLoad: string[] = [];
  let loaded = false;
  page.on('load', () => (loaded = true));
  page.on('request', (request) => {
    if (!loaded && THEME_CHUNK.test(request.url())) beforeLoad.push(request.url());
  });
  const fetched: string[] = [];
  page.on('requestfinished', (request) => {
    if (LATO_FILE.test(request.url())) fetched.push(request.url());
  });
  await page.goto('/pl');
  await page.waitForLoadState('load');
  expect(beforeLoad).toEqual([]);
  await expect.poll(() => fetched.length, { timeout: 15_000 }).toBe(4);
  expect(await page.evaluate(latoDeclared)).toBe(false);
});
