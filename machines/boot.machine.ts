// App boot (SPEC §2 "Application root behaviour"): the splash screen, the slider and the static content are
// loaded side by side (nothing waits for another), then, if a session exists, the session is
// restored by fetching the user.
//
// First boot and a reload of content are two states, not a flag in a view: `booting` covers the page with the
// full-screen loader (tag `blocking`); `reloading` (after a language switch) keeps the page on screen while
// the content is loaded again in the new language. Both carry `loading`.
//
// A load that fails sends the boot to `failed` (SPEC §7: never a loader that never ends): the app shows an
// error with a retry. A 503 has also switched the maintenance gate on (the HTTP client does that), which
// covers the error until the service is back.
import { assign, fromPromise, setup } from 'xstate';
import { errorListFrom, type ApiError } from './types';
import { described } from './descriptions/describe';
import descriptions from './descriptions/boot';

export interface BootContext<TSplash = unknown, TSlider = unknown, TContent = unknown> {
  splash: TSplash | null;
  slider: TSlider | null;
  staticContent: TContent | null;
  /** errors converted from the response's errors list, per load (SPEC §7) */
  errors: { splash?: ApiError[]; slider?: ApiError[]; staticContent?: ApiError[] };
}

export interface BootInput {
  hasSession: boolean;
}

export type BootEvent = { type: 'boot.started' } | { type: 'boot.languageChanged' } | { type: 'boot.retried' };

/**
 * The typed boot chart. `TSplash`, `TSlider` and `TContent` are the shapes of the three loads; the app
 * passes the API's types (the chart itself only stores them).
 */
export function createBootMachine<TSplash = unknown, TSlider = unknown, TContent = unknown>() {
  type Ctx = BootContext<TSplash, TSlider, TContent> & { hasSession: boolean };

  /** One load as a region of its own: `loading`, then `done` whether it answered or failed. */
  const region = (id: 'loadSplash' | 'loadSlider' | 'loadStaticContent', store: string, load: keyof BootContext['errors'], extra: string[] = []) => ({
    initial: 'loading' as const,
    states: {
      loading: {
        invoke: {
          id,
          src: id,
          onDone: { target: 'done', actions: [store, ...extra] as never },
          onError: { target: 'done', actions: { type: 'recordError' as const, params: { load } } },
        },
      },
      done: { type: 'final' as const },
    },
  });

  /** The three loads side by side (boot in parallel), then `next` (or `#boot.failed` when one failed). */
  const loads = (next: string) => ({
    initial: 'content' as const,
    entry: 'clearErrors' as const,
    states: {
      content: {
        type: 'parallel' as const,
        onDone: 'checked',
        states: {
          splash: region('loadSplash', 'storeSplash', 'splash', ['splashLoaded']),
          slider: region('loadSlider', 'storeSlider', 'slider'),
          staticContent: region('loadStaticContent', 'storeStaticContent', 'staticContent'),
        },
      },
      checked: {
        always: [{ guard: 'loadFailed' as const, target: '#boot.failed' }, { target: next }],
      },
    },
  });

  return described(setup({
    types: {
      context: {} as Ctx,
      input: {} as BootInput,
      events: {} as BootEvent,
      tags: {} as 'loading' | 'blocking' | 'failed',
    },
    actors: {
      loadSplash: fromPromise<TSplash, void>(async () => {
        throw new Error('loadSplash actor not provided');
      }),
      loadSlider: fromPromise<TSlider, void>(async () => {
        throw new Error('loadSlider actor not provided');
      }),
      loadStaticContent: fromPromise<TContent, void>(async () => {
        throw new Error('loadStaticContent actor not provided');
      }),
      /** asks the auth actor for the user and resolves when it has answered */
      restoreSession: fromPromise<void, void>(async () => undefined),
    },
    actions: {
      /** hands the splash screen (maintenance config, in `context.splash`) to the maintenance gate */
      splashLoaded: () => {},
      clearErrors: assign({ errors: {} }),
      storeSplash: assign({ splash: ({ event }) => (event as unknown as { output: TSplash }).output }),
      storeSlider: assign({ slider: ({ event }) => (event as unknown as { output: TSlider }).output }),
      storeStaticContent: assign({ staticContent: ({ event }) => (event as unknown as { output: TContent }).output }),
      recordError: assign({
        errors: ({ context, event }, { load }: { load: keyof BootContext['errors'] }) => ({
          ...context.errors,
          [load]: errorListFrom((event as unknown as { error: unknown }).error),
        }),
      }),
    },
    guards: {
      hasSession: ({ context }) => context.hasSession,
      loadFailed: ({ context }) => Object.keys(context.errors).length > 0,
    },
  }).createMachine({
    id: 'boot',
    context: ({ input }) => ({
      hasSession: input.hasSession,
      splash: null,
      slider: null,
      staticContent: null,
      errors: {},
    }),
    initial: 'waitingForLanguage',
    states: {
      // Content is loaded in the page's language: the app starts the loads once the language is known (the
      // page's address names it), side by side with the language's dictionary.
      waitingForLanguage: {
        tags: ['loading', 'blocking'],
        on: { 'boot.started': 'booting' },
      },
      booting: {
        tags: ['loading', 'blocking'],
        ...loads('#boot.session'),
      },
      session: {
        always: [{ guard: 'hasSession', target: 'restoringSession' }, { target: 'ready' }],
      },
      restoringSession: {
        tags: ['loading', 'blocking'],
        invoke: {
          id: 'restoreSession',
          src: 'restoreSession',
          onDone: 'ready',
          // A session that cannot be restored has been logged out by the auth actor; the site still runs.
          onError: 'ready',
        },
      },
      ready: {
        on: {
          // Content is served in the request's language: a new language loads it again.
          'boot.languageChanged': 'reloading',
        },
      },
      reloading: {
        tags: ['loading'],
        ...loads('#boot.ready'),
        on: { 'boot.languageChanged': 'reloading' },
      },
      failed: {
        tags: ['failed'],
        // The retry loads everything again, in the language the page has by then.
        on: { 'boot.retried': 'booting' },
      },
    },
  }), descriptions);
}

// Pure: a bundle that only takes the factory (the app) leaves this default chart out.
export const bootMachine = /*#__PURE__*/ createBootMachine();
