// Language (SPEC §2, §4): the /pl or /en prefix decides the language. An unknown prefix goes to the default
// language's root; a prefix that differs from the stored platform language is stored and the user is
// redirected once to the same path, search and hash. Switching loads the other dictionary, stores the choice,
// clears offers and navigates to the same page in the new language.
import { assign, fromPromise, setup } from 'xstate';
import { isLanguage, splitLanguage, type Language } from './types';
import { described } from './descriptions/describe';
import descriptions from './descriptions/language';

export interface LocationLike {
  pathname: string;
  search: string;
  hash: string;
}

export interface LanguageContext {
  defaultLanguage: Language;
  /** the platform language kept in local storage */
  stored: Language | null;
  language: Language | null;
  location: LocationLike | null;
  target: { language: Language; href: string } | null;
  error: string | null;
}

export type LanguageEvent =
  | { type: 'language.locationChanged'; location: LocationLike }
  | { type: 'language.switched'; language: Language; href: string }
  | { type: 'language.retried' };

/** Two locations that name the same address. */
export function sameLocation(a: LocationLike | null, b: LocationLike | null): boolean {
  return a === b || (!!a && !!b && a.pathname === b.pathname && a.search === b.search && a.hash === b.hash);
}

function prefixOf(location: LocationLike | null): string {
  return location ? splitLanguage(location.pathname).prefix : '';
}

/** The bare root keeps a returning visitor's language; any other unknown prefix gets the default. */
function rootFor(context: LanguageContext, location: LocationLike): string {
  return `/${location.pathname === '/' ? (context.stored ?? context.defaultLanguage) : context.defaultLanguage}/`;
}

export const languageMachine = described(setup({
  types: {
    context: {} as LanguageContext,
    events: {} as LanguageEvent,
    input: {} as { defaultLanguage: Language; stored: Language | null },
    tags: {} as 'loading' | 'switching',
  },
  actors: {
    loadDictionary: fromPromise<Language, { language: Language }>(async ({ input }) => input.language),
  },
  actions: {
    storeLanguage: (_, _params: { language: Language }) => {},
    /** replaces the current history entry */
    redirect: (_, _params: { to: string }) => {},
    /** pushes a new history entry */
    navigate: (_, _params: { to: string }) => {},
    clearOffers: () => {},
  },
  guards: {
    unknownPrefix: ({ event }) =>
      event.type === 'language.locationChanged' && !isLanguage(prefixOf(event.location)),
    differsFromStored: ({ context, event }) =>
      event.type === 'language.locationChanged' && prefixOf(event.location) !== context.stored,
    differsFromCurrent: ({ context, event }) =>
      event.type === 'language.locationChanged' && prefixOf(event.location) !== context.language,
  },
}).createMachine({
  id: 'language',
  context: ({ input }) => ({
    defaultLanguage: input.defaultLanguage,
    stored: input.stored,
    language: null,
    location: null,
    target: null,
    error: null,
  }),
  initial: 'resolving',
  states: {
    resolving: {
      on: {
        'language.locationChanged': [
          {
            guard: 'unknownPrefix',
            target: 'resolving',
            reenter: true,
            actions: { type: 'redirect', params: ({ context, event }) => ({ to: rootFor(context, event.location) }) },
          },
          {
            guard: 'differsFromStored',
            target: 'loading',
            actions: [
              assign({
                language: ({ event }) => prefixOf(event.location) as Language,
                stored: ({ event }) => prefixOf(event.location) as Language,
                location: ({ event }) => event.location,
              }),
              { type: 'storeLanguage', params: ({ context }) => ({ language: context.language! }) },
              {
                type: 'redirect',
                params: ({ event }) => ({
                  to: `${event.location.pathname}${event.location.search}${event.location.hash}`,
                }),
              },
            ],
          },
          {
            target: 'loading',
            actions: assign({
              language: ({ event }) => prefixOf(event.location) as Language,
              location: ({ event }) => event.location,
            }),
          },
        ],
      },
    },
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadDictionary',
        src: 'loadDictionary',
        input: ({ context }) => ({ language: context.language! }),
        onDone: 'ready',
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => String((event.error as Error)?.message ?? event.error) }),
        },
      },
    },
    failed: {
      on: { 'language.retried': { target: 'loading', actions: assign({ error: null }) } },
    },
    ready: {
      on: {
        'language.switched': {
          target: 'switching',
          actions: assign({
            target: ({ event }) => ({ language: event.language, href: event.href }),
            error: null,
          }),
        },
        // Typed a URL or went back into the other language: the same rules as at start.
        'language.locationChanged': [
          // A link to the bare root (`/`) keeps the current language, as at start.
          {
            guard: 'unknownPrefix',
            target: 'resolving',
            reenter: true,
            actions: { type: 'redirect', params: ({ context, event }) => ({ to: rootFor(context, event.location) }) },
          },
          {
            guard: 'differsFromCurrent',
            target: 'loading',
            actions: [
              assign({
                language: ({ event }) => prefixOf(event.location) as Language,
                stored: ({ event }) => prefixOf(event.location) as Language,
                location: ({ event }) => event.location,
              }),
              { type: 'storeLanguage', params: ({ context }) => ({ language: context.language! }) },
              'clearOffers',
            ],
          },
          // The app tells the chart its location on every mount (hydration included): the address it already has,
          // in a new object. Keeping the old one leaves what views select unchanged, so nothing redraws.
          {
            actions: assign({
              location: ({ context, event }) => (sameLocation(context.location, event.location) ? context.location : event.location),
            }),
          },
        ],
      },
    },
    switching: {
      tags: ['switching'],
      invoke: {
        id: 'switchDictionary',
        src: 'loadDictionary',
        input: ({ context }) => ({ language: context.target!.language }),
        onDone: {
          target: 'ready',
          actions: [
            assign({
              language: ({ context }) => context.target!.language,
              stored: ({ context }) => context.target!.language,
            }),
            { type: 'storeLanguage', params: ({ context }) => ({ language: context.target!.language }) },
            'clearOffers',
            { type: 'navigate', params: ({ context }) => ({ to: context.target!.href }) },
            assign({ target: null }),
          ],
        },
        // SPEC §4: a failed language load dispatches a failure; the page stays in the old language.
        onError: {
          target: 'ready',
          actions: assign({
            target: null,
            error: ({ event }) => String((event.error as Error)?.message ?? event.error),
          }),
        },
      },
    },
  },
}), descriptions);
