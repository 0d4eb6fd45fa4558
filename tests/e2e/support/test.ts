// The suite's `test`: Playwright's, with `page.goto` returning once the app has taken over the page. A server-rendered
// page is on screen (buttons and all) before its script runs, and React hydrates it once the app-wide actors have
// settled (replaying the clicks that reach a part it has not hydrated yet); a page whose actors did not settle in
// time is drawn anew by the app (src/main.tsx), and what is typed into the server's HTML meanwhile is lost with it.
// So the page is the app's once React owns an element of the root: hydrated, or drawn by the app. A real visitor is
// not that fast; a test is.
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
            if (!root) return true;
            const owned = (node: Element) => Object.keys(node).some((key) => key.startsWith('__reactFiber'));
            return Object.keys(root).some((key) => key.startsWith('__reactContainer')) && (root.childElementCount === 0 || [...root.children].some(owned));
          }, undefined, { timeout: 15_000 })
          // a page whose script does not run (JavaScript off, a crash the test itself checks) is the test's to judge
          .catch(() => {});
      }
      return response;
    };
    await use(page);
  },
});
