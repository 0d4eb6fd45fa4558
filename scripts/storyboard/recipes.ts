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

const DEMO_INVESTOR = { email: 'investor@example.com', password: 'Investor123' };

/** Signs the demo investor in through the login form and waits for the dashboard. */
async function signedIn(ctx: RecipeContext) {
  await consented(ctx);
  await ctx.page.goto(`${ctx.baseUrl}/${ctx.lang}/${ctx.lang === 'en' ? 'login' : 'logowanie'}`);
  await ctx.page.locator('input[name="userLogin"]').fill(DEMO_INVESTOR.email);
  await ctx.page.locator('input[name="userPassword"]').fill(DEMO_INVESTOR.password);
  await ctx.page.locator('form button[type="submit"]').click();
  await ctx.page.getByTestId('welcome').waitFor();
}

/** Opens a page of the app (path after the language) and waits until the network is quiet. */
async function open(ctx: RecipeContext, en: string, pl: string) {
  await consented(ctx);
  await ctx.page.goto(`${ctx.baseUrl}/${ctx.lang}${ctx.lang === 'en' ? en : pl}`);
  await ctx.page.waitForLoadState('networkidle');
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
      'booting.content.splash': 'a region of booting.content (same screen)',
      'booting.content.splash.loading': 'a region of booting.content (same screen)',
      'booting.content.splash.done': 'a region of booting.content (same screen)',
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
      'reloading.content.splash': 'as reloading',
      'reloading.content.splash.loading': 'as reloading',
      'reloading.content.splash.done': 'as reloading',
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
        await ctx.page.goto(`${ctx.baseUrl}/${ctx.lang}/${ctx.lang === 'en' ? 'investments' : 'inwestycje'}`);
        await ctx.page.waitForTimeout(1000);
      },
      ready: async (ctx) => {
        await consented(ctx);
        await ctx.page.goto(`${ctx.baseUrl}/${ctx.lang}/${ctx.lang === 'en' ? 'investments' : 'inwestycje'}`);
        await ctx.page.waitForLoadState('networkidle');
      },
      failure: async (ctx) => {
        await consented(ctx);
        await ctx.page.route('**/api/offers*', (route) => route.fulfill(answer(500)));
        await ctx.page.goto(`${ctx.baseUrl}/${ctx.lang}/${ctx.lang === 'en' ? 'investments' : 'inwestycje'}`);
        await ctx.page.waitForLoadState('networkidle');
      },
    },
    notShown: {
      idle: 'the same skeleton as loading, before the first request (milliseconds)',
      navigating: TRANSIENT,
      empty: 'needs a site with no offers (the demo has offers); no recipe yet',
    },
  },
  auth: {
    states: {
      signedOut: async (ctx) => {
        await open(ctx, '/login', '/logowanie');
        await ctx.page.locator('input[name="userLogin"]').waitFor();
      },
      signingIn: async (ctx) => {
        await open(ctx, '/login', '/logowanie');
        await hang(ctx.page, '**/api/token');
        await ctx.page.locator('input[name="userLogin"]').fill(DEMO_INVESTOR.email);
        await ctx.page.locator('input[name="userPassword"]').fill(DEMO_INVESTOR.password);
        await ctx.page.locator('form button[type="submit"]').click();
        await ctx.page.waitForTimeout(500);
      },
      signedIn: signedIn,
      'signedIn.token': signedIn,
      'signedIn.token.valid': signedIn,
      'signedIn.user': signedIn,
      'signedIn.user.loaded': signedIn,
    },
    notShown: {
      checking: TRANSIENT,
      'signedIn.token.refreshing': 'lasts as long as one token request, no screen of its own; no recipe yet',
      'signedIn.user.unknown': TRANSIENT,
      'signedIn.user.loading': 'no recipe yet (the profile request would have to be held after the login)',
      'signedIn.user.failed': 'no recipe yet',
      signingOut: 'no recipe yet',
      signedOutAfterLogout: TRANSIENT,
    },
  },
  accordion: {
    states: {
      allClosed: async (ctx) => {
        await open(ctx, '/faq', '/faq');
      },
      itemOpen: async (ctx) => {
        await open(ctx, '/faq', '/faq');
        await ctx.page.locator('main button[aria-expanded="false"]').first().click();
        await ctx.page.locator('main button[aria-expanded="true"]').first().waitFor();
      },
    },
    notShown: { deciding: TRANSIENT },
  },
  contactForm: {
    states: {
      editing: async (ctx) => {
        await open(ctx, '/contact-us', '/kontakt');
        await ctx.page.locator('main form').first().waitFor();
      },
    },
    notShown: {
      submitting: 'no recipe yet (fill the form with the message request held)',
      success: 'no recipe yet (fill and send the form)',
    },
  },
  passwordReset: {
    states: {
      request: async (ctx) => {
        await open(ctx, '/forgot-password', '/zapomniane-haslo');
      },
      invalidToken: async (ctx) => {
        await open(ctx, '/reset-password/not-a-token', '/resetuj-haslo/not-a-token');
      },
    },
    notShown: {
      start: TRANSIENT,
      requesting: 'no recipe yet',
      requested: 'no recipe yet (send the form with a known address)',
      validating: 'lasts one request; no recipe yet',
      choosing: 'needs a valid token from the e-mail; no recipe yet',
      saving: 'needs a valid token; no recipe yet',
      done: 'needs a valid token; no recipe yet',
    },
  },
  activation: {
    states: {
      invalid: async (ctx) => {
        await open(ctx, '/activate/not-a-token', '/aktywuj/not-a-token');
      },
      resend: async (ctx) => {
        await open(ctx, '/resend-activation/someone%40example.com', '/ponowna-aktywacja/someone%40example.com');
      },
      'resend.idle': async (ctx) => {
        await open(ctx, '/resend-activation/someone%40example.com', '/ponowna-aktywacja/someone%40example.com');
      },
    },
    notShown: {
      start: TRANSIENT,
      activating: 'lasts one request; no recipe yet',
      activated: 'needs a valid token from the e-mail; no recipe yet',
      'resend.sending': 'no recipe yet',
      'resend.sent': 'no recipe yet',
      'resend.failed': 'no recipe yet',
    },
  },
  registration: {
    states: {
      account: async (ctx) => {
        await open(ctx, '/register', '/rejestracja');
      },
    },
    notShown: {
      loading: 'lasts one request; no recipe yet',
      loadFailed: 'no recipe yet',
      checkingEmail: 'lasts one request; no recipe yet',
      address: 'no recipe yet (fill step 1)',
      bank: 'no recipe yet (fill steps 1 and 2)',
      submitting: 'no recipe yet',
      registered: 'no recipe yet',
    },
  },
  settings: {
    states: {
      idle: async (ctx) => {
        await signedIn(ctx);
        await ctx.page.goto(`${ctx.baseUrl}/${ctx.lang}${ctx.lang === 'en' ? '/investor/settings' : '/inwestor/ustawienia'}`);
        await ctx.page.waitForLoadState('networkidle');
      },
    },
    notShown: { saving: 'no recipe yet', saved: 'no recipe yet', failed: 'no recipe yet' },
  },
  language: {
    states: {
      ready: async (ctx) => {
        await consented(ctx);
        await home(ctx);
      },
    },
    notShown: {
      resolving: TRANSIENT,
      loading: 'lasts as long as the texts chunk loads; no recipe yet',
      failed: 'no recipe yet (the texts chunk would have to fail)',
      switching: 'no recipe yet',
    },
  },
  slider: {
    states: {
      carousel: async (ctx) => {
        await consented(ctx);
        await home(ctx);
      },
      'carousel.running': async (ctx) => {
        await consented(ctx);
        await home(ctx);
      },
    },
    notShown: {
      sizing: TRANSIENT,
      empty: 'needs a site without slides (the demo has several); no recipe yet',
      single: 'needs a site with one slide; no recipe yet',
      'carousel.settling': TRANSIENT,
      'carousel.hovered': 'no recipe yet (hover the slider)',
      'carousel.videoPlaying': 'needs a video slide; no recipe yet',
    },
  },
  lightbox: {
    states: {
      closed: async (ctx) => {
        await open(ctx, '/investment/lakeside-house', '/inwestycja/dom-nad-jeziorem');
      },
      open: async (ctx) => {
        await open(ctx, '/investment/lakeside-house', '/inwestycja/dom-nad-jeziorem');
        await ctx.page.getByRole('button', { name: ctx.lang === 'en' ? /View all photos/ : /zdjęcia/i }).click();
        await ctx.page.getByTestId('lightbox-counter').waitFor();
      },
    },
  },
  investment: {
    states: {
      initiate: async (ctx) => {
        await open(ctx, '/investment/green-terraces', '/inwestycja/zielone-tarasy');
        await ctx.page.getByTestId('invest-button').waitFor();
      },
      'initiate.editing': async (ctx) => {
        await open(ctx, '/investment/green-terraces', '/inwestycja/zielone-tarasy');
        await ctx.page.getByTestId('invest-button').waitFor();
      },
      'initiate.loginRequired': async (ctx) => {
        await open(ctx, '/investment/green-terraces', '/inwestycja/zielone-tarasy');
        await ctx.page.getByTestId('invest-button').click();
        await ctx.page.waitForLoadState('networkidle');
      },
      noDraft: async (ctx) => {
        await signedIn(ctx);
        await ctx.page.goto(
          `${ctx.baseUrl}/${ctx.lang}${ctx.lang === 'en' ? '/invest/personal-information/green-terraces' : '/inwestuj/dane-osobowe/zielone-tarasy'}`,
        );
        await ctx.page.waitForLoadState('networkidle');
      },
    },
    notShown: {
      entering: TRANSIENT,
      'initiate.validating': 'lasts one request; no recipe yet',
      'initiate.started': TRANSIENT,
      loading: 'lasts one request; no recipe yet',
      loadFailed: 'no recipe yet (the draft request would have to fail)',
      routing: TRANSIENT,
      steps: 'no recipe yet: the steps need a draft made through the invest box (tests/e2e/investment.spec.ts walks them)',
      'steps.personalInformation': 'as steps',
      'steps.personalInformation.editing': 'as steps',
      'steps.personalInformation.validating': 'as steps',
      'steps.documents': 'as steps',
      'steps.documents.editing': 'as steps',
      'steps.documents.validating': 'as steps',
      'steps.payment': 'as steps',
      'steps.payment.loadingMethods': 'as steps',
      'steps.payment.methodsFailed': 'as steps',
      'steps.payment.choosing': 'as steps',
      submitting: 'as steps',
      failed: 'as steps',
      redirecting: 'as steps',
      thankYou: 'needs a placed order; no recipe yet',
      'thankYou.loadingOrder': 'as thankYou',
      'thankYou.shown': 'as thankYou',
      'thankYou.orderFailed': 'as thankYou',
    },
  },
  load: {
    states: {
      success: async (ctx) => {
        await consented(ctx);
        await home(ctx);
        await ctx.page.waitForLoadState('networkidle');
      },
    },
    notShown: {
      idle: TRANSIENT,
      loading: 'no recipe yet (hold the section’s request)',
      failure: 'no recipe yet (fail the section’s request)',
    },
  },
};
