// How to bring the real app into each state of a screen-driving machine, for the storyboard
// (scripts/storyboard.ts). A recipe gets a fresh page (no cookies) and leaves it showing the state; the
// storyboard then takes the screenshot. States without a recipe are listed on the machine's page as not
// shown, with the reason given here (transient states that last a few milliseconds, states that need data
// the demo does not have, or simply no recipe yet).
import type { Page } from '@playwright/test';

export interface RecipeContext {
  page: Page;
  /** the app's address, e.g. http://127.0.0.1:43123 */
  baseUrl: string;
  lang: 'en' | 'pl';
}
export type Recipe = (ctx: RecipeContext) => Promise<void>;

export interface MachineRecipes {
  /** state path below the root (as in machines/descriptions) -> how to get there */
  states: Record<string, Recipe>;
  /** state path -> why the storyboard does not show it */
  notShown?: Record<string, string>;
}

const answer = (status: number) => ({
  status,
  contentType: 'application/json',
  body: JSON.stringify({ data: null, errors: [{ code: status === 503 ? 'MAINTENANCE' : 'INTERNAL_ERROR', context: '', message: 'down' }], status }),
});

/** No cookie banner over the screen (what a returning visitor sees). */
async function consented({ page, baseUrl }: RecipeContext) {
  await page.context().addCookies([{ name: 'cookieConsentAccepted', value: '1', url: baseUrl }]);
}

async function home(ctx: RecipeContext) {
  await ctx.page.goto(`${ctx.baseUrl}/${ctx.lang}/`);
  await ctx.page.getByTestId('page-home').waitFor();
}

/** Requests matching `pattern` never get an answer (the screen stays in its loading state). */
async function hang(page: Page, pattern: string) {
  await page.route(pattern, () => new Promise<void>(() => {}));
}

const TRANSIENT = 'transient: passed through within milliseconds, nothing of its own on screen';

export const RECIPES: Record<string, MachineRecipes> = {
  cookieConsent: {
    states: {
      visible: async (ctx) => {
        await home(ctx);
        await ctx.page.locator('#cookie-banner-title').waitFor();
      },
      hidden: async (ctx) => {
        await consented(ctx);
        await home(ctx);
      },
    },
    notShown: { checking: `${TRANSIENT} (the cookie read answers at once)` },
  },
  disclosure: {
    states: {
      closed: async (ctx) => {
        await consented(ctx);
        await home(ctx);
        await ctx.page.getByTestId('contact-menu').waitFor();
      },
      open: async (ctx) => {
        await consented(ctx);
        await home(ctx);
        await ctx.page.getByTestId('contact-menu').getByRole('button', { name: ctx.lang === 'en' ? 'Call us' : /Zadzwoń/ }).click();
        await ctx.page.getByRole('dialog').waitFor();
      },
    },
  },
  connectivity: {
    states: {
      online: async (ctx) => {
        await consented(ctx);
        await home(ctx);
      },
      offline: async (ctx) => {
        await consented(ctx);
        await home(ctx);
        await ctx.page.context().setOffline(true);
        await ctx.page.getByTestId('offline-banner').waitFor();
      },
      reconnected: async (ctx) => {
        await consented(ctx);
        await home(ctx);
        await ctx.page.context().setOffline(true);
        await ctx.page.getByTestId('offline-banner').waitFor();
        const reloaded = ctx.page.waitForEvent('load');
        await ctx.page.context().setOffline(false);
        await reloaded;
        await ctx.page.getByTestId('restored-message').waitFor();
      },
    },
    notShown: { starting: `${TRANSIENT} (reads a session flag)` },
  },
  boot: {
    states: {
      booting: async (ctx) => {
        await hang(ctx.page, '**/api/splash-screen*');
        await ctx.page.goto(`${ctx.baseUrl}/${ctx.lang}/`);
        await ctx.page.waitForTimeout(800);
      },
      'booting.splash': async (ctx) => {
        await hang(ctx.page, '**/api/splash-screen*');
        await ctx.page.goto(`${ctx.baseUrl}/${ctx.lang}/`);
        await ctx.page.waitForTimeout(800);
      },
      'booting.content': async (ctx) => {
        await hang(ctx.page, '**/api/static-content*');
        await ctx.page.goto(`${ctx.baseUrl}/${ctx.lang}/`);
        await ctx.page.waitForTimeout(800);
      },
      ready: async (ctx) => {
        await consented(ctx);
        await home(ctx);
      },
      failed: async (ctx) => {
        await ctx.page.route('**/api/splash-screen*', (route) => route.fulfill(answer(500)));
        await ctx.page.goto(`${ctx.baseUrl}/${ctx.lang}/`);
        await ctx.page.getByTestId('boot-failed').waitFor();
      },
    },
    notShown: {
      'booting.content.slider': 'a region of booting.content (same screen)',
      'booting.content.slider.loading': 'a region of booting.content (same screen)',
      'booting.content.slider.done': 'a region of booting.content (same screen)',
      'booting.content.staticContent': 'a region of booting.content (same screen)',
      'booting.content.staticContent.loading': 'a region of booting.content (same screen)',
      'booting.content.staticContent.done': 'a region of booting.content (same screen)',
      'booting.checked': TRANSIENT,
      session: TRANSIENT,
      restoringSession: 'needs a stored session; no recipe yet',
      reloading: 'the page of `ready` while the other language loads (a few milliseconds); no recipe yet',
      'reloading.splash': 'as reloading',
      'reloading.content': 'as reloading',
      'reloading.content.slider': 'as reloading',
      'reloading.content.slider.loading': 'as reloading',
      'reloading.content.slider.done': 'as reloading',
      'reloading.content.staticContent': 'as reloading',
      'reloading.content.staticContent.loading': 'as reloading',
      'reloading.content.staticContent.done': 'as reloading',
      'reloading.checked': TRANSIENT,
    },
  },
  maintenance: {
    states: {
      open: async (ctx) => {
        await consented(ctx);
        await home(ctx);
      },
      closed: async (ctx) => {
        await ctx.page.route('**/api/static-content*', (route) => route.fulfill(answer(503)));
        await ctx.page.goto(`${ctx.baseUrl}/${ctx.lang}/`);
        await ctx.page.getByTestId('maintenance-screen').waitFor();
      },
    },
    notShown: { evaluating: TRANSIENT },
  },
  offersList: {
    states: {
      loading: async (ctx) => {
        await consented(ctx);
        await hang(ctx.page, '**/api/offers*');
        await ctx.page.goto(`${ctx.baseUrl}/${ctx.lang}/${ctx.lang === 'en' ? 'offers' : 'oferty'}`);
        await ctx.page.waitForTimeout(1000);
      },
      ready: async (ctx) => {
        await consented(ctx);
        await ctx.page.goto(`${ctx.baseUrl}/${ctx.lang}/${ctx.lang === 'en' ? 'offers' : 'oferty'}`);
        await ctx.page.waitForLoadState('networkidle');
      },
      failure: async (ctx) => {
        await consented(ctx);
        await ctx.page.route('**/api/offers*', (route) => route.fulfill(answer(500)));
        await ctx.page.goto(`${ctx.baseUrl}/${ctx.lang}/${ctx.lang === 'en' ? 'offers' : 'oferty'}`);
        await ctx.page.waitForLoadState('networkidle');
      },
    },
    notShown: {
      idle: 'the same skeleton as loading, before the first request (milliseconds)',
      navigating: TRANSIENT,
      empty: 'needs a site with no offers (the demo has offers); no recipe yet',
    },
  },
};
