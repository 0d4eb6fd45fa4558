// Registration (SPEC §2 "Registration and activation"): three steps (account details, address, bank
// details with the required agreements), then POST /investor/register. The chart's context holds what was
// typed on every step, so going back and forth keeps it. Server errors come back per field; the chart
// returns to the first step that has one (stepOfFirstError). Effects are named and provided by the view.
import { assign, fromPromise, setup } from 'xstate';
import { fieldErrorsFrom, type FieldErrors } from './types';
import { described } from './descriptions/describe';
import descriptions from './descriptions/registration';

export interface AccountStep {
  email: string;
  password: string;
  repeatPassword: string;
  firstName: string;
  lastName: string;
  phone: string;
  phoneCountry: string;
}

export interface AddressStep {
  street: string;
  city: string;
  zip: string;
  state: string;
  country: string;
}

export interface BankStep {
  country: string;
  bankName: string;
  accountNumber: string;
}

export interface Country {
  id: string | number;
  code: string;
}

export interface Agreement {
  id: string | number;
  content: string;
  required: boolean;
}

export interface RegistrationOptions {
  countries: Country[];
  agreements: Agreement[];
}

export interface RegistrationData {
  account: AccountStep;
  address: AddressStep;
  bank: BankStep;
  /** accepted flag per agreement id */
  agreements: Record<string, boolean>;
}

/** error code per field name: `email`, `address.street`, `bank.accountNumber`, `agreements.<id>`, '' */
export type { FieldErrors };

export type Step = 'account' | 'address' | 'bank';

export const STEPS: readonly Step[] = ['account', 'address', 'bank'];

/** The step a field belongs to; agreements and errors tied to no field sit on the last step. */
export function stepOfField(field: string): Step {
  if (field.startsWith('address.') || field === 'address') return 'address';
  if (field.startsWith('bank.') || field === 'bank' || field.startsWith('agreements') || field === '') return 'bank';
  return 'account';
}

/** The first step (in step order) that has an error; the last step when there is none tied to a field. */
export function stepOfFirstError(errors: FieldErrors): Step {
  const steps = new Set(Object.keys(errors).map(stepOfField));
  return STEPS.find((s) => steps.has(s)) ?? 'bank';
}

/** The errors without those of one step (the step was just corrected and submitted again). */
export function withoutStepErrors(errors: FieldErrors, step: Step): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([field]) => stepOfField(field) !== step));
}

export interface RegistrationContext extends RegistrationData {
  countries: Country[];
  /** the registration agreements (their accepted flags are in `agreements`) */
  agreementList: Agreement[];
  errors: FieldErrors;
  /** the address the activation e-mail went to, once registered */
  registeredEmail: string | null;
}

export type RegistrationEvent =
  | { type: 'registration.retried' }
  | { type: 'registration.accountSubmitted'; values: AccountStep }
  | { type: 'registration.addressSubmitted'; values: AddressStep }
  | { type: 'registration.wentBack'; values: Partial<AddressStep & BankStep>; agreements?: Record<string, boolean> }
  | { type: 'registration.submitted'; values: BankStep; agreements: Record<string, boolean> };

/** What a failed registration call is turned into by the provided actor: codes per field. */
export interface RegistrationFailure {
  fieldErrors: FieldErrors;
}

export const EMPTY_REGISTRATION: RegistrationData = {
  account: { email: '', password: '', repeatPassword: '', firstName: '', lastName: '', phone: '', phoneCountry: 'PL' },
  address: { street: '', city: '', zip: '', state: '', country: '' },
  bank: { country: '', bankName: '', accountNumber: '' },
  agreements: {},
};

export const registrationMachine = described(setup({
  types: {
    context: {} as RegistrationContext,
    events: {} as RegistrationEvent,
    tags: {} as 'loading' | 'busy' | 'form',
  },
  actors: {
    loadOptions: fromPromise<RegistrationOptions, void>(async () => {
      throw new Error('loadOptions actor not provided');
    }),
    register: fromPromise<{ email: string }, RegistrationData>(async () => {
      throw new Error('register actor not provided');
    }),
    /** is the first step's e-mail free? (POST /investor/register/check-email) */
    checkEmail: fromPromise<unknown, string>(async () => {
      throw new Error('checkEmail actor not provided');
    }),
  },
  actions: {
    /** the view moves to the register-success screen with the e-mail */
    registered: (_, _params: { email: string }) => {},
  },
  guards: {
    /** the check refused the e-mail (EMAIL_EXISTS, its format); any other failure lets the user go on */
    emailRefused: (_, params: { error: unknown }) => Boolean(fieldErrorsFrom(params.error).email),
    firstErrorOn: (_, params: { error: unknown; step: Step }) => stepOfFirstError(fieldErrorsFrom(params.error)) === params.step,
  },
}).createMachine({
  id: 'registration',
  // A fresh copy per actor: nothing outside may share (and change) the step objects.
  context: () => ({ ...structuredClone(EMPTY_REGISTRATION), countries: [], agreementList: [], errors: {}, registeredEmail: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadOptions',
        src: 'loadOptions',
        onDone: {
          target: 'account',
          actions: assign(({ event }) => ({
            countries: event.output.countries,
            agreementList: event.output.agreements,
            agreements: Object.fromEntries(event.output.agreements.map((a) => [String(a.id), false])),
          })),
        },
        onError: 'loadFailed',
      },
    },
    loadFailed: {
      on: { 'registration.retried': 'loading' },
    },
    account: {
      tags: ['form'],
      on: {
        'registration.accountSubmitted': {
          target: 'checkingEmail',
          actions: assign(({ context, event }) => ({
            account: event.values,
            errors: withoutStepErrors(context.errors, 'account'),
          })),
        },
      },
    },
    // "E-mail already registered" at the first step, not after all three (the registration checks again).
    checkingEmail: {
      tags: ['busy', 'form'],
      invoke: {
        id: 'checkEmail',
        src: 'checkEmail',
        input: ({ context }) => context.account.email,
        onDone: 'address',
        onError: [
          {
            guard: { type: 'emailRefused', params: ({ event }) => ({ error: event.error }) },
            target: 'account',
            actions: assign(({ context, event }) => ({ errors: { ...context.errors, email: fieldErrorsFrom(event.error).email } })),
          },
          { target: 'address' },
        ],
      },
    },
    address: {
      tags: ['form'],
      on: {
        'registration.addressSubmitted': {
          target: 'bank',
          actions: assign(({ context, event }) => ({
            address: event.values,
            errors: withoutStepErrors(context.errors, 'address'),
          })),
        },
        // Going back keeps what was typed on this step, valid or not.
        'registration.wentBack': {
          target: 'account',
          actions: assign(({ context, event }) => ({ address: { ...context.address, ...event.values } as AddressStep })),
        },
      },
    },
    bank: {
      tags: ['form'],
      on: {
        'registration.wentBack': {
          target: 'address',
          actions: assign(({ context, event }) => ({
            bank: { ...context.bank, ...event.values } as BankStep,
            agreements: event.agreements ?? context.agreements,
          })),
        },
        'registration.submitted': {
          target: 'submitting',
          actions: assign(({ event }) => ({ bank: event.values, agreements: event.agreements, errors: {} })),
        },
      },
    },
    submitting: {
      tags: ['busy', 'form'],
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ context }) => ({
          account: context.account,
          address: context.address,
          bank: context.bank,
          agreements: context.agreements,
        }),
        onDone: {
          target: 'registered',
          actions: [
            assign({ registeredEmail: ({ event }) => event.output.email }),
            { type: 'registered', params: ({ event }) => ({ email: event.output.email }) },
          ],
        },
        // Back to the first step that has an error, every error kept for its field.
        onError: [
          {
            guard: { type: 'firstErrorOn', params: ({ event }) => ({ error: event.error, step: 'account' as const }) },
            target: 'account',
            actions: assign({ errors: ({ event }) => fieldErrorsFrom(event.error) }),
          },
          {
            guard: { type: 'firstErrorOn', params: ({ event }) => ({ error: event.error, step: 'address' as const }) },
            target: 'address',
            actions: assign({ errors: ({ event }) => fieldErrorsFrom(event.error) }),
          },
          { target: 'bank', actions: assign({ errors: ({ event }) => fieldErrorsFrom(event.error) }) },
        ],
      },
    },
    registered: {},
  },
}), descriptions);
