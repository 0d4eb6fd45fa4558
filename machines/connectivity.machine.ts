// Connectivity (SPEC §2 "Other UI", §8): offline shows a persistent no-internet banner with a refresh
// button; on reconnecting the page reloads and a connection-restored message shows, hidden after 6 s
// (SPEC §9) or on close. Because the reload throws this page away, the "restored" fact is carried across
// it in sessionStorage: the next page load starts in `reconnected` when the flag is set, and clears it.
//
// Effects are named: `watchConnectivity` (window online/offline), `readRestoredFlag`, and the actions
// `persistRestoredFlag`, `clearRestoredFlag`, `reloadPage`. Register the app's instance with
// systemId 'connectivity'.
import { assertEvent, fromCallback, fromPromise, setup, type ActorRefFrom, type DoneActorEvent } from 'xstate';

export const RESTORED_FLAG_KEY = 'connectionRestored';
/** SPEC §9: the connection-restored message hides after 6000 ms. */
export const RESTORED_MESSAGE_MS = 6000;

export type ConnectivityEvent =
  | { type: 'connectivity.wentOffline' }
  | { type: 'connectivity.wentOnline' }
  | { type: 'connectivity.refreshRequested' }
  | { type: 'connectivity.restoredMessageClosed' }
  | DoneActorEvent<boolean, 'readRestoredFlag'>
  | { type: 'xstate.error.actor.readRestoredFlag'; error: unknown };

function session(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export const connectivityMachine = setup({
  types: {
    events: {} as ConnectivityEvent,
  },
  actors: {
    /** Feeds window online/offline into the machine; reports a start while already offline. */
    watchConnectivity: fromCallback<ConnectivityEvent>(({ sendBack }) => {
      if (typeof window === 'undefined') return;
      const offline = () => sendBack({ type: 'connectivity.wentOffline' });
      const online = () => sendBack({ type: 'connectivity.wentOnline' });
      window.addEventListener('offline', offline);
      window.addEventListener('online', online);
      if (typeof navigator !== 'undefined' && navigator.onLine === false) offline();
      return () => {
        window.removeEventListener('offline', offline);
        window.removeEventListener('online', online);
      };
    }),
    /** Whether the previous page load reloaded because the connection came back. */
    readRestoredFlag: fromPromise<boolean>(async () => session()?.getItem(RESTORED_FLAG_KEY) === '1'),
  },
  actions: {
    persistRestoredFlag: () => {
      try {
        session()?.setItem(RESTORED_FLAG_KEY, '1');
      } catch {
        // storage full or blocked: the reload still happens, only the message is lost
      }
    },
    clearRestoredFlag: () => {
      try {
        session()?.removeItem(RESTORED_FLAG_KEY);
      } catch {
        // nothing to clear
      }
    },
    reloadPage: () => {
      if (typeof window !== 'undefined') window.location.reload();
    },
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
});

export type ConnectivityActorRef = ActorRefFrom<typeof connectivityMachine>;
