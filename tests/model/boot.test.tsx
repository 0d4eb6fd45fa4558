// Model-based test of the boot chart through the real app: the splash screen, slider, static content and
// session restore are deferred server answers; a user switching language makes the app load content again.
// Two models: a visitor without a session, and a page load with a stored session (restoringSession).
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
  { type: 'xstate.done.actor.loadSplash', output: SPLASH },
  { type: 'xstate.error.actor.loadSplash', error: SERVER_DOWN },
  { type: 'xstate.done.actor.loadSlider', output: [] },
  { type: 'xstate.error.actor.loadSlider', error: SERVER_DOWN },
  { type: 'xstate.done.actor.loadStaticContent', output: STATIC_CONTENT },
  { type: 'xstate.error.actor.loadStaticContent', error: SERVER_DOWN },
  { type: 'xstate.done.actor.restoreSession' },
  { type: 'xstate.error.actor.restoreSession', error: new Error('401') },
] as never[];

const TOKENS: Tokens = { accessToken: 'access-0', refreshToken: 'refresh-0', expiresAt: 1 };
const models = { 'a visitor': false, 'a stored session': true } as const;
const pathsOf = (hasSession: boolean) =>
  createMachineTestModel(bootMachine, { events, serializeState: byValueAnd() as never, input: { hasSession } } as never).getShortestPaths();

interface Harness extends AppHarness {
  splash: DeferredActor<unknown, void>;
  slider: DeferredActor<unknown, void>;
  staticContent: DeferredActor<unknown, void>;
  restore: DeferredActor<void, void>;
  /** boot has been ready once: later loads keep the page on screen */
  booted: boolean;
}

function start(hasSession: boolean): Harness {
  const splash = deferredActor<unknown, void>();
  const slider = deferredActor<unknown, void>();
  const staticContent = deferredActor<unknown, void>();
  const restore = deferredActor<void, void>();
  const app = renderApp({
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
  const h: Harness = { ...app, splash, slider, staticContent, restore, booted: false };
  app.system.boot.subscribe((s) => {
    if (s.matches('ready')) h.booted = true;
  });
  return h;
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
          const loading = () => {
            if (app.booted) {
              // a reload of content (language switch) keeps the page
              expect(loader()).toBeNull();
              expect(screen.getByTestId('page-home')).toBeInTheDocument();
            } else {
              expect(loader()).toBeInTheDocument();
              expect(screen.queryByTestId('page-home')).toBeNull();
            }
          };
          await path.test({
            states: {
              splash: () => {
                expect(app.system.boot.getSnapshot().value).toBe('splash');
                expect(app.splash.pending).toBe(true);
                loading();
              },
              content: () => {
                expect(app.system.boot.getSnapshot().matches('content')).toBe(true);
                loading();
              },
              'content.slider.loading': () => expect(app.slider.pending).toBe(true),
              'content.slider.done': () => expect(app.slider.pending).toBe(false),
              'content.staticContent.loading': () => expect(app.staticContent.pending).toBe(true),
              'content.staticContent.done': () => expect(app.staticContent.pending).toBe(false),
              restoringSession: () => {
                expect(app.system.boot.getSnapshot().value).toBe('restoringSession');
                expect(app.restore.pending).toBe(true);
                loading();
              },
              ready: () => {
                expect(app.system.boot.getSnapshot().value).toBe('ready');
                expect(loader()).toBeNull();
                const page = screen.getByTestId('page-home');
                const content = app.system.boot.getSnapshot().context.staticContent;
                // the static content's hero title, or the dictionary's when it failed to load
                expect(page.querySelector('h1')).toHaveTextContent(
                  content ? 'Shares in real estate' : document.documentElement.lang === 'en' ? 'Homepage' : 'Strona główna',
                );
              },
            },
            events: {
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
              // happens when the last of the two loads answers, so the loads still pending answer here.
              'xstate.done.state.boot.content': async () => {
                if (app.slider.pending) await act(() => app.slider.resolve([]));
                if (app.staticContent.pending) await act(() => app.staticContent.resolve(STATIC_CONTENT));
                expect(app.system.boot.getSnapshot().matches('content')).toBe(false);
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
