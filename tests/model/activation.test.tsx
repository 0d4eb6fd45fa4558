// Model-based test of the activation chart through the real app, in its two uses: the activate screen
// (a token from the e-mail link, POSTed on arrival) and the resend-activation screen (an e-mail, a resend
// button, the resend-success message or the errors by code in red). The fake server holds every call
// until the model says how it ends.
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activationMachine, type ActivationInput, type CodedFailure } from '../../machines/activation.machine';
import { translate, translateError } from '../../src/i18n/i18n';
import { byValueAnd, createMachineTestModel, expectFullCoverage, machineCoverage, printCoverage } from '../support/model';
import { loadAllDictionaries, mergeCoverage, renderApp, settle, type AppHarness } from './support/app';
import { heldServer } from './support/heldServer';

const EMAIL = 'jan.kowalski@example.pl';
const events = [
  { type: 'xstate.done.actor.activate', output: { email: EMAIL } },
  { type: 'xstate.error.actor.activate', error: { codes: ['ACTIVATION_TOKEN_NOT_EXIST'] } satisfies CodedFailure },
  { type: 'activation.resendRequested' },
  { type: 'xstate.done.actor.resend', output: null },
  { type: 'xstate.error.actor.resend', error: { codes: ['TOO_MANY_TRIES'] } satisfies CodedFailure },
] as never[];

const models: Array<{ name: string; input: ActivationInput; path: string }> = [
  { name: 'activate/{activationToken}', input: { token: 'tok-1' }, path: '/pl/aktywuj/tok-1' },
  { name: 'resend-activation/{email}', input: { email: EMAIL }, path: '/pl/ponowna-aktywacja/jan.kowalski%40example.pl' },
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ModelEvent = { type: string; [key: string]: any };
const pl = (key: string, params?: Record<string, unknown>) => translate('pl', key, params);
// (the layout keeps an empty live region of its own)
const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent).filter(Boolean);
const resendButton = () => screen.queryByRole('button', { name: /Wyślij ponownie e-mail aktywacyjny|Wysyłanie…/ });

describe('activation (model-based, through the app)', { timeout: 30_000 }, () => {
  beforeAll(loadAllDictionaries);
  let h: AppHarness | undefined;
  afterEach(() => {
    h?.unmount();
    h = undefined;
  });
  const all: Array<{ input: ActivationInput; paths: ReturnType<ReturnType<typeof createMachineTestModel>['getShortestPaths']> }> = [];

  for (const model of models) {
    const paths = createMachineTestModel(activationMachine, { events, input: model.input, serializeState: byValueAnd() as never } as never).getShortestPaths();
    all.push({ input: model.input, paths });
    describe(model.name, () => {
      for (const path of paths) {
        const name = `${JSON.stringify(path.state.value)} ← ${path.steps.slice(1).map((s) => s.event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:')).join(' → ') || 'start'}`;
        it(name, async () => {
          h = renderApp({ path: model.path, storedLanguage: 'pl' });
          const server = heldServer(h.fake);
          server.hold('POST', '/investor/activate-account');
          server.hold('POST', '/investor/activate-account/resend');
          const app = h;
          let lastErrors: string[] = [];
          await settle();
          await path.test({
            states: {
              activating: () => {
                expect(screen.getByRole('status', { name: pl('account.activation.activating') })).toBeInTheDocument();
                expect(server.lastBody('POST', '/investor/activate-account')).toEqual({ activationToken: 'tok-1' });
              },
              activated: () => {
                expect(screen.getByText(pl('account.activation.activated'))).toHaveAttribute('role', 'status');
                expect(screen.getByRole('link', { name: 'Przejdź do logowania' })).toHaveAttribute('href', '/pl/logowanie');
                expect(alerts()).toEqual([]);
              },
              invalid: () => {
                // SPEC §8: ACTIVATION_TOKEN_NOT_EXIST, looked up by code, in red
                expect(alerts()).toContain(translateError('pl', 'ACTIVATION_TOKEN_NOT_EXIST'));
                expect(screen.getByRole('link', { name: 'Przejdź do logowania' })).toBeInTheDocument();
              },
              resend: () => {
                expect(screen.getByTestId('page-resendActivation')).toBeInTheDocument();
                expect(screen.getByTestId('activation-sent-to')).toHaveTextContent(EMAIL);
              },
              'resend.idle': () => {
                expect(resendButton()).toBeEnabled();
                expect(screen.queryByText(pl('account.activation.resent'))).toBeNull();
                expect(alerts()).toEqual([]);
              },
              'resend.sending': () => {
                expect(resendButton()).toBeDisabled();
                expect(resendButton()).toHaveTextContent('Wysyłanie…');
                expect(server.lastBody('POST', '/investor/activate-account/resend')).toEqual({ email: EMAIL });
              },
              'resend.sent': () => {
                expect(resendButton()).toBeEnabled();
                expect(screen.getByText(pl('account.activation.resent'))).toHaveAttribute('role', 'status');
                expect(alerts()).toEqual([]);
              },
              'resend.failed': () => {
                expect(resendButton()).toBeEnabled();
                expect(screen.queryByText(pl('account.activation.resent'))).toBeNull();
                // TOO_MANY_TRIES: "wait a while" (the limits have different windows: the server says which), in red
                expect(alerts()).toEqual(lastErrors.map((c) => translateError('pl', c)));
                expect(translateError('pl', 'TOO_MANY_TRIES')).not.toMatch(/\d/);
              },
            },
            events: {
              'xstate.done.actor.activate': async ({ event }: { event: ModelEvent }) => {
                await server.answer('POST', '/investor/activate-account', { data: event.output });
              },
              'xstate.error.actor.activate': async ({ event }: { event: ModelEvent }) => {
                const codes = (event.error as CodedFailure).codes;
                await server.answer('POST', '/investor/activate-account', {
                  status: 400,
                  errors: codes.map((code) => ({ code, context: 'activationToken', message: code })),
                });
              },
              'activation.resendRequested': async () => {
                fireEvent.click(resendButton()!);
                await settle();
              },
              'xstate.done.actor.resend': async () => {
                lastErrors = [];
                await server.answer('POST', '/investor/activate-account/resend', { data: null });
              },
              'xstate.error.actor.resend': async ({ event }: { event: ModelEvent }) => {
                lastErrors = (event.error as CodedFailure).codes;
                await server.answer('POST', '/investor/activate-account/resend', {
                  status: 429,
                  errors: lastErrors.map((code) => ({ code, context: '', message: code })),
                });
              },
            } as never,
          });
          expect(app.location()).toBe(model.path);
        });
      }
    });
  }

  it('covers every state and transition of the chart', () => {
    const result = mergeCoverage(all.map(({ input, paths }) => machineCoverage(activationMachine, paths, { input })));
    printCoverage(result);
    expectFullCoverage(result);
  });
});

describe('register-success and confirm-email', { timeout: 30_000 }, () => {
  beforeAll(loadAllDictionaries);
  let h: AppHarness | undefined;
  afterEach(() => {
    h?.unmount();
    h = undefined;
  });

  it('register-success shows where the e-mail went and resends to it, in English', async () => {
    h = renderApp({ path: '/en/', storedLanguage: 'en' });
    await settle();
    h.go('/en/register-success', { email: EMAIL });
    h.fake.on('POST', '/investor/activate-account/resend', () => ({ data: null }));
    await settle();
    expect(screen.getByTestId('activation-sent-to')).toHaveTextContent(`We have sent an activation link to ${EMAIL}`);
    fireEvent.click(screen.getByRole('button', { name: 'Send the activation e-mail again' }));
    await settle();
    expect(h.fake.callsTo('POST', '/investor/activate-account/resend').at(-1)?.body).toEqual({ email: EMAIL });
    expect(screen.getByText('The activation e-mail has been sent again.')).toBeInTheDocument();
  });

  for (const [language, path, login] of [
    ['pl', '/pl/aktywuj/used-1', '/pl/logowanie'],
    ['en', '/en/activate/used-1', '/en/login'],
  ] as const) {
    it(`a second activation link of an active account says so and offers the login (${language})`, async () => {
      h = renderApp({ path, storedLanguage: language });
      h.fake.on('POST', '/investor/activate-account', () => ({
        status: 409,
        errors: [{ code: 'ACCOUNT_ALREADY_ACTIVE', context: 'activationToken', message: '' }],
      }));
      await settle(6);
      expect(screen.getByTestId('activation-already-active')).toHaveTextContent(translate(language, 'account.activation.alreadyActive'));
      expect(screen.queryByText(translate(language, 'account.activation.invalid'))).toBeNull();
      expect(screen.queryByText(translateError(language, 'ACTIVATION_TOKEN_NOT_EXIST'))).toBeNull();
      expect(screen.getByRole('link', { name: translate(language, 'account.activation.goToLogin') })).toHaveAttribute('href', login);
    });
  }

  it('confirm-email: success, then an invalid token in red', async () => {
    h = renderApp({ path: '/pl/potwierdz-email/good', storedLanguage: 'pl' });
    h.fake.on('POST', '/investor/confirm-email', (call) =>
      (call.body as { token: string }).token === 'good'
        ? { data: { email: 'nowy@example.pl' } }
        : { status: 400, errors: [{ code: 'TOKEN_NOT_VALID', context: 'token', message: '' }] },
    );
    await settle(6);
    expect(screen.getByText(pl('account.confirmEmail.confirmed'))).toBeInTheDocument();
    h.go('/pl/potwierdz-email/bad');
    await settle(6);
    expect(alerts()).toContain(pl('account.confirmEmail.invalid'));
    expect(h.fake.callsTo('POST', '/investor/confirm-email').map((c) => c.body)).toEqual([{ token: 'good' }, { token: 'bad' }]);
  });
});
