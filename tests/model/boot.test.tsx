// Model-based test of the boot chart through the real app: the splash screen, slider, static content and
// session restore are deferred server answers; a user switching language makes the app load content again
// (the page stays on screen), and a failed load shows an error with a retry instead of the loader.
// Two models: a visitor without a session, and a page load with a stored session (restoringSession).
// Below them, a 503 during boot through the real HTTP client: the maintenance screen says so and offers a retry.
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AnyMachineSnapshot } from 'xstate';
import type { Tokens } from '../../machines/auth.machine';
import { bootMachine } from '../../machines/boot.machine';
import { ApiRequestError } from '../../src/api/http';
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
  loadAllDictionaries,
  loader,
  maintenanceScreen,
  mergeCoverage,
  NO_MAINTENANCE,
  renderApp,
  settle,
  STATIC_CONTENT,
  type AppHarness,
} from './support/app';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ModelEvent = { type: string; [key: string]: any };

const SPLASH = { ...NO_MAINTENANCE, seoTitle: 'Estate Shares', seoDescription: '' };
const SERVER_DOWN = new ApiRequestError(500, [{ code: 'INTERNAL_ERROR', context: '', message: 'down' }]);
const events = [
  { type: 'boot.started' },
  { type: 'xstate.done.actor.loadSplash', output: SPLASH },
  { type: 'xstate.error.actor.loadSplash', error: SERVER_DOWN },
  { type: 'xstate.done.actor.loadSlider', output: [] },
  { type: 'xstate.error.actor.loadSlider', error: SERVER_DOWN },
  { type: 'xstate.done.actor.loadStaticContent', output: STATIC_CONTENT },
  { type: 'xstate.error.actor.loadStaticContent', error: SERVER_DOWN },
  { type: 'xstate.done.actor.restoreSession' },
  { type: 'xstate.error.actor.restoreSession', error: new Error('401') },
] as never[];
const RETRY = /^Spróbuj ponownie$|^Try again$/;

const TOKENS: Tokens = { accessToken: 'access-0', refreshToken: 'refresh-0', expiresAt: 1 };
const models = { 'a visitor': false, 'a stored session': true } as const;
const pathsOf = (hasSession: boolean) =>
  createMachineTestModel(bootMachine, { events, serializeState: byValueAnd() as never, input: { hasSession } } as never).getShortestPaths();

interface Harness extends AppHarness {
  splash: DeferredActor<unknown, void>;
  slider: DeferredActor<unknown, void>;
  staticContent: DeferredActor<unknown, void>;
  restore: DeferredActor<void, void>;
}

function start(hasSession: boolean): Harness {
  const splash = deferredActor<unknown, void>();
  const slider = deferredActor<unknown, void>();
  const staticContent = deferredActor<unknown, void>();
  const restore = deferredActor<void, void>();
  const app = renderApp({
    // rendered by the path's first step: until the page's address is known, so is not its language
    deferRender: true,
    path: '/pl/',
    storedLanguage: 'pl',
    tokens: hasSession ? TOKENS : null,
    overrides: {
      boot: {
        actors: {
          loadSplash: splash.logic,
          loadSlider: slider.logic,
          loadStaticContent: staticContent.logic,
          restoreSession: restore.logic,
        },
      },
    },
  });
  return { ...app, splash, slider, staticContent, restore };
}

function pathName(path: { state: AnyMachineSnapshot; steps: ReadonlyArray<{ event: ModelEvent }> }) {
  const steps = path.steps.slice(1).map(({ event }) => event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:'));
  return `${JSON.stringify(path.state.value)} ← ${steps.join(' → ') || 'start'}`;
}

describe('boot (model-based, through the app)', () => {
  beforeAll(loadAllDictionaries);
  let h: Harness | undefined;
  afterEach(() => {
    h?.unmount();
    h = undefined;
  });
  const all: Array<{ hasSession: boolean; paths: ReturnType<typeof pathsOf> }> = [];

  for (const [name, hasSession] of Object.entries(models)) {
    const paths = pathsOf(hasSession);
    all.push({ hasSession, paths });
    describe(name, () => {
      for (const path of paths) {
        it(pathName(path as never), async () => {
          h = start(hasSession);
          const app = h;
          const user = userEvent.setup();
          await settle();
          const loading = (state: AnyMachineSnapshot) => {
            expect(app.system.boot.getSnapshot().value).toEqual(state.value);
            expect(screen.queryByTestId('boot-failed')).toBeNull();
            if (state.hasTag('blocking')) {
              // the first boot covers the page
              expect(loader()).toBeInTheDocument();
              expect(screen.queryByTestId('page-home')).toBeNull();
            } else {
              // a reload of content (language switch) keeps the page
              expect(loader()).toBeNull();
              expect(screen.getByTestId('page-home')).toBeInTheDocument();
            }
          };
          const loads = (phase: 'booting' | 'reloading') => ({
            // the three loads are requested side by side: none waits for another
            [`${phase}.content`]: loading,
            [`${phase}.content.splash.loading`]: () => expect(app.splash.pending).toBe(true),
            [`${phase}.content.splash.done`]: () => expect(app.splash.pending).toBe(false),
            [`${phase}.content.slider.loading`]: () => expect(app.slider.pending).toBe(true),
            [`${phase}.content.slider.done`]: () => expect(app.slider.pending).toBe(false),
            [`${phase}.content.staticContent.loading`]: () => expect(app.staticContent.pending).toBe(true),
            [`${phase}.content.staticContent.done`]: () => expect(app.staticContent.pending).toBe(false),
          });
          const contentDone = async () => {
            if (app.splash.pending) await act(() => app.splash.resolve(SPLASH));
            if (app.slider.pending) await act(() => app.slider.resolve([]));
            if (app.staticContent.pending) await act(() => app.staticContent.resolve(STATIC_CONTENT));
            const now = app.system.boot.getSnapshot();
            expect(now.matches({ booting: 'content' }) || now.matches({ reloading: 'content' })).toBe(false);
          };
          await path.test({
            states: {
              waitingForLanguage: () => {
                // nothing is loaded before the page's language is known
                expect(app.system.boot.getSnapshot().value).toBe('waitingForLanguage');
                expect([app.splash.pending, app.slider.pending, app.staticContent.pending]).toEqual([false, false, false]);
                expect(app.system.app.getSnapshot().matches({ content: 'waitingForLanguage' })).toBe(true);
              },
              ...loads('booting'),
              ...loads('reloading'),
              restoringSession: (state) => {
                expect(app.restore.pending).toBe(true);
                loading(state);
              },
              failed: () => {
                expect(app.system.boot.getSnapshot().value).toBe('failed');
                // an error with a retry, never a loader that does not end
                expect(loader()).toBeNull();
                expect(screen.queryByTestId('page-home')).toBeNull();
                const alert = screen.getByTestId('boot-failed');
                expect(alert).toHaveAttribute('role', 'alert');
                expect(alert.querySelector('h1')).toHaveTextContent(/Nie udało się wczytać strony|The site could not be loaded/);
                expect(screen.getByRole('button', { name: RETRY })).toBeEnabled();
              },
              ready: () => {
                expect(app.system.boot.getSnapshot().value).toBe('ready');
                expect(loader()).toBeNull();
                expect(screen.queryByTestId('boot-failed')).toBeNull();
                // ready only after every load answered: the static content's hero title
                expect(app.system.boot.getSnapshot().context.errors).toEqual({});
                expect(screen.getByTestId('page-home').querySelector('h1')).toHaveTextContent('Shares in real estate');
              },
            },
            events: {
              'boot.started': async () => {
                // the page renders: its address names the language, and boot's three loads go out at once
                act(() => app.mount());
                await settle();
                expect(app.system.app.getSnapshot().context.bootedIn).toBe('pl');
              },
              'xstate.done.actor.loadSplash': async ({ event }: { event: ModelEvent }) => {
                await act(() => app.splash.resolve(event.output));
                // the splash screen's maintenance config goes to the gate
                expect(app.system.maintenance.getSnapshot().context.config).toEqual(event.output);
              },
              'xstate.error.actor.loadSplash': async ({ event }: { event: ModelEvent }) => {
                await act(() => app.splash.reject(event.error));
                expect(app.system.boot.getSnapshot().context.errors.splash).toEqual(SERVER_DOWN.errors);
              },
              'xstate.done.actor.loadSlider': async ({ event }: { event: ModelEvent }) => {
                await act(() => app.slider.resolve(event.output));
              },
              'xstate.error.actor.loadSlider': async ({ event }: { event: ModelEvent }) => {
                await act(() => app.slider.reject(event.error));
                expect(app.system.boot.getSnapshot().context.errors.slider).toEqual(SERVER_DOWN.errors);
              },
              'xstate.done.actor.loadStaticContent': async ({ event }: { event: ModelEvent }) => {
                await act(() => app.staticContent.resolve(event.output));
                expect(app.system.boot.getSnapshot().context.staticContent).toEqual(event.output);
              },
              'xstate.error.actor.loadStaticContent': async ({ event }: { event: ModelEvent }) => {
                await act(() => app.staticContent.reject(event.error));
                expect(app.system.boot.getSnapshot().context.errors.staticContent).toEqual(SERVER_DOWN.errors);
              },
              'xstate.done.actor.restoreSession': async () => {
                await act(() => app.restore.resolve(undefined));
              },
              'xstate.error.actor.restoreSession': async ({ event }: { event: ModelEvent }) => {
                await act(() => app.restore.reject(event.error));
              },
              // The traversal sends the parallel state's completion as an event of its own; in the app it
              // happens when the last of the three loads answers, so the loads still pending answer here.
              'xstate.done.state.boot.booting.content': contentDone,
              'xstate.done.state.boot.reloading.content': contentDone,
              'boot.retried': async () => {
                await user.click(screen.getByRole('button', { name: RETRY }));
                await settle();
              },
              'boot.languageChanged': async () => {
                // the user switches to the other language: content is loaded again in it
                const next = document.documentElement.lang === 'en' ? 'pl' : 'en';
                await user.click(screen.getByTestId(`language-${next}`));
                await settle();
                expect(document.documentElement.lang).toBe(next);
                expect(window.location.pathname).toBe(`/${next}/`);
              },
            } as never,
          });
          expect(app.system.boot.getSnapshot().value).toEqual(path.state.value);
        });
      }
    });
  }

  it('covers every state and transition of the chart', () => {
    const result = mergeCoverage(all.map(({ hasSession, paths }) => machineCoverage(bootMachine, paths, { input: { hasSession } })));
    printCoverage(result);
    expectFullCoverage(result);
  });
});

// The same failures through the real HTTP client and a fake server (SPEC §7): a 503 switches to maintenance,
// which says so and offers a retry; any other failure shows the boot's error with a retry. Never a loader
// that does not end.
describe('boot failures through the HTTP client', () => {
  beforeAll(loadAllDictionaries);
  let app: AppHarness | undefined;
  afterEach(() => {
    app?.unmount();
    app = undefined;
  });
  const failWith = (status: number) => () => ({ status, errors: [{ code: status === 503 ? 'MAINTENANCE' : 'INTERNAL_ERROR', context: '', message: '' }] });

  it('a 503 of the static content shows the maintenance screen with a message and a retry that reloads', async () => {
    app = renderApp({ path: '/en/', storedLanguage: 'en', server: (fake) => fake.on('GET', '/static-content', failWith(503)) });
    await settle(6);
    expect(app.system.boot.getSnapshot().value).toBe('failed');
    expect(loader()).toBeNull();
    const gate = maintenanceScreen();
    expect(gate).not.toBeNull();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('We will be back soon');
    expect(gate).toHaveTextContent('The service is temporarily unavailable');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(app.reloads).toHaveLength(1);
  });

  it('a 500 of the splash screen shows the error with a retry, and the retry boots the site', async () => {
    app = renderApp({ path: '/pl/', storedLanguage: 'pl', server: (fake) => fake.on('GET', '/splash-screen', failWith(500)) });
    await settle(6);
    expect(loader()).toBeNull();
    expect(maintenanceScreen()).toBeNull();
    expect(screen.getByTestId('boot-failed')).toHaveTextContent('Nie udało się wczytać strony');
    app.fake.on('GET', '/splash-screen', () => ({ data: { ...NO_MAINTENANCE, seoTitle: '', seoDescription: '' } }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
    await settle(6);
    expect(app.system.boot.getSnapshot().value).toBe('ready');
    expect(screen.queryByTestId('boot-failed')).toBeNull();
    expect(screen.getByTestId('page-home')).toBeInTheDocument();
    expect(app.reloads).toHaveLength(0);
  });
});
