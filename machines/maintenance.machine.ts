// Maintenance gate (SPEC §2 "Application root behaviour"): only the maintenance screen is shown when a call
// answered 503, or when the splash screen signals maintenance while nobody is logged in.
import { assign, setup } from 'xstate';
import { maintenanceText, type MaintenanceConfig } from '../contract/maintenance';
import { described } from './descriptions/describe';
import descriptions from './descriptions/maintenance';

// What the maintenance screen says: one rule with the server's maintenance page (contract/page-head.ts).
export { maintenanceText, type MaintenanceConfig };

export interface MaintenanceContext {
  config: MaintenanceConfig | null;
  loggedIn: boolean;
  /** a call answered 503: the server itself says it is in maintenance */
  serviceUnavailable: boolean;
}

export type MaintenanceEvent =
  | { type: 'maintenance.configLoaded'; config: MaintenanceConfig | null }
  | { type: 'maintenance.sessionChanged'; loggedIn: boolean }
  | { type: 'maintenance.serviceUnavailable' }
  | { type: 'maintenance.retried' };

export const maintenanceMachine = described(setup({
  types: {
    context: {} as MaintenanceContext,
    events: {} as MaintenanceEvent,
    input: {} as { loggedIn: boolean },
    tags: {} as 'maintenance',
  },
  actions: {
    /** starts the app again from the server (provided by the app: a page reload) */
    reloadPage: () => {},
  },
  guards: {
    serviceUnavailable: ({ context }) => context.serviceUnavailable,
    gateClosed: ({ context }) =>
      context.serviceUnavailable ||
      (!context.loggedIn && Boolean(context.config?.maintenanceMode || context.config?.systemMaintenanceMode)),
  },
}).createMachine({
  id: 'maintenance',
  context: ({ input }) => ({ config: null, loggedIn: input.loggedIn, serviceUnavailable: false }),
  initial: 'evaluating',
  on: {
    'maintenance.configLoaded': {
      target: '.evaluating',
      actions: assign({ config: ({ event }) => event.config }),
    },
    // Logging in on the maintenance screen lifts an earlier 503: the gate opens if this user's own calls
    // pass (an operator), and closes again on the next 503 (an investor).
    'maintenance.sessionChanged': {
      target: '.evaluating',
      actions: assign({
        loggedIn: ({ event }) => event.loggedIn,
        serviceUnavailable: ({ context, event }) => (event.loggedIn ? false : context.serviceUnavailable),
      }),
    },
    'maintenance.serviceUnavailable': {
      target: '.closed',
      actions: assign({ serviceUnavailable: true }),
    },
  },
  states: {
    evaluating: {
      always: [{ guard: 'gateClosed', target: 'closed' }, { target: 'open' }],
    },
    open: {},
    closed: {
      tags: ['maintenance'],
      on: {
        // After a 503 the user may try again: the page starts over and asks the server afresh.
        'maintenance.retried': { guard: 'serviceUnavailable', actions: 'reloadPage' },
      },
    },
  },
}), descriptions);
