import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { acceptCookies } from './support/consent';
import en from '../../lib/locales/en';
import pl from '../../lib/locales/pl';
import { apiLogin, DEMO } from './support/api';
import { exactly, FLOW, INVEST_SLUG, InvestFlow, type Language } from './pages/investFlow';
import { homeOf, LoginPage } from './pages/login';
import { PayPalPeer } from './pages/paypalPeer';

// The language switch at every screen of the investment flow, in both directions: the invest box on the offer
// page, the four steps' screens (personal information, documents, payment), the bank-transfer thank-you and the
// PayPal return page. After each switch the page must hold no text of the language left behind (the flow's
// dictionary strings and the server's content for the offer: title, description, documents, consents, payment
// methods), its address must carry the new language's slugs, and what the investor entered so far must stay.
// The chart's side of the switch is tests/model/investLanguage.test.tsx; this is the real page.

const OTHER = { pl: 'en', en: 'pl' } as const;
const DICTIONARY = { pl, en } as const;

const PATHS = {
  pl: {
    ...FLOW.pl,
    personalInformation: FLOW.pl.personal,
    paypalReturn: new RegExp(`/pl/inwestuj/${INVEST_SLUG.pl}/[0-9a-f-]{36}(\\?|$)`),
  },
  en: {
    ...FLOW.en,
    personalInformation: FLOW.en.personal,
    paypalReturn: new RegExp(`/en/invest/${INVEST_SLUG.en}/[0-9a-f-]{36}(\\?|$)`),
  },
} as const;

// ---------------------------------------------------------------------------------------------------
// What counts as "the other language's text"

type Tree = { [key: string]: string | Tree };

/** Every string of a dictionary subtree with its key path. */
function leaves(tree: Tree | string, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof tree === 'string') return out.set(prefix, tree);
  for (const [k, v] of Object.entries(tree)) for (const [p, s] of leaves(v, prefix ? `${prefix}.${k}` : k)) out.set(p, s);
  return out;
}

// The dictionary namespaces the flow's screens draw their texts from: the flow itself, the PayPal return page,
// the order status labels they share with the investor area, and the error messages.
const NAMESPACES = ['invest', 'paypal', 'investor.orderStatus', 'errors'] as const;

function subtree(dictionary: Tree, path: string): Tree {
  return path.split('.').reduce<Tree>((t, k) => t[k] as Tree, dictionary);
}

/** The fixed parts (between {{placeholders}}) of `language`'s strings that the other language does not use. */
function dictionaryStrings(language: Language): string[] {
  const own = DICTIONARY[language] as unknown as Tree;
  const other = DICTIONARY[OTHER[language]] as unknown as Tree;
  const otherAll = [...leaves(other).values()];
  const found = new Set<string>();
  for (const ns of NAMESPACES) {
    const mine = leaves(subtree(own, ns), ns);
    const theirs = leaves(subtree(other, ns), ns);
    for (const [key, text] of mine) {
      if (theirs.get(key) === text) continue;
      for (const part of text.split(/\{\{[^}]+\}\}/)) {
        const fragment = part.trim().replace(/[:(]$/, '').trim();
        // short fragments ("d", "h", "min") and words both languages write alike are no evidence
        if (fragment.length < 4) continue;
        if (otherAll.some((s) => s.includes(fragment))) continue;
        found.add(fragment);
      }
    }
  }
  return [...found];
}

const plain = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

/** Every human-readable string of an API answer (titles, descriptions, names, consents' text). */
function contentStrings(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) contentStrings(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (typeof v === 'string' && ['title', 'mainDescription', 'displayName', 'content', 'name', 'projectType', 'label'].includes(k)) {
        const text = plain(v);
        if (text.length >= 4) out.add(text.slice(0, 40));
      } else contentStrings(v, out);
    }
  }
  return out;
}

/** The offer's content the flow shows (offer, its documents and consents, the payment methods) in `language`. */
async function serverStrings(request: APIRequestContext, token: string, language: Language): Promise<Set<string>> {
  const headers = { Authorization: `Bearer ${token}`, 'Content-Language': language };
  const offer = (await (await request.get(`/api/offers/${INVEST_SLUG[language]}`, { headers })).json()).data;
  const agreements = (await (await request.get(`/api/offers/${INVEST_SLUG[language]}/agreements`, { headers })).json()).data;
  const methods = (await (await request.get('/api/transaction', { headers })).json()).data;
  const picked = { title: offer.title, mainDescription: offer.mainDescription, projectType: offer.projectType, documents: offer.documents, agreements, methods };
  return contentStrings(picked);
}

/** For each language: the strings that must not be on its pages (the other language's, minus what both share). */
async function foreignStrings(request: APIRequestContext): Promise<Record<Language, string[]>> {
  const token = await apiLogin(request, DEMO.investor.email, DEMO.investor.password);
  const content = { pl: await serverStrings(request, token, 'pl'), en: await serverStrings(request, token, 'en') };
  const words = { pl: dictionaryStrings('pl'), en: dictionaryStrings('en') };
  const of = (l: Language) => [...words[l], ...[...content[l]].filter((s) => !content[OTHER[l]].has(s))];
  return { pl: of('en'), en: of('pl') };
}

/** The page's text as a reader meets it: visible text, the document title, and accessible names and alt texts. */
function pageText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const named = Array.from(document.querySelectorAll('[aria-label], [alt], [title], [placeholder]'))
      .filter((el) => (el as HTMLElement).getClientRects().length > 0)
      .flatMap((el) => ['aria-label', 'alt', 'title', 'placeholder'].map((a) => el.getAttribute(a) ?? ''));
    return [document.title, document.body.innerText, ...named].join('\n');
  });
}

// ---------------------------------------------------------------------------------------------------
// The switch and its checks

let FOREIGN: Record<Language, string[]>;

test.beforeAll(async ({ request }) => {
  FOREIGN = await foreignStrings(request);
  // the lists are real: each holds the other language's flow texts and offer content
  expect(FOREIGN.pl).toEqual(expect.arrayContaining(['Personal information', 'Green Terraces, Warsaw Wilanów']));
  expect(FOREIGN.en).toEqual(expect.arrayContaining(['Dane osobowe', 'Zielone Tarasy, Warszawa Wilanów']));
});

/** Clicks the switcher's `to`, then waits for the page in `to`: its address, `lang`, and `ready` shown. */
async function switchTo(page: Page, to: Language, address: string | RegExp, ready: () => Promise<void>) {
  await page.getByTestId(`language-${to}`).click();
  await expect(page).toHaveURL(typeof address === 'string' ? exactly(address) : address);
  await expect(page.locator('html')).toHaveAttribute('lang', to);
  await ready();
  await page.waitForLoadState('networkidle');
  await expect
    .poll(async () => {
      const text = await pageText(page);
      return FOREIGN[to].filter((s) => text.includes(s));
    }, { message: `no ${OTHER[to]} text left on ${page.url()}` })
    .toEqual([]);
}

/** Switches to the other language and back at the current screen, checking each time. */
async function bothWays(
  page: Page,
  from: Language,
  address: (l: Language) => string | RegExp,
  ready: (l: Language) => Promise<void>,
) {
  const to = OTHER[from];
  await switchTo(page, to, address(to), () => ready(to));
  await switchTo(page, from, address(from), () => ready(from));
}

const TITLE = { pl: 'Zielone Tarasy, Warszawa Wilanów', en: 'Green Terraces, Warsaw Wilanów' } as const;
const stepShown = (page: Page, step: string, l: Language) => async () => {
  await expect(page.getByTestId(`step-${step}`)).toBeVisible();
  await expect(page.locator('h1#invest-step-title')).toHaveText(DICTIONARY[l].invest.steps[step as 'documents']);
  await expect(page.getByTestId('invest-flow')).toContainText(TITLE[l]);
};

for (const start of ['pl', 'en'] as const) {
  test.describe(`language switch in the investment flow, starting in ${start}`, () => {
    test.beforeEach(async ({ page, baseURL }) => {
      test.setTimeout(120_000);
      await acceptCookies(page.context(), baseURL!);
      await new LoginPage(page, start).logIn(DEMO.investor, homeOf(start));
    });

    test('invest box, personal information, documents, payment and the bank-transfer thank-you', async ({ page }) => {
      // the invest box: the quantity typed stays
      const flow = new InvestFlow(page, start);
      await flow.openOffer();
      const quantity = (l: Language) => page.getByRole('spinbutton', { name: DICTIONARY[l].invest.box.quantity });
      await quantity(start).fill('2');
      await bothWays(page, start, (l) => PATHS[l].offer, async (l) => {
        await expect(page.getByTestId('offer-page')).toContainText(TITLE[l]);
        await expect(quantity(l)).toHaveValue('2');
      });
      await flow.investButton.click();

      // personal information: a field edited and not yet sent stays
      await expect(page).toHaveURL(exactly(PATHS[start].personalInformation));
      await page.locator('[name="firstName"]').fill('Zofia');
      await page.locator('[name="city"]').fill('Gdańsk');
      await bothWays(page, start, (l) => PATHS[l].personalInformation, async (l) => {
        await stepShown(page, 'personalInformation', l)();
        await expect(page.locator('[name="firstName"]')).toHaveValue('Zofia');
        await expect(page.locator('[name="city"]')).toHaveValue('Gdańsk');
      });
      await flow.next.click();

      // documents: Next with no consent shows the errors; one consent ticked stays ticked
      await expect(page).toHaveURL(exactly(PATHS[start].documents));
      // The key information sheet is asked for first; once acknowledged, Next shows the consents' errors.
      await flow.next.click();
      const kiis = page.getByTestId('kiis').getByRole('checkbox');
      await expect(kiis).toHaveAttribute('aria-invalid', 'true');
      await kiis.check();
      await flow.next.click();
      const boxes = flow.agreementBoxes();
      await expect(boxes.first()).toHaveAttribute('aria-invalid', 'true');
      const count = await boxes.count();
      expect(count).toBeGreaterThan(1);
      await boxes.first().check();
      await bothWays(page, start, (l) => PATHS[l].documents, async (l) => {
        await stepShown(page, 'documents', l)();
        // The acknowledgement is of the sheet in the language it was read in: the other language's sheet is
        // another document (its own version) and is asked for again; back in the first language it holds.
        if (l === start) await expect(kiis).toBeChecked();
        else await expect(kiis).not.toBeChecked();
        await expect(boxes.first()).toBeChecked();
        for (let i = 1; i < count; i++) await expect(boxes.nth(i)).not.toBeChecked();
      });
      for (const box of await boxes.all()) await box.check();
      await flow.next.click();

      // payment: the method chosen, the data and the quantity stay
      await expect(page).toHaveURL(exactly(PATHS[start].payment));
      const bank = flow.method('BankTransfer');
      await bank.check();
      await bothWays(page, start, (l) => PATHS[l].payment, async (l) => {
        await stepShown(page, 'payment', l)();
        await expect(bank).toBeChecked();
        await expect(page.getByTestId('summary-shares')).toHaveText('2');
        await expect(page.getByTestId('summary-investor')).toContainText('Zofia');
        await expect(page.getByTestId('summary-investor')).toContainText('Gdańsk');
      });
      await flow.payButton.click();

      // the bank-transfer thank-you: the same order, its status and transfer details in the new language
      await expect(page).toHaveURL(exactly(PATHS[start].thankYou));
      const reference = (await page.getByTestId('order-reference').textContent())!;
      expect(reference).toMatch(/^ES-/);
      await bothWays(page, start, (l) => PATHS[l].thankYou, async (l) => {
        await expect(flow.thankYou).toContainText(DICTIONARY[l].invest.thankYou.title);
        await expect(page.getByTestId('order-reference')).toHaveText(reference);
        await expect(page.getByTestId('order-status')).toHaveText(DICTIONARY[l].invest.thankYou.statuses.new);
        await expect(page.getByTestId('bank-title')).toContainText(reference);
        await expect(page.getByTestId('invest-flow')).toContainText(TITLE[l]);
      });
    });

    test('the PayPal return page', async ({ page }) => {
      const flow = new InvestFlow(page, start);
      await flow.openOffer();
      await flow.quantity.fill('3');
      await flow.investButton.click();
      await flow.next.click();
      await expect(page).toHaveURL(exactly(PATHS[start].documents));
      await flow.acceptDocuments();
      await flow.next.click();
      await flow.pay('PayPal');
      await expect(page).toHaveURL(/\/paypal-peer\/checkoutnow\?token=/, { timeout: 15_000 });
      await new PayPalPeer(page, start).decide('pay');
      await expect(page).toHaveURL(PATHS[start].paypalReturn, { timeout: 15_000 });
      await expect(page.getByTestId('paypal-paid')).toBeVisible({ timeout: 15_000 });
      const orderId = /\/([0-9a-f-]{36})/.exec(new URL(page.url()).pathname)![1];
      const facts = page.getByTestId('paypal-order');
      const reference = /ES-\S+/.exec((await facts.locator('dt').first().textContent())!)![0];

      await bothWays(page, start, (l) => new RegExp(`/${l}/${l === 'pl' ? 'inwestuj' : 'invest'}/${INVEST_SLUG[l]}/${orderId}(\\?|$)`), async (l) => {
        const paid = page.getByTestId('paypal-paid');
        await expect(paid).toBeVisible({ timeout: 15_000 });
        await expect(paid.getByRole('heading', { level: 1 })).toHaveText(DICTIONARY[l].paypal.paid.title);
        await expect(facts).toContainText(reference);
        await expect(facts).toContainText(TITLE[l]);
        await expect(page.getByTestId('paypal-order-status')).toHaveText(DICTIONARY[l].investor.orderStatus.paid);
      });
    });
  });
}
