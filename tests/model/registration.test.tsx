// Model-based test of the registration chart through the real app: every shortest path of the chart is
// walked by a user on /pl/rejestracja who types into the three steps and clicks Next, Back and Create
// account, while the fake server holds each call until the model says how it ends.
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  EMPTY_REGISTRATION,
  registrationMachine,
  withoutStepErrors,
  type AccountStep,
  type AddressStep,
  type BankStep,
  type RegistrationContext,
  type RegistrationFailure,
} from '../../machines/registration.machine';
import { translateError } from '../../src/i18n/i18n';
import { byValueAnd, createMachineTestModel, expectFullCoverage, machineCoverage, printCoverage } from '../support/model';
import { loadAllDictionaries, renderApp, settle, type AppHarness } from './support/app';
import { errorAnswer, heldServer } from './support/heldServer';

const ACCOUNT: AccountStep = {
  email: 'nowy.inwestor@example.pl',
  password: 'Secret123',
  repeatPassword: 'Secret123',
  firstName: 'Ewa',
  lastName: 'Nowak',
  phone: '501 234 567',
  phoneCountry: 'PL',
};
const ADDRESS: AddressStep = { street: 'Prosta 1', city: 'Warszawa', zip: '00-001', state: 'mazowieckie', country: 'PL' };
const BANK: BankStep = { country: 'PL', bankName: 'Bank Polski', accountNumber: '61 1090 1014 0000 0712 1981 2874' };
const OPTIONS = {
  countries: [
    { id: 1, code: 'PL' },
    { id: 2, code: 'DE' },
  ],
  agreements: [
    { id: 7, content: '<p>Akceptuję regulamin</p>', required: true },
    { id: 8, content: '<p>Chcę dostawać newsletter</p>', required: false },
  ],
};
const failure = (fieldErrors: Record<string, string>): RegistrationFailure => ({ fieldErrors });

const events = [
  { type: 'xstate.done.actor.loadOptions', output: OPTIONS },
  { type: 'xstate.error.actor.loadOptions', error: new Error('500') },
  { type: 'registration.retried' },
  { type: 'registration.accountSubmitted', values: ACCOUNT },
  { type: 'xstate.done.actor.checkEmail', output: { email: ACCOUNT.email } },
  // the first step's check: the e-mail is registered (back with the error); the check failed otherwise (go on)
  { type: 'xstate.error.actor.checkEmail', error: failure({ email: 'EMAIL_EXISTS' }) },
  { type: 'xstate.error.actor.checkEmail', error: failure({ '': 'TOO_MANY_TRIES' }) },
  { type: 'registration.addressSubmitted', values: ADDRESS },
  { type: 'registration.wentBack', values: {} },
  // the required agreement: ticked, or not (then a submit stays on the step with IS_EMPTY beside it)
  { type: 'registration.agreementToggled', id: '7', accepted: true },
  { type: 'registration.agreementToggled', id: '7', accepted: false },
  { type: 'registration.bankRefused', values: { ...BANK, country: '' } },
  { type: 'registration.submitted', values: BANK },
  { type: 'xstate.done.actor.register', output: { email: ACCOUNT.email } },
  // errors on every step: back to the first; on two later steps: back to the address; on the last only
  { type: 'xstate.error.actor.register', error: failure({ 'bank.accountNumber': 'BANK_ACCOUNT_ACCOUNT_NUMBER_IS_WRONG', email: 'EMAIL_EXISTS', phone: 'PHONE_NUMBER_NOT_VALID' }) },
  { type: 'xstate.error.actor.register', error: failure({ 'agreements.7': 'IS_EMPTY', 'address.city': 'IS_EMPTY' }) },
  { type: 'xstate.error.actor.register', error: failure({ 'bank.bankName': 'IS_EMPTY', '': 'TOO_MANY_TRIES' }) },
] as never[];

// the accepted flags are part of a state's key: a submit with the required agreement ticked or not goes elsewhere
const paths = createMachineTestModel(registrationMachine, { events, serializeState: byValueAnd('agreements') as never }).getShortestPaths();

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ModelEvent = { type: string; [key: string]: any };

const input = (name: string) => document.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`);
const errorOf = (el: Element | null) => {
  const ids = el?.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)).find((e) => e?.getAttribute('role') === 'alert')?.textContent ?? null;
};
const step = () => screen.queryByTestId('registration-step')?.getAttribute('data-step') ?? null;
const button = (name: string | RegExp) => screen.getByRole('button', { name });
function fill(values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) {
    const el = input(name);
    if (!el) throw new Error(`no field ${name}`);
    fireEvent.change(el, { target: { value } });
    fireEvent.blur(el);
  }
}
const pl = (code: string) => translateError('pl', code);

/**
 * What the user has typed and the server has answered so far in this path. The model's snapshots are keyed
 * by state value and arriving event only (byValueAnd()), so a path's snapshot may carry the context of
 * another path that reached the same key; the test keeps its own record instead.
 */
interface Seen {
  account: AccountStep;
  address: AddressStep;
  bank: BankStep;
  errors: Record<string, string>;
  registeredEmail: string | null;
  /** is the required agreement's box ticked? */
  terms: boolean;
}

/** Every server error of a step stands beside its field, translated. */
function expectErrorsBeside(context: Pick<RegistrationContext, 'errors'>, fields: Record<string, string>) {
  for (const [serverField, name] of Object.entries(fields)) {
    const code = context.errors[serverField];
    expect(errorOf(input(name)), serverField).toBe(code ? pl(code) : null);
  }
}

describe('registration (model-based, through the app)', { timeout: 30_000 }, () => {
  beforeAll(loadAllDictionaries);
  let h: AppHarness | undefined;
  afterEach(() => {
    h?.unmount();
    h = undefined;
  });

  for (const path of paths) {
    const name = `${JSON.stringify(path.state.value)} ← ${path.steps.slice(1).map((s) => s.event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:')).join(' → ') || 'start'}`;
    it(name, async () => {
      h = renderApp({ path: '/pl/rejestracja', storedLanguage: 'pl' });
      const server = heldServer(h.fake);
      server.hold('GET', '/investor/register');
      server.hold('GET', '/agreement');
      server.hold('POST', '/investor/register');
      server.hold('POST', '/investor/register/check-email');
      const app = h;
      const seen: Seen = { ...structuredClone(EMPTY_REGISTRATION), errors: {}, registeredEmail: null, terms: false };
      const terms = () => screen.getByRole('checkbox', { name: /Akceptuję regulamin/ }) as HTMLInputElement;
      const markTermsMissing = () => {
        const others = Object.fromEntries(Object.entries(seen.errors).filter(([f]) => !f.startsWith('agreements.')));
        seen.errors = seen.terms ? others : { ...others, 'agreements.7': 'IS_EMPTY' };
      };
      await settle();

      await path.test({
        states: {
          loading: () => {
            expect(screen.getByTestId('page-register')).toBeInTheDocument();
            expect(screen.getByRole('status', { name: 'Ładowanie…' })).toBeInTheDocument();
            expect(step()).toBeNull();
          },
          loadFailed: () => {
            expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(pl('GENERIC'));
            expect(button('Spróbuj ponownie')).toBeEnabled();
            expect(step()).toBeNull();
          },
          account: () => {
            expect(step()).toBe('account');
            expect(screen.getByTestId('registration-step')).toHaveTextContent('Krok 1 z 3: Dane konta');
            // what was typed is kept (the chart's context)
            expect(input('email')).toHaveValue(seen.account.email);
            expect(input('firstName')).toHaveValue(seen.account.firstName);
            expect(input('phoneCountry')).toHaveValue(seen.account.phoneCountry);
            expectErrorsBeside(seen, { email: 'email', phone: 'phone', password: 'password' });
          },
          checkingEmail: () => {
            // still the first step, its button busy while the e-mail is checked
            expect(step()).toBe('account');
            // busy, yet focusable: focus stays on it
            expect(button('Dalej')).toHaveAttribute('aria-busy', 'true');
            expect(button('Dalej')).toBeEnabled();
            expect(server.lastBody('POST', '/investor/register/check-email')).toEqual({ email: ACCOUNT.email });
          },
          address: () => {
            expect(step()).toBe('address');
            expect(input('city')).toHaveValue(seen.address.city);
            expect(input('country')).toHaveValue(seen.address.country);
            // the countries come from the server, named in Polish
            expect(screen.getByRole('option', { name: 'Niemcy' })).toBeInTheDocument();
            expectErrorsBeside(seen, { 'address.city': 'city', 'address.street': 'street' });
          },
          bank: () => {
            expect(step()).toBe('bank');
            expect(input('bankName')).toHaveValue(seen.bank.bankName);
            expect(input('accountNumber')).toHaveValue(seen.bank.accountNumber);
            expect(button('Załóż konto')).toBeEnabled();
            expectErrorsBeside(seen, { 'bank.accountNumber': 'accountNumber', 'bank.bankName': 'bankName', 'agreements.7': 'agreements.7' });
            const formError = seen.errors[''];
            if (formError) expect(screen.getByText(pl(formError))).toHaveAttribute('role', 'alert');
            // required agreements carry an asterisk; the boxes show the chart's accepted flags
            expect(terms().closest('div')).toHaveTextContent('*');
            expect(terms().checked).toBe(seen.terms);
            expect(errorOf(screen.getByRole('checkbox', { name: /newsletter/ }))).toBeNull();
          },
          submitting: () => {
            expect(step()).toBe('bank');
            // busy, yet focusable: focus stays on it
            expect(button('Zakładanie konta…')).toHaveAttribute('aria-busy', 'true');
            expect(button('Zakładanie konta…')).toBeEnabled();
            expect(server.isHeld('POST', '/investor/register')).toBe(true);
          },
          registered: () => {
            expect(app.location()).toBe('/pl/rejestracja-udana');
            expect(screen.getByTestId('page-registerSuccess')).toBeInTheDocument();
            expect(screen.getByTestId('activation-sent-to')).toHaveTextContent(seen.registeredEmail!);
            expect(button('Wyślij ponownie e-mail aktywacyjny')).toBeEnabled();
          },
        },
        events: {
          'xstate.done.actor.loadOptions': async () => {
            await server.answer('GET', '/investor/register', { data: { countries: OPTIONS.countries } });
            expect(app.fake.callsTo('GET', '/agreement').at(-1)?.url).toContain('context=registration');
            await server.answer('GET', '/agreement', { data: OPTIONS.agreements });
          },
          'xstate.error.actor.loadOptions': async () => {
            await server.answer('GET', '/investor/register', { status: 500, errors: [{ code: 'INTERNAL_ERROR', context: '', message: '' }] });
            await server.answer('GET', '/agreement', { data: OPTIONS.agreements });
          },
          'registration.retried': async () => {
            fireEvent.click(button('Spróbuj ponownie'));
            await settle();
          },
          'registration.accountSubmitted': async () => {
            Object.assign(seen, { account: ACCOUNT, errors: withoutStepErrors(seen.errors, 'account') });
            fill({ ...ACCOUNT, phoneCountry: 'PL' } as unknown as Record<string, string>);
            fireEvent.click(button('Dalej'));
            await settle();
          },
          'registration.addressSubmitted': async () => {
            Object.assign(seen, { address: ADDRESS, errors: withoutStepErrors(seen.errors, 'address') });
            fill(ADDRESS as unknown as Record<string, string>);
            fireEvent.click(button('Dalej'));
            await settle();
          },
          'registration.wentBack': async () => {
            fireEvent.click(button('Wstecz'));
            await settle();
          },
          'registration.agreementToggled': async ({ event }: { event: ModelEvent }) => {
            if (terms().checked !== event.accepted) fireEvent.click(terms());
            await settle(1);
            seen.terms = event.accepted;
            if (event.accepted) delete seen.errors['agreements.7'];
          },
          'registration.bankRefused': async () => {
            // a field breaks its rule: nothing is sent, the required agreement is marked too when not ticked
            const calls = app.fake.callsTo('POST', '/investor/register').length;
            fill({ ...BANK, country: '' } as unknown as Record<string, string>);
            fireEvent.click(button('Załóż konto'));
            await settle();
            // what was typed is kept by the chart, invalid or not
            seen.bank = { ...BANK, country: '' };
            markTermsMissing();
            expect(errorOf(input('country'))).toBe(pl('IS_EMPTY'));
            expect(app.fake.callsTo('POST', '/investor/register')).toHaveLength(calls);
          },
          'registration.submitted': async () => {
            const calls = app.fake.callsTo('POST', '/investor/register').length;
            seen.bank = BANK;
            fill(BANK as unknown as Record<string, string>);
            fireEvent.click(button('Załóż konto'));
            await settle();
            if (!seen.terms) {
              // the chart refuses: IS_EMPTY beside the required agreement, nothing sent
              markTermsMissing();
              expect(app.fake.callsTo('POST', '/investor/register')).toHaveLength(calls);
              return;
            }
            seen.errors = {};
            const body = server.lastBody('POST', '/investor/register') as Record<string, unknown>;
            expect(body).toMatchObject({
              email: ACCOUNT.email,
              phone: ACCOUNT.phone,
              phoneCountry: 'PL',
              address: ADDRESS,
              bank: { ...BANK, accountNumber: '61109010140000071219812874' },
              agreements: [
                { id: 7, isAccepted: true },
                { id: 8, isAccepted: false },
              ],
            });
          },
          'xstate.done.actor.checkEmail': async ({ event }: { event: ModelEvent }) => {
            await server.answer('POST', '/investor/register/check-email', { status: 200, data: event.output });
          },
          'xstate.error.actor.checkEmail': async ({ event }: { event: ModelEvent }) => {
            const fieldErrors = (event.error as RegistrationFailure).fieldErrors;
            // only a refused e-mail stands beside its field; any other failure lets the user go on
            if (fieldErrors.email) seen.errors = { ...seen.errors, email: fieldErrors.email };
            await server.answer('POST', '/investor/register/check-email', errorAnswer(fieldErrors));
          },
          'xstate.done.actor.register': async ({ event }: { event: ModelEvent }) => {
            seen.registeredEmail = event.output.email;
            await server.answer('POST', '/investor/register', { status: 201, data: event.output });
          },
          'xstate.error.actor.register': async ({ event }: { event: ModelEvent }) => {
            seen.errors = (event.error as RegistrationFailure).fieldErrors;
            // an agreement the server refused is shown unticked
            if (seen.errors['agreements.7']) seen.terms = false;
            await server.answer('POST', '/investor/register', errorAnswer((event.error as RegistrationFailure).fieldErrors));
          },
        } as never,
      });
    });
  }

  it('covers every state and transition of the chart', () => {
    const result = machineCoverage(registrationMachine, paths);
    printCoverage(result);
    expectFullCoverage(result);
  });
});

describe('registration: client-side checks (SPEC §5)', { timeout: 30_000 }, () => {
  beforeAll(loadAllDictionaries);
  let h: AppHarness | undefined;
  afterEach(() => {
    h?.unmount();
    h = undefined;
  });

  async function openForm() {
    h = renderApp({ path: '/pl/rejestracja', storedLanguage: 'pl' });
    h.fake.on('GET', '/investor/register', () => ({ data: { countries: OPTIONS.countries } }));
    h.fake.on('GET', '/agreement', () => ({ data: OPTIONS.agreements }));
    await settle(6);
    expect(step()).toBe('account');
  }

  it('shows every rule beside its field and stays on the step', async () => {
    await openForm();
    fill({ email: 'nie-email', password: 'krotkie', repeatPassword: 'inne', firstName: ' ', phone: '12' });
    fireEvent.click(button('Dalej'));
    await settle();
    expect(step()).toBe('account');
    expect(errorOf(input('email'))).toBe(pl('EMAIL_INVALID_FORMAT'));
    expect(errorOf(input('password'))).toBe(pl('PASSWORD_CONSTRAINTS_MISMATCH'));
    expect(errorOf(input('repeatPassword'))).toBe(pl('PASSWORD_NOT_SAME'));
    expect(errorOf(input('firstName'))).toBe(pl('FIRST_NAME_IS_EMPTY'));
    expect(errorOf(input('lastName'))).toBe(pl('LAST_NAME_IS_EMPTY'));
    expect(errorOf(input('phone'))).toBe(pl('PHONE_NUMBER_NOT_VALID'));
    expect(input('email')).toHaveAttribute('aria-invalid', 'true');
    expect(h!.fake.callsTo('POST', '/investor/register')).toHaveLength(0);
  });

  it('phone: checked on blur, again on a country change, cleared when emptied', async () => {
    await openForm();
    fill({ phone: '(201) 555-0123' });
    await settle();
    expect(errorOf(input('phone'))).toBe(pl('PHONE_NUMBER_NOT_VALID'));
    await act(async () => {
      fireEvent.change(input('phoneCountry')!, { target: { value: 'US' } });
    });
    await settle();
    expect(errorOf(input('phone'))).toBeNull();
    await act(async () => {
      fireEvent.change(input('phoneCountry')!, { target: { value: 'PL' } });
    });
    await settle();
    expect(errorOf(input('phone'))).toBe(pl('PHONE_NUMBER_NOT_VALID'));
    await act(async () => {
      fireEvent.change(input('phone')!, { target: { value: '' } });
    });
    await settle();
    expect(errorOf(input('phone'))).toBeNull();
  });

  it('bank step: 26 digits and the required agreement', async () => {
    await openForm();
    fill(ACCOUNT as unknown as Record<string, string>);
    fireEvent.click(button('Dalej'));
    await settle();
    fill(ADDRESS as unknown as Record<string, string>);
    fireEvent.click(button('Dalej'));
    await settle();
    fill({ country: 'PL', bankName: 'Bank', accountNumber: '1234 5678' });
    fireEvent.click(button('Załóż konto'));
    await settle();
    expect(errorOf(input('accountNumber'))).toBe(pl('BANK_ACCOUNT_ACCOUNT_NUMBER_IS_WRONG'));
    expect(errorOf(screen.getByRole('checkbox', { name: /Akceptuję regulamin/ }))).toBe(pl('IS_EMPTY'));
    expect(errorOf(screen.getByRole('checkbox', { name: /newsletter/ }))).toBeNull();
    expect(h!.fake.callsTo('POST', '/investor/register')).toHaveLength(0);
  });
});
