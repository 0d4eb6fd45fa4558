// Connectivity (SPEC §2 "Other UI", §8): offline shows a persistent no-internet banner with a refresh
// button; on reconnecting the page reloads and a connection-restored message shows, hidden after 6 s
// (SPEC §9) or on close. Because the reload throws this page away, the "restored" fact is carried across
// it in a flag the app keeps (session storage): the next page load starts in `reconnected` when the flag
// is set, and clears it.
//
// Effects are named and do nothing here: `watchConnectivity` (the browser's online/offline events),
// `readRestoredFlag`, and the actions `persistRestoredFlag`, `clearRestoredFlag`, `reloadPage`. The app
// provides the browser's (src/components/layout/browserEffects.ts). Register the app's instance with
// systemId 'connectivity'.
import { assertEvent, fromCallback, fromPromise, setup, type ActorRefFrom, type DoneActorEvent } from 'xstate';
import { described } from './descriptions/describe';
import descriptions from './descriptions/connectivity';

/** SPEC §9: the connection-restored message hides after 6000 ms. */
export const RESTORED_MESSAGE_MS = 6000;

export type ConnectivityEvent =
  | { type: 'connectivity.wentOffline' }
  | { type: 'connectivity.wentOnline' }
  | { type: 'connectivity.refreshRequested' }
  | { type: 'connectivity.restoredMessageClosed' }
  | DoneActorEvent<boolean, 'readRestoredFlag'>
  | { type: 'xstate.error.actor.readRestoredFlag'; error: unknown };

export const connectivityMachine = described(setup({
  types: {
    events: {} as ConnectivityEvent,
  },
  actors: {
    /** reports `connectivity.wentOffline` / `connectivity.wentOnline`, and a start while already offline */
    watchConnectivity: fromCallback<ConnectivityEvent>(() => {}),
    /** whether the previous page load reloaded because the connection came back */
    readRestoredFlag: fromPromise<boolean>(async () => false),
  },
  actions: {
    persistRestoredFlag: () => {},
    clearRestoredFlag: () => {},
    reloadPage: () => {},
  },
  guards: {
    restoredFlagSet: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.readRestoredFlag');
      return event.output;
    },
  },
}).createMachine({
  id: 'connectivity',
  // The watcher lives as long as the machine, whatever the state.
  invoke: { id: 'watchConnectivity', src: 'watchConnectivity' },
  initial: 'starting',
  states: {
    starting: {
      invoke: {
        id: 'readRestoredFlag',
        src: 'readRestoredFlag',
        onDone: [
          { guard: 'restoredFlagSet', target: 'reconnected', actions: 'clearRestoredFlag' },
          { target: 'online' },
        ],
        onError: { target: 'online' },
      },
      on: {
        // Offline right at start: whatever the last page load saw is stale now.
        'connectivity.wentOffline': { target: 'offline', actions: 'clearRestoredFlag' },
      },
    },
    online: {
      on: {
        'connectivity.wentOffline': { target: 'offline' },
      },
    },
    offline: {
      tags: ['offline'],
      on: {
        // SPEC: "on reconnecting the page reloads"; the flag makes the next load show the message.
        'connectivity.wentOnline': { target: 'reconnected', actions: ['persistRestoredFlag', 'reloadPage'] },
        'connectivity.refreshRequested': { actions: 'reloadPage' },
      },
    },
    reconnected: {
      tags: ['restoredMessage'],
      after: {
        6000: { target: 'online' },
      },
      on: {
        'connectivity.restoredMessageClosed': { target: 'online' },
        'connectivity.wentOffline': { target: 'offline' },
      },
    },
  },
}), descriptions);

export type ConnectivityActorRef = ActorRefFrom<typeof connectivityMachine>;
