import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import type { EventObject } from 'xstate';
import { investmentMachine, type FlowRoute, type InvestmentContext, type LoadedFlow } from '../../machines/investment.machine';
import { formatCoverage, mergeCoverage, pathsCoverage, runPath } from '../support/model';
import { apiLogin, DEMO } from './support/api';
import { E2E_PORT } from './support/env';
import { exactly, FLOW, InvestFlow } from './pages/investFlow';
import { homeOf, LoginPage } from './pages/login';
import { FIRST_NAME, loadName, PAYPAL, PLAN, SLUG, type Path, type Start } from './support/investmentModel';

// The investment flow against the real server (SPEC §2 "Investment flow", §4), in pl and en, walked
// along paths GENERATED FROM THE INVESTMENT CHART (machines/investment.machine.ts) with xstate/graph, like the
// jsdom model test (tests/model/investment.test.tsx): each chart state maps to an assertion on the real page,
// each event to what a user does against the real server. The chart's "server answers" (done/error events of
// its actors) are not sent by the test: the real server gives them, so the model's answer for each call is a
// function of what the user typed (the events below): a quantity above the series' shares answers
// NOT_ENOUGH_SHARES_AVAILABLE, an emptied first name answers FIRST_NAME_IS_EMPTY, an agreement left unticked
// answers agreements.<id> IS_EMPTY, the method chosen decides the payment (bank transfer → thank-you; PayPal →
// the browser leaves for PayPal's approval page). Every generated path is therefore one the real server walks.
//
// Not produced against the real server (covered only by the jsdom model test, which holds each call and
// answers it as the model says): every xstate.error.actor.* (a 5xx or a network failure of loadFlow,
// validateInitiate/Personal/Documents, loadMethods, createOrder, loadOrder) and so the states loadFailed,
// steps.payment.methodsFailed, thankYou.orderFailed and the investment.retried events out of them; createOrder
// refusals after every step validated (a rival took the last shares between validation and order, another
// tab changed the data), hence `failed`; a payment of an unknown method; no method enabled (the demo has both
// enabled); a second open series (the demo offer's series B is closed: investment.seriesChosen).
//
// Busy states (initiate.validating, *.validating, loadingMethods, submitting, thankYou.loadingOrder, loading)
// last a few milliseconds against a local server: they are passed through, not asserted (the jsdom test
// asserts them while it holds the call).
//
// How the browser gets to each flow-screen start: the chart's `loadFlow` answer is the draft the browser kept,
// so the test makes that draft for real: it walks the invest box (and the steps up to the one named), then
// reloads the page (the reload IS the resume being tested: nothing typed is lost, the step is kept).

type Language = 'pl' | 'en';
const T = {
  pl: {
    ...FLOW.pl,
    personalInformation: FLOW.pl.personal,
    notEnough: 'W tej serii nie ma wystarczającej liczby udziałów',
    agreementRequired: 'Musisz zaakceptować tę zgodę',
    thanks: 'Dziękujemy za zamówienie',
    copied: 'Skopiowano',
    tooLarge: 'Bankowe kody QR nie mogą zawierać kwot powyżej 9 999,99 zł',
    paid: 'Opłacone',
    waiting: 'Oczekuje na płatność',
    // the step names itself first, the flow after it
    title: /^Dane osobowe · Inwestuj \|/,
  },
  en: {
    ...FLOW.en,
    personalInformation: FLOW.en.personal,
    notEnough: 'Not enough shares left',
    agreementRequired: 'You must accept this agreement',
    thanks: 'Thank you for your order',
    copied: 'Copied',
    tooLarge: 'Bank QR codes cannot carry amounts above 9 999,99 zł',
    paid: 'Paid',
    waiting: 'Awaiting payment',
    title: /^Personal information · Invest \|/,
  },
} as const;

// ---------------------------------------------------------------------------------------------------
// Measured coverage: the paths whose browser walk passed (in this run)

const REPORT_DIR = path.resolve('reports/coverage');
const PASSED_FILE = path.join(REPORT_DIR, `.browser-investment-${E2E_PORT}.passed`);
const pathId = (start: Start, language: Language, i: number) => `${language}|${start.name}|${i}`;

function recordPassed(id: string) {
  mkdirSync(REPORT_DIR, { recursive: true });
  appendFileSync(PASSED_FILE, `${id}\n`);
}

function writeCoverage() {
  const passed = new Set(existsSync(PASSED_FILE) ? readFileSync(PASSED_FILE, 'utf8').split('\n').filter(Boolean) : []);
  const perLanguage = (['pl', 'en'] as const).map((language) => {
    const results = PLAN.map(({ start, paths }) =>
      pathsCoverage(
        investmentMachine,
        paths.filter((_, i) => passed.has(pathId(start, language, i))),
        { input: start.input },
      ),
    );
    return { language, coverage: mergeCoverage(results) };
  });
  const all = mergeCoverage(perLanguage.map((l) => l.coverage));
  const line = `browser ${formatCoverage(all)}`;
  console.log(line);
  for (const l of perLanguage) console.log(`  ${l.language}: ${formatCoverage(l.coverage).replace(/^coverage /, '')}`);
  const planned = PLAN.reduce((n, p) => n + p.paths.length, 0) * 2;
  writeFileSync(
    path.join(REPORT_DIR, 'browser-investment.json'),
    `${JSON.stringify(
      {
        machine: investmentMachine.id,
        kind: 'browser',
        spec: 'tests/e2e/investment.spec.ts',
        line,
        paths: { planned, passed: passed.size },
        states: { covered: all.states.covered, total: all.states.total, missing: all.states.missing },
        transitions: { covered: all.transitions.covered, total: all.transitions.total, missing: all.transitions.missing },
        languages: Object.fromEntries(perLanguage.map((l) => [l.language, { states: l.coverage.states.covered, transitions: l.coverage.transitions.covered }])),
        writtenAt: new Date().toISOString(),
      },
      null,
      2,
    )}\n`,
  );
}

// ---------------------------------------------------------------------------------------------------
// What the user does and sees

const logIn = (page: Page, language: Language) => new LoginPage(page, language).logIn(DEMO.investor, homeOf(language));

/**
 * The chart's walks start signed in: a fresh session of the demo investor from POST /api/token, stored as the
 * login page stores it (the login page itself is walked by the other tests here and by auth.spec.ts). Stored
 * once per tab (sessionStorage flag), so a reload keeps the tokens the app has refreshed since.
 */
async function signedIn(page: Page, request: APIRequestContext, language: Language) {
  const answer = await request.post('/api/token', {
    data: { grantType: 'password', email: DEMO.investor.email, password: DEMO.investor.password, clientId: 'web-spa', clientSecret: 'web-spa-secret' },
  });
  expect(answer.ok()).toBe(true);
  const { accessToken, refreshToken, expiresIn } = (await answer.json()).data as { accessToken: string; refreshToken: string; expiresIn: number };
  await page.addInitScript(
    ({ accessToken, refreshToken, expiresAt, language }) => {
      if (sessionStorage.getItem('e2e-signed-in')) return;
      sessionStorage.setItem('e2e-signed-in', '1');
      localStorage.setItem('accessToken', accessToken);
      localStorage.setItem('refreshToken', refreshToken);
      localStorage.setItem('expiresAt', String(expiresAt));
      localStorage.setItem('isLoggedIn', 'true');
      localStorage.setItem('platformLanguage', language);
    },
    { accessToken, refreshToken, expiresAt: Date.now() + expiresIn * 1000, language },
  );
}

const fieldError = (page: Page, name: string) =>
  page.locator(`[name="${name}"]`).evaluate((el) => {
    const id = el.getAttribute('aria-describedby');
    return (id && document.getElementById(id)?.textContent) || '';
  });

/** The investor moves to a step's address inside the app: the breadcrumb's or back link when the page has one,
 *  else as a typed address without a reload would (pushState + popstate, what the router listens to). */
async function goInside(page: Page, to: string, again: number) {
  const link = page.locator(`a[href="${to}"]`).first();
  const here = new URL(page.url()).pathname === to;
  if (!here && (await link.count())) {
    await link.click();
    return;
  }
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, here ? `${to}?again=${again}` : to);
}

/** Walks the real flow to make the draft a flow screen will load (see LOADS), then opens/reloads it. */
async function makeDraft(page: Page, request: APIRequestContext, language: Language, name: string) {
  const t = T[language];
  if (name === 'none') {
    // a fresh browser: no draft kept (a shared link to a step)
    await page.goto(t.personalInformation);
    return;
  }
  const flow = new InvestFlow(page, language);
  await flow.openOffer();
  await flow.start(2);
  await expect(flow.step('personalInformation')).toBeVisible();
  if (name === 'personalInformation') return;
  await flow.toDocuments();
  if (name !== 'documents') {
    await flow.toPayment();
    await expect(flow.paymentMethods).toBeVisible();
  }
  if (name === 'bank order' || name === 'bank order, paid since') {
    await flow.pay('BankTransfer');
    await expect(page).toHaveURL(exactly(t.thankYou));
    await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'new');
    if (name === 'bank order, paid since') {
      // the operator records the transfer (back office), as a bank statement match would
      const reference = (await page.getByTestId('order-reference').textContent())!;
      await recordTransfer(request, reference);
    }
  }
  if (name === 'PayPal order') {
    await flow.pay('PayPal');
    await expect(page).toHaveURL(/paypal/i);
    // the payer comes back without paying (the browser's back, a bookmark): the thank-you address
    await page.goto(t.thankYou);
    return;
  }
  await page.reload();
}

async function recordTransfer(request: APIRequestContext, reference: string) {
  const token = await apiLogin(request, DEMO.operator.email, DEMO.operator.password);
  const headers = { Authorization: `Bearer ${token}` };
  const list = await (await request.get('/api/operator/orders', { headers, params: { search: reference } })).json();
  const found = (list.data.items as { id: string; reference: string; version: number }[]).find((o) => o.reference === reference);
  expect(found, `operator finds ${reference}`).toBeTruthy();
  const answer = await request.post(`/api/operator/orders/${found!.id}/record-transfer`, {
    headers,
    data: { reason: 'e2e: transfer seen on the statement', expectedVersion: found!.version },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
}

async function expectBreadcrumb(page: Page, current: number) {
  const routes: FlowRoute[] = ['personalInformation', 'documents', 'payment', 'thankYou'];
  for (const [i, route] of routes.entries()) {
    await expect(page.getByTestId(`breadcrumb-${route}`)).toHaveAttribute('data-disabled', String(i > current));
  }
  await expect(page.getByTestId(`breadcrumb-${routes[current]}`)).toHaveAttribute('aria-current', 'step');
}

async function walk(page: Page, request: APIRequestContext, language: Language, start: Start, p: Path) {
  const t = T[language];
  const flow = new InvestFlow(page, language);
  let typed = '1';
  let moves = 0;
  await runPath(p, {
    states: {
      'initiate.editing': async (state) => {
        const c = state.context as InvestmentContext;
        await expect(page).toHaveURL(exactly(t.offer));
        await expect(page.getByTestId('invest-form')).toBeVisible();
        await expect(flow.quantity).toHaveValue(typed);
        await expect(flow.investButton).toBeEnabled();
        // the invest box shows what is left of each series
        await expect(page.getByTestId('series').first().getByTestId('series-left')).not.toHaveText('');
        const codes = c.errors.map((e) => e.code);
        if (codes.includes('NOT_ENOUGH_SHARES_AVAILABLE')) await expect(page.getByTestId('invest-form')).toContainText(t.notEnough);
        if (codes.length) await expect(flow.quantity).toHaveAttribute('aria-invalid', 'true');
        else await expect(flow.quantity).not.toHaveAttribute('aria-invalid', 'true');
      },
      'initiate.loginRequired': async () => {
        await expect(page).toHaveURL(exactly(t.login));
      },
      'initiate.started': async () => {
        await expect(page).toHaveURL(exactly(t.personalInformation));
        await expect(flow.step('personalInformation')).toBeVisible();
        await expect(page).toHaveTitle(t.title);
        expect(await page.evaluate(() => JSON.parse(localStorage.getItem('investmentDraft') ?? 'null')?.quantity)).toBe(Number(typed));
      },
      noDraft: async () => {
        await expect(page.getByTestId('invest-no-draft')).toBeVisible();
        await expect(page.getByTestId('invest-no-draft').getByRole('link')).toHaveAttribute('href', t.offer);
      },
      'steps.personalInformation.editing': async (state) => {
        const c = state.context as InvestmentContext;
        await expect(page).toHaveURL(new RegExp(`${t.personalInformation}(\\?again=\\d+)?$`));
        await expect(flow.step('personalInformation')).toBeVisible();
        await expectBreadcrumb(page, 0);
        await expect(page.getByTestId('summary-investor')).toHaveCount(0);
        // prefilled from the account, or as typed (and kept over a reload)
        await expect(page.locator('[name="firstName"]')).toHaveValue(c.draft!.investor!.firstName);
        const shown = c.errors.some((e) => e.context === 'investorData.firstName');
        if (shown) await expect.poll(() => fieldError(page, 'firstName')).toMatch(/.+/);
        else await expect.poll(() => fieldError(page, 'firstName')).toBe('');
      },
      'steps.documents.editing': async (state) => {
        const c = state.context as InvestmentContext;
        await expect(page).toHaveURL(new RegExp(`${t.documents}(\\?again=\\d+)?$`));
        await expect(flow.step('documents')).toBeVisible();
        await expectBreadcrumb(page, 1);
        // the offer's agreements (the key information sheet's acknowledgement has its own box below them)
        const boxes = flow.agreementBoxes();
        if (c.draft!.agreements.all) await expect(boxes.first()).toBeChecked();
        else await expect(boxes.first()).not.toBeChecked();
        const refused = c.errors.some((e) => e.context.startsWith('agreements.'));
        const error = flow.step('documents').getByText(t.agreementRequired);
        await expect(error).toHaveCount(refused ? await boxes.count() : 0);
      },
      'steps.payment': async () => {
        await expect(page).toHaveURL(new RegExp(`${t.payment}(\\?again=\\d+)?$`));
        await expect(flow.step('payment')).toBeVisible();
      },
      'steps.payment.choosing': async (state) => {
        const c = state.context as InvestmentContext;
        await expectBreadcrumb(page, 2);
        const chosen = c.draft!.methodId === PAYPAL ? 'PayPal' : 'BankTransfer';
        await expect(flow.method(chosen)).toBeChecked();
        // SPEC §2: the investor's data in the summary at the payment step
        await expect(page.getByTestId('summary-investor')).toContainText(FIRST_NAME);
        await expect(page.getByTestId('summary-shares')).toHaveText('2');
        await expect(flow.payButton).toBeEnabled();
      },
      redirecting: async () => {
        // off to PayPal's approval page (the local PayPal peer)
        await expect(page).toHaveURL(/paypal/i);
      },
      thankYou: async (state) => {
        const c = state.context as InvestmentContext;
        await expect(page).toHaveURL(exactly(t.thankYou));
        await expect(flow.thankYou).toContainText(t.thanks);
        await expect(flow.thankYou).toHaveAttribute('data-method', c.draft!.result!.payment.codeName);
        await expect(page.getByTestId('breadcrumb-thankYou')).toHaveAttribute('aria-current', 'step');
      },
      'thankYou.shown': async (state) => {
        const c = state.context as InvestmentContext;
        const status = c.order!.status;
        // the order as GET /order/{id} says now (a reload shows it paid once the operator matched the transfer)
        await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', status);
        await expect(page.getByTestId('order-status')).toHaveText(status === 'paid' ? t.paid : t.waiting);
        await expect(page.getByTestId('order-link')).toHaveAttribute('href', /\/(investor\/order|inwestor\/zamowienie)\//);
        const reference = (await page.getByTestId('order-reference').textContent())!;
        expect(reference).toMatch(/^ES-/);
        if (status !== 'new') {
          await expect(page.getByTestId('order-status-note')).toBeVisible();
          await expect(page.getByTestId('bank-accountNumber')).toHaveCount(0);
        } else if (c.draft!.result!.payment.codeName === 'BankTransfer') {
          // bank details with click-to-copy, the title is the reference, countdown, the transfer QR
          await expect(page.getByTestId('bank-accountNumber')).toHaveText(/^\d{2}( \d{4}){6}/);
          await expect(page.getByTestId('bank-title')).toContainText(reference);
          await expect(page.getByTestId('countdown')).not.toHaveText('');
          await expect(page.getByTestId('transfer-qr')).toBeVisible();
          expect(await page.getByTestId('transfer-qr').getAttribute('data-qr')).toMatch(/^\|PL\|\d{26}\|\d{6}\|.*\|ES-/);
          await page.getByTestId('bank-accountNumber').click();
          await expect(page.getByTestId('bank-accountNumber-feedback')).toHaveText(t.copied);
          expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^\d{26}$/);
        } else {
          await expect(page.getByTestId('paypal-return-link')).toHaveAttribute('href', new RegExp(`/${SLUG[language]}|/${SLUG.pl}/`));
        }
        // the order is in the investor's orders at once
        const token = await apiLogin(request, DEMO.investor.email, DEMO.investor.password);
        const orders = await (await request.get('/api/order', { headers: { Authorization: `Bearer ${token}` } })).json();
        expect(JSON.stringify(orders.data)).toContain(reference);
      },
    },
    events: {
      'investment.quantityChanged': async ({ event }) => {
        typed = event.quantity as string;
        await flow.quantity.fill(typed);
      },
      'investment.started': async () => {
        await flow.investButton.click();
      },
      'xstate.done.actor.loadFlow': async ({ event }) => {
        await makeDraft(page, request, language, loadName((event.output as LoadedFlow).draft)!);
      },
      'investment.fieldChanged': async ({ event }) => {
        await page.locator(`[name="${event.field}"]`).fill(event.value as string);
      },
      'investment.stepSubmitted': async () => {
        await flow.next.click();
      },
      'investment.agreementToggled': async () => {
        for (const box of await flow.agreementBoxes().all()) await box.check();
      },
      'investment.kiisToggled': async () => {
        await page.getByTestId('kiis').getByRole('checkbox').check();
      },
      'investment.methodChosen': async ({ event }) => {
        const code = event.methodId === PAYPAL ? 'PayPal' : 'BankTransfer';
        await flow.method(code).check();
      },
      'investment.submitted': async () => {
        await flow.payButton.click();
      },
      'investment.locationChanged': async ({ event }) => {
        await goInside(page, T[language][event.route as FlowRoute], ++moves);
      },
      // the server's answers (validate*, loadMethods, createOrder, loadOrder) come by themselves
    },
  });
}

for (const language of ['pl', 'en'] as const) {
  test.describe(`investment chart walked in the browser (${language})`, () => {
    for (const { start, paths } of PLAN) {
      paths.forEach((p, i) => {
        const steps = p.steps
          .slice(1)
          .map((s) => {
            const e = s.event as EventObject & Record<string, unknown>;
            const type = e.type.replace(/^xstate\.done\.actor\./, 'done:').replace(/^investment\./, '');
            if (type === 'done:loadFlow') return `loadFlow(${loadName((e.output as LoadedFlow).draft)})`;
            if (type === 'quantityChanged') return `quantity(${e.quantity})`;
            if (type === 'locationChanged') return `location(${e.route})`;
            if (type === 'methodChosen') return `method(${e.methodId === PAYPAL ? 'PayPal' : 'bank'})`;
            if (type === 'fieldChanged') return `firstName(${e.value ? 'typed' : 'emptied'})`;
            return type.startsWith('done:') ? null : type;
          })
          .filter(Boolean)
          .join(' → ');
        test(`${start.name}: ${JSON.stringify(p.state.value)} ← ${steps}`, async ({ page, context, request }) => {
          await context.grantPermissions(['clipboard-read', 'clipboard-write']);
          if (start.loggedIn) await signedIn(page, request, language);
          if (start.input.entry === 'initiate') await page.goto(T[language].offer);
          await walk(page, request, language, start, p);
          recordPassed(pathId(start, language, i));
        });
      });
    }
  });
}

test.afterAll(() => {
  writeCoverage();
});

// ---------------------------------------------------------------------------------------------------
// Checks beside the chart's walk

for (const language of ['pl', 'en'] as const) {
  const t = T[language];

  test(`above the QR limit: no QR code, the page says why; leaving the flow clears the draft (${language})`, async ({ page }) => {
    await logIn(page, language);
    // 25 × 500 zł = 12 500 zł: no bank QR code can carry it
    const flow = new InvestFlow(page, language);
    await flow.openOffer();
    await flow.start(25);
    await flow.toDocuments();
    await flow.toPayment();
    await flow.pay('BankTransfer');
    await expect(page).toHaveURL(exactly(t.thankYou));
    await expect(page.getByTestId('qr-too-large')).toContainText(t.tooLarge);
    await expect(page.getByTestId('transfer-qr')).toHaveCount(0);

    // leaving the flow (the main frame) clears the stored draft
    expect(await page.evaluate(() => localStorage.getItem('investmentDraft'))).not.toBeNull();
    await page.goto(t.offer);
    await expect(page.getByTestId('offer-page')).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('investmentDraft'))).toBeNull();
  });

  test(`an anonymous visitor logs in and comes back to the same offer and quantity (${language})`, async ({ page }) => {
    const flow = new InvestFlow(page, language);
    await flow.openOffer();
    await flow.quantity.fill('3');
    await flow.investButton.click();
    await expect(page).toHaveURL(exactly(t.login));
    await new LoginPage(page, language).submitAs(DEMO.investor);
    await expect(page).toHaveURL(new RegExp(`${t.offer}\\?quantity=3$`));
    await expect(flow.quantity).toHaveValue('3');
    await flow.investButton.click();
    await expect(page).toHaveURL(exactly(t.personalInformation));
  });
}

test('the language switch keeps the step', async ({ page }) => {
  await logIn(page, 'pl');
  const flow = new InvestFlow(page, 'pl');
  await flow.openOffer();
  await flow.start(1);
  await flow.toDocuments();
  await page.getByTestId('language-en').click();
  // The other language's address names the offer by that language's slug.
  await expect(page).toHaveURL(new RegExp(`/en/invest/documents/${SLUG.en}$`));
  await expect(page.getByTestId('step-documents')).toBeVisible();
  await expect(page.getByTestId('step-documents')).toContainText('Documents');
});
