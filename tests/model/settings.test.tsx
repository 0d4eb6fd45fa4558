// Model-based test of the settings chart (one save flow) through the real app: a logged-in investor on
// /pl/inwestor/ustawienia opens the security tab and changes the password; the PATCH is held until the
// model says how it ends. Then the other forms of the screen, each with its errors beside the fields,
// the documents tab and the keyboard tablist.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { settingsMachine, type SettingsFailure } from '../../machines/settings.machine';
import type { Tokens } from '../../machines/auth.machine';
import type { Investor } from '../../src/features/account/api';
import { translate, translateError } from '../../src/i18n/i18n';
import { byValueAnd, createMachineTestModel, expectFullCoverage, machineCoverage, printCoverage } from '../support/model';
import { loadAllDictionaries, renderApp, settle, USER, type AppHarness } from './support/app';
import { errorAnswer, heldServer } from './support/heldServer';

const TOKENS: Tokens = { accessToken: 'access-1', refreshToken: 'refresh-1', expiresAt: Date.now() + 3_600_000 };
const INVESTOR: Investor = {
  email: 'jan.kowalski@example.pl',
  firstName: 'Jan',
  lastName: 'Kowalski',
  phone: '501234567',
  phoneCountry: 'PL',
  address: { street: 'Prosta 1', city: 'Warszawa', zip: '00-001', state: 'mazowieckie', country: 'PL' },
  bank: { country: 'PL', bankName: 'Bank Polski', accountNumber: '61109010140000071219812874' },
  notificationsOptOut: false,
  language: 'pl',
};
const PASSWORDS = { currentPassword: 'Investor123', newPassword: 'Nowe12345', repeatPassword: 'Nowe12345' };
const fail = (fieldErrors: Record<string, string>): SettingsFailure => ({ fieldErrors });

const events = [
  { type: 'settings.submitted', values: PASSWORDS },
  { type: 'settings.edited', values: { password: { ...PASSWORDS, currentPassword: 'x' } } },
  { type: 'xstate.done.actor.save', output: INVESTOR },
  { type: 'xstate.error.actor.save', error: fail({ currentPassword: 'CURRENT_PASSWORD_NOT_MATCH', newPassword: 'PASSWORD_CONSTRAINTS_MISMATCH' }) },
] as never[];
const paths = createMachineTestModel(settingsMachine, {
  events,
  input: { group: 'password', investor: INVESTOR },
  serializeState: byValueAnd() as never,
} as never).getShortestPaths();

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ModelEvent = { type: string; [key: string]: any };
const pl = (key: string, params?: Record<string, unknown>) => translate('pl', key, params);
const te = (code: string) => translateError('pl', code);
const card = (name: string) => screen.getByTestId(`settings-${name}`);
const field = (cardName: string, name: string) => card(cardName).querySelector<HTMLInputElement>(`[name="${name}"]`)!;
const saveButton = (cardName: string) => card(cardName).querySelector<HTMLButtonElement>('button[type="submit"]')!;
const errorOf = (el: Element | null) => {
  const ids = el?.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)).find((e) => e?.getAttribute('role') === 'alert')?.textContent ?? null;
};
function fill(cardName: string, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) {
    fireEvent.change(field(cardName, name), { target: { value } });
    fireEvent.blur(field(cardName, name));
  }
}

/** how many times the auth actor loaded the signed-in user (the header shows its name) */
let userLoads = 0;

function openSettings(): AppHarness {
  const h = renderApp({
    path: '/pl/inwestor/ustawienia',
    storedLanguage: 'pl',
    tokens: TOKENS,
    overrides: {
      auth: {
        actors: {
          fetchUser: fromPromise<unknown, void>(async () => {
            userLoads += 1;
            return USER;
          }),
        },
      },
    },
  });
  h.fake.on('GET', '/investor', () => ({ data: INVESTOR }));
  h.fake.on('GET', '/investor/register', () => ({ data: { countries: [{ id: 1, code: 'PL' }, { id: 2, code: 'DE' }] } }));
  return h;
}

async function openTab(name: string) {
  fireEvent.click(screen.getByRole('tab', { name }));
  await settle();
}

describe('settings: a save flow (model-based, through the app)', { timeout: 30_000 }, () => {
  beforeAll(loadAllDictionaries);
  let h: AppHarness | undefined;
  afterEach(() => {
    h?.unmount();
    h = undefined;
  });

  for (const path of paths) {
    const name = `${JSON.stringify(path.state.value)} ← ${path.steps.slice(1).map((s) => s.event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:')).join(' → ') || 'start'}`;
    it(name, async () => {
      h = openSettings();
      const server = heldServer(h.fake);
      server.hold('PATCH', '/investor');
      let errors: Record<string, string> = {};
      let edited = false;
      await settle(6);
      await openTab('Bezpieczeństwo');
      await path.test({
        states: {
          idle: () => {
            expect(saveButton('password')).toBeEnabled();
            expect(screen.queryByText(pl('account.settings.password.saved'))).toBeNull();
          },
          saving: () => {
            // busy, yet focusable: focus stays on it
            expect(saveButton('password')).toHaveAttribute('aria-busy', 'true');
            expect(saveButton('password')).toBeEnabled();
            expect(saveButton('password')).toHaveTextContent('Zapisywanie…');
            expect(server.lastBody('PATCH', '/investor')).toEqual({ password: PASSWORDS });
            expect(server.lastCall('PATCH', '/investor')?.headers.authorization).toBe('Bearer access-1');
          },
          saved: () => {
            expect(screen.getByText(pl('account.settings.password.saved'))).toHaveAttribute('role', 'status');
            // the fields are emptied after a change
            expect(field('password', 'currentPassword')).toHaveValue('');
            expect(field('password', 'newPassword')).toHaveValue('');
            expect(errorOf(field('password', 'currentPassword'))).toBeNull();
          },
          failed: () => {
            expect(saveButton('password')).toBeEnabled();
            expect(screen.queryByText(pl('account.settings.password.saved'))).toBeNull();
            expect(errorOf(field('password', 'newPassword'))).toBe(te(errors.newPassword));
            if (edited) {
              // the investor corrected the current password: its error is gone, the untouched field keeps its own
              expect(errorOf(field('password', 'currentPassword'))).toBeNull();
              expect(field('password', 'currentPassword')).not.toHaveAttribute('aria-invalid', 'true');
            } else {
              expect(errorOf(field('password', 'currentPassword'))).toBe(te(errors.currentPassword));
              expect(field('password', 'currentPassword')).toHaveAttribute('aria-invalid', 'true');
            }
          },
        },
        events: {
          'settings.submitted': async () => {
            edited = false;
            fill('password', PASSWORDS);
            fireEvent.click(saveButton('password'));
            await settle();
          },
          'settings.edited': async () => {
            fireEvent.change(field('password', 'currentPassword'), { target: { value: 'x' } });
            edited = true;
            await settle(1);
          },
          'xstate.done.actor.save': async ({ event }: { event: ModelEvent }) => {
            errors = {};
            await server.answer('PATCH', '/investor', { data: event.output });
          },
          'xstate.error.actor.save': async ({ event }: { event: ModelEvent }) => {
            errors = (event.error as SettingsFailure).fieldErrors;
            // the server names the fields inside their group
            await server.answer(
              'PATCH',
              '/investor',
              errorAnswer(Object.fromEntries(Object.entries(errors).map(([f, c]) => [`password.${f}`, c]))),
            );
          },
        } as never,
      });
    });
  }

  it('covers every state and transition of the chart', () => {
    const result = machineCoverage(settingsMachine, paths, { input: { group: 'password', investor: INVESTOR } });
    printCoverage(result);
    expectFullCoverage(result);
  });
});

describe('settings: the other forms and tabs', { timeout: 30_000 }, () => {
  beforeAll(loadAllDictionaries);
  let h: AppHarness | undefined;
  afterEach(() => {
    h?.unmount();
    h = undefined;
  });

  it('loads the investor into the personal information tab and saves each group with its errors', async () => {
    h = openSettings();
    const patches: unknown[] = [];
    h.fake.on('PATCH', '/investor', (call) => {
      patches.push(call.body);
      const body = call.body as Record<string, Record<string, string>>;
      if (body.personal && body.personal.lastName === 'Server') return errorAnswer({ 'personal.phone': 'PHONE_NUMBER_NOT_VALID' });
      if (body.bank) return errorAnswer({ 'bank.accountNumber': 'BANK_ACCOUNT_ACCOUNT_NUMBER_IS_WRONG' });
      return { data: { ...INVESTOR, ...(body.personal ?? {}) } };
    });
    await settle(6);
    expect(screen.getByRole('tab', { name: 'Dane osobowe' })).toHaveAttribute('aria-selected', 'true');
    expect(field('personal', 'firstName')).toHaveValue('Jan');
    expect(field('address', 'city')).toHaveValue('Warszawa');
    // shown in groups of four
    expect(field('bank', 'accountNumber')).toHaveValue('61 1090 1014 0000 0712 1981 2874');

    // client rule first: an invalid phone never reaches the server
    fill('personal', { phone: '12' });
    fireEvent.click(saveButton('personal'));
    await settle();
    expect(errorOf(field('personal', 'phone'))).toBe(te('PHONE_NUMBER_NOT_VALID'));
    expect(patches).toHaveLength(0);

    // the server's answer beside the field
    fill('personal', { phone: '501 234 567', lastName: 'Server' });
    fireEvent.click(saveButton('personal'));
    await settle();
    expect(patches.at(-1)).toEqual({ personal: { firstName: 'Jan', lastName: 'Server', phone: '501 234 567', phoneCountry: 'PL' } });
    expect(errorOf(field('personal', 'phone'))).toBe(te('PHONE_NUMBER_NOT_VALID'));

    const loadsBefore = userLoads;
    fill('personal', { lastName: 'Nowak' });
    fireEvent.click(saveButton('personal'));
    await settle();
    expect(within(card('personal')).getByText(pl('account.settings.personal.saved'))).toBeInTheDocument();
    // the header's user is loaded again (it shows the new name)
    expect(userLoads).toBe(loadsBefore + 1);

    // the IBAN as a banking app copies it (PL, odd grouping): accepted, regrouped, sent as the 26 digits
    fill('bank', { accountNumber: 'PL 611090 1014 0000 0712 1981 2874' });
    expect(field('bank', 'accountNumber')).toHaveValue('PL61 1090 1014 0000 0712 1981 2874');
    expect(errorOf(field('bank', 'accountNumber'))).toBeNull();
    fireEvent.click(saveButton('bank'));
    await settle();
    expect(patches.at(-1)).toEqual({ bank: { ...INVESTOR.bank, accountNumber: '61109010140000071219812874' } });
    expect(errorOf(field('bank', 'accountNumber'))).toBe(te('BANK_ACCOUNT_ACCOUNT_NUMBER_IS_WRONG'));

    fill('address', { city: 'Kraków' });
    fireEvent.click(saveButton('address'));
    await settle();
    expect(patches.at(-1)).toEqual({ address: { ...INVESTOR.address, city: 'Kraków' } });
    expect(within(card('address')).getByText(pl('account.settings.address.saved'))).toBeInTheDocument();
  });

  it('keeps what was typed across tab switches, and seeds the fields from a save\'s answer (the chart holds both)', async () => {
    h = openSettings();
    h.fake.on('PATCH', '/investor', (call) => {
      const body = call.body as { personal?: Record<string, string> };
      return { data: { ...INVESTOR, ...(body.personal ?? {}), lastName: 'Z-serwera' } };
    });
    await settle(6);
    fill('personal', { firstName: 'Janek' });
    fill('address', { city: 'Gdańsk' });
    await openTab('Powiadomienia');
    fireEvent.click(screen.getByRole('checkbox', { name: pl('account.settings.notifications.optOut') }));
    await settle(1);
    await openTab('Dane osobowe');
    expect(field('personal', 'firstName')).toHaveValue('Janek');
    expect(field('address', 'city')).toHaveValue('Gdańsk');
    await openTab('Powiadomienia');
    expect(screen.getByRole('checkbox', { name: pl('account.settings.notifications.optOut') })).toBeChecked();

    await openTab('Dane osobowe');
    fireEvent.click(saveButton('personal'));
    await settle();
    await openTab('Bezpieczeństwo');
    await openTab('Dane osobowe');
    // the server's answer, not the screen's first load
    expect(field('personal', 'lastName')).toHaveValue('Z-serwera');
    expect(field('personal', 'firstName')).toHaveValue('Janek');
    expect(h.fake.callsTo('GET', '/investor')).toHaveLength(1);
  });

  it('e-mail change: EMAIL_SAME on the client, EMAIL_TAKEN from the server, then the confirmation message', async () => {
    h = openSettings();
    h.fake.on('PATCH', '/investor', (call) => {
      const { email } = call.body as { email: { newEmail: string } };
      return email.newEmail === 'zajety@example.pl' ? errorAnswer({ 'email.newEmail': 'EMAIL_TAKEN' }) : { data: INVESTOR };
    });
    await settle(6);
    await openTab('Bezpieczeństwo');
    fill('email', { newEmail: INVESTOR.email, repeatEmail: INVESTOR.email });
    fireEvent.click(saveButton('email'));
    await settle();
    expect(errorOf(field('email', 'newEmail'))).toBe(te('EMAIL_SAME'));
    fill('email', { newEmail: 'nowy@example.pl', repeatEmail: 'inny@example.pl' });
    fireEvent.click(saveButton('email'));
    await settle();
    expect(errorOf(field('email', 'repeatEmail'))).toBe(te('EMAIL_NOT_SAME'));
    expect(h.fake.callsTo('PATCH', '/investor')).toHaveLength(0);

    fill('email', { newEmail: 'zajety@example.pl', repeatEmail: 'zajety@example.pl' });
    fireEvent.click(saveButton('email'));
    await settle();
    expect(errorOf(field('email', 'newEmail'))).toBe(te('EMAIL_TAKEN'));

    fill('email', { newEmail: 'nowy@example.pl', repeatEmail: 'nowy@example.pl' });
    fireEvent.click(saveButton('email'));
    await settle();
    expect(h.fake.callsTo('PATCH', '/investor').at(-1)?.body).toEqual({ email: { newEmail: 'nowy@example.pl', repeatEmail: 'nowy@example.pl' } });
    expect(screen.getByText(pl('account.settings.email.sent', { email: 'nowy@example.pl' }))).toHaveAttribute('role', 'status');
  });

  it('notifications: the opt-out is saved as a boolean', async () => {
    h = openSettings();
    h.fake.on('PATCH', '/investor', () => ({ data: { ...INVESTOR, notificationsOptOut: true } }));
    await settle(6);
    await openTab('Powiadomienia');
    fireEvent.click(screen.getByRole('checkbox', { name: pl('account.settings.notifications.optOut') }));
    fireEvent.click(saveButton('notifications'));
    await settle();
    expect(h.fake.callsTo('PATCH', '/investor').at(-1)?.body).toEqual({ notificationsOptOut: true });
    expect(screen.getByText(pl('account.settings.notifications.saved'))).toBeInTheDocument();
  });

  it('documents: the investor area list — own PDFs are fetched with the token, general ones are links; the empty texts', async () => {
    h = openSettings();
    const doc = (own: boolean) => ({
      id: own ? 'd1' : 'd2',
      displayName: own ? 'Potwierdzenie' : 'Umowa',
      url: own ? '/api/investor/documents/d1/file' : 'https://files.example/umowa.pdf',
      type: own ? 'investor' : 'general',
      own,
      kind: own ? 'orderConfirmation' : null,
      contentType: 'application/pdf',
      date: null,
      offer: null,
      orderId: null,
      orderReference: null,
    });
    let docs = [doc(true), doc(false)];
    h.fake.on('GET', '/investor/documents', () => ({ data: docs }));
    await settle(6);
    await openTab('Dokumenty');
    await settle();
    // an own document is not a plain link (it needs the bearer token): buttons that fetch it
    expect(screen.queryByRole('link', { name: 'Podgląd: Potwierdzenie (nowa karta)' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Podgląd: Potwierdzenie (nowa karta)' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Pobierz: Potwierdzenie' })).toBeEnabled();
    // a general document is a public link
    const preview = screen.getByRole('link', { name: 'Podgląd: Umowa (nowa karta)' });
    expect(preview).toHaveAttribute('target', '_blank');
    expect(preview).toHaveAttribute('href', 'https://files.example/umowa.pdf');
    expect(screen.getByRole('link', { name: 'Pobierz: Umowa' })).toHaveAttribute('download');
    docs = [];
    await openTab('Bezpieczeństwo');
    await openTab('Dokumenty');
    await settle();
    expect(screen.getByText(pl('investor.documents.ownEmpty'))).toBeInTheDocument();
    expect(screen.getByText(pl('investor.documents.generalEmpty'))).toBeInTheDocument();
  });

  it('the tablist works from the keyboard (arrows, Home, End)', async () => {
    h = openSettings();
    await settle(6);
    const first = screen.getByRole('tab', { name: 'Dane osobowe' });
    act(() => first.focus());
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    await settle(1);
    expect(screen.getByRole('tab', { name: 'Powiadomienia' })).toHaveAttribute('aria-selected', 'true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Powiadomienia' }));
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    await settle(1);
    expect(screen.getByRole('tab', { name: 'Status inwestora' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', screen.getByRole('tab', { name: 'Status inwestora' }).id);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    await settle(1);
    expect(screen.getByRole('tab', { name: 'Dane osobowe' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Dane osobowe' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Powiadomienia' })).toHaveAttribute('tabindex', '-1');
  });

  it('the investor-status tab shows the classification and sends the sophisticated-investor application', async () => {
    h = openSettings();
    const none = { classification: 'non_sophisticated', reviewDueAt: null, declarationVersion: '2026.1', application: null };
    h.fake.on('GET', '/investor/sophisticated-application', () => ({ data: none }));
    h.fake.on('POST', '/investor/sophisticated-application', (call) => ({
      data: { ...none, application: { id: 1, ...(call.body as object), language: 'pl', submittedAt: '2026-10-23T10:00:00.000Z', status: 'pending', decidedAt: null, decisionReason: null } },
    }));
    await settle(6);
    await openTab('Status inwestora');
    expect(screen.getByTestId('investor-classification')).toHaveTextContent(pl('account.settings.status.nonSophisticated'));
    fireEvent.click(screen.getByLabelText(pl('account.settings.status.legal_person')));
    fireEvent.click(screen.getByLabelText(pl('account.settings.status.criterion.balanceSheet')));
    fireEvent.click(screen.getByLabelText(pl('account.settings.status.declaration'), { exact: false }));
    fireEvent.click(screen.getByRole('button', { name: pl('account.settings.status.submit') }));
    await settle();
    expect(h.fake.callsTo('POST', '/investor/sophisticated-application').at(-1)?.body).toEqual({
      investorKind: 'legal_person',
      criteria: ['balanceSheet'],
      declarationVersion: '2026.1',
      declarationAccepted: true,
    });
    expect(screen.getByTestId('application-waiting')).toHaveTextContent('23.10.2026');
  });

  it('the dashboard shows the name and links to settings', async () => {
    h = openSettings();
    await settle(6);
    h.go('/pl/inwestor');
    await settle();
    expect(screen.getByTestId('dashboard-name')).toHaveTextContent('Witaj, Jan Kowalski');
    expect(screen.getByRole('link', { name: 'Ustawienia konta' })).toHaveAttribute('href', '/pl/inwestor/ustawienia');
  });
});
