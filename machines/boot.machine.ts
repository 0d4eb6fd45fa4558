// App boot (SPEC §2 "Application root behaviour"): the splash screen first, then the slider and the static
// content side by side, then, if a session exists, the session is restored by fetching the user.
// The app shows its loading indicator while this machine carries the `loading` tag.
import { assign, fromPromise, setup } from 'xstate';
import type { ApiError } from '../src/api/types';

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

function toErrors(error: unknown): ApiError[] {
  const list = (error as { errors?: ApiError[] } | null)?.errors;
  if (Array.isArray(list) && list.length) return list;
  return [{ code: 'GENERIC', context: '', message: error instanceof Error ? error.message : String(error) }];
}

export const bootMachine = setup({
  types: {
    context: {} as BootContext & { hasSession: boolean },
    input: {} as BootInput,
    events: {} as { type: 'boot.languageChanged' },
    tags: {} as 'loading',
  },
  actors: {
    loadSplash: fromPromise<unknown, void>(async () => null),
    loadSlider: fromPromise<unknown, void>(async () => []),
    loadStaticContent: fromPromise<unknown, void>(async () => null),
    /** asks the auth actor for the user and resolves when it has answered */
    restoreSession: fromPromise<void, void>(async () => undefined),
  },
  actions: {
    /** hands the splash screen (maintenance config) to the maintenance gate */
    splashLoaded: (_, _params: { splash: unknown }) => {},
  },
  guards: {
    hasSession: ({ context }) => context.hasSession,
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
  initial: 'splash',
  states: {
    splash: {
      tags: ['loading'],
      invoke: {
        id: 'loadSplash',
        src: 'loadSplash',
        onDone: {
          target: 'content',
          actions: [
            assign({ splash: ({ event }) => event.output }),
            { type: 'splashLoaded', params: ({ event }) => ({ splash: event.output }) },
          ],
        },
        // A failed splash screen does not stop the site; a 503 has already switched on maintenance.
        onError: {
          target: 'content',
          actions: assign({ errors: ({ context, event }) => ({ ...context.errors, splash: toErrors(event.error) }) }),
        },
      },
    },
    content: {
      type: 'parallel',
      tags: ['loading'],
      onDone: 'session',
      states: {
        slider: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'loadSlider',
                src: 'loadSlider',
                onDone: { target: 'done', actions: assign({ slider: ({ event }) => event.output }) },
                onError: {
                  target: 'done',
                  actions: assign({
                    slider: [],
                    errors: ({ context, event }) => ({ ...context.errors, slider: toErrors(event.error) }),
                  }),
                },
              },
            },
            done: { type: 'final' },
          },
        },
        staticContent: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'loadStaticContent',
                src: 'loadStaticContent',
                onDone: { target: 'done', actions: assign({ staticContent: ({ event }) => event.output }) },
                onError: {
                  target: 'done',
                  actions: assign({
                    errors: ({ context, event }) => ({ ...context.errors, staticContent: toErrors(event.error) }),
                  }),
                },
              },
            },
            done: { type: 'final' },
          },
        },
      },
    },
    session: {
      always: [{ guard: 'hasSession', target: 'restoringSession' }, { target: 'ready' }],
    },
    restoringSession: {
      tags: ['loading'],
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
        'boot.languageChanged': 'splash',
      },
    },
  },
});
