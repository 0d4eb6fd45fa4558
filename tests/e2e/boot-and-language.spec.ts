import { expect, test } from './support/test';
import { withoutInitialData } from './support/initialData';

// Boot, the language prefix rules and the switcher (SPEC §2), in both languages, on the seeded server.

test.describe('boot', () => {
  for (const language of ['pl', 'en'] as const) {
    test(`boots in ${language}: splash, content and menus come from the server`, async ({ page }) => {
      const calls: string[] = [];
      page.on('request', (r) => {
        const url = new URL(r.url());
        if (url.pathname.startsWith('/api/')) calls.push(`${url.pathname} ${r.headers()['content-language']}`);
      });
      const html = page.waitForResponse((r) => r.request().resourceType() === 'document');
      await page.goto(`/${language}/`);
      await expect(page.getByTestId('page-home')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      // Boot's answers (splash screen, slider, static content) come with the page, in its language
      // (server/pages/spaHtml.ts), so the browser makes no round trip for them.
      const inline = JSON.parse(/id="initial-data">([^<]*)</.exec(await (await html).text())![1]);
      expect(inline.language).toBe(language);
      expect(Object.keys(inline.answers)).toEqual(expect.arrayContaining(['/splash-screen', '/slider', '/static-content']));
      expect(calls.filter((c) => /^\/api\/(splash-screen|slider|static-content) /.test(c))).toEqual([]);
      const menu = page.getByRole('navigation', { name: language === 'pl' ? 'Menu główne' : 'Main menu' });
      await expect(menu.getByRole('link', { name: language === 'pl' ? 'Inwestycje' : 'Investments' })).toBeVisible();
      await expect(page.getByTestId('full-screen-loader')).toHaveCount(0);
    });

    test(`boots in ${language} from the API when the page carries no answers`, async ({ page }) => {
      await withoutInitialData(page);
      const calls: string[] = [];
      page.on('request', (r) => {
        const url = new URL(r.url());
        if (url.pathname.startsWith('/api/')) calls.push(`${url.pathname} ${r.headers()['content-language']}`);
      });
      await page.goto(`/${language}/`);
      await expect(page.getByTestId('page-home')).toBeVisible();
      // The splash screen first, then slider and static content, all in the page's language.
      expect(calls[0]).toBe(`/api/splash-screen ${language}`);
      expect(calls).toEqual(
        expect.arrayContaining([`/api/slider ${language}`, `/api/static-content ${language}`]),
      );
      const menu = page.getByRole('navigation', { name: language === 'pl' ? 'Menu główne' : 'Main menu' });
      await expect(menu.getByRole('link', { name: language === 'pl' ? 'Inwestycje' : 'Investments' })).toBeVisible();
    });
  }

  test('the bare root redirects to the default language', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/pl\/$/);
  });

  test('an unknown language prefix redirects to the root of the default language', async ({ page }) => {
    await page.goto('/de/kontakt');
    await expect(page).toHaveURL(/\/pl\/$/);
    await expect(page.getByTestId('page-home')).toBeVisible();
  });

  test('the bare root keeps a returning visitor in their stored language', async ({ page }) => {
    await page.goto('/en/');
    await expect(page.getByTestId('page-home')).toBeVisible();
    await page.goto('/');
    await expect(page).toHaveURL(/\/en\/$/);
  });
});

test.describe('language', () => {
  test('a path in another language than the stored one is stored, keeping path, search and hash', async ({ page }) => {
    await page.goto('/en/');
    await expect(page.getByTestId('page-home')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('platformLanguage'))).toBe('en');

    await page.goto('/pl/logowanie?x=1#form');
    await expect(page.getByRole('heading', { name: 'Logowanie', level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/pl\/logowanie\?x=1#form$/);
    expect(await page.evaluate(() => localStorage.getItem('platformLanguage'))).toBe('pl');
  });

  test('translated paths: /en/login and /pl/logowanie are the same screen', async ({ page }) => {
    await page.goto('/en/login');
    await expect(page.getByRole('heading', { name: 'Log in', level: 1 })).toBeVisible();
    await page.goto('/pl/logowanie');
    await expect(page.getByRole('heading', { name: 'Logowanie', level: 1 })).toBeVisible();
    // The other language's path under this prefix is not a page.
    await page.goto('/pl/login');
    await expect(page.getByRole('heading', { name: 'Logowanie', level: 1 })).toHaveCount(0);
  });

  test('switching keeps the page: /pl/logowanie → /en/login and back, content reloaded in the new language', async ({ page }) => {
    await page.goto('/pl/logowanie');
    await expect(page.getByRole('heading', { name: 'Logowanie', level: 1 })).toBeVisible();
    const contentInEnglish = page.waitForRequest(
      (r) => r.url().endsWith('/api/static-content') && r.headers()['content-language'] === 'en',
    );
    await page.getByTestId('language-en').click();
    await expect(page).toHaveURL(/\/en\/login$/);
    await expect(page.getByRole('heading', { name: 'Log in', level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await contentInEnglish;
    await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Investments' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('platformLanguage'))).toBe('en');

    await page.getByTestId('language-pl').click();
    await expect(page).toHaveURL(/\/pl\/logowanie$/);
  });

  test('switching on a page with an e-mail parameter keeps the e-mail', async ({ page }) => {
    await page.goto('/pl/ponowna-aktywacja/jan%40example.com');
    await page.getByTestId('language-en').click();
    await expect(page).toHaveURL(/\/en\/resend-activation\/jan%40example\.com$/);
  });

  test('an unknown page shows the not-found screen with a way home', async ({ page }) => {
    await page.goto('/en/no-such-page/at-all');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to homepage' }).click();
    await expect(page).toHaveURL(/\/en\/$/);
  });
});
