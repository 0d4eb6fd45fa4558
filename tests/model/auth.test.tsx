// Model-based test of the auth chart through the real app (createAppSystem + <App>): a user types into the
// login form and clicks, the server answers through deferred actors, a private request answering 401 goes
// through the real HTTP client. Two models: a first visit (no session) and a page load with a stored session.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import { authMachine, type FieldErrors, type LoginFailure, type Tokens } from '../../machines/auth.machine';
import type { ApiRequestError } from '../../src/api/http';
import type { User } from '../../src/api/types';
import { href } from '../../contract/routes';
import { STORAGE_KEYS } from '../../src/config/storage';
import { translateError } from '../../src/i18n/i18n';
import {
  byValueAnd,
  createMachineTestModel,
  deferredActor,
  expectFullCoverage,
  machineCoverage,
  printCoverage,
  type DeferredActor,
} from '../support/model';
import {
  fieldError,
  loadAllDictionaries,
  loginEmail,
  loginPassword,
  mergeCoverage,
  renderApp,
  settle,
  submitButton,
  USER,
  type AppHarness,
} from './support/app';

const STORED: Tokens = { accessToken: 'access-0', refreshToken: 'refresh-0', expiresAt: 1_000 };
const LOGGED_IN: Tokens = { accessToken: 'access-1', refreshToken: 'refresh-1', expiresAt: 2_000 };
const REFRESHED: Tokens = { accessToken: 'access-2', refreshToken: 'refresh-2', expiresAt: 3_000 };
const TYPED_EMAIL = ' Jan.Kowalski@Example.PL ';
const INACTIVE: LoginFailure = { fieldErrors: {}, inactiveEmail: 'jan.kowalski@example.pl' };
const WRONG: LoginFailure = { fieldErrors: { email: 'EMAIL_INVALID_FORMAT', password: 'INVALID_GRANT' } };

const events = [
  { type: 'auth.loginSubmitted', email: TYPED_EMAIL, password: 'Secret123' },
  { type: 'xstate.done.actor.login', output: LOGGED_IN },
  { type: 'xstate.error.actor.login', error: WRONG },
  { type: 'xstate.error.actor.login', error: INACTIVE },
  // a 401 for the token held now (refresh) and for older ones (a late answer: nothing to do)
  { type: 'auth.tokenRejected', accessToken: STORED.accessToken },
  { type: 'auth.tokenRejected', accessToken: LOGGED_IN.accessToken },
  { type: 'auth.tokenRejected', accessToken: REFRESHED.accessToken },
  { type: 'xstate.done.actor.refresh', output: REFRESHED },
  { type: 'xstate.error.actor.refresh', error: new Error('INVALID_GRANT') },
  { type: 'xstate.done.actor.fetchUser', output: USER },
  { type: 'xstate.error.actor.fetchUser', error: new Error('500') },
  { type: 'xstate.done.actor.revoke' },
  { type: 'xstate.error.actor.revoke', error: new Error('offline') },
] as never[];

// loginErrors changes what the form shows and the token decides whether a 401 is for the current one; the
// arriving transition makes every transition a path's last step.
const serializeState = byValueAnd('loginErrors', 'tokens') as never;
const models = {
  'first visit, no session': { tokens: null, path: '/pl/logowanie' },
  'page load with a stored session': { tokens: STORED, path: '/pl/' },
} as const;
const pathsOf = (tokens: Tokens | null) =>
  createMachineTestModel(authMachine, { events, serializeState, input: { tokens } } as never).getShortestPaths();

interface Harness extends AppHarness {
  login: DeferredActor<Tokens, { email: string; password: string }>;
  refresh: DeferredActor<Tokens, { refreshToken: string }>;
  fetchUser: DeferredActor<unknown, void>;
  revoke: DeferredActor<void, { tokens: Tokens | null }>;
  effects: Array<{ type: string; tokens?: Tokens }>;
  /** the private request that met a 401, while it waits for the refresh */
  pending?: { promise: Promise<unknown>; settled: boolean; result?: unknown; error?: ApiRequestError };
  /** the token the fake server treats as expired */
  expired: string | null;
}

function start(tokens: Tokens | null, path: string): Harness {
  const login = deferredActor<Tokens, { email: string; password: string }>();
  const refresh = deferredActor<Tokens, { refreshToken: string }>();
  const fetchUser = deferredActor<unknown, void>();
  const revoke = deferredActor<void, { tokens: Tokens | null }>();
  const effects: Harness['effects'] = [];
  const app = renderApp({
    path,
    storedLanguage: 'pl',
    tokens,
    overrides: {
      auth: {
        actors: { login: login.logic, refresh: refresh.logic, fetchUser: fetchUser.logic, revoke: revoke.logic },
        actions: {
          persistTokens: (_, p) => void effects.push({ type: 'persistTokens', tokens: p.tokens }),
          clearSession: () => void effects.push({ type: 'clearSession' }),
          // redirectToLogin, redirectToResendActivation and reloadPage stay real: navigate/reload are recorded
        },
      },
      // The boot's own request for the user is the model's `auth.userRequested` event here.
      boot: { actors: { restoreSession: fromPromise<void, void>(async () => {}) } },
    },
  });
  const h: Harness = { ...app, login, refresh, fetchUser, revoke, effects, expired: null };
  app.fake.on('GET', '/investor/documents', (call) =>
    call.headers.authorization === `Bearer ${h.expired}`
      ? { status: 401, errors: [{ code: 'TOKEN_EXPIRED', context: '', message: '' }] }
      : { data: ['contract.pdf'] },
  );
  return h;
}

/** Short test names: the events of the path and the state it ends in (the default names carry the context). */
export function pathName(path: { state: AnyMachineSnapshot; steps: ReadonlyArray<{ event: { type: string } & Record<string, unknown> }> }) {
  const steps = path.steps.slice(1).map(({ event }: { event: ModelEvent }) => {
    const type = event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:');
    const detail = 'accessToken' in event ? `(${event.accessToken})` : 'error' in event && (event.error as LoginFailure)?.inactiveEmail ? '(inactive)' : '';
    return type + detail;
  });
  return `${JSON.stringify(path.state.value)} ← ${steps.join(' → ') || 'start'}`;
}

/** The model's events carry payloads its generated event union does not know about (invoke results). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ModelEvent = { type: string; [key: string]: any };

const userMenu = () => screen.queryByRole('button', { name: /^Menu konta/ });
const onLoginRoute = () => window.location.pathname === href('pl', 'login');
const knownUser = (h: Harness) => h.system.auth.getSnapshot().context.user !== null;
const currentToken = (h: Harness) => h.system.auth.getSnapshot().context.tokens?.accessToken ?? null;

function expectSameState(h: Harness, state: AnyMachineSnapshot) {
  expect(h.system.auth.getSnapshot().value).toEqual(state.value);
}

function expectLoginErrors(errors: FieldErrors) {
  expect(fieldError(loginEmail())).toBe(errors.email ? translateError('pl', errors.email) : null);
  expect(fieldError(loginPassword())).toBe(errors.password ? translateError('pl', errors.password) : null);
  expect(loginEmail()).toHaveAttribute('aria-invalid', String(Boolean(errors.email)));
  expect(loginPassword()).toHaveAttribute('aria-invalid', String(Boolean(errors.password)));
}

describe('auth (model-based, through the app)', () => {
  beforeAll(loadAllDictionaries);
  let h: Harness | undefined;
  afterEach(() => {
    h?.unmount();
    h = undefined;
  });

  const allPaths: Array<{ tokens: Tokens | null; paths: ReturnType<typeof pathsOf> }> = [];

  for (const [name, { tokens, path: startPath }] of Object.entries(models)) {
    const paths = pathsOf(tokens);
    allPaths.push({ tokens, paths });
    describe(name, () => {
      for (const path of paths) {
        it(pathName(path), async () => {
          h = start(tokens, startPath);
          const app = h;
          const user = userEvent.setup();
          await settle();
          await path.test({
            states: {
              signedOut: (state) => {
                expectSameState(app, state);
                expect(userMenu()).toBeNull();
                if (onLoginRoute()) {
                  expect(submitButton()).toBeEnabled();
                  expect(submitButton()).toHaveTextContent('Zaloguj się');
                  expectLoginErrors(state.context.loginErrors);
                }
              },
              signingIn: (state) => {
                expectSameState(app, state);
                // busy, yet focusable: focus stays on it
                expect(submitButton()).toHaveAttribute('aria-busy', 'true');
                expect(submitButton()).toBeEnabled();
                expect(submitButton()).toHaveTextContent('Logowanie…');
                expect(loginEmail()!.form).toHaveAttribute('aria-busy', 'true');
                expect(app.login.pending).toBe(true);
              },
              signedIn: (state) => {
                expectSameState(app, state);
                // the guest-only login page sent the logged-in user home
                expect(loginEmail()).toBeNull();
                expect(window.location.pathname).toBe(href('pl', 'home'));
                expect(screen.getByTestId('page-home')).toBeInTheDocument();
                expect(userMenu()).not.toBeNull();
              },
              'signedIn.user.loaded': () => {
                expect(userMenu()).toHaveTextContent('Jan Kowalski');
                expect(screen.getByTestId('welcome')).toHaveTextContent('Witaj, Jan');
              },
              'signedIn.user.unknown': () => {
                expect(userMenu()).toHaveTextContent('Moje konto');
                expect(screen.queryByTestId('welcome')).toBeNull();
              },
              'signedIn.user.loading': () => {
                // a reload of the user keeps the one already known on screen
                expect(userMenu()).toHaveTextContent(knownUser(app) ? 'Jan Kowalski' : 'Moje konto');
                expect(app.fetchUser.pending).toBe(true);
              },
              'signedIn.user.failed': () => {
                expect(userMenu()).toHaveTextContent(knownUser(app) ? 'Jan Kowalski' : 'Moje konto');
                expect(app.fetchUser.pending).toBe(false);
              },
              'signedIn.token.refreshing': (state) => {
                expect(app.refresh.pending).toBe(true);
                expect(app.refresh.calls.at(-1)).toEqual({ refreshToken: state.context.tokens!.refreshToken });
                expect(app.pending?.settled).toBe(false);
              },
              'signedIn.token.valid': () => {
                expect(app.refresh.pending).toBe(false);
              },
              signingOut: (state) => {
                expectSameState(app, state);
                expect(app.revoke.pending).toBe(true);
                expect(userMenu()).toBeNull();
                expect(app.reloads).toHaveLength(0);
              },
            },
            events: {
              'auth.loginSubmitted': async ({ event }: { event: ModelEvent }) => {
                if (!onLoginRoute()) {
                  // after a logout or on another page: the user opens the login page first
                  await user.click(screen.getByRole('link', { name: 'Zaloguj się' }));
                  await settle();
                }
                await user.clear(loginEmail()!);
                await user.type(loginEmail()!, event.email);
                await user.type(loginPassword()!, event.password);
                await user.click(submitButton()!);
                await settle(1);
                // SPEC §5: the e-mail is lowercased (and trimmed) before sending
                expect(app.login.calls.at(-1)).toEqual({ email: 'jan.kowalski@example.pl', password: 'Secret123' });
              },
              'xstate.done.actor.login': async ({ event }: { event: ModelEvent }) => {
                const output = (event as unknown as { output: Tokens }).output;
                await act(() => app.login.resolve(output));
                await settle();
                expect(app.effects.at(-1)).toEqual({ type: 'persistTokens', tokens: output });
              },
              'xstate.error.actor.login': async ({ event }: { event: ModelEvent }) => {
                const failure = (event as unknown as { error: LoginFailure }).error;
                const before = app.navigations.length;
                await act(() => app.login.reject(failure));
                await settle();
                if (failure.inactiveEmail) {
                  // TOKEN_REQUEST:USER_NOT_ACTIVE: to resend-activation with the e-mail
                  expect(app.navigations.slice(before)).toEqual([
                    { to: '/pl/ponowna-aktywacja/jan.kowalski%40example.pl', replace: false },
                  ]);
                  expect(screen.getByTestId('page-resendActivation')).toBeInTheDocument();
                } else {
                  expect(app.navigations.slice(before)).toEqual([]);
                }
              },
              'auth.tokenRejected': async ({ event }: { event: ModelEvent }) => {
                if (event.accessToken === currentToken(app)) {
                  // a private request answers 401 for the token we hold: the HTTP client hands it to auth
                  app.expired = event.accessToken;
                  const pending: NonNullable<Harness['pending']> = { promise: Promise.resolve(), settled: false };
                  pending.promise = app.system.http('/investor/documents').then(
                    (result) => Object.assign(pending, { settled: true, result }),
                    (error: ApiRequestError) => Object.assign(pending, { settled: true, error }),
                  );
                  app.pending = pending;
                  await act(() => expect.poll(() => app.refresh.pending).toBe(true));
                } else {
                  // a late 401 for an older token: the refresh already happened, nothing to do
                  const refreshes = app.refresh.calls.length;
                  act(() => app.system.auth.send({ type: 'auth.tokenRejected', accessToken: event.accessToken }));
                  expect(app.refresh.calls).toHaveLength(refreshes);
                }
              },
              'xstate.done.actor.refresh': async ({ event }: { event: ModelEvent }) => {
                const output = (event as unknown as { output: Tokens }).output;
                const old = currentToken(app);
                await act(() => app.refresh.resolve(output));
                await act(() => app.pending!.promise);
                expect(app.effects.at(-1)).toEqual({ type: 'persistTokens', tokens: output });
                if (old !== output.accessToken) {
                  // the waiting request was retried with the new token
                  expect(app.pending!.result).toEqual(['contract.pdf']);
                  expect(app.fake.calls.at(-1)?.headers.authorization).toBe(`Bearer ${output.accessToken}`);
                } else {
                  expect(app.pending!.error?.status).toBe(401);
                }
              },
              'xstate.error.actor.refresh': async ({ event }: { event: ModelEvent }) => {
                const before = app.navigations.length;
                await act(() => app.refresh.reject((event as unknown as { error: unknown }).error));
                await act(() => app.pending!.promise);
                await settle();
                // a failed refresh logs out and goes to login
                expect(app.effects.at(-1)).toEqual({ type: 'clearSession' });
                expect(app.navigations.slice(before)).toEqual([
                  { to: href('pl', 'login'), replace: false, state: { loginRequired: true } },
                ]);
                expect(app.pending!.error?.status).toBe(401);
                expect(screen.getByText('Zaloguj się, aby zobaczyć tę stronę.')).toBeInTheDocument();
              },
              'auth.userRequested': () => {
                // the boot sequence asks for the user of a restored session
                act(() => app.system.auth.send({ type: 'auth.userRequested' }));
                expect(app.fetchUser.pending).toBe(true);
              },
              'xstate.done.actor.fetchUser': async ({ event }: { event: ModelEvent }) => {
                await act(() => app.fetchUser.resolve((event as unknown as { output: User }).output));
                await settle(1);
              },
              'xstate.error.actor.fetchUser': async ({ event }: { event: ModelEvent }) => {
                await act(() => app.fetchUser.reject((event as unknown as { error: unknown }).error));
                await settle(1);
              },
              'auth.logoutRequested': async () => {
                await user.click(userMenu()!);
                const menu = userMenu()!.parentElement!;
                await user.click(within(menu).getByRole('button', { name: 'Wyloguj się' }));
                await settle(1);
              },
              'xstate.done.actor.revoke': async () => {
                expect(app.revoke.calls.at(-1)).toEqual({ tokens: expect.objectContaining({ refreshToken: expect.any(String) }) });
                await act(() => app.revoke.resolve(undefined));
                await settle(1);
                // logout clears and reloads
                expect(app.effects.at(-1)).toEqual({ type: 'clearSession' });
                expect(app.reloads).toHaveLength(1);
                app.reloads.length = 0;
              },
              'xstate.error.actor.revoke': async ({ event }: { event: ModelEvent }) => {
                await act(() => app.revoke.reject((event as unknown as { error: unknown }).error));
                await settle(1);
                // ...even when the revoke call fails
                expect(app.effects.at(-1)).toEqual({ type: 'clearSession' });
                expect(app.reloads).toHaveLength(1);
                app.reloads.length = 0;
              },
            } as never,
          });
          expect(app.system.auth.getSnapshot().value).toEqual(path.state.value);
        });
      }
    });
  }

  it('covers every state and transition of the chart', () => {
    const result = mergeCoverage(allPaths.map(({ tokens, paths }) => machineCoverage(authMachine, paths, { input: { tokens } })));
    printCoverage(result);
    expectFullCoverage(result);
  });
});

describe('route guards (SPEC §2)', () => {
  beforeAll(loadAllDictionaries);
  let h: AppHarness | undefined;
  afterEach(() => {
    h?.unmount();
    h = undefined;
  });

  it('a private route sends an anonymous user to login with {loginRequired, from}; logging in goes back there', async () => {
    const login = deferredActor<Tokens, { email: string; password: string }>();
    h = renderApp({
      path: '/pl/inwestor/zamowienia?sort=new',
      storedLanguage: 'pl',
      overrides: { auth: { actors: { login: login.logic, fetchUser: deferredActor<unknown, void>().logic } } },
    });
    await settle();
    expect(window.location.pathname).toBe('/pl/logowanie');
    expect(window.history.state).toEqual({ loginRequired: true, from: '/pl/inwestor/zamowienia?sort=new' });
    expect(screen.getByText('Zaloguj się, aby zobaczyć tę stronę.')).toBeInTheDocument();
    expect(screen.queryByTestId('page-orders')).toBeNull();

    const user = userEvent.setup();
    await user.type(loginEmail()!, 'jan@example.pl');
    await user.type(loginPassword()!, 'Secret123');
    await user.click(submitButton()!);
    await act(() => login.resolve(LOGGED_IN));
    await settle();
    expect(h.location()).toBe('/pl/inwestor/zamowienia?sort=new');
    expect(screen.getByTestId('page-orders')).toBeInTheDocument();
  });

  it('a guest-only route sends a logged-in user home when there is no origin', async () => {
    h = renderApp({
      path: '/en/register',
      storedLanguage: 'en',
      tokens: STORED,
      overrides: { auth: { actors: { fetchUser: fromPromise<unknown, void>(async () => USER) } } },
    });
    await settle();
    expect(h.location()).toBe('/en/');
    expect(screen.getByTestId('page-home')).toBeInTheDocument();
    expect(screen.queryByTestId('page-register')).toBeNull();
  });

  it('a logged-in user opening login with a `from` state goes there', async () => {
    h = renderApp({
      path: '/pl/',
      storedLanguage: 'pl',
      tokens: STORED,
      overrides: { auth: { actors: { fetchUser: fromPromise<unknown, void>(async () => USER) } } },
    });
    await settle();
    h.go('/pl/logowanie', { from: '/pl/faq' });
    await settle();
    expect(h.location()).toBe('/pl/faq');
  });

  it('a stored session survives the page load: tokens are read from storage', async () => {
    h = renderApp({ path: '/pl/', storedLanguage: 'pl', tokens: STORED, overrides: { auth: { actors: { fetchUser: fromPromise<unknown, void>(async () => USER) } } } });
    await settle();
    expect(h.system.auth.getSnapshot().context.tokens).toEqual(STORED);
    expect(localStorage.getItem(STORAGE_KEYS.isLoggedIn)).toBe('true');
    // the boot restored the session by fetching the user
    expect(await screen.findByTestId('welcome')).toHaveTextContent('Witaj, Jan');
  });
});
