// The full-screen photo viewer (SPEC §2: fullWidthGallery's 'View all photos' and the gallery section):
// a looping carousel, one slide at a time, that locks page scroll while open; Escape or Close closes it.
// Page-scroll locking is a pair of named effects so a test can watch them.
import { assign, setup, type ActorRefFrom } from 'xstate';
import { described } from './descriptions/describe';
import descriptions from './descriptions/lightbox';

export interface LightboxInput {
  /** number of photos */
  count: number;
}

export interface LightboxContext {
  count: number;
  index: number;
}

export type LightboxEvent =
  | { type: 'lightbox.opened'; index?: number }
  | { type: 'lightbox.closed' }
  | { type: 'lightbox.next' }
  | { type: 'lightbox.previous' }
  | { type: 'lightbox.selected'; index: number };

const wrap = (i: number, n: number) => (n <= 0 ? 0 : ((i % n) + n) % n);

export const lightboxMachine = described(setup({
  types: {
    context: {} as LightboxContext,
    events: {} as LightboxEvent,
    input: {} as LightboxInput,
    tags: {} as 'open',
  },
  actions: {
    lockPageScroll: () => {},
    unlockPageScroll: () => {},
  },
  guards: {
    hasPhotos: ({ context }) => context.count > 0,
  },
}).createMachine({
  id: 'lightbox',
  context: ({ input }) => ({ count: input.count, index: 0 }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        'lightbox.opened': {
          guard: 'hasPhotos',
          target: 'open',
          actions: assign({ index: ({ context, event }) => wrap(event.index ?? 0, context.count) }),
        },
      },
    },
    open: {
      tags: ['open'],
      entry: 'lockPageScroll',
      exit: 'unlockPageScroll',
      on: {
        'lightbox.closed': { target: 'closed' },
        // The carousel loops: after the last photo comes the first.
        'lightbox.next': { actions: assign({ index: ({ context }) => wrap(context.index + 1, context.count) }) },
        'lightbox.previous': { actions: assign({ index: ({ context }) => wrap(context.index - 1, context.count) }) },
        'lightbox.selected': { actions: assign({ index: ({ context, event }) => wrap(event.index, context.count) }) },
      },
    },
  },
}), descriptions);

export type LightboxActorRef = ActorRefFrom<typeof lightboxMachine>;
