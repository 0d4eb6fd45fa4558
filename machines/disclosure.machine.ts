// A generic open/closed machine: the mobile drawer, the user-menu dropdown and the call dialog each run
// their own instance. Views send the events; a view that should close on Escape, on an item selection or
// on an outside click sends `disclosure.closed` for it.
import { setup, type ActorRefFrom } from 'xstate';
import { described } from './descriptions/describe';
import descriptions from './descriptions/disclosure';

export type DisclosureEvent =
  | { type: 'disclosure.opened' }
  | { type: 'disclosure.closed' }
  | { type: 'disclosure.toggled' };

export const disclosureMachine = described(setup({
  types: {
    events: {} as DisclosureEvent,
  },
}).createMachine({
  id: 'disclosure',
  initial: 'closed',
  states: {
    closed: {
      on: {
        'disclosure.opened': { target: 'open' },
        'disclosure.toggled': { target: 'open' },
      },
    },
    open: {
      tags: ['open'],
      on: {
        'disclosure.closed': { target: 'closed' },
        'disclosure.toggled': { target: 'closed' },
      },
    },
  },
}), descriptions);

export type DisclosureActorRef = ActorRefFrom<typeof disclosureMachine>;
