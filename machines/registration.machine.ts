// Registration (SPEC §2 "Registration and activation"): three steps (account details, address, bank
// details with the required agreements), then POST /investor/register. The chart's context holds what was
// typed on every step, so going back and forth keeps it, and the accepted agreements: the chart decides
// that the required ones are accepted (SPEC §5: IS_EMPTY beside each one missing, nothing sent) before it
// registers. Server errors come back per field; the chart returns to the first step that has one
// (stepOfFirstError). Effects are named and provided by the view.
import { assign, fromPromise, setup } from 'xstate';
import { DEFAULT_PHONE_COUNTRY, fieldErrorsFrom, type FieldErrors } from './types';
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

/** IS_EMPTY per required agreement not accepted (SPEC §5), keyed `agreements.<id>` like the server's. */
export function missingAgreements(list: readonly Agreement[], accepted: Record<string, boolean>): FieldErrors {
  return Object.fromEntries(list.filter((a) => a.required && !accepted[String(a.id)]).map((a) => [`agreements.${a.id}`, 'IS_EMPTY']));
}

const isAgreementError = (field: string) => field.startsWith('agreements.');

/** The errors with the agreements' own replaced by those of the required agreements not accepted. */
function withAgreementErrors(context: Pick<RegistrationContext, 'errors' | 'agreementList' | 'agreements'>): FieldErrors {
  const others = Object.fromEntries(Object.entries(context.errors).filter(([field]) => !isAgreementError(field)));
  return { ...others, ...missingAgreements(context.agreementList, context.agreements) };
}

/** A server error on an agreement means it was not taken as accepted: its box is shown unticked. */
function untickRefused(agreements: Record<string, boolean>, errors: FieldErrors): Record<string, boolean> {
  const out = { ...agreements };
  for (const field of Object.keys(errors)) if (isAgreementError(field)) out[field.slice('agreements.'.length)] = false;
  return out;
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
  | { type: 'registration.wentBack'; values: Partial<AddressStep & BankStep> }
  /** an agreement's box on the last step was ticked or unticked */
  | { type: 'registration.agreementToggled'; id: string; accepted: boolean }
  /** the last step's fields break their rules (nothing is sent): kept as typed, the agreements checked too */
  | { type: 'registration.bankRefused'; values: Partial<BankStep> }
  | { type: 'registration.submitted'; values: BankStep };

/** What a failed registration call is turned into by the provided actor: codes per field. */
export interface RegistrationFailure {
  fieldErrors: FieldErrors;
}

/** The registration's answer: its errors per field, the refused agreements unticked. */
function serverErrors(context: RegistrationContext, error: unknown) {
  const errors = fieldErrorsFrom(error);
  return { errors, agreements: untickRefused(context.agreements, errors) };
}

export const EMPTY_REGISTRATION: RegistrationData = {
  account: { email: '', password: '', repeatPassword: '', firstName: '', lastName: '', phone: '', phoneCountry: DEFAULT_PHONE_COUNTRY },
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
    /** a required agreement is not accepted: nothing is sent */
    agreementMissing: ({ context }) => Object.keys(missingAgreements(context.agreementList, context.agreements)).length > 0,
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
          actions: assign(({ context, event }) => ({ bank: { ...context.bank, ...event.values } as BankStep })),
        },
        // Ticking a box takes its error away; unticking a required one shows it again only at the next submit.
        'registration.agreementToggled': {
          actions: assign(({ context, event }) => ({
            agreements: { ...context.agreements, [event.id]: event.accepted },
            errors: event.accepted
              ? Object.fromEntries(Object.entries(context.errors).filter(([field]) => field !== `agreements.${event.id}`))
              : context.errors,
          })),
        },
        'registration.bankRefused': {
          actions: assign(({ context, event }) => ({
            bank: { ...context.bank, ...event.values } as BankStep,
            errors: withAgreementErrors(context),
          })),
        },
        'registration.submitted': [
          {
            guard: 'agreementMissing',
            actions: assign(({ context, event }) => ({ bank: event.values, errors: withAgreementErrors(context) })),
          },
          {
            target: 'submitting',
            actions: assign(({ event }) => ({ bank: event.values, errors: {} })),
          },
        ],
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
            actions: assign(({ context, event }) => serverErrors(context, event.error)),
          },
          {
            guard: { type: 'firstErrorOn', params: ({ event }) => ({ error: event.error, step: 'address' as const }) },
            target: 'address',
            actions: assign(({ context, event }) => serverErrors(context, event.error)),
          },
          { target: 'bank', actions: assign(({ context, event }) => serverErrors(context, event.error)) },
        ],
      },
    },
    registered: {},
  },
}), descriptions);
