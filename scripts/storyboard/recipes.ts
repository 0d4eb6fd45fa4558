// How to bring the real app into each state of a screen-driving machine, for the storyboard
// (scripts/storyboard.ts). A recipe gets a fresh desktop-sized page (no cookies) against the storyboard's
// server, leaves it showing the state, and answers the element that proves it (a data attribute the view
// sets from the chart, or what the view shows only in that state); the storyboard waits for that element
// before each screenshot. States that last a few milliseconds against a local server are held the way the
// browser suite does it: a call the state waits for is held (`page.route` never answers) or failed (the
// server's error envelope), the clock is moved (`page.clock`), the demo accounts sign in, the local PayPal
// peer decides the payment, the operator imports statement files from tests/support/statements.ts, and
// mail links (activation, password reset) are read from the server's mail folder. Public pages get their
// first data inside index.html; a recipe that must see a load's own state strips that
// (`withoutInitialData`), as a browser would be without the server's head start.
// The flows' steps and locators (login, registration, the investment flow, settings, password reset, the PayPal
// return page) are the browser suite's page objects (tests/e2e/pages), and its API, mail and cookie-banner helpers
// are tests/e2e/support's, so a change to a screen or a call is made once for both.
// States without a recipe are listed on the machine's page with the reason given here: `fleeting` when the app
// leaves them with nothing to wait for (measured in the browser; counted apart), `notShown` otherwise.
import type { Locator, Page, Request } from '@playwright/test';
import { apiLogin, DEMO, investorOrders } from '../../tests/e2e/support/api';
import { acceptCookies } from '../../tests/e2e/support/consent';
import { ACTIVATION_LINK, linkPath, listMail, RESET_LINK, waitForMail, type Mail } from '../../tests/e2e/support/mail';
import { FLOW, INVEST_SLUG as SLUG, InvestFlow, type PaymentMethod } from '../../tests/e2e/pages/investFlow';
import { LoginForm, LoginPage, type Credentials } from '../../tests/e2e/pages/login';
import { DistributionForm, OPERATOR_PATHS, StatementImport } from '../../tests/e2e/pages/operator';
import { ForgotPasswordPage, ResetPasswordPage } from '../../tests/e2e/pages/passwordReset';
import { PayPalPeer, PEER_PAGE, type PeerDecision } from '../../tests/e2e/pages/paypalPeer';
import { PayPalReturn, type ReturnAction, type ReturnState } from '../../tests/e2e/pages/paypalReturn';
import { RegistrationForm } from '../../tests/e2e/pages/registration';
import { SettingsPage } from '../../tests/e2e/pages/settings';
import { camt053 } from '../../tests/support/statements';

export interface RecipeContext {
  page: Page;
  /** the app's address, e.g. http://127.0.0.1:43123 */
  baseUrl: string;
  lang: 'en' | 'pl';
  /** where the server writes its mail (.eml), when known */
  mailDir?: string;
}
/** Leaves the page in the state; answers what proves it on screen (waited for before each screenshot). */
export type Recipe = (ctx: RecipeContext) => Promise<Locator | void>;

export interface MachineRecipes {
  /** state path below the root (as in machines/descriptions) -> how to get there */
  states: Record<string, Recipe>;
  /** state path -> the state whose screenshots show it (a compound state: the child it rests in) */
  sameAs?: Record<string, string>;
  /** state path -> why the storyboard does not show it */
  notShown?: Record<string, string>;
  /**
   * state path -> why no screenshot can prove it: the app leaves it with nothing to wait for (a promise that has
   * already settled, the mount effect of the render that entered it, the same render as a navigation), as
   * measured in the browser (a requestAnimationFrame probe: no frame is painted in it, or one at most). Holding
   * such a state would mean stopping the app's own code, which is not the app any more; the storyboard counts
   * these apart from the states not shown (scripts/storyboard.ts).
   */
  fleeting?: Record<string, string>;
}

const envelope = (status: number, code: string, context = '') => ({
  status,
  contentType: 'application/json',
  body: JSON.stringify({ data: null, errors: [{ code, context, message: '' }], status }),
});
const answer = (status: number) => envelope(status, status === 503 ? 'MAINTENANCE' : 'INTERNAL_ERROR');

/** A path of the app in the context's language (the part after /en or /pl). */
const at = (ctx: RecipeContext, en: string, pl: string) => `${ctx.baseUrl}/${ctx.lang}${ctx.lang === 'en' ? en : pl}`;

/** No cookie banner over the screen (what a returning visitor sees). */
async function consented({ page, baseUrl }: RecipeContext) {
  await acceptCookies(page.context(), baseUrl);
}

async function home(ctx: RecipeContext) {
  await ctx.page.goto(`${ctx.baseUrl}/${ctx.lang}/`);
  await ctx.page.getByTestId('page-home').waitFor();
}

/**
 * Requests matching `pattern` (and `when`) never get an answer: the screen stays in the state that waits
 * for them. Resolves `seen` once such a request was made (the state really asked for it).
 */
async function hold(page: Page, pattern: string, when: (r: Request) => boolean = () => true): Promise<{ seen: Promise<void> }> {
  let saw!: () => void;
  const seen = new Promise<void>((resolve) => (saw = resolve));
  await page.route(pattern, async (route) => {
    if (!when(route.request())) return route.fallback();
    saw();
    await new Promise<void>(() => {});
  });
  return { seen };
}

/** Requests matching `pattern` (and `when`) are answered with the server's error envelope. */
async function fail(page: Page, pattern: string, status = 500, code?: string, when: (r: Request) => boolean = () => true) {
  await page.route(pattern, (route) => (when(route.request()) ? route.fulfill(code ? envelope(status, code) : answer(status)) : route.fallback()));
}

const isGet = (r: Request) => r.method() === 'GET';
const isPost = (r: Request) => r.method() === 'POST';

/** index.html without the server's first data: boot's loads and the page's data go over the network. */
async function withoutInitialData(page: Page) {
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document' || !route.request().url().includes('127.0.0.1')) return route.fallback();
    const response = await route.fetch();
    const body = (await response.text()).replace(/<script type="application\/json" id="initial-data">[\s\S]*?<\/script>/, '');
    await route.fulfill({ response, body });
  });
}

/**
 * The site's data as a site with less of it would answer: requests matching `pattern` (GET) go to the server,
 * and `change` edits the answer's `data` before the page gets it (fewer slides, no offers). Resolves `served`
 * once such an answer was given.
 */
async function siteData(page: Page, pattern: string, change: (data: unknown) => unknown): Promise<{ served: Promise<void> }> {
  let done!: () => void;
  const served = new Promise<void>((resolve) => (done = resolve));
  await page.route(pattern, async (route) => {
    if (!isGet(route.request())) return route.fallback();
    const response = await route.fetch();
    const body = (await response.json()) as { data: unknown };
    await route.fulfill({ response, json: { ...body, data: change(body.data) } });
    done();
  });
  return { served };
}

const DEMO_INVESTOR = DEMO.investor;
const DEMO_OPERATOR = DEMO.operator;
type Who = Credentials;

/** Signs in through the login form and waits until the app has left the login page. */
async function logIn(ctx: RecipeContext, who: Who = DEMO_INVESTOR) {
  await consented(ctx);
  await new LoginPage(ctx.page, ctx.lang).logIn(who);
}

/** Signs the demo investor in through the login form and waits for the dashboard. */
async function signedIn(ctx: RecipeContext) {
  await logIn(ctx);
  return ctx.page.getByTestId('welcome');
}

/** Opens a page of the app (path after the language) and waits until the network is quiet. */
async function open(ctx: RecipeContext, en: string, pl: string) {
  await consented(ctx);
  await ctx.page.goto(at(ctx, en, pl));
  await ctx.page.waitForLoadState('networkidle');
}

/** An access token of `who`, for looking things up over the API (the page's requests go to the storyboard's server). */
const apiToken = (ctx: RecipeContext, who: Who) => apiLogin(ctx.page.request, who.email, who.password);

/** The demo investor's unpaid bank-transfer order (seeded: DEMF…), or another of theirs with `status`/`method`. */
async function demoOrder(ctx: RecipeContext, status = 'new', method = 'BankTransfer'): Promise<{ id: string; reference: string }> {
  const items = await investorOrders(ctx.page.request, status, DEMO_INVESTOR);
  const order = items.filter((o) => o.method === method).sort((a, b) => a.reference.localeCompare(b.reference))[0];
  if (!order) throw new Error(`the demo investor has no ${status} ${method} order`);
  return order;
}

// ---------- mail ----------

/** The storyboard server's mail folder (the browser suite's helpers read it, given the folder). */
function mailDirOf(ctx: RecipeContext): string {
  if (!ctx.mailDir) throw new Error('the mail folder is not known (pass --mail-dir with --base-url)');
  return ctx.mailDir;
}

/** The first mail to `to` with a link matching `link`, not one of `seen` (files of earlier mail). */
const mailTo = (ctx: RecipeContext, to: string, link: RegExp, seen: string[] = []): Promise<Mail> =>
  waitForMail(to, { link, seen, dir: mailDirOf(ctx) });
const mailFiles = (ctx: RecipeContext) => listMail(mailDirOf(ctx)).map((m) => m.file);

// ---------- a fresh investor (registered through the form, for the registration, activation and reset screens) ----------

const PASSWORD = 'Storyboard123';
let counter = 0;
const freshEmail = () => `storyboard-${Date.now().toString(36)}-${++counter}@example.com`;
const registration = (ctx: RecipeContext) => new RegistrationForm(ctx.page, ctx.lang);

/** The registration form up to the step `upTo` (its fields filled, not yet sent). Answers the address used. */
async function registerUpTo(ctx: RecipeContext, upTo: 'account' | 'address' | 'bank', email = freshEmail()) {
  const form = registration(ctx);
  await open(ctx, '/register', '/rejestracja');
  await form.fillAccount({ email, password: PASSWORD, firstName: 'Ewa', lastName: 'Storyboard' });
  if (upTo === 'account') return email;
  await form.next.click();
  await form.step('address').waitFor();
  await form.fillAddress();
  if (upTo === 'address') return email;
  await form.next.click();
  await form.step('bank').waitFor();
  await form.fillBank();
  return email;
}

/** Registers a new investor through the form; answers the address (its activation mail is on its way). */
async function registered(ctx: RecipeContext): Promise<string> {
  const email = await registerUpTo(ctx, 'bank');
  await registration(ctx).create.click();
  await ctx.page.getByTestId('page-registerSuccess').waitFor();
  return email;
}

/** A new investor, registered and activated, in a page of its own (once per run). */
let activeInvestor: Promise<Who> | undefined;
function freshInvestor(ctx: RecipeContext): Promise<Who> {
  activeInvestor ??= (async () => {
    const page = await ctx.page.context().newPage();
    const own = { ...ctx, page };
    try {
      const email = await registered(own);
      const mail = await mailTo(own, email, ACTIVATION_LINK);
      await page.goto(`${ctx.baseUrl}${linkPath(mail, ACTIVATION_LINK)}`);
      await page.waitForLoadState('networkidle');
      return { email, password: PASSWORD };
    } finally {
      await page.close();
    }
  })();
  return activeInvestor;
}

// ---------- investing ----------

/** The investment flow's root with the chart's state (data-state: the state value as JSON). */
const flowIn = (page: Page, fragment: string) => page.locator(`[data-testid="invest-flow"][data-state*='${fragment}']`);
const investFlow = (ctx: RecipeContext) => new InvestFlow(ctx.page, ctx.lang);

/** The demo offer's page, as a visitor sees it (no cookie banner), the network quiet. */
async function offerPage(ctx: RecipeContext) {
  await consented(ctx);
  await investFlow(ctx).openOffer();
  await ctx.page.waitForLoadState('networkidle');
}

/** Signed in, the invest box sent with 2 shares: the flow's first step (personal information). */
async function investStarted(ctx: RecipeContext): Promise<InvestFlow> {
  await signedIn(ctx);
  const flow = investFlow(ctx);
  await flow.openOffer();
  await flow.start(2);
  await flow.step('personalInformation').waitFor();
  return flow;
}

async function investToDocuments(ctx: RecipeContext): Promise<InvestFlow> {
  const flow = await investStarted(ctx);
  await flow.toDocuments();
  await flow.step('documents').waitFor();
  return flow;
}

async function investToPayment(ctx: RecipeContext): Promise<InvestFlow> {
  const flow = await investToDocuments(ctx);
  await flow.toPayment();
  await flow.step('payment').waitFor();
  return flow;
}

/** On the payment step with `method` chosen. */
async function investChoosing(ctx: RecipeContext, method: PaymentMethod): Promise<InvestFlow> {
  const flow = await investToPayment(ctx);
  await flow.method(method).check();
  return flow;
}

/** An order placed by bank transfer through the flow: its thank-you step. */
async function investedByBankTransfer(ctx: RecipeContext) {
  const flow = await investToPayment(ctx);
  await flow.pay('BankTransfer');
  await flow.thankYou.waitFor();
}

/** An order placed with PayPal through the flow: the local PayPal peer's approval page. */
async function onPayPalPeer(ctx: RecipeContext) {
  const flow = await investToPayment(ctx);
  await flow.pay('PayPal');
  await ctx.page.waitForURL(PEER_PAGE);
}

/** On the peer's page: pay, leave pending, pay with a card that is declined, or cancel. */
async function peerDecides(ctx: RecipeContext, decision: PeerDecision) {
  await new PayPalPeer(ctx.page, ctx.lang).decide(decision);
}

const paypalIn = (ctx: RecipeContext, state: ReturnState) => new PayPalReturn(ctx.page, ctx.lang).in(state);
/** A next step the return page offers in `state` (retry, switch to a bank transfer, back to PayPal). */
const paypalButton = (ctx: RecipeContext, state: ReturnState, action: ReturnAction) =>
  new PayPalReturn(ctx.page, ctx.lang).button(state, action);

/** PayPal's approval page does not come (answered 204 in the browser: no navigation), so the page that sends
 *  the browser there stays on screen in its leaving state. */
async function payPalPageHeld(page: Page) {
  await page.route('**/paypal-peer/checkoutnow*', (route) => (route.request().isNavigationRequest() ? route.fulfill({ status: 204 }) : route.fallback()));
}

/** PayPal's answer on the return page: cancelled by the payer (the order waits, retry or bank transfer offered). */
async function paypalCancelled(ctx: RecipeContext) {
  await onPayPalPeer(ctx);
  await peerDecides(ctx, 'cancel');
  await paypalIn(ctx, 'cancelled').waitFor();
}

const TRANSIENT = 'transient: passed through within milliseconds, nothing of its own on screen';

export const RECIPES: Record<string, MachineRecipes> = {
  cookieConsent: {
    states: {
      visible: async (ctx) => {
        await home(ctx);
        return ctx.page.locator('#cookie-banner-title');
      },
      hidden: async (ctx) => {
        await consented(ctx);
        await home(ctx);
        return ctx.page.getByTestId('page-home');
      },
    },
    fleeting: {
      checking:
        'reads the consent cookies: an async read with nothing to wait for (document.cookie), which settles in a microtask after the banner’s actor starts, so the chart is in visible or hidden before the browser can paint; nothing is drawn for it (the page as in hidden)',
    },
  },
  disclosure: {
    states: {
      closed: async (ctx) => {
        await consented(ctx);
        await home(ctx);
        return ctx.page.getByTestId('contact-menu');
      },
      open: async (ctx) => {
        await consented(ctx);
        await home(ctx);
        await ctx.page.getByTestId('contact-menu').getByRole('button', { name: ctx.lang === 'en' ? 'Call us' : /Zadzwoń/ }).click();
        return ctx.page.getByRole('dialog');
      },
    },
  },
  connectivity: {
    states: {
      online: async (ctx) => {
        await consented(ctx);
        await home(ctx);
        return ctx.page.getByTestId('page-home');
      },
      offline: async (ctx) => {
        await consented(ctx);
        await home(ctx);
        await ctx.page.context().setOffline(true);
        return ctx.page.getByTestId('offline-banner');
      },
      reconnected: async (ctx) => {
        await consented(ctx);
        await home(ctx);
        await ctx.page.context().setOffline(true);
        await ctx.page.getByTestId('offline-banner').waitFor();
        const reloaded = ctx.page.waitForEvent('load');
        await ctx.page.context().setOffline(false);
        await reloaded;
        return ctx.page.getByTestId('restored-message');
      },
    },
    fleeting: {
      starting:
        'reads the session flag of a reload after reconnecting: an async read with nothing to wait for (sessionStorage), which settles in a microtask after the banner’s actor starts, so the chart is online (or reconnected) before the browser can paint; nothing is drawn for it',
    },
  },
  boot: {
    // Boot's loads arrive inside index.html; the recipes strip that, then hold one load or another.
    states: {
      'booting.content.splash.loading': async (ctx) => {
        await withoutInitialData(ctx.page);
        const held = await hold(ctx.page, '**/api/splash-screen*');
        await ctx.page.goto(`${ctx.baseUrl}/${ctx.lang}/`);
        await held.seen;
        return ctx.page.locator(`[data-machine="boot"][data-state*='"splash":"loading"']`);
      },
      'booting.content.splash.done': async (ctx) => {
        await withoutInitialData(ctx.page);
        const held = await hold(ctx.page, '**/api/static-content*');
        await ctx.page.goto(`${ctx.baseUrl}/${ctx.lang}/`);
        await held.seen;
        return ctx.page.locator(`[data-machine="boot"][data-state*='"splash":"done"']`);
      },
      'booting.content.slider.loading': async (ctx) => {
        await withoutInitialData(ctx.page);
        const held = await hold(ctx.page, '**/api/slider*');
        await ctx.page.goto(`${ctx.baseUrl}/${ctx.lang}/`);
        await held.seen;
        return ctx.page.locator(`[data-machine="boot"][data-state*='"slider":"loading"']`);
      },
      'booting.content.slider.done': async (ctx) => {
        await withoutInitialData(ctx.page);
        const held = await hold(ctx.page, '**/api/splash-screen*');
        await ctx.page.goto(`${ctx.baseUrl}/${ctx.lang}/`);
        await held.seen;
        return ctx.page.locator(`[data-machine="boot"][data-state*='"slider":"done"']`);
      },
      'booting.content.staticContent.loading': async (ctx) => {
        await withoutInitialData(ctx.page);
        const held = await hold(ctx.page, '**/api/static-content*');
        await ctx.page.goto(`${ctx.baseUrl}/${ctx.lang}/`);
        await held.seen;
        return ctx.page.locator(`[data-machine="boot"][data-state*='"staticContent":"loading"']`);
      },
      'booting.content.staticContent.done': async (ctx) => {
        await withoutInitialData(ctx.page);
        const held = await hold(ctx.page, '**/api/slider*');
        await ctx.page.goto(`${ctx.baseUrl}/${ctx.lang}/`);
        await held.seen;
        return ctx.page.locator(`[data-machine="boot"][data-state*='"staticContent":"done"']`);
      },
      // A stored session: the user is fetched before the page shows (the full-screen loader stays).
      restoringSession: async (ctx) => {
        await logIn(ctx);
        const held = await hold(ctx.page, '**/api/user/me*');
        await ctx.page.reload();
        await held.seen;
        return ctx.page.locator(`[data-machine="boot"][data-state='"restoringSession"']`);
      },
      ready: async (ctx) => {
        await consented(ctx);
        await home(ctx);
        return ctx.page.getByTestId('page-home');
      },
      // The other language chosen: the page stays while the content loads again in that language.
      'reloading.content.splash.loading': async (ctx) => {
        await consented(ctx);
        await withoutInitialData(ctx.page);
        await home(ctx);
        const held = await hold(ctx.page, '**/api/splash-screen*');
        await ctx.page.getByTestId(`language-${ctx.lang === 'en' ? 'pl' : 'en'}`).first().click();
        await held.seen;
        return ctx.page.getByTestId('page-home');
      },
      'reloading.content.splash.done': async (ctx) => {
        await consented(ctx);
        await withoutInitialData(ctx.page);
        await home(ctx);
        const held = await hold(ctx.page, '**/api/static-content*');
        await ctx.page.getByTestId(`language-${ctx.lang === 'en' ? 'pl' : 'en'}`).first().click();
        await held.seen;
        return ctx.page.getByTestId('page-home');
      },
      'reloading.content.slider.loading': async (ctx) => {
        await consented(ctx);
        await withoutInitialData(ctx.page);
        await home(ctx);
        const held = await hold(ctx.page, '**/api/slider*');
        await ctx.page.getByTestId(`language-${ctx.lang === 'en' ? 'pl' : 'en'}`).first().click();
        await held.seen;
        return ctx.page.getByTestId('page-home');
      },
      failed: async (ctx) => {
        await withoutInitialData(ctx.page);
        await fail(ctx.page, '**/api/splash-screen*');
        await ctx.page.goto(`${ctx.baseUrl}/${ctx.lang}/`);
        return ctx.page.getByTestId('boot-failed');
      },
    },
    sameAs: {
      booting: 'booting.content.splash.loading',
      'booting.content': 'booting.content.splash.loading',
      'booting.content.splash': 'booting.content.splash.loading',
      'booting.content.slider': 'booting.content.slider.loading',
      'booting.content.staticContent': 'booting.content.staticContent.loading',
      reloading: 'reloading.content.splash.loading',
      'reloading.content': 'reloading.content.splash.loading',
      'reloading.content.splash': 'reloading.content.splash.loading',
      'reloading.content.slider': 'reloading.content.slider.loading',
      'reloading.content.slider.done': 'reloading.content.splash.done',
      'reloading.content.staticContent': 'reloading.content.splash.done',
      'reloading.content.staticContent.loading': 'reloading.content.splash.done',
      'reloading.content.staticContent.done': 'reloading.content.splash.loading',
    },
  },
  maintenance: {
    states: {
      open: async (ctx) => {
        await consented(ctx);
        await home(ctx);
        return ctx.page.getByTestId('page-home');
      },
      closed: async (ctx) => {
        await withoutInitialData(ctx.page);
        await fail(ctx.page, '**/api/static-content*', 503);
        await ctx.page.goto(`${ctx.baseUrl}/${ctx.lang}/`);
        return ctx.page.getByTestId('maintenance-screen');
      },
    },
    notShown: { evaluating: `${TRANSIENT} (decides from the splash screen's flags as they arrive)` },
  },
  offersList: {
    states: {
      loading: async (ctx) => {
        await consented(ctx);
        await home(ctx);
        const held = await hold(ctx.page, '**/api/offers*', isGet);
        await ctx.page.locator(`a[href$="/${ctx.lang}/${ctx.lang === 'en' ? 'investments' : 'inwestycje'}"]`).first().click();
        await held.seen;
        return ctx.page.locator('[aria-busy="true"]');
      },
      ready: async (ctx) => {
        await open(ctx, '/investments', '/inwestycje');
        return ctx.page.getByTestId('pagination');
      },
      failure: async (ctx) => {
        await consented(ctx);
        await home(ctx);
        await fail(ctx.page, '**/api/offers*', 500, undefined, isGet);
        await ctx.page.locator(`a[href$="/${ctx.lang}/${ctx.lang === 'en' ? 'investments' : 'inwestycje'}"]`).first().click();
        // the list's failure is the not-found page (SPEC: with featured offers below)
        return ctx.page.getByRole('heading', { level: 1, name: ctx.lang === 'en' ? 'Page not found' : /nie znaleziono|nie istnieje/i });
      },
      // A site with no public offers: the list's answer is the server's with its items taken out (a client-side
      // visit, so the list asks the server; the first page load has its offers inside index.html).
      empty: async (ctx) => {
        await consented(ctx);
        await home(ctx);
        const none = await siteData(ctx.page, '**/api/offers?*', (data) => {
          const { pagination } = data as { pagination: Record<string, number> };
          return { items: [], pagination: { ...pagination, totalItems: 0, totalPages: 0 } };
        });
        await ctx.page.locator(`a[href$="/${ctx.lang}/${ctx.lang === 'en' ? 'investments' : 'inwestycje'}"]`).first().click();
        await none.served;
        return ctx.page.getByTestId('offers-empty');
      },
    },
    fleeting: {
      idle:
        'the list’s view sends the address as its first request in the mount effect of the render that shows it; the request starts before the browser paints (measured: no frame between the skeleton and the request), so the skeleton on screen is loading’s',
      navigating:
        'a page choice (or an address that is not the list’s own, or a page above the last) navigates, and the render of the new address sends its request in the same task, before the browser paints (measured: no frame between the address change and the request); a held request shows loading, not this state',
    },
  },
  auth: {
    states: {
      signedOut: async (ctx) => {
        await open(ctx, '/login', '/logowanie');
        return new LoginForm(ctx.page, ctx.lang).email;
      },
      signingIn: async (ctx) => {
        await open(ctx, '/login', '/logowanie');
        const held = await hold(ctx.page, '**/api/token', isPost);
        await new LoginForm(ctx.page, ctx.lang).submitAs(DEMO_INVESTOR);
        await held.seen;
        return ctx.page.locator('form button[type="submit"][disabled], form [aria-busy="true"], form button[data-loading]');
      },
      'signedIn.token.valid': signedIn,
      'signedIn.user.loaded': signedIn,
      // Access tokens live 5 s on this server: the next call after that is refused and the token refreshed.
      'signedIn.token.refreshing': async (ctx) => {
        await signedIn(ctx);
        const held = await hold(ctx.page, '**/api/token', (r) => isPost(r) && (r.postData() ?? '').includes('refresh_token'));
        await ctx.page.waitForTimeout(6_000);
        await ctx.page.goto(at(ctx, '/investor', '/inwestor'));
        await held.seen;
        // the page was loaded again: its session is restored behind the loader, and the refresh is held
        return ctx.page.locator(`[data-machine="boot"][data-state='"restoringSession"']`);
      },
      // After a page load the user is fetched only when boot asks (after its loads): hold one load.
      'signedIn.user.unknown': async (ctx) => {
        await logIn(ctx);
        await withoutInitialData(ctx.page);
        const held = await hold(ctx.page, '**/api/static-content*');
        await ctx.page.reload();
        await held.seen;
        return ctx.page.locator(`[data-machine="boot"][data-state*='"booting"']`);
      },
      'signedIn.user.loading': async (ctx) => {
        await logIn(ctx);
        const held = await hold(ctx.page, '**/api/user/me*');
        await ctx.page.reload();
        await held.seen;
        return ctx.page.locator(`[data-machine="boot"][data-state='"restoringSession"']`);
      },
      // The profile cannot be read: the site still runs, without the user's name.
      'signedIn.user.failed': async (ctx) => {
        await logIn(ctx);
        await fail(ctx.page, '**/api/user/me*');
        await ctx.page.reload();
        await ctx.page.getByTestId('page-home').waitFor();
        // signed in (the header's account menu says "My account"), but no greeting by name: the profile is missing
        return ctx.page.locator('[data-testid="page-home"]:not(:has([data-testid="welcome"]))');
      },
      signingOut: async (ctx) => {
        await signedIn(ctx);
        const held = await hold(ctx.page, '**/api/token/revoke*');
        await ctx.page.getByRole('button', { name: /Anna|Moje konto|My account/ }).first().click();
        await ctx.page.getByRole('button', { name: ctx.lang === 'pl' ? 'Wyloguj się' : 'Log out' }).first().click();
        await held.seen;
        // the revoke call is held: the page stays as it was (still greeting), the header is no longer signed in
        return ctx.page.getByTestId('welcome');
      },
    },
    sameAs: { signedIn: 'signedIn.user.loaded', 'signedIn.token': 'signedIn.token.valid', 'signedIn.user': 'signedIn.user.loaded' },
  },
  accordion: {
    states: {
      allClosed: async (ctx) => {
        await open(ctx, '/faq', '/faq');
        return ctx.page.locator('main button[aria-expanded="false"]');
      },
      itemOpen: async (ctx) => {
        await open(ctx, '/faq', '/faq');
        await ctx.page.locator('main button[aria-expanded="false"]').first().click();
        return ctx.page.locator('main button[aria-expanded="true"]');
      },
    },
  },
  contactForm: {
    states: {
      editing: async (ctx) => {
        await open(ctx, '/contact-us', '/kontakt');
        return ctx.page.locator('[data-testid="contact-form"][data-state="editing"]');
      },
      submitting: async (ctx) => {
        await fillContact(ctx);
        const held = await hold(ctx.page, '**/api/**', (r) => isPost(r) && /contact|message/.test(r.url()));
        await ctx.page.getByTestId('contact-submit').click();
        await held.seen;
        return ctx.page.locator('[data-testid="contact-form"][data-state="submitting"]');
      },
      success: async (ctx) => {
        await fillContact(ctx);
        await ctx.page.getByTestId('contact-submit').click();
        return ctx.page.locator('[data-testid="contact-form"][data-state="success"]');
      },
    },
  },
};

/** The contact page's form filled in (every field and agreement), not yet sent. */
async function fillContact(ctx: RecipeContext) {
  await open(ctx, '/contact-us', '/kontakt');
  const form = ctx.page.getByTestId('contact-form');
  await form.locator('input[name="email"]').fill('visitor@example.com');
  await form.locator('input[name="phoneNumber"]').fill('501 234 567');
  await form.locator('input[name="fullName"]').fill('Ewa Storyboard');
  await form.locator('textarea[name="message"]').fill('I would like to know more about the Green Terraces offer.');
  for (const box of await form.getByRole('checkbox').all()) await box.check();
}

Object.assign(RECIPES, {
  passwordReset: {
    states: {
      request: async (ctx) => {
        await open(ctx, '/forgot-password', '/zapomniane-haslo');
        return ctx.page.locator('[data-testid="page-forgotPassword"] input[name="email"]');
      },
      requesting: async (ctx) => {
        await open(ctx, '/forgot-password', '/zapomniane-haslo');
        const held = await hold(ctx.page, '**/api/user/reset-password*', isPost);
        await new ForgotPasswordPage(ctx.page, ctx.lang).request(DEMO_INVESTOR.email);
        await held.seen;
        return ctx.page.locator('form button[type="submit"][data-loading]');
      },
      requested: async (ctx) => {
        await open(ctx, '/forgot-password', '/zapomniane-haslo');
        await new ForgotPasswordPage(ctx.page, ctx.lang).request(DEMO_INVESTOR.email);
        return ctx.page.locator('[data-testid="page-forgotPassword"] [role="status"]');
      },
      validating: async (ctx) => {
        await consented(ctx);
        const held = await hold(ctx.page, '**/api/user/reset-password*', isGet);
        await ctx.page.goto(at(ctx, '/reset-password/a-token-being-checked', '/resetuj-haslo/a-token-being-checked'));
        await held.seen;
        return ctx.page.locator('[aria-busy="true"], [role="progressbar"], [data-loading]').or(ctx.page.locator('main'));
      },
      invalidToken: async (ctx) => {
        await open(ctx, '/reset-password/not-a-token', '/resetuj-haslo/not-a-token');
        return ctx.page.getByRole('alert');
      },
      choosing: async (ctx) => {
        await resetLink(ctx);
        return new ResetPasswordPage(ctx.page, ctx.lang).password;
      },
      saving: async (ctx) => {
        await resetLink(ctx);
        const held = await hold(ctx.page, '**/api/user/reset-password*', isPost);
        await fillNewPassword(ctx);
        await held.seen;
        return ctx.page.locator('form button[type="submit"][data-loading]');
      },
      done: async (ctx) => {
        await resetLink(ctx);
        await fillNewPassword(ctx);
        return ctx.page.locator('main [role="status"]');
      },
    },
    notShown: { start: `${TRANSIENT} (picks the request form or the link's check from the address)` },
  },
  activation: {
    states: {
      invalid: async (ctx) => {
        await open(ctx, '/activate/not-a-token', '/aktywuj/not-a-token');
        return ctx.page.getByRole('alert');
      },
      activating: async (ctx) => {
        const link = await activationLink(ctx);
        const held = await hold(ctx.page, '**/api/investor/activate-account', isPost);
        await ctx.page.goto(`${ctx.baseUrl}${link}`);
        await held.seen;
        return ctx.page.getByTestId('page-activate');
      },
      activated: async (ctx) => {
        await ctx.page.goto(`${ctx.baseUrl}${await activationLink(ctx)}`);
        return ctx.page.locator('[data-testid="page-activate"] [role="status"]');
      },
      'resend.idle': async (ctx) => {
        await open(ctx, '/resend-activation/someone%40example.com', '/ponowna-aktywacja/someone%40example.com');
        return ctx.page.getByTestId('page-resendActivation');
      },
      'resend.sending': async (ctx) => {
        await open(ctx, '/resend-activation/someone%40example.com', '/ponowna-aktywacja/someone%40example.com');
        const held = await hold(ctx.page, '**/api/investor/activate-account/resend*', isPost);
        await ctx.page.getByTestId('page-resendActivation').getByRole('button').first().click();
        await held.seen;
        return ctx.page.locator('[data-testid="page-resendActivation"] button[disabled], [data-testid="page-resendActivation"] button[data-loading]');
      },
      'resend.sent': async (ctx) => {
        const email = await registered(ctx);
        await ctx.page.getByTestId('page-registerSuccess').getByRole('button').first().click();
        void email;
        return ctx.page.locator('[data-testid="page-registerSuccess"] [role="status"]');
      },
      'resend.failed': async (ctx) => {
        await open(ctx, '/resend-activation/someone%40example.com', '/ponowna-aktywacja/someone%40example.com');
        await fail(ctx.page, '**/api/investor/activate-account/resend*', 500, undefined, isPost);
        await ctx.page.getByTestId('page-resendActivation').getByRole('button').first().click();
        return ctx.page.locator('[data-testid="page-resendActivation"] [role="alert"]');
      },
    },
    sameAs: { resend: 'resend.idle' },
    notShown: { start: `${TRANSIENT} (picks activation or the resend page from the address)` },
  },
  registration: {
    states: {
      loading: async (ctx) => {
        await consented(ctx);
        const held = await hold(ctx.page, '**/api/investor/register', isGet);
        await ctx.page.goto(at(ctx, '/register', '/rejestracja'));
        await held.seen;
        return ctx.page.getByTestId('page-register');
      },
      loadFailed: async (ctx) => {
        await consented(ctx);
        await fail(ctx.page, '**/api/investor/register', 500, undefined, isGet);
        await ctx.page.goto(at(ctx, '/register', '/rejestracja'));
        return ctx.page.locator('[data-testid="page-register"] [role="alert"]');
      },
      account: async (ctx) => {
        await open(ctx, '/register', '/rejestracja');
        return registration(ctx).step('account');
      },
      checkingEmail: async (ctx) => {
        await registerUpTo(ctx, 'account');
        const held = await hold(ctx.page, '**/api/investor/register/check-email*', isPost);
        await registration(ctx).next.click();
        await held.seen;
        return registration(ctx).step('account');
      },
      address: async (ctx) => {
        await registerUpTo(ctx, 'address');
        return registration(ctx).step('address');
      },
      bank: async (ctx) => {
        await registerUpTo(ctx, 'bank');
        return registration(ctx).step('bank');
      },
      submitting: async (ctx) => {
        await registerUpTo(ctx, 'bank');
        const held = await hold(ctx.page, '**/api/investor/register', isPost);
        await registration(ctx).create.click();
        await held.seen;
        return registration(ctx).step('bank');
      },
      registered: async (ctx) => {
        await registered(ctx);
        return ctx.page.getByTestId('activation-sent-to');
      },
    },
  },
  settings: {
    states: {
      idle: async (ctx) => {
        await settingsPage(ctx);
        return ctx.page.getByTestId('settings-personal');
      },
      saving: async (ctx) => {
        const settings = await settingsPage(ctx);
        const held = await hold(ctx.page, '**/api/investor', (r) => r.method() === 'PATCH');
        await settings.save(settings.personal).click();
        await held.seen;
        return ctx.page.locator('[data-testid="settings-personal"] button[data-loading]');
      },
      saved: async (ctx) => {
        const settings = await settingsPage(ctx);
        await settings.save(settings.personal).click();
        return ctx.page.locator('[data-testid="settings-personal"] [role="status"]');
      },
      // The server refuses a wrong current password: the error stands beside the field.
      failed: async (ctx) => {
        const settings = await settingsPage(ctx);
        await settings.tab('security').click();
        await settings.fillPassword('Not-the-password1', 'Another-password1');
        await settings.save(settings.password).click();
        return settings.password.locator('[name="currentPassword"][aria-invalid="true"]');
      },
    },
  },
  language: {
    states: {
      loading: async (ctx) => {
        const held = await hold(ctx.page, `**/assets/${ctx.lang}-*.js`);
        await ctx.page.goto(`${ctx.baseUrl}/${ctx.lang}/`);
        await held.seen;
        return ctx.page.locator(`[data-machine="language"][data-state='"loading"']`);
      },
      failed: async (ctx) => {
        await ctx.page.route(`**/assets/${ctx.lang}-*.js`, (route) => route.abort());
        await ctx.page.goto(`${ctx.baseUrl}/${ctx.lang}/`);
        return ctx.page.getByRole('alert').filter({ hasText: 'The language could not be loaded' });
      },
      ready: async (ctx) => {
        await consented(ctx);
        await home(ctx);
        return ctx.page.getByTestId('page-home');
      },
      // The other language's texts are on their way: the page stays as it is until they arrive.
      switching: async (ctx) => {
        await consented(ctx);
        await home(ctx);
        const other = ctx.lang === 'en' ? 'pl' : 'en';
        const held = await hold(ctx.page, `**/assets/${other}-*.js`);
        await ctx.page.getByTestId(`language-${other}`).first().click();
        await held.seen;
        return ctx.page.getByTestId('page-home');
      },
    },
    fleeting: {
      resolving:
        'waits only for the first location, which the app root sends in its mount effect: measured, the full-screen loader of this state is painted for one frame at start (the same loader as loading’s, data-state "resolving") and the effect runs after that frame; nothing is pending, so it could be held only by stopping the app’s own code',
    },
  },
  slider: {
    states: {
      // A site without slides: the slider's answer is the server's with its items taken out (the page loads them
      // over the network, without the server's inline first data); the home page then has no slider at all.
      empty: async (ctx) => {
        await consented(ctx);
        await withoutInitialData(ctx.page);
        const none = await siteData(ctx.page, '**/api/slider*', () => []);
        await home(ctx);
        await none.served;
        return ctx.page.locator('[data-testid="page-home"]:not(:has([data-testid="hero-slider"]))');
      },
      // A site with one slide (the first of the demo's): no carousel, no arrows, no autoplay.
      single: async (ctx) => {
        await consented(ctx);
        await withoutInitialData(ctx.page);
        const one = await siteData(ctx.page, '**/api/slider*', (data) => (data as unknown[]).slice(0, 1));
        await home(ctx);
        await one.served;
        // "Slide 1 of 1" (pl "Slajd 1 z 1"): the slider's live status counts one slide
        return ctx.page.locator('[data-testid="hero-slider"][data-index="0"]').filter({ has: ctx.page.getByTestId('slider-status').filter({ hasText: /^\D*1\D+1\D*$/ }) });
      },
      'carousel.autoplay.running': async (ctx) => {
        await consented(ctx);
        await home(ctx);
        return ctx.page.locator('[data-testid="hero-slider"][data-paused="false"]');
      },
      'carousel.autoplay.hovered': async (ctx) => {
        await consented(ctx);
        await home(ctx);
        await ctx.page.getByTestId('hero-slider').hover();
        return ctx.page.locator('[data-testid="hero-slider"][data-paused="true"]');
      },
      // The seeded video slide, reached with the arrows; once it plays, autoplay waits for it.
      'carousel.autoplay.videoPlaying': async (ctx) => {
        await consented(ctx);
        await home(ctx);
        const slider = ctx.page.getByTestId('hero-slider');
        // the other slides (the video's too) come with the carousel, which loads after the first slide is shown
        await slider.locator('video').first().waitFor({ state: 'attached', timeout: 10_000 }).catch(() => {
          throw new Error('no video slide on the home page');
        });
        for (let i = 0; i < 6; i++) {
          const playing = await slider.locator('video').evaluateAll((videos) => videos.some((v) => !(v as HTMLVideoElement).paused));
          if (playing) break;
          await slider.getByRole('button', { name: ctx.lang === 'en' ? /next/i : /następn/i }).click();
          await ctx.page.waitForTimeout(800);
        }
        await ctx.page.mouse.move(0, 0); // off the slider: paused by the video alone
        return ctx.page.locator('[data-testid="hero-slider"][data-paused="true"]');
      },
      // The first slide drawn alone, before the carousel's chunk is fetched (2 s after the slider is drawn): the
      // page's clock is paused right after it loads.
      'carousel.widget.waiting': async (ctx) => {
        await consented(ctx);
        await ctx.page.clock.install();
        await home(ctx);
        await ctx.page.clock.pauseAt(Date.now() + 500);
        return ctx.page.locator('[data-testid="hero-slider"][data-carousel="waiting"]');
      },
      // The carousel's chunk (assets/slick-<hash>.js) is held: fetched ahead 2 s after the slider is drawn, with
      // the pointer away from the slider.
      'carousel.widget.prefetching': async (ctx) => {
        await consented(ctx);
        const held = await hold(ctx.page, '**/assets/slick-*.js');
        await home(ctx);
        await held.seen;
        return ctx.page.locator('[data-testid="hero-slider"][data-carousel="prefetching"]');
      },
      // The visitor reaches for the slider at once, and the carousel's chunk is held.
      'carousel.widget.loading': async (ctx) => {
        await consented(ctx);
        const held = await hold(ctx.page, '**/assets/slick-*.js');
        await home(ctx);
        await ctx.page.getByTestId('hero-slider').hover();
        await held.seen;
        return ctx.page.locator('[data-testid="hero-slider"][data-carousel="loading"]');
      },
      // The carousel's chunk cannot be loaded: the current slide is drawn alone, the arrows still move it.
      'carousel.widget.failed': async (ctx) => {
        await consented(ctx);
        await fail(ctx.page, '**/assets/slick-*.js');
        await home(ctx);
        await ctx.page.getByTestId('hero-slider').hover();
        return ctx.page.locator('[data-testid="hero-slider"][data-carousel="failed"]');
      },
      // The visitor reaches for the slider: the carousel is mounted.
      'carousel.widget.mounted': async (ctx) => {
        await consented(ctx);
        await home(ctx);
        await ctx.page.getByTestId('hero-slider').hover();
        return ctx.page.locator('[data-testid="hero-slider"][data-carousel="mounted"] .slick-slider');
      },
    },
    sameAs: {
      carousel: 'carousel.autoplay.running',
      'carousel.autoplay': 'carousel.autoplay.running',
      'carousel.widget': 'carousel.widget.waiting',
    },
    notShown: {
      'carousel.autoplay.stopped': 'no recipe yet (the pause control, or a browser that prefers reduced motion)',
      'carousel.widget.ready': 'between the chunk’s arrival and the first move (6 s) or the visitor’s reach; no recipe yet',
    },
  },
  lightbox: {
    states: {
      closed: async (ctx) => {
        await open(ctx, '/investment/lakeside-house', '/inwestycja/dom-nad-jeziorem');
        return ctx.page.getByRole('button', { name: ctx.lang === 'en' ? /View all photos/ : /zdjęcia/i });
      },
      open: async (ctx) => {
        await open(ctx, '/investment/lakeside-house', '/inwestycja/dom-nad-jeziorem');
        await ctx.page.getByRole('button', { name: ctx.lang === 'en' ? /View all photos/ : /zdjęcia/i }).click();
        return ctx.page.getByTestId('lightbox-counter');
      },
    },
  },
  load: {
    // Shown on the investor's documents page (one load of machines/load.machine.ts through useLoad).
    states: {
      loading: async (ctx) => {
        await signedIn(ctx);
        const held = await hold(ctx.page, '**/api/investor/documents*', isGet);
        await ctx.page.goto(at(ctx, '/investor/documents', '/inwestor/dokumenty'));
        await held.seen;
        return ctx.page.locator('[data-testid="page-documents"] [data-testid="skeleton"]');
      },
      success: async (ctx) => {
        await signedIn(ctx);
        await ctx.page.goto(at(ctx, '/investor/documents', '/inwestor/dokumenty'));
        return ctx.page.locator('[data-testid="page-documents"] [data-testid="document"]');
      },
      failure: async (ctx) => {
        await signedIn(ctx);
        await fail(ctx.page, '**/api/investor/documents*', 500, undefined, isGet);
        await ctx.page.goto(at(ctx, '/investor/documents', '/inwestor/dokumenty'));
        return ctx.page.locator('[data-testid="page-documents"] [data-testid="load-error"]');
      },
    },
    fleeting: {
      idle:
        'the view sends its request in the mount effect of the render that shows it; the request starts before the browser paints (measured on the documents page: no frame between the skeleton and the request), so the skeleton on screen is loading’s',
    },
  },
  clipboard: {
    // The bank details of an unpaid bank-transfer order (the demo investor's seeded order), click to copy.
    states: {
      idle: async (ctx) => {
        await orderPage(ctx);
        return ctx.page.locator('[data-testid="bank-details"] dd[data-state="idle"]');
      },
      // The browser's clipboard call is held (the page's writeText never settles).
      copying: async (ctx) => {
        await orderPage(ctx);
        await ctx.page.evaluate(() => {
          navigator.clipboard.writeText = () => new Promise<void>(() => {});
        });
        await ctx.page.locator('[data-testid="bank-details"] button').first().click();
        return ctx.page.locator('[data-testid="bank-details"] dd[data-state="copying"]');
      },
      copied: async (ctx) => {
        await ctx.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: ctx.baseUrl });
        await ctx.page.clock.install();
        await orderPage(ctx);
        await ctx.page.clock.pauseAt(Date.now() + 1_000);
        await ctx.page.locator('[data-testid="bank-details"] button').first().click();
        return ctx.page.locator('[data-testid="bank-details"] dd[data-state="copied"]');
      },
      // The browser refuses the clipboard (as without the permission): "not copied".
      failed: async (ctx) => {
        await ctx.page.clock.install();
        await orderPage(ctx);
        await ctx.page.evaluate(() => {
          navigator.clipboard.writeText = () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));
        });
        await ctx.page.clock.pauseAt(Date.now() + 1_000);
        await ctx.page.locator('[data-testid="bank-details"] button').first().click();
        return ctx.page.locator('[data-testid="bank-details"] dd[data-state="failed"]');
      },
    },
  },
  countdown: {
    states: {
      running: async (ctx) => {
        await orderPage(ctx);
        return ctx.page.locator('[data-testid="countdown"][data-expired="false"]');
      },
      // The browser's clock four days on: past the order's 72-hour deadline.
      expired: async (ctx) => {
        await logIn(ctx);
        const order = await demoOrder(ctx);
        await ctx.page.clock.install({ time: Date.now() + 4 * 86_400_000 });
        await ctx.page.goto(at(ctx, `/investor/order/${order.id}`, `/inwestor/zamowienie/${order.id}`));
        return ctx.page.locator('[data-testid="countdown"][data-expired="true"]');
      },
    },
  },
  fileDownload: {
    // The investor's CSV exports on the transactions page (a private file: fetched with the token, then saved).
    states: {
      idle: async (ctx) => {
        await transactionsPage(ctx);
        return ctx.page.locator('[data-testid="export-transactions"]:not([disabled])');
      },
      fetching: async (ctx) => {
        await transactionsPage(ctx);
        const held = await hold(ctx.page, '**/api/investor/exports/**');
        await ctx.page.getByTestId('export-transactions').click();
        await held.seen;
        return ctx.page.locator('[data-testid="export-transactions"][disabled]');
      },
      done: async (ctx) => {
        await transactionsPage(ctx);
        const download = ctx.page.waitForEvent('download');
        await ctx.page.getByTestId('export-transactions').click();
        await download;
        return ctx.page.locator('[data-testid="export-transactions"]:not([disabled])');
      },
      failed: async (ctx) => {
        await transactionsPage(ctx);
        await fail(ctx.page, '**/api/investor/exports/**');
        await ctx.page.getByTestId('export-transactions').click();
        return ctx.page.getByTestId('file-failed');
      },
    },
  },
  pagedList: {
    // The investor's transactions list (one paged-list chart: its load and its paging; page in the address).
    states: {
      loading: async (ctx) => {
        await signedIn(ctx);
        const held = await hold(ctx.page, '**/api/transaction*', isGet);
        await ctx.page.goto(at(ctx, '/investor/transactions', '/inwestor/transakcje'));
        await held.seen;
        return ctx.page.locator('[data-testid="page-transactions"] [data-testid="skeleton"]');
      },
      ready: async (ctx) => {
        await transactionsPage(ctx);
        return ctx.page.getByTestId('transactions-table');
      },
      // A new investor has no transactions: no list, no page controls.
      empty: async (ctx) => {
        const who = await freshInvestor(ctx);
        await logIn(ctx, who);
        await ctx.page.goto(at(ctx, '/investor/transactions', '/inwestor/transakcje'));
        return ctx.page.getByTestId('transactions-empty');
      },
      failure: async (ctx) => {
        await signedIn(ctx);
        await fail(ctx.page, '**/api/transaction*', 500, undefined, isGet);
        await ctx.page.goto(at(ctx, '/investor/transactions', '/inwestor/transakcje'));
        return ctx.page.locator('[data-testid="page-transactions"] [data-testid="load-error"]');
      },
    },
    fleeting: {
      idle:
        'the list’s view sends the address as its first request in the mount effect of the render that shows it; the request starts before the browser paints (measured: no frame between the skeleton and the request), so the skeleton on screen is loading’s',
      navigating:
        'a page choice (or a page above the last) navigates, and the render of the new address sends its request in the same task, before the browser paints; when the address it replaces a page above the last with is the list’s first-page address (another route), the list is mounted anew there (measured on the transactions: its skeleton goes, then comes back with the new request)',
    },
  },
} satisfies Record<string, MachineRecipes>);

async function settingsPage(ctx: RecipeContext): Promise<SettingsPage> {
  await signedIn(ctx);
  const settings = new SettingsPage(ctx.page, ctx.lang);
  await settings.goto();
  await settings.field(settings.personal, 'firstName').waitFor();
  return settings;
}

async function transactionsPage(ctx: RecipeContext) {
  await signedIn(ctx);
  await ctx.page.goto(at(ctx, '/investor/transactions', '/inwestor/transakcje'));
  await ctx.page.getByTestId('transactions-table').waitFor();
}

/** The demo investor's unpaid bank-transfer order: bank details to copy and the time left to pay. */
async function orderPage(ctx: RecipeContext) {
  await logIn(ctx);
  const order = await demoOrder(ctx);
  await ctx.page.goto(at(ctx, `/investor/order/${order.id}`, `/inwestor/zamowienie/${order.id}`));
  await ctx.page.getByTestId('bank-details').waitFor();
}

/** A fresh reset link for the fresh investor (each link works once), opened. */
async function resetLink(ctx: RecipeContext) {
  const who = await freshInvestor(ctx);
  const seen = mailFiles(ctx);
  const response = await ctx.page.request.post(`${ctx.baseUrl}/api/user/reset-password`, { data: { email: who.email }, headers: { 'accept-language': ctx.lang } });
  if (!response.ok()) throw new Error(`reset request refused: ${response.status()}`);
  const mail = await mailTo(ctx, who.email, RESET_LINK, seen);
  await consented(ctx);
  await ctx.page.goto(`${ctx.baseUrl}${linkPath(mail, RESET_LINK)}`);
  await new ResetPasswordPage(ctx.page, ctx.lang).password.waitFor();
}

/** The new password is the same as before, so the account keeps working for the next recipe. */
async function fillNewPassword(ctx: RecipeContext) {
  await new ResetPasswordPage(ctx.page, ctx.lang).choose(PASSWORD);
}

/** The activation link of a newly registered investor (registered in a page of its own). */
async function activationLink(ctx: RecipeContext): Promise<string> {
  const page = await ctx.page.context().newPage();
  try {
    const email = await registered({ ...ctx, page });
    return linkPath(await mailTo(ctx, email, ACTIVATION_LINK), ACTIVATION_LINK);
  } finally {
    await page.close();
  }
}

Object.assign(RECIPES, {
  investment: {
    states: {
      'initiate.editing': async (ctx) => {
        await offerPage(ctx);
        return ctx.page.locator('[data-testid="invest-button"]:not([disabled])');
      },
      'initiate.validating': async (ctx) => {
        await signedIn(ctx);
        const flow = investFlow(ctx);
        await flow.openOffer();
        await flow.quantity.fill('2');
        const held = await hold(ctx.page, '**/api/investment/validate*', isPost);
        await flow.investButton.click();
        await held.seen;
        return ctx.page.locator('[data-testid="invest-button"][data-loading]');
      },
      // Anonymous: the invest box sends the visitor to the login page (back to the offer after it).
      'initiate.loginRequired': async (ctx) => {
        await offerPage(ctx);
        await investFlow(ctx).investButton.click();
        await ctx.page.waitForURL(/\/(login|logowanie)$/);
        return new LoginForm(ctx.page, ctx.lang).email;
      },
      loading: async (ctx) => {
        await investStarted(ctx);
        const held = await hold(ctx.page, '**/api/offers/**', isGet);
        await ctx.page.reload();
        await held.seen;
        return flowIn(ctx.page, '"loading"');
      },
      loadFailed: async (ctx) => {
        await investStarted(ctx);
        await fail(ctx.page, '**/api/offers/**', 500, undefined, isGet);
        await ctx.page.reload();
        return flowIn(ctx.page, '"loadFailed"');
      },
      noDraft: async (ctx) => {
        await signedIn(ctx);
        await ctx.page.goto(FLOW[ctx.lang].personal);
        return flowIn(ctx.page, '"noDraft"');
      },
      'steps.personalInformation.editing': async (ctx) => {
        await investStarted(ctx);
        return flowIn(ctx.page, '"personalInformation":"editing"');
      },
      'steps.personalInformation.validating': async (ctx) => {
        const flow = await investStarted(ctx);
        const held = await hold(ctx.page, '**/api/investment/validate*', isPost);
        await flow.next.click();
        await held.seen;
        return flowIn(ctx.page, '"personalInformation":"validating"');
      },
      'steps.documents.editing': async (ctx) => {
        await investToDocuments(ctx);
        return flowIn(ctx.page, '"documents":"editing"');
      },
      'steps.documents.validating': async (ctx) => {
        const flow = await investToDocuments(ctx);
        await flow.acceptDocuments();
        const held = await hold(ctx.page, '**/api/investment/validate*', isPost);
        await flow.next.click();
        await held.seen;
        return flowIn(ctx.page, '"documents":"validating"');
      },
      'steps.payment.loadingMethods': async (ctx) => {
        const flow = await investToDocuments(ctx);
        await flow.acceptDocuments();
        const held = await hold(ctx.page, '**/api/transaction?*', isGet);
        await flow.next.click();
        await held.seen;
        return flowIn(ctx.page, '"payment":"loadingMethods"');
      },
      'steps.payment.methodsFailed': async (ctx) => {
        const flow = await investToDocuments(ctx);
        await flow.acceptDocuments();
        await fail(ctx.page, '**/api/transaction?*', 500, undefined, isGet);
        await flow.next.click();
        return flowIn(ctx.page, '"payment":"methodsFailed"');
      },
      'steps.payment.choosing': async (ctx) => {
        await investChoosing(ctx, 'BankTransfer');
        return flowIn(ctx.page, '"payment":"choosing"');
      },
      submitting: async (ctx) => {
        const flow = await investChoosing(ctx, 'BankTransfer');
        const held = await hold(ctx.page, '**/api/investment', isPost);
        await flow.payButton.click();
        await held.seen;
        return flowIn(ctx.page, '"submitting"');
      },
      // The order call's outcome is unknown (a 500): the flow's error page, retry with the same key.
      failed: async (ctx) => {
        const flow = await investChoosing(ctx, 'BankTransfer');
        await fail(ctx.page, '**/api/investment', 500, undefined, isPost);
        await flow.payButton.click();
        return flowIn(ctx.page, '"failed"');
      },
      // PayPal chosen: on the way to PayPal's approval page (held here, so the page stays).
      redirecting: async (ctx) => {
        const flow = await investChoosing(ctx, 'PayPal');
        await payPalPageHeld(ctx.page);
        await flow.payButton.click();
        return flowIn(ctx.page, '"redirecting"');
      },
      'thankYou.loadingOrder': async (ctx) => {
        await investedByBankTransfer(ctx);
        const held = await hold(ctx.page, '**/api/order/*', isGet);
        await ctx.page.reload();
        await held.seen;
        return flowIn(ctx.page, '"loadingOrder"');
      },
      'thankYou.shown': async (ctx) => {
        await investedByBankTransfer(ctx);
        return flowIn(ctx.page, '"shown"');
      },
      'thankYou.orderFailed': async (ctx) => {
        await investedByBankTransfer(ctx);
        await fail(ctx.page, '**/api/order/*', 500, undefined, isGet);
        await ctx.page.reload();
        return flowIn(ctx.page, '"orderFailed"');
      },
    },
    sameAs: {
      initiate: 'initiate.editing',
      steps: 'steps.personalInformation.editing',
      'steps.personalInformation': 'steps.personalInformation.editing',
      'steps.documents': 'steps.documents.editing',
      'steps.payment': 'steps.payment.choosing',
      thankYou: 'thankYou.shown',
    },
    fleeting: {
      'initiate.started':
        'entered with the navigation to the flow’s first screen (its entry action), so the same render unmounts the offer page: measured, no frame is painted between the validation’s answer and the new address, and the next frame has no invest box',
    },
  },
  paypalReturn: {
    // A PayPal order placed through the flow; the local PayPal peer's approval page decides.
    states: {
      capturing: async (ctx) => {
        await onPayPalPeer(ctx);
        const held = await hold(ctx.page, '**/api/order/*/paypal/return', isPost);
        await peerDecides(ctx, 'pay');
        await held.seen;
        return paypalIn(ctx, 'capturing');
      },
      paid: async (ctx) => {
        await onPayPalPeer(ctx);
        await peerDecides(ctx, 'pay');
        return paypalIn(ctx, 'paid');
      },
      pending: async (ctx) => {
        await onPayPalPeer(ctx);
        await peerDecides(ctx, 'pending');
        return paypalIn(ctx, 'pending');
      },
      declined: async (ctx) => {
        await onPayPalPeer(ctx);
        await peerDecides(ctx, 'declined-card');
        return paypalIn(ctx, 'declined');
      },
      cancelled: async (ctx) => {
        await paypalCancelled(ctx);
        return paypalIn(ctx, 'cancelled');
      },
      // The order was cancelled (here by the operator, over the API) before the payer came back: nothing was taken.
      expired: async (ctx) => {
        const { page, baseUrl } = ctx;
        await onPayPalPeer(ctx);
        const held = await hold(page, '**/api/order/*/paypal/return', isPost);
        await peerDecides(ctx, 'cancel');
        await held.seen;
        const orderId = /\/([0-9a-f-]{36})\?/.exec(page.url())?.[1];
        if (!orderId) throw new Error(`no order id in ${page.url()}`);
        const headers = { Authorization: `Bearer ${await apiToken(ctx, DEMO_OPERATOR)}` };
        const detail = (await (await page.request.get(`${baseUrl}/api/operator/orders/${orderId}`, { headers })).json()).data as { version: number };
        const cancelled = await page.request.post(`${baseUrl}/api/operator/orders/${orderId}/cancel`, {
          headers,
          data: { reason: 'Storyboard: cancelled before the payer came back', expectedVersion: detail.version },
        });
        if (!cancelled.ok()) throw new Error(`the operator could not cancel: ${cancelled.status()} ${await cancelled.text()}`);
        await page.unrouteAll({ behavior: 'ignoreErrors' });
        await page.reload();
        return paypalIn(ctx, 'expired');
      },
      retrying: async (ctx) => {
        await paypalCancelled(ctx);
        const held = await hold(ctx.page, '**/api/transaction/retry*', isPost);
        await paypalButton(ctx, 'cancelled', 'retry').click();
        await held.seen;
        return paypalIn(ctx, 'retrying');
      },
      switching: async (ctx) => {
        await paypalCancelled(ctx);
        const held = await hold(ctx.page, '**/api/transaction/retry*', isPost);
        await paypalButton(ctx, 'cancelled', 'bankTransfer').click();
        await held.seen;
        return paypalIn(ctx, 'switching');
      },
      bankTransfer: async (ctx) => {
        await paypalCancelled(ctx);
        await paypalButton(ctx, 'cancelled', 'bankTransfer').click();
        return paypalIn(ctx, 'bankTransfer');
      },
      // Back to PayPal after a declined card (PayPal's page is held, so the return page stays).
      leaving: async (ctx) => {
        await onPayPalPeer(ctx);
        await peerDecides(ctx, 'declined-card');
        await paypalIn(ctx, 'declined').waitFor();
        await payPalPageHeld(ctx.page);
        await paypalButton(ctx, 'declined', 'backToPayPal').click();
        return paypalIn(ctx, 'leaving');
      },
      // An order that is not the investor's (or does not exist): the server answers 404, try again offered.
      error: async (ctx) => {
        await logIn(ctx);
        await ctx.page.goto(at(ctx, `/invest/${SLUG.en}/00000000-0000-4000-8000-000000000000?paypal=return&token=NOPE`, `/inwestuj/${SLUG.pl}/00000000-0000-4000-8000-000000000000?paypal=return&token=NOPE`));
        return paypalIn(ctx, 'error');
      },
    },
  },
  operatorAction: {
    // The operator's actions on the demo investor's unpaid order (record a transfer, cancel); the outcome of a
    // save on the site settings (which changes nothing: the form is sent as loaded).
    states: {
      editing: async (ctx) => {
        await operatorOrder(ctx);
        return ctx.page.getByTestId('order-actions');
      },
      // No reason given: refused before anything is sent.
      invalid: async (ctx) => {
        await operatorOrder(ctx);
        await ctx.page.getByTestId('run-action').click();
        return ctx.page.locator('[data-testid="order-actions"] [data-testid="reason"][aria-invalid="true"]');
      },
      submitting: async (ctx) => {
        await operatorOrder(ctx);
        await ctx.page.locator('[data-testid="order-actions"] [data-testid="reason"]').fill('Transfer seen on the bank statement');
        const held = await hold(ctx.page, '**/api/operator/orders/*/*', isPost);
        await ctx.page.getByTestId('run-action').click();
        await held.seen;
        // a busy button stays focusable: aria-disabled, not disabled (src/components/ui/Button.tsx)
        return ctx.page.locator('[data-testid="run-action"][aria-busy="true"]');
      },
      done: async (ctx) => {
        await logIn(ctx, DEMO_OPERATOR);
        await ctx.page.goto(OPERATOR_PATHS[ctx.lang].settings);
        await ctx.page.getByTestId('operator-settings').locator('button[type="submit"]').click();
        return ctx.page.getByTestId('action-done');
      },
      // Another operator was quicker: the server's ORDER_STATUS_CHANGED refusal is shown.
      failed: async (ctx) => {
        await operatorOrder(ctx);
        await ctx.page.locator('[data-testid="order-actions"] [data-testid="reason"]').fill('Transfer seen on the bank statement');
        await fail(ctx.page, '**/api/operator/orders/*/*', 409, 'ORDER_STATUS_CHANGED', isPost);
        await ctx.page.getByTestId('run-action').click();
        return ctx.page.getByTestId('action-error');
      },
    },
  },
  statementImport: {
    states: {
      empty: async (ctx) => {
        const statements = await statementsPage(ctx);
        return statements.inState('empty');
      },
      // Over the 5 MB limit: refused before anything is sent.
      tooLarge: async (ctx) => {
        const statements = await statementsPage(ctx);
        await statements.choose('too-large.xml', Buffer.alloc(5 * 1024 * 1024 + 1, 32));
        return statements.inState('tooLarge');
      },
      ready: async (ctx) => {
        const statements = await statementsPage(ctx);
        await chooseStatement(statements);
        return statements.inState('ready');
      },
      uploading: async (ctx) => {
        const statements = await statementsPage(ctx);
        await chooseStatement(statements);
        const held = await hold(ctx.page, '**/api/operator/statements', isPost);
        await statements.submit.click();
        await held.seen;
        return statements.inState('uploading');
      },
      // One transfer nobody's order matches: read, and queued as an exception for the operator.
      imported: async (ctx) => {
        const statements = await statementsPage(ctx);
        await chooseStatement(statements);
        await statements.submit.click();
        return statements.inState('imported');
      },
      // A file that is not a statement: the server names what is wrong.
      failed: async (ctx) => {
        const statements = await statementsPage(ctx);
        await statements.importFile('not-a-statement.xml', '<Document><BkToCstmrStmt><Stmt></Stmt>');
        return statements.inState('failed');
      },
    },
  },
  offerLifecycle: {
    // The back office's offers screen: each demo offer shows its stage and only the actions its stage allows.
    states: {
      open: async (ctx) => {
        await operatorOffers(ctx);
        return ctx.page.locator('[data-lifecycle="open"]').first();
      },
      // The demo's closed funded offers (kamienica-krakow holds a paid-out distribution): Declare a distribution.
      'funded.holding': async (ctx) => {
        await operatorOffers(ctx);
        return ctx.page.locator('[data-lifecycle="funded.holding"]').first();
      },
      // kamienica-lublin: the raise that missed its goal, every payment refunded.
      notFunded: async (ctx) => {
        await operatorOffers(ctx);
        return ctx.page.locator('[data-lifecycle="notFunded"]').first();
      },
    },
    sameAs: { funded: 'funded.holding' },
    notShown: {
      closing: 'a close lasts seconds on the server and the demo has none under way; the model test (tests/model/offerLifecycle.test.tsx) shows the screen in it',
      'closing.completing': 'a close lasts seconds on the server and the demo has none under way; the model test shows the screen in it',
      'closing.refunding': 'a close lasts seconds on the server and the demo has none under way; the model test shows the screen in it',
      'funded.distributing': 'the demo distribution is paid out; a declared one would stay on the storyboard server for every later run',
    },
  },
  distribution: {
    // The operator's distributions screen; the form is filled for the demo's closed funded offers.
    states: {
      editing: async (ctx) => {
        await distributionsPage(ctx);
        return ctx.page.locator('[data-testid="distribution-flow"][data-state="editing"]');
      },
      // Declare with nothing filled in: every required field is marked, nothing is sent.
      invalid: async (ctx) => {
        const form = await distributionsPage(ctx);
        await form.submit.click();
        return ctx.page.locator('[data-testid="distribution-flow"][data-state="invalid"]');
      },
      declaring: async (ctx) => {
        const form = await distributionsPage(ctx);
        await fillDistribution(form);
        const held = await hold(ctx.page, '**/api/operator/distributions', isPost);
        await form.submit.click();
        await held.seen;
        return ctx.page.locator('[data-testid="distribution-flow"][data-state="declaring"]');
      },
      // The server's refusal (nobody held shares on the record date) beside the draft.
      declineShown: async (ctx) => {
        const form = await distributionsPage(ctx);
        await fillDistribution(form);
        await fail(ctx.page, '**/api/operator/distributions', 422, 'DISTRIBUTION_NO_HOLDERS', isPost);
        await form.submit.click();
        return ctx.page.getByTestId('distribution-declare-error');
      },
      // The demo's rental income distribution, approved by the second operator, opened from the list.
      approved: async (ctx) => {
        await distributionsPage(ctx);
        await ctx.page.locator('[data-testid^="distribution-open-"]').first().click();
        return ctx.page.locator('[data-testid="distribution-review"][data-status="approved"]');
      },
    },
    notShown: {
      review: 'needs a distribution awaiting approval, which would stay on the storyboard server; the browser test (tests/e2e/payouts.spec.ts) and the model test show it',
      approving: 'needs a distribution awaiting approval (see review)',
      refused: 'needs a distribution awaiting approval (see review)',
    },
  },
} satisfies Record<string, MachineRecipes>);

async function operatorOffers(ctx: RecipeContext) {
  await logIn(ctx, DEMO_OPERATOR);
  await ctx.page.goto(OPERATOR_PATHS[ctx.lang].offers);
  await ctx.page.getByTestId('operator-offers').locator('[data-lifecycle]').first().waitFor();
}

async function distributionsPage(ctx: RecipeContext): Promise<DistributionForm> {
  await logIn(ctx, DEMO_OPERATOR);
  await ctx.page.goto(OPERATOR_PATHS[ctx.lang].distributions);
  const form = new DistributionForm(ctx.page);
  await form.submit.waitFor();
  return form;
}

/** For the demo's first offer in the list (a closed funded one). */
async function fillDistribution(form: DistributionForm) {
  await form.fill({ offer: { index: 1 }, periodFrom: '2026-01-01', periodTo: '2026-03-31', recordDate: '2026-03-31', amount: '1000', reason: 'Storyboard' });
}

async function operatorOrder(ctx: RecipeContext) {
  const order = await demoOrder(ctx);
  await logIn(ctx, DEMO_OPERATOR);
  await ctx.page.goto(OPERATOR_PATHS[ctx.lang].order(order.id));
  await ctx.page.getByTestId('order-actions').waitFor();
}

async function statementsPage(ctx: RecipeContext): Promise<StatementImport> {
  await logIn(ctx, DEMO_OPERATOR);
  await ctx.page.goto(OPERATOR_PATHS[ctx.lang].statements);
  const statements = new StatementImport(ctx.page);
  await statements.file.waitFor();
  return statements;
}

let statementFiles = 0;
async function chooseStatement(statements: StatementImport) {
  const id = `STORYBOARD-${Date.now().toString(36)}-${++statementFiles}`;
  const xml = camt053({ id, lines: [{ ref: `${id}-1`, amount: 123_45, title: 'Transfer without an order reference', payerName: 'Jan Kowalski' }] });
  await statements.choose(`${id}.xml`, xml);
}
