// Model-based test of the maintenance gate through the real app: the splash screen (re)loaded by the boot
// brings the config, a user logs in on the maintenance screen's form or logs out from the user menu, and a
// call answering 503 reaches the HTTP client.
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fromPromise, waitFor, type AnyMachineSnapshot } from 'xstate';
import type { Tokens } from '../../machines/auth.machine';
import { maintenanceMachine, maintenanceText, type MaintenanceConfig } from '../../machines/maintenance.machine';
import { href } from '../../contract/routes';
import {
  byValueAnd,
  createMachineTestModel,
  expectFullCoverage,
  machineCoverage,
  printCoverage,
} from '../support/model';
import {
  loadAllDictionaries,
  loginEmail,
  loginPassword,
  maintenanceScreen,
  NO_MAINTENANCE,
  renderApp,
  settle,
  submitButton,
  USER,
  type AppHarness,
} from './support/app';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ModelEvent = { type: string; [key: string]: any };

const USER_MODE: MaintenanceConfig = {
  maintenanceMode: true,
  maintenanceModeTitle: 'Przerwa techniczna',
  maintenanceModeMessage: '<p>Wracamy o <b>12:00</b></p>',
  systemMaintenanceMode: true,
  systemMaintenanceModeTitle: 'System update',
  systemMaintenanceModeMessage: 'Back soon',
};
const SYSTEM_MODE: MaintenanceConfig = {
  ...USER_MODE,
  // the user-facing texts are empty, so the system ones show
  maintenanceModeTitle: '',
  maintenanceModeMessage: '',
};
const CONFIGS = { off: NO_MAINTENANCE, user: USER_MODE, system: SYSTEM_MODE };
const nameOf = (config: MaintenanceConfig | null) =>
  (Object.entries(CONFIGS).find(([, c]) => c === config || JSON.stringify(c) === JSON.stringify(config)) ?? ['none'])[0];

const TOKENS: Tokens = { accessToken: 'access-1', refreshToken: 'refresh-1', expiresAt: 1 };

const model = createMachineTestModel(maintenanceMachine, {
  input: { loggedIn: false },
  serializeState: byValueAnd('config', 'loggedIn', 'serviceUnavailable') as never,
  // The app reports a session change only when it changes.
  events: (state: AnyMachineSnapshot) =>
    [
      ...Object.values(CONFIGS).map((config) => ({ type: 'maintenance.configLoaded', config })),
      { type: 'maintenance.sessionChanged', loggedIn: !state.context.loggedIn },
      { type: 'maintenance.serviceUnavailable' },
      { type: 'maintenance.retried' },
    ] as never[],
} as never);
const paths = model.getShortestPaths();

function start(): AppHarness {
  const h = renderApp({
    path: href('pl', 'login'),
    storedLanguage: 'pl',
    splash: NO_MAINTENANCE,
    overrides: {
      auth: {
        actors: {
          login: fromPromise<Tokens, { email: string; password: string }>(async () => TOKENS),
          fetchUser: fromPromise<unknown, void>(async () => USER),
          revoke: fromPromise<void, { tokens: Tokens | null }>(async () => {}),
        },
      },
    },
  });
  h.fake.on('GET', '/faq', () => ({ status: 503, errors: [{ code: 'MAINTENANCE', context: '', message: '' }] }));
  return h;
}

const userMenu = () => screen.queryByRole('button', { name: /^Menu konta/ });
const retryButton = () => screen.queryByRole('button', { name: 'Spróbuj ponownie' });
const onLoginRoute = () => window.location.pathname === href('pl', 'login');

function pathName(path: { state: AnyMachineSnapshot; steps: ReadonlyArray<{ event: ModelEvent }> }) {
  const steps = path.steps.slice(1).map(({ event }) =>
    event.type === 'maintenance.configLoaded'
      ? `config(${nameOf(event.config)})`
      : event.type === 'maintenance.sessionChanged'
        ? event.loggedIn
          ? 'login'
          : 'logout'
        : event.type === 'maintenance.retried'
          ? 'retry'
          : '503',
  );
  return `${path.state.value} ← ${steps.join(' → ') || 'start'}`;
}

describe('maintenance (model-based, through the app)', () => {
  beforeAll(loadAllDictionaries);
  let h: AppHarness | undefined;
  afterEach(() => {
    h?.unmount();
    h = undefined;
  });

  for (const path of paths) {
    it(pathName(path as never), async () => {
      h = start();
      const app = h;
      const user = userEvent.setup();
      await settle();
      await path.test({
        states: {
          open: (state) => {
            expect(app.system.maintenance.getSnapshot().value).toBe('open');
            expect(maintenanceScreen()).toBeNull();
            // the routed page: home, or the login page for a visitor on the login route
            if (state.context.loggedIn || !onLoginRoute()) expect(screen.getByTestId('page-home')).toBeInTheDocument();
            else expect(screen.getByRole('heading', { level: 1, name: 'Logowanie' })).toBeInTheDocument();
          },
          closed: () => {
            expect(app.system.maintenance.getSnapshot().value).toBe('closed');
            const gate = maintenanceScreen();
            expect(gate).not.toBeNull();
            // nothing of the routed site
            expect(screen.queryByTestId('page-home')).toBeNull();
            expect(screen.queryByRole('banner')).toBeNull();
            // title and message by the priority rule, of the config the app actually holds; after a 503 with no
            // text of the operator's, the screen still says what is going on
            const { config, serviceUnavailable } = app.system.maintenance.getSnapshot().context;
            const text =
              maintenanceText(config) ??
              (serviceUnavailable
                ? { title: 'Wracamy wkrótce', message: 'Serwis jest chwilowo niedostępny. Spróbuj ponownie za chwilę.' }
                : null);
            const heading = screen.queryByRole('heading', { level: 1 });
            if (text?.title) expect(heading).toHaveTextContent(text.title);
            else expect(heading).toBeNull();
            if (text?.message) expect(gate!.innerHTML).toContain(text.message);
            // the user-facing texts win over the system ones
            if (text?.title === USER_MODE.maintenanceModeTitle) expect(gate).not.toHaveTextContent('System update');
            // the login form only on the login route
            expect(loginEmail() !== null).toBe(onLoginRoute());
            // after a 503 the user can try again
            expect(retryButton() !== null).toBe(serviceUnavailable);
          },
        },
        events: {
          'maintenance.configLoaded': async ({ event }: { event: ModelEvent }) => {
            // the boot loads the splash screen again (as after a language change), with this config
            app.fake.on('GET', '/splash-screen', () => ({ data: { ...event.config, seoTitle: '', seoDescription: '' } }));
            const fetched = app.fake.callsTo('GET', '/splash-screen').length;
            act(() => app.system.boot.send({ type: 'boot.languageChanged' }));
            await act(() => waitFor(app.system.boot, (s) => s.matches('ready')));
            await settle();
            expect(app.fake.callsTo('GET', '/splash-screen')).toHaveLength(fetched + 1);
            expect(app.system.maintenance.getSnapshot().context.config).toMatchObject(event.config);
          },
          'maintenance.sessionChanged': async ({ event }: { event: ModelEvent }) => {
            if (event.loggedIn) {
              // log in: on the maintenance screen's form (login route) or the login page
              if (!loginEmail()) {
                app.go(href('pl', 'login'));
                await settle();
              }
              await user.type(loginEmail()!, 'operator@example.pl');
              await user.type(loginPassword()!, 'Secret123');
              await user.click(submitButton()!);
              await settle();
              expect(app.system.auth.getSnapshot().hasTag('loggedIn')).toBe(true);
            } else if (userMenu()) {
              await user.click(userMenu()!);
              await user.click(screen.getByRole('button', { name: 'Wyloguj się' }));
              await settle();
              expect(app.reloads).toHaveLength(1);
              app.reloads.length = 0;
            } else {
              // behind the maintenance screen there is no user menu: the session ends (e.g. a failed refresh)
              act(() => app.system.auth.send({ type: 'auth.logoutRequested' }));
              await settle();
            }
            expect(app.system.auth.getSnapshot().hasTag('loggedIn')).toBe(event.loggedIn);
          },
          'maintenance.retried': async ({ state }: { state: AnyMachineSnapshot }) => {
            if (!state.context.serviceUnavailable) {
              expect(retryButton()).toBeNull(); // nothing to try again: the operator closed the site
              return;
            }
            const before = app.reloads.length;
            await user.click(retryButton()!);
            // the page starts over from the server
            expect(app.reloads).toHaveLength(before + 1);
          },
          'maintenance.serviceUnavailable': async () => {
            // a call answers 503
            await act(() => expect(app.system.http('/faq')).rejects.toMatchObject({ status: 503 }));
            await settle(1);
          },
        } as never,
      });
      expect(app.system.maintenance.getSnapshot().value).toBe(path.state.value);
    });
  }

  it('covers every state and transition of the chart', () => {
    const result = machineCoverage(maintenanceMachine, paths, { input: { loggedIn: false } });
    printCoverage(result);
    expectFullCoverage(result);
  });
});

describe('maintenance at page load', () => {
  beforeAll(loadAllDictionaries);
  let h: AppHarness | undefined;
  afterEach(() => {
    h?.unmount();
    h = undefined;
  });

  it('a splash screen in maintenance shows only the maintenance screen to a visitor (no form off the login route)', async () => {
    h = renderApp({ path: '/pl/', storedLanguage: 'pl', splash: SYSTEM_MODE });
    await settle();
    expect(maintenanceScreen()).not.toBeNull();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('System update');
    expect(loginEmail()).toBeNull();
    expect(screen.queryByTestId('page-home')).toBeNull();
  });

  it('a logged-in user passes a splash-screen maintenance (until a call answers 503)', async () => {
    h = renderApp({
      path: '/pl/',
      storedLanguage: 'pl',
      splash: USER_MODE,
      tokens: TOKENS,
      overrides: { auth: { actors: { fetchUser: fromPromise<unknown, void>(async () => USER) } } },
    });
    h.fake.on('GET', '/faq', () => ({ status: 503, errors: [{ code: 'MAINTENANCE', context: '', message: '' }] }));
    await settle();
    expect(maintenanceScreen()).toBeNull();
    expect(screen.getByTestId('page-home')).toBeInTheDocument();
    await act(() => expect(h!.system.http('/faq')).rejects.toMatchObject({ status: 503 }));
    await settle(1);
    expect(maintenanceScreen()).not.toBeNull();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Przerwa techniczna');
  });
});
