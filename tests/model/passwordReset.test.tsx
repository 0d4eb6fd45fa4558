// Model-based test of the passwordReset chart through the real app, in its two uses: forgot-password (no
// token: an e-mail, always the same neutral answer) and reset-password / set-password (a token validated
// first; the invalid reset-token page; the new password and its repeat; success leads to login).
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetMachine, type PasswordFailure, type PasswordResetInput } from '../../machines/passwordReset.machine';
import { translate, translateError } from '../../src/i18n/i18n';
import { byValueAnd, createMachineTestModel, expectFullCoverage, machineCoverage, printCoverage } from '../support/model';
import { loadAllDictionaries, mergeCoverage, renderApp, settle, type AppHarness } from './support/app';
import { errorAnswer, heldServer } from './support/heldServer';

const EMAIL = 'jan.kowalski@example.pl';
const fail = (fieldErrors: Record<string, string>): PasswordFailure => ({ fieldErrors });
const events = [
  { type: 'passwordReset.requested', email: EMAIL },
  { type: 'xstate.done.actor.requestReset', output: null },
  { type: 'xstate.error.actor.requestReset', error: fail({ '': 'TOO_MANY_TRIES' }) },
  { type: 'xstate.done.actor.validateToken', output: { email: EMAIL } },
  { type: 'xstate.error.actor.validateToken', error: fail({ resetPasswordToken: 'TOKEN_NOT_VALID' }) },
  { type: 'passwordReset.submitted', password: 'Nowe1234', repeatPassword: 'Nowe1234' },
  { type: 'xstate.done.actor.resetPassword', output: null },
  { type: 'xstate.error.actor.resetPassword', error: fail({ password: 'PASSWORD_CONSTRAINTS_MISMATCH', repeatPassword: 'PASSWORD_NOT_SAME' }) },
  { type: 'xstate.error.actor.resetPassword', error: fail({ resetPasswordToken: 'TOKEN_NOT_VALID' }) },
] as never[];

const models: Array<{ name: string; input: PasswordResetInput; path: string; testId: string }> = [
  { name: 'forgot-password', input: { token: null }, path: '/pl/zapomniane-haslo', testId: 'page-forgotPassword' },
  { name: 'reset-password/{token}', input: { token: 'tok-9' }, path: '/pl/resetuj-haslo/tok-9', testId: 'page-resetPassword' },
  { name: 'set-password/{token} (en)', input: { token: 'tok-9' }, path: '/en/set-password/tok-9', testId: 'page-setPassword' },
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ModelEvent = { type: string; [key: string]: any };
const input = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
const errorOf = (el: Element | null) => {
  const ids = el?.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)).find((e) => e?.getAttribute('role') === 'alert')?.textContent ?? null;
};
const submit = () => document.querySelector<HTMLButtonElement>('form button[type="submit"]');

describe('passwordReset (model-based, through the app)', { timeout: 30_000 }, () => {
  beforeAll(loadAllDictionaries);
  let h: AppHarness | undefined;
  afterEach(() => {
    h?.unmount();
    h = undefined;
  });
  const all: Array<{ input: PasswordResetInput; paths: ReturnType<ReturnType<typeof createMachineTestModel>['getShortestPaths']> }> = [];

  for (const model of models) {
    const paths = createMachineTestModel(passwordResetMachine, { events, input: model.input, serializeState: byValueAnd() as never } as never).getShortestPaths();
    all.push({ input: model.input, paths });
    const lang = model.path.startsWith('/en') ? 'en' : 'pl';
    const tr = (key: string, params?: Record<string, unknown>) => translate(lang, key, params);
    const te = (code: string) => translateError(lang, code);

    describe(model.name, () => {
      for (const path of paths) {
        const name = `${JSON.stringify(path.state.value)} ← ${path.steps.slice(1).map((s) => s.event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:')).join(' → ') || 'start'}`;
        it(name, async () => {
          h = renderApp({ path: model.path, storedLanguage: lang });
          const server = heldServer(h.fake);
          server.hold('POST', '/user/reset-password');
          server.hold('GET', '/user/reset-password');
          let errors: Record<string, string> = {};
          await settle();
          expect(screen.getByTestId(model.testId)).toBeInTheDocument();
          await path.test({
            states: {
              request: () => {
                expect(input('email')).not.toBeNull();
                expect(submit()).toBeEnabled();
                expect(screen.queryByText(tr('account.forgotPassword.sent'))).toBeNull();
                if (errors['']) expect(screen.getByText(te(errors['']))).toHaveAttribute('role', 'alert');
              },
              requesting: () => {
                // busy, yet focusable: focus stays on it
                expect(submit()).toHaveAttribute('aria-busy', 'true');
                expect(submit()).toBeEnabled();
                expect(server.lastBody('POST', '/user/reset-password')).toEqual({ email: EMAIL });
              },
              requested: () => {
                // the same neutral answer whether or not the e-mail is registered
                expect(screen.getByText(tr('account.forgotPassword.sent'))).toHaveAttribute('role', 'status');
                expect(input('email')).toBeNull();
              },
              validating: () => {
                expect(screen.getByRole('status', { name: tr('account.resetPassword.checking') })).toBeInTheDocument();
                expect(server.lastCall('GET', '/user/reset-password')?.url).toContain('resetPasswordToken=tok-9');
                expect(input('password')).toBeNull();
              },
              invalidToken: () => {
                expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(tr('account.resetPassword.invalidTitle'));
                expect(screen.getByRole('link', { name: tr('account.resetPassword.requestNew') })).toHaveAttribute(
                  'href',
                  lang === 'pl' ? '/pl/zapomniane-haslo' : '/en/forgot-password',
                );
                expect(input('password')).toBeNull();
              },
              choosing: () => {
                expect(screen.getByText(tr('account.resetPassword.forEmail', { email: EMAIL }))).toBeInTheDocument();
                expect(submit()).toBeEnabled();
                expect(errorOf(input('password'))).toBe(errors.password ? te(errors.password) : null);
                expect(errorOf(input('repeatPassword'))).toBe(errors.repeatPassword ? te(errors.repeatPassword) : null);
              },
              saving: () => {
                // busy, yet focusable: focus stays on it
                expect(submit()).toHaveAttribute('aria-busy', 'true');
                expect(submit()).toBeEnabled();
                expect(server.lastBody('POST', '/user/reset-password')).toEqual({
                  resetPasswordToken: 'tok-9',
                  password: 'Nowe1234',
                  repeatPassword: 'Nowe1234',
                });
              },
              done: () => {
                expect(screen.getByText(tr('account.resetPassword.done'))).toBeInTheDocument();
                expect(screen.getByRole('link', { name: tr('account.resetPassword.goToLogin') })).toHaveAttribute(
                  'href',
                  lang === 'pl' ? '/pl/logowanie' : '/en/login',
                );
              },
            },
            events: {
              'passwordReset.requested': async () => {
                fireEvent.change(input('email')!, { target: { value: EMAIL } });
                fireEvent.click(submit()!);
                await settle();
              },
              'xstate.done.actor.requestReset': async () => {
                errors = {};
                await server.answer('POST', '/user/reset-password', { data: null });
              },
              'xstate.error.actor.requestReset': async ({ event }: { event: ModelEvent }) => {
                errors = (event.error as PasswordFailure).fieldErrors;
                await server.answer('POST', '/user/reset-password', errorAnswer(errors, 429));
              },
              'xstate.done.actor.validateToken': async ({ event }: { event: ModelEvent }) => {
                await server.answer('GET', '/user/reset-password', { data: { valid: true, ...event.output } });
              },
              'xstate.error.actor.validateToken': async ({ event }: { event: ModelEvent }) => {
                await server.answer('GET', '/user/reset-password', errorAnswer((event.error as PasswordFailure).fieldErrors));
              },
              'passwordReset.submitted': async ({ event }: { event: ModelEvent }) => {
                fireEvent.change(input('password')!, { target: { value: event.password } });
                fireEvent.change(input('repeatPassword')!, { target: { value: event.repeatPassword } });
                fireEvent.click(submit()!);
                await settle();
              },
              'xstate.done.actor.resetPassword': async () => {
                await server.answer('POST', '/user/reset-password', { data: null });
              },
              'xstate.error.actor.resetPassword': async ({ event }: { event: ModelEvent }) => {
                errors = (event.error as PasswordFailure).fieldErrors;
                await server.answer('POST', '/user/reset-password', errorAnswer(errors));
              },
            } as never,
          });
        });
      }
    });
  }

  it('covers every state and transition of the chart', () => {
    const result = mergeCoverage(all.map(({ input: i, paths }) => machineCoverage(passwordResetMachine, paths, { input: i })));
    printCoverage(result);
    expectFullCoverage(result);
  });
});

describe('new password: client-side checks', { timeout: 30_000 }, () => {
  beforeAll(loadAllDictionaries);
  it('rules beside the fields, nothing sent', async () => {
    const h = renderApp({ path: '/pl/resetuj-haslo/tok-1', storedLanguage: 'pl' });
    h.fake.on('GET', '/user/reset-password', () => ({ data: { valid: true, email: EMAIL } }));
    await settle(6);
    fireEvent.change(input('password')!, { target: { value: 'slabe' } });
    fireEvent.change(input('repeatPassword')!, { target: { value: 'inne' } });
    fireEvent.click(submit()!);
    await settle();
    expect(errorOf(input('password'))).toBe(translateError('pl', 'PASSWORD_CONSTRAINTS_MISMATCH'));
    expect(errorOf(input('repeatPassword'))).toBe(translateError('pl', 'PASSWORD_NOT_SAME'));
    expect(h.fake.callsTo('POST', '/user/reset-password')).toHaveLength(0);
    // corrected: the errors go as the user types, and the form is sent
    h.fake.on('POST', '/user/reset-password', () => ({ data: null }));
    fireEvent.change(input('password')!, { target: { value: 'Nowe12345' } });
    fireEvent.change(input('repeatPassword')!, { target: { value: 'Nowe12345' } });
    await settle();
    expect(errorOf(input('password'))).toBeNull();
    fireEvent.click(submit()!);
    await settle();
    expect(h.fake.callsTo('POST', '/user/reset-password').map((c) => c.body)).toEqual([
      { resetPasswordToken: 'tok-1', password: 'Nowe12345', repeatPassword: 'Nowe12345' },
    ]);
    expect(screen.getByText(translate('pl', 'account.resetPassword.done'))).toBeInTheDocument();
    h.unmount();
  });

  // In a browser the field's blur happens at mousedown on the button; a message the check adds or removes
  // above the button then moves it before mouseup, and the browser fires no click (nothing was sent, the
  // button only had the focus). jsdom has no layout, so the rule is checked instead: while the button is
  // held, nothing in the form changes.
  it('a press on "save" is not swallowed by the checks on blur: the form stays still until the release', async () => {
    const h = renderApp({ path: '/pl/resetuj-haslo/tok-1', storedLanguage: 'pl' });
    h.fake.on('GET', '/user/reset-password', () => ({ data: { valid: true, email: EMAIL } }));
    h.fake.on('POST', '/user/reset-password', () => ({ data: null }));
    await settle(6);
    const user = userEvent.setup();
    const click = async (button: HTMLElement) => {
      const form = button.closest('form')!;
      const before = form.innerHTML;
      await user.pointer({ keys: '[MouseLeft>]', target: button });
      await settle();
      expect(form.innerHTML, 'the form changed while the button was held').toBe(before);
      await user.pointer({ keys: '[/MouseLeft]', target: button });
      await settle();
    };
    await user.type(input('password')!, 'slabe');
    await user.type(input('repeatPassword')!, 'inne');
    await click(submit()!);
    expect(errorOf(input('password'))).toBe(translateError('pl', 'PASSWORD_CONSTRAINTS_MISMATCH'));
    expect(errorOf(input('repeatPassword'))).toBe(translateError('pl', 'PASSWORD_NOT_SAME'));
    expect(h.fake.callsTo('POST', '/user/reset-password')).toHaveLength(0);
    // the show-password toggle of the repeat (below the first field's message) takes its click too
    await user.clear(input('password')!);
    await user.type(input('password')!, 'Odzyskane123');
    await click(screen.getAllByRole('button', { name: translate('pl', 'account.form.showPassword') })[1]!);
    expect(input('repeatPassword')).toHaveAttribute('type', 'text');
    await user.clear(input('repeatPassword')!);
    await user.type(input('repeatPassword')!, 'Odzyskane123');
    expect(errorOf(input('password'))).toBeNull();
    await click(submit()!);
    expect(h.fake.callsTo('POST', '/user/reset-password').map((c) => c.body)).toEqual([
      { resetPasswordToken: 'tok-1', password: 'Odzyskane123', repeatPassword: 'Odzyskane123' },
    ]);
    expect(screen.getByText(translate('pl', 'account.resetPassword.done'))).toBeInTheDocument();
    h.unmount();
  });
});
