import type { Page } from '@playwright/test';

/**
 * Loads the site's pages without the answers the server puts into index.html
 * (server/pages/spaHtml.ts), as a copy of index.html served from elsewhere would be: the app then asks the API
 * for them, and a test can intercept those calls.
 */
export async function withoutInitialData(page: Page): Promise<void> {
  await page.route(
    (url) => !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/assets/') && !url.pathname.startsWith('/media/'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.continue();
      const response = await route.fetch();
      const body = (await response.text()).replace(/<script type="application\/json" id="initial-data">[^<]*<\/script>/, '');
      await route.fulfill({ response, body });
    },
  );
}
