// Model-based test of the language chart through the real app: the page load and every later location are
// browser locations (wouter re-renders and the app reports them), a dictionary load is a deferred actor, a
// user clicks PL/EN or "Try again". Redirects and navigations are recorded, not performed, so the model alone
// decides where the browser goes next. Two models: a first visit (nothing stored) and a returning English visitor.
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AnyMachineSnapshot } from 'xstate';
import { languageMachine, type LocationLike } from '../../machines/language.machine';
import type { Language } from '../../src/config/env';
import { splitLanguage, translatePath } from '../../contract/routes';
import { STORAGE_KEYS } from '../../src/config/storage';
import { translate } from '../../src/i18n/i18n';
import {
  byValueAnd,
  createMachineTestModel,
  deferredActor,
  expectFullCoverage,
  machineCoverage,
  printCoverage,
  type DeferredActor,
} from '../support/model';
import { loader, loadAllDictionaries, mergeCoverage, renderApp, settle, type AppHarness } from './support/app';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ModelEvent = { type: string; [key: string]: any };

const loc = (pathname: string, search = '', hash = ''): LocationLike => ({ pathname, search, hash });
const LOCATIONS = [
  loc('/de/oferta'), // unknown prefix
  loc('/'), // bare root
  loc('/pl/logowanie', '?x=1', '#h'),
  loc('/en/login', '?x=1', '#h'),
];
const other = (l: Language | null): Language => (l === 'en' ? 'pl' : 'en');

const modelFor = (stored: Language | null) =>
  createMachineTestModel(languageMachine, {
    input: { defaultLanguage: 'pl', stored },
    serializeState: byValueAnd('language', 'stored') as never,
    events: (state: AnyMachineSnapshot) =>
      [
        ...LOCATIONS.map((location) => ({ type: 'language.locationChanged', location })),
        // the switcher offers the other language (a click on the current one does nothing)
        { type: 'language.switched', language: other(state.context.language), href: '' },
        { type: 'xstate.done.actor.loadDictionary' },
        { type: 'xstate.error.actor.loadDictionary', error: new Error('chunk failed') },
        { type: 'xstate.done.actor.switchDictionary' },
        { type: 'xstate.error.actor.switchDictionary', error: new Error('chunk failed') },
      ] as never[],
  } as never);
const models = { 'first visit': null, 'returning English visitor': 'en' } as const;

interface Effect {
  type: string;
  [key: string]: unknown;
}

interface Harness {
  app?: AppHarness;
  dictionary: DeferredActor<Language, { language: Language }>;
  effects: Effect[];
  stored: Language | null;
}

function harness(stored: Language | null): Harness {
  return { dictionary: deferredActor<Language, { language: Language }>(), effects: [], stored };
}

/** The page load at `location` (first event), or the browser going there. */
async function visit(h: Harness, location: LocationLike) {
  const to = `${location.pathname}${location.search}${location.hash}`;
  if (!h.app) {
    h.app = renderApp({
      path: to,
      storedLanguage: h.stored,
      overrides: {
        language: {
          actors: { loadDictionary: h.dictionary.logic },
          actions: {
            storeLanguage: (_, p) => void h.effects.push({ type: 'storeLanguage', ...p }),
            redirect: (_, p) => void h.effects.push({ type: 'redirect', ...p }),
            navigate: (_, p) => void h.effects.push({ type: 'navigate', ...p }),
            clearOffers: () => void h.effects.push({ type: 'clearOffers' }),
          },
        },
      },
    });
  } else if (h.app.location() === to) {
    // same location again (e.g. a link to the page itself): the app reports it as it would a new one
    act(() => h.app!.system.language.send({ type: 'language.locationChanged', location }));
  } else {
    h.app.go(to);
  }
  await settle(1);
}

function pathName(path: { state: AnyMachineSnapshot; steps: ReadonlyArray<{ event: ModelEvent }> }) {
  const steps = path.steps.slice(1).map(({ event }) =>
    event.type === 'language.locationChanged'
      ? `go ${event.location.pathname}`
      : event.type === 'language.switched'
        ? `switch ${event.language}`
        : event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:'),
  );
  return `${JSON.stringify(path.state.value)} ${path.state.context.language ?? ''} ← ${steps.join(' → ') || 'start'}`;
}

describe('language (model-based, through the app)', () => {
  beforeAll(loadAllDictionaries);
  let h: Harness | undefined;
  afterEach(() => {
    h?.app?.unmount();
    h = undefined;
  });
  const all: Array<{ stored: Language | null; paths: ReturnType<ReturnType<typeof modelFor>['getShortestPaths']> }> = [];

  for (const [name, stored] of Object.entries(models)) {
    const paths = modelFor(stored).getShortestPaths();
    all.push({ stored, paths });
    describe(name, () => {
      for (const path of paths) {
        it(pathName(path as never), async () => {
          h = harness(stored);
          const t = h;
          const user = userEvent.setup();
          const actual = () => t.app!.system.language.getSnapshot();
          let seen = 0;
          const newEffects = () => t.effects.slice(seen, (seen = t.effects.length));
          await path.test({
            states: {
              resolving: () => {
                if (!t.app) return; // before the page load nothing is on screen
                expect(actual().value).toBe('resolving');
                expect(loader()).toBeInTheDocument();
              },
              loading: (state) => {
                expect(actual().value).toBe('loading');
                expect(loader()).toBeInTheDocument();
                expect(t.dictionary.pending).toBe(true);
                expect(t.dictionary.calls.at(-1)).toEqual({ language: state.context.language });
              },
              failed: () => {
                expect(actual().value).toBe('failed');
                // no dictionary could be loaded: one message in both languages
                expect(screen.getByRole('alert')).toHaveTextContent('Nie udało się wczytać języka.');
                expect(screen.getByRole('alert')).toHaveTextContent('The language could not be loaded.');
                expect(screen.getByRole('button', { name: 'Spróbuj ponownie / Try again' })).toBeEnabled();
              },
              ready: (state) => {
                expect(actual().value).toBe('ready');
                const l = state.context.language as Language;
                expect(actual().context.language).toBe(l);
                expect(loader()).toBeNull();
                expect(document.documentElement.lang).toBe(l);
                expect(screen.getByTestId(`language-${l}`)).toHaveAttribute('aria-current', 'true');
                expect(screen.getByTestId(`language-${other(l)}`)).not.toHaveAttribute('aria-disabled');
                // a link to this page in the other language (it works without the app too)
                expect(screen.getByTestId(`language-${other(l)}`)).toHaveAttribute('href', expect.stringMatching(new RegExp(`^/${other(l)}/`)));
                // the page's texts are in that language
                expect(screen.getByRole('group', { name: translate(l, 'language.label') })).toBeInTheDocument();
                expect(screen.getByRole('link', { name: translate(l, 'layout.skipToContent') })).toBeInTheDocument();
                expect(screen.queryByRole('link', { name: translate(other(l), 'layout.skipToContent') })).toBeNull();
              },
              switching: (state) => {
                expect(actual().value).toBe('switching');
                const l = state.context.language as Language;
                // still the old language on screen, the switch buttons disabled
                expect(document.documentElement.lang).toBe(l);
                expect(screen.getByTestId(`language-${other(l)}`)).toHaveAttribute('aria-disabled', 'true');
                expect(t.dictionary.calls.at(-1)).toEqual({ language: other(l) });
              },
            },
            events: {
              'language.locationChanged': async ({ event }: { event: ModelEvent }) => {
                const before = t.app ? actual() : null;
                const stored = before ? before.context.stored : t.stored;
                const location = event.location as LocationLike;
                await visit(t, location);
                const prefix = splitLanguage(location.pathname).prefix;
                const fresh = newEffects();
                if (prefix !== 'pl' && prefix !== 'en') {
                  // unknown prefix: default language root; the bare root keeps the stored language
                  const root = location.pathname === '/' ? `/${stored ?? 'pl'}/` : '/pl/';
                  expect(fresh).toEqual([{ type: 'redirect', to: root }]);
                } else if (!before || before.matches('resolving')) {
                  // page load: a language other than the stored one is stored, with one redirect to the same URL
                  expect(fresh).toEqual(
                    prefix !== stored
                      ? [{ type: 'storeLanguage', language: prefix }, { type: 'redirect', to: '/' + location.pathname.slice(1) + '?x=1#h' }]
                      : [],
                  );
                } else if (prefix !== before.context.language) {
                  // typed or went back into the other language while on the site
                  expect(fresh).toEqual([{ type: 'storeLanguage', language: prefix }, { type: 'clearOffers' }]);
                } else {
                  expect(fresh).toEqual([]);
                }
              },
              'language.switched': async ({ event }: { event: ModelEvent }) => {
                const expectedHref = translatePath(window.location, event.language);
                await user.click(screen.getByTestId(`language-${event.language}`));
                expect(actual().context.target).toEqual({ language: event.language, href: expectedHref });
                expect(newEffects()).toEqual([]);
              },
              'xstate.done.actor.loadDictionary': async () => {
                await act(() => t.dictionary.resolve(t.dictionary.calls.at(-1)!.language));
                await settle();
                expect(newEffects()).toEqual([]);
              },
              'xstate.error.actor.loadDictionary': async ({ event }: { event: ModelEvent }) => {
                await act(() => t.dictionary.reject(event.error));
                expect(actual().context.error).toBe('chunk failed');
              },
              'language.retried': async () => {
                await user.click(screen.getByRole('button', { name: 'Spróbuj ponownie / Try again' }));
                expect(actual().context.error).toBeNull();
              },
              'xstate.done.actor.switchDictionary': async () => {
                const target = actual().context.target!;
                await act(() => t.dictionary.resolve(target.language));
                await settle();
                // stored, offers cleared, and the same page in the new language
                expect(newEffects()).toEqual([
                  { type: 'storeLanguage', language: target.language },
                  { type: 'clearOffers' },
                  { type: 'navigate', to: target.href },
                ]);
              },
              'xstate.error.actor.switchDictionary': async ({ event }: { event: ModelEvent }) => {
                const before = actual().context.language;
                await act(() => t.dictionary.reject(event.error));
                await settle(1);
                // the page stays in the old language
                expect(newEffects()).toEqual([]);
                expect(actual().context.language).toBe(before);
                expect(actual().context.error).toBe('chunk failed');
                // and the user is told the switch failed
                expect(screen.getByTestId('language-switch-failed')).toBeInTheDocument();
              },
            } as never,
          });
          expect(actual().value).toEqual(path.state.value);
        });
      }
    });
  }

  it('covers every state and transition of the chart', () => {
    const result = mergeCoverage(
      all.map(({ stored, paths }) => machineCoverage(languageMachine, paths, { input: { defaultLanguage: 'pl', stored } })),
    );
    printCoverage(result);
    expectFullCoverage(result);
  });
});

describe('language with the real effects (history, storage)', () => {
  beforeAll(loadAllDictionaries);
  let app: AppHarness | undefined;
  afterEach(() => {
    app?.unmount();
    app = undefined;
  });

  it('a path language other than the stored one is stored and redirected to once, keeping search and hash', async () => {
    app = renderApp({ path: '/en/faq?q=1#top', storedLanguage: 'pl' });
    await settle();
    expect(app.navigations).toEqual([{ to: '/en/faq?q=1#top', replace: true }]);
    expect(localStorage.getItem(STORAGE_KEYS.platformLanguage)).toBe('en');
    expect(app.location()).toBe('/en/faq?q=1#top');
    expect(document.documentElement.lang).toBe('en');
  });

  it('the bare / goes to the stored language root; an unknown prefix to the default root', async () => {
    app = renderApp({ path: '/', storedLanguage: 'en' });
    await settle();
    expect(app.navigations[0]).toEqual({ to: '/en/', replace: true });
    expect(app.location()).toBe('/en/');
    expect(screen.getByTestId('page-home')).toBeInTheDocument();
    app.unmount();

    app = renderApp({ path: '/de/something', storedLanguage: 'en' });
    await settle();
    expect(app.navigations[0]).toEqual({ to: '/pl/', replace: true });
    expect(app.location()).toBe('/pl/');
  });

  it('a link to / while on the English site stays English', async () => {
    app = renderApp({ path: '/en/', storedLanguage: 'en' });
    await settle();
    app.go('/');
    await settle();
    expect(app.location()).toBe('/en/');
    expect(document.documentElement.lang).toBe('en');
  });

  it('switching keeps the page and its e-mail parameter, stores the choice and navigates there', async () => {
    app = renderApp({ path: '/en/resend-activation/a%40b.pl?x=1', storedLanguage: 'en' });
    await settle();
    expect(screen.getByTestId('page-resendActivation')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByTestId('language-pl'));
    await settle();
    expect(app.navigations.at(-1)).toEqual({ to: '/pl/ponowna-aktywacja/a%40b.pl?x=1', replace: false });
    expect(app.location()).toBe('/pl/ponowna-aktywacja/a%40b.pl?x=1');
    expect(localStorage.getItem(STORAGE_KEYS.platformLanguage)).toBe('pl');
    expect(document.documentElement.lang).toBe('pl');
    expect(screen.getByTestId('page-resendActivation')).toBeInTheDocument();
  });

  it('switching keeps what the page was given with its address (the register-success e-mail and resend)', async () => {
    app = renderApp({ path: '/pl/', storedLanguage: 'pl' });
    await settle();
    app.go('/pl/rejestracja-udana', { email: 'nowy@example.pl' });
    await settle();
    expect(screen.getByTestId('activation-sent-to')).toHaveTextContent('nowy@example.pl');
    await userEvent.setup().click(screen.getByTestId('language-en'));
    await settle();
    expect(app.location()).toBe('/en/register-success');
    expect(screen.getByTestId('activation-sent-to')).toHaveTextContent('nowy@example.pl');
    expect(screen.getByRole('button', { name: translate('en', 'account.activation.resend') })).toBeEnabled();
  });

  it('switching on a page with an order id keeps it', async () => {
    app = renderApp({ path: '/pl/', storedLanguage: 'pl', tokens: { accessToken: 'a', refreshToken: 'r', expiresAt: 1 } });
    await settle();
    app.go('/pl/inwestor/zamowienie/42');
    await settle();
    await userEvent.setup().click(screen.getByTestId('language-en'));
    await settle();
    expect(app.location()).toBe('/en/investor/order/42');
  });
});

