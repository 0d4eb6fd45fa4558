// One save flow of the settings screen (SPEC §2 "Settings"): each form (personal data, address, bank,
// notifications, password, e-mail) runs its own copy. idle → saving → saved | failed; the errors come back
// per field; an edit after a result returns to idle (the success message goes away, errors stay beside
// their fields until the next save).
import { assign, fromPromise, setup } from 'xstate';
import { fieldErrorsFrom, type FieldErrors } from './types';
import { described } from './descriptions/describe';
import descriptions from './descriptions/settings';

export type SettingsGroup = 'personal' | 'address' | 'bank' | 'notificationsOptOut' | 'password' | 'email';

export interface SettingsInput {
  group: SettingsGroup;
}

/** error code per field name of the group, '' for an error tied to no field */
export type { FieldErrors };

export interface SettingsContext {
  group: SettingsGroup;
  errors: FieldErrors;
}

export type SettingsEvent = { type: 'settings.submitted'; values: unknown } | { type: 'settings.edited' };

export interface SettingsFailure {
  fieldErrors: FieldErrors;
}

export const settingsMachine = described(setup({
  types: {
    context: {} as SettingsContext,
    events: {} as SettingsEvent,
    input: {} as SettingsInput,
    tags: {} as 'busy',
  },
  actors: {
    save: fromPromise<unknown, { group: SettingsGroup; values: unknown }>(async () => {
      throw new Error('save actor not provided');
    }),
  },
  actions: {
    /** the updated investor, for the view to show */
    saved: (_, _params: { output: unknown }) => {},
  },
}).createMachine({
  id: 'settings',
  context: ({ input }) => ({ group: input.group, errors: {} }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'settings.submitted': 'saving' },
    },
    // One save at a time: the button is disabled and a second submit is not taken.
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context, event }) => ({
          group: context.group,
          values: (event as Extract<SettingsEvent, { type: 'settings.submitted' }>).values,
        }),
        onDone: {
          target: 'saved',
          actions: [assign({ errors: {} }), { type: 'saved', params: ({ event }) => ({ output: event.output }) }],
        },
        onError: { target: 'failed', actions: assign({ errors: ({ event }) => fieldErrorsFrom(event.error) }) },
      },
    },
    saved: {
      on: { 'settings.submitted': 'saving', 'settings.edited': 'idle' },
    },
    failed: {
      on: { 'settings.submitted': 'saving' },
    },
  },
}), descriptions);
