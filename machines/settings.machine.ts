// One save flow of the settings screen (SPEC §2 "Settings"): each form (personal data, address, bank,
// notifications, password, e-mail) runs its own copy, started once the investor is loaded and kept while
// the screen is open (switching tabs keeps what was typed). The chart's context holds the server's data
// (`investor`, the last answer of GET or PATCH /investor) and the edits (`values`, every form's fields as
// typed, seeded from the investor); the view only renders them.
// idle → saving → saved | failed; the errors come back per field; an edit is kept in any state, and after a
// result it returns to idle (the success message goes away; an error stays beside its field until that
// field is changed or the next save). A save's answer is the new server data: the fields are seeded from it again (the password
// fields are emptied; the e-mail form keeps the address it was sent to, for its message).
import { assign, fromPromise, setup } from 'xstate';
import { DEFAULT_PHONE_COUNTRY, fieldErrorsFrom, type FieldErrors } from './types';
import { described } from './descriptions/describe';
import descriptions from './descriptions/settings';

export type SettingsGroup = 'personal' | 'address' | 'bank' | 'notificationsOptOut' | 'password' | 'email';

/** The investor as GET/PATCH /investor answer it (docs/api.md "Accounts"). */
export interface Investor {
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  phoneCountry: string | null;
  address: { street: string | null; city: string | null; zip: string | null; state: string | null; country: string | null };
  bank: { country: string | null; bankName: string | null; accountNumber: string | null };
  notificationsOptOut: boolean;
  language?: string;
}

/** Every form's fields as typed (strings as in the inputs; the notifications box as a flag). */
export interface SettingsValues {
  personal: { firstName: string; lastName: string; phone: string; phoneCountry: string };
  address: { street: string; city: string; zip: string; state: string; country: string };
  bank: { country: string; bankName: string; accountNumber: string };
  notificationsOptOut: { optOut: boolean };
  password: { currentPassword: string; newPassword: string; repeatPassword: string };
  email: { newEmail: string; repeatEmail: string };
}

const NO_PASSWORDS: SettingsValues['password'] = { currentPassword: '', newPassword: '', repeatPassword: '' };

/** The forms' fields seeded from the server's data. */
export function valuesFromInvestor(investor: Investor): SettingsValues {
  const a = investor.address ?? ({} as Partial<Investor['address']>);
  const b = investor.bank ?? ({} as Partial<Investor['bank']>);
  return {
    personal: {
      firstName: investor.firstName ?? '',
      lastName: investor.lastName ?? '',
      phone: investor.phone ?? '',
      phoneCountry: investor.phoneCountry || DEFAULT_PHONE_COUNTRY,
    },
    address: { street: a.street ?? '', city: a.city ?? '', zip: a.zip ?? '', state: a.state ?? '', country: a.country ?? '' },
    bank: { country: b.country ?? '', bankName: b.bankName ?? '', accountNumber: b.accountNumber ?? '' },
    notificationsOptOut: { optOut: Boolean(investor.notificationsOptOut) },
    password: { ...NO_PASSWORDS },
    email: { newEmail: '', repeatEmail: '' },
  };
}

export interface SettingsInput {
  group: SettingsGroup;
  /** the server's data when the screen opened */
  investor: Investor;
}

/** error code per field name of the group, '' for an error tied to no field */
export type { FieldErrors };

export interface SettingsContext {
  group: SettingsGroup;
  /** the server's data: the investor as last loaded or saved */
  investor: Investor;
  /** the edits: what the forms' fields hold */
  values: SettingsValues;
  errors: FieldErrors;
}

export type SettingsEvent =
  /** the group's body as PATCH /investor takes it (the view shapes it from the checked fields) */
  | { type: 'settings.submitted'; values: unknown }
  /** a field changed: the group's fields as typed */
  | { type: 'settings.edited'; values: Partial<SettingsValues> };

export interface SettingsFailure {
  fieldErrors: FieldErrors;
}

const isInvestor = (value: unknown): value is Investor => Boolean(value && typeof value === 'object' && 'email' in value);

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
    /** the view's effects of a save (the header's user is loaded again, the password form emptied) */
    saved: () => {},
    // A field the investor changes loses the server's error about it (a wrong current password is
    // corrected by typing it again); the other fields keep theirs until the next save.
    edit: assign(({ context, event }) => {
      if (event.type !== 'settings.edited') return {};
      const errors = { ...context.errors };
      for (const [group, fields] of Object.entries(event.values) as [keyof SettingsValues, Record<string, unknown>][]) {
        const before = context.values[group] as Record<string, unknown> | undefined;
        for (const [name, value] of Object.entries(fields ?? {})) {
          if (before?.[name] !== value) delete errors[name];
        }
      }
      return { values: { ...context.values, ...event.values }, errors };
    }),
  },
}).createMachine({
  id: 'settings',
  context: ({ input }) => ({ group: input.group, investor: input.investor, values: valuesFromInvestor(input.investor), errors: {} }),
  initial: 'idle',
  // What is typed is kept whatever the state (a save in flight included).
  on: { 'settings.edited': { actions: 'edit' } },
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
          actions: [
            assign(({ context, event }) => {
              const investor = isInvestor(event.output) ? event.output : context.investor;
              const fresh = valuesFromInvestor(investor);
              // the server's answer seeds the fields again; the e-mail form keeps where the link went
              return { errors: {}, investor, values: { ...fresh, email: context.values.email } };
            }),
            'saved',
          ],
        },
        onError: { target: 'failed', actions: assign({ errors: ({ event }) => fieldErrorsFrom(event.error) }) },
      },
    },
    saved: {
      on: { 'settings.submitted': 'saving', 'settings.edited': { target: 'idle', actions: 'edit' } },
    },
    failed: {
      on: { 'settings.submitted': 'saving' },
    },
  },
}), descriptions);
