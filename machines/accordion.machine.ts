// Collapsible sections (SPEC §2 single offer: "first open initially, only one open, clicking an open one
// closes all, opening scrolls smoothly with a 90 px offset"). The timeline's read-more runs an instance
// that starts with none open. Scrolling is a named effect the view provides (`scrollToItem`).
import { assign, setup, type ActorRefFrom } from 'xstate';
import { described } from './descriptions/describe';
import descriptions from './descriptions/accordion';

export interface AccordionInput {
  /** number of items */
  count: number;
  /** open the first item at start (default true) */
  firstOpen?: boolean;
}

export interface AccordionContext {
  count: number;
  openIndex: number | null;
}

export type AccordionEvent = { type: 'accordion.toggled'; index: number };

export const accordionMachine = described(setup({
  types: {
    context: {} as AccordionContext,
    events: {} as AccordionEvent,
    input: {} as AccordionInput,
    tags: {} as 'open',
  },
  actions: {
    // Scrolls the opened item into view, 90 px below the top (the view provides it).
    scrollToItem: (_, _params: { index: number }) => {},
  },
  guards: {
    startsOpen: ({ context }) => context.openIndex !== null,
    isOpenItem: ({ context, event }) => event.index === context.openIndex,
    isItem: ({ context, event }) => event.index >= 0 && event.index < context.count,
  },
}).createMachine({
  id: 'accordion',
  context: ({ input }) => ({
    count: input.count,
    openIndex: input.count > 0 && input.firstOpen !== false ? 0 : null,
  }),
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'startsOpen', target: 'itemOpen' }, { target: 'allClosed' }],
    },
    allClosed: {
      on: {
        'accordion.toggled': {
          guard: 'isItem',
          target: 'itemOpen',
          actions: [
            assign({ openIndex: ({ event }) => event.index }),
            { type: 'scrollToItem', params: ({ event }) => ({ index: event.index }) },
          ],
        },
      },
    },
    itemOpen: {
      tags: ['open'],
      on: {
        'accordion.toggled': [
          { guard: 'isOpenItem', target: 'allClosed', actions: assign({ openIndex: null }) },
          {
            guard: 'isItem',
            target: 'itemOpen',
            reenter: true,
            actions: [
              assign({ openIndex: ({ event }) => event.index }),
              { type: 'scrollToItem', params: ({ event }) => ({ index: event.index }) },
            ],
          },
        ],
      },
    },
  },
}), descriptions);

export type AccordionActorRef = ActorRefFrom<typeof accordionMachine>;
