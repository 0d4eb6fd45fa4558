// The investment flow follows the interface language: a switch in the middle of the flow loads again, in the
// new language, everything the flow shows from the server (the offer's title and description, the investor
// documents, the required consents, the payment methods' names); nothing of the other language remains, and
// nothing the investor typed or ticked is lost.
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { TransactionMethod } from '../../contract/investment';
import type { Tokens } from '../../machines/auth.machine';
import type { InvestmentDraft } from '../../machines/investment.machine';
import { STORAGE_KEYS } from '../../src/config/storage';
import { loadAllDictionaries, renderApp, settle, USER, type AppHarness } from './support/app';

const TOKENS: Tokens = { accessToken: 'access-1', refreshToken: 'refresh-1', expiresAt: Date.now() + 3_600_000 };

const TEXT = {
  pl: {
    title: 'Zielone Tarasy',
    description: '48 mieszkań z ogrodami na dachu.',
    document: 'Prospekt informacyjny',
    agreement: 'Akceptuję ryzyko inwestycji',
    method: 'Przelew bankowy',
    series: 'Seria A',
  },
  en: {
    title: 'Green Terraces',
    description: '48 apartments with rooftop gardens.',
    document: 'Information prospectus',
    agreement: 'I accept the investment risk',
    method: 'Bank transfer',
    series: 'Series A',
  },
};
type Lang = keyof typeof TEXT;

function offerIn(l: Lang) {
  const x = TEXT[l];
  return {
    id: 1,
    slug: { pl: 'zielone-tarasy', en: 'green-terraces' },
    title: x.title,
    mainDescription: `<p>${x.description}</p>`,
    thumbUrl: null,
    isOpen: true,
    series: [{ id: 11, name: x.series, pricePerShare: 250_00, minStocks: 1, availableShares: 1000, isOpen: true }],
    documents: { general: [], investor: [{ id: 3, displayName: x.document, url: `/media/${l}/prospekt.pdf` }] },
    agreements: [{ id: 7, content: `<p>${x.agreement}</p>`, required: true }],
  };
}
const methodsIn = (l: Lang): TransactionMethod[] => [
  { id: 1, codeName: 'BankTransfer', name: TEXT[l].method, enabled: true, commission: { amountWithCommission: 50_000, commissionValue: 0, commissionPercent: 0 } },
];

const DRAFT: InvestmentDraft = {
  offerId: 1,
  slugs: ['zielone-tarasy', 'green-terraces'],
  seriesId: 11,
  pricePerShare: 250_00,
  quantity: 2,
  reached: 'payment',
  investor: { firstName: 'Jan', lastName: 'Kowalski', phone: '', address: 'Prosta 1', city: 'Warszawa', zip: '00-001', country: 'PL' },
  agreements: { '7': true },
  methodId: null,
  attemptKey: null,
  result: null,
};

const STEPS = [
  { step: 'personalInformation', pl: '/pl/inwestuj/dane-osobowe/zielone-tarasy', en: '/en/invest/personal-information/green-terraces' },
  { step: 'documents', pl: '/pl/inwestuj/dokumenty/zielone-tarasy', en: '/en/invest/documents/green-terraces' },
  { step: 'payment', pl: '/pl/inwestuj/platnosc/zielone-tarasy', en: '/en/invest/payment/green-terraces' },
] as const;

/** The server content of a language the page shows at `step` (what each step has on screen). */
function shown(l: Lang, step: (typeof STEPS)[number]['step']): string[] {
  const x = TEXT[l];
  return [x.title, ...(step === 'documents' ? [x.document, x.agreement] : []), ...(step === 'payment' ? [x.method] : [])];
}

describe('investment flow: a language switch mid-flow', { timeout: 60_000 }, () => {
  beforeAll(loadAllDictionaries);
  let h: AppHarness | undefined;
  afterEach(() => {
    h?.unmount();
    h = undefined;
    localStorage.clear();
  });

  for (const { step, ...paths } of STEPS) {
    for (const [from, to] of [['pl', 'en'], ['en', 'pl']] as const) {
      it(`${step}: ${from} → ${to} shows the server's content in ${to} only, keeping the draft`, async () => {
        localStorage.setItem(STORAGE_KEYS.investmentDraft, JSON.stringify(DRAFT));
        h = renderApp({
          path: paths[from],
          storedLanguage: from,
          tokens: TOKENS,
          overrides: { auth: { actors: { fetchUser: fromPromise<unknown, void>(async () => USER) } } },
          server: (fake) => {
            const lang = (call: { headers: Record<string, string> }) => (call.headers['content-language'] === 'en' ? 'en' : 'pl');
            for (const slug of ['zielone-tarasy', 'green-terraces']) fake.on('GET', `/offers/${slug}`, (call) => ({ data: offerIn(lang(call)) }));
            fake.on('GET', '/investor', () => ({ data: { email: USER.email, firstName: 'Jan', lastName: 'Kowalski', phone: null, address: { street: 'Prosta 1', city: 'Warszawa', zip: '00-001', country: 'PL' } } }));
            fake.on('GET', '/investor/register', () => ({ data: { countries: [{ id: 'PL', code: 'PL' }] } }));
            // investor protection: a sophisticated investor (no test first, no large-investment warning); the key
            // information sheet in the request's language
            fake.on('GET', '/investor/knowledge-test', () => ({ data: { classification: 'sophisticated', result: null, largeInvestment: null } }));
            fake.on('GET', '/offer/1/kiis', (call) => ({ data: { hash: `kiis-${lang(call)}`, url: `/api/offer/1/kiis.pdf?language=${lang(call)}` } }));
            fake.on('GET', '/transaction', (call) => ({
              data: { items: [], pagination: { pageSize: 1, pageNumber: 1, totalItems: 0, totalPages: 0 }, methods: methodsIn(lang(call)) },
            }));
          },
        });
        await settle(12);
        expect(screen.getByTestId(`step-${step}`)).toBeInTheDocument();
        for (const text of shown(from, step)) expect(document.body.textContent).toContain(text);

        fireEvent.click(screen.getByTestId(`language-${to}`));
        await settle(16);
        expect(h.location().split('?')[0]).toBe(paths[to]);
        expect(screen.getByTestId(`step-${step}`)).toBeInTheDocument();
        const page = document.body.textContent ?? '';
        for (const text of shown(to, step)) expect(page).toContain(text);
        for (const text of Object.values(TEXT[from])) expect(page).not.toContain(text);
        // links to documents are the new language's files
        if (step === 'documents') expect(screen.getByRole('link', { name: new RegExp(TEXT[to].document) })).toHaveAttribute('href', `/media/${to}/prospekt.pdf`);
        // what was typed and ticked is kept
        if (step === 'personalInformation') expect(document.querySelector('[name="city"]')).toHaveValue('Warszawa');
        if (step === 'documents') expect(screen.getByRole('checkbox', { name: new RegExp(TEXT[to].agreement) })).toBeChecked();
      });
    }
  }
});
