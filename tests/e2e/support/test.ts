// The suite's `test`: Playwright's, with `page.goto` returning once the app has taken over the page. A server-rendered
// page is on screen (buttons and all) before its script hydrates it, and a click in that moment does nothing; the
// app's root is React's from the moment hydrateRoot (or createRoot) is called, and React replays the clicks that
// reach a part it has not hydrated yet. A real visitor is not that fast; a test is.
import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';

export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (/^text\/html/.test(response?.headers()['content-type'] ?? '')) {
        await page
          .waitForFunction(() => {
            const root = document.getElementById('root');
            return !root || Object.keys(root).some((key) => key.startsWith('__reactContainer'));
          }, undefined, { timeout: 15_000 })
          // a page whose script does not run (JavaScript off, a crash the test itself checks) is the test's to judge
          .catch(() => {});
      }
      return response;
    };
    await use(page);
  },
});
