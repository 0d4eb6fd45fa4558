// Model-based test of the root chart (machines/app.machine.ts) through the real app: the page renders and its
// address names the language (boot starts), the dictionary arrives (nothing to reload), the user switches the
// language (boot loads again), somebody signs in on the login page (the maintenance gate is told; an operator
// lands in the back office, an investor does not), a login fails, a user signs out.
// The chart's events are its children's snapshots; the model's are real ones, resolved from the children's
// charts, each with a `step` naming what the user does to cause it.
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { waitFor, type AnyMachineSnapshot } from 'xstate';
import { appMachine } from '../../machines/app.machine';
import { authMachine, type Tokens } from '../../machines/auth.machine';
import { languageMachine } from '../../machines/language.machine';
import type { Language } from '../../machines/types';
import { href } from '../../contract/routes';
import type { User } from '../../src/api/types';
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
import { loadAllDictionaries, loginEmail, mergeCoverage, loginPassword, renderApp, settle, submitButton, USER, type AppHarness } from './support/app';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ModelEvent = { type: string; step: string; [key: string]: any };

const TOKENS: Tokens = { accessToken: 'access-1', refreshToken: 'refresh-1', expiresAt: Date.now() + 3_600_000 };
const OPERATOR: User = { ...USER, id: 'op1', email: 'operator@example.pl', role: 'operator' };
const WRONG_PASSWORD = new ApiRequestError(400, [{ code: 'INVALID_GRANT', context: '', message: 'Invalid credentials' }]);

const languageSnapshot = (value: 'loading' | 'ready', language: Language) =>
  languageMachine.resolveState({
    value,
    context: { defaultLanguage: 'pl', stored: language, language, location: null, target: null, error: null },
  });
const authSnapshot = (value: unknown, user: User | null) =>
  authMachine.resolveState({ value: value as never, context: { tokens: user ? TOKENS : null, user, loginErrors: {}, email: '' } });

const language = (step: string, snapshot: AnyMachineSnapshot) => ({ type: 'xstate.snapshot.language', step, snapshot });
const auth = (step: string, snapshot: AnyMachineSnapshot) => ({ type: 'xstate.snapshot.auth', step, snapshot });

/** What can happen next in the app, as the snapshots it makes the children emit. */
function eventsIn(state: AnyMachineSnapshot) {
  const events: ReturnType<typeof language>[] = [];
  const bootedIn = state.context.bootedIn as Language | null;
  if (state.matches({ content: 'waitingForLanguage' })) events.push(language('render', languageSnapshot('loading', 'pl')));
  if (state.matches({ content: 'loaded' })) {
    const other: Language = bootedIn === 'pl' ? 'en' : 'pl';
    events.push(language('dictionary arrives', languageSnapshot('ready', bootedIn!)));
    events.push(language(`switch to ${other}`, languageSnapshot('ready', other)));
    if (state.matches({ session: 'signedOut', operatorLanding: 'idle' })) {
      events.push(auth('submit login', authSnapshot('signingIn', null)));
    }
    if (state.matches({ session: 'signedIn', operatorLanding: 'idle' })) {
      events.push(auth('sign out', authSnapshot('signedOut', null)));
    }
  }
  if (state.matches({ operatorLanding: 'signingIn' })) {
    events.push(auth('login accepted', authSnapshot({ signedIn: { token: 'valid', user: 'loading' } }, null)));
    events.push(auth('login refused', authSnapshot('signedOut', null)));
  }
  if (state.matches({ operatorLanding: 'landing' })) {
    events.push(auth('operator known', authSnapshot({ signedIn: { token: 'valid', user: 'loaded' } }, OPERATOR)));
    events.push(auth('investor known', authSnapshot({ signedIn: { token: 'valid', user: 'loaded' } }, USER)));
  }
  return events;
}

const inputOf = (tokens: Tokens | null) => ({ defaultLanguage: 'pl' as const, storedLanguage: 'pl' as const, tokens });
const pathsOf = (tokens: Tokens | null) =>
  createMachineTestModel(appMachine, {
    input: inputOf(tokens),
    // keyed by the step too: two snapshots of one child (an operator, an investor) are two transitions
    serializeState: ((state: AnyMachineSnapshot, event?: ModelEvent, prev?: AnyMachineSnapshot) =>
      `${byValueAnd('bootedIn')(state, event, prev)}${event?.step ? ` (${event.step})` : ''}`) as never,
    events: eventsIn as never,
    givenOnly: true,
  }).getShortestPaths();
const models = { 'a visitor': null, 'a stored session': TOKENS } as const;

interface Harness extends AppHarness {
  login: DeferredActor<Tokens, { email: string; password: string }>;
  fetchUser: DeferredActor<unknown, void>;
}

function pathName(path: { state: AnyMachineSnapshot; steps: ReadonlyArray<{ event: ModelEvent }> }) {
  const steps = path.steps.slice(1).map(({ event }) => event.step);
  return `${JSON.stringify(path.state.value)} ← ${steps.join(' → ') || 'start'}`;
}

describe('app system (model-based, through the app)', () => {
  beforeAll(loadAllDictionaries);
  let h: Harness | undefined;
  afterEach(() => {
    h?.unmount();
    h = undefined;
  });

  const all: Array<{ tokens: Tokens | null; paths: ReturnType<typeof pathsOf> }> = [];
  for (const [name, tokens] of Object.entries(models)) {
    const paths = pathsOf(tokens);
    all.push({ tokens, paths });
    describe(name, () => {
      for (const path of paths) {
        it(pathName(path as never), async () => {
          const login = deferredActor<Tokens, { email: string; password: string }>();
          const fetchUser = deferredActor<unknown, void>();
          h = {
            ...renderApp({
              path: href('pl', 'login'),
              storedLanguage: 'pl',
              tokens,
              deferRender: true,
              overrides: { auth: { actors: { login: login.logic, fetchUser: fetchUser.logic } } },
            }),
            login,
            fetchUser,
          };
          const app = h;
          const user = userEvent.setup();
          const root = () => app.system.app.getSnapshot();
          const gateLoggedIn = () => app.system.maintenance.getSnapshot().context.loggedIn;
          await path.test({
            states: {
              'content.waitingForLanguage': () => {
                expect(app.system.boot.getSnapshot().value).toBe('waitingForLanguage');
              },
              'content.loaded': (state) => {
                expect(root().context.bootedIn).toBe(state.context.bootedIn);
                expect(app.system.boot.getSnapshot().matches('waitingForLanguage')).toBe(false);
              },
              'session.signedOut': () => expect(gateLoggedIn()).toBe(false),
              'session.signedIn': () => expect(gateLoggedIn()).toBe(true),
              'operatorLanding.signingIn': () => expect(app.login.pending).toBe(true),
              'operatorLanding.landing': () => expect(app.fetchUser.pending).toBe(true),
            },
            events: {
              'xstate.snapshot.language': async ({ event }: { event: ModelEvent }) => {
                if (event.step === 'render') {
                  act(() => app.mount());
                  expect(app.system.language.getSnapshot().context.language).toBe('pl');
                  // a stored session: boot restores it (the user's snapshots change nothing in this chart)
                  if (tokens) {
                    await settle();
                    await act(() => waitFor(app.system.auth, (s) => s.hasTag('userLoading')));
                    await act(() => app.fetchUser.resolve(USER));
                  }
                } else if (event.step === 'dictionary arrives') {
                  await settle();
                  await act(() => waitFor(app.system.language, (s) => s.matches('ready')));
                  // nothing to load again: boot loaded in this language
                  expect(app.system.boot.getSnapshot().matches('reloading')).toBe(false);
                } else {
                  await settle();
                  const next = event.snapshot.context.language as Language;
                  const loadsBefore = app.fake.callsTo('GET', '/static-content').length;
                  await user.click(screen.getByTestId(`language-${next}`));
                  await act(() => waitFor(app.system.language, (s) => s.matches('ready') && s.context.language === next));
                  // boot loads the content again in the new language
                  expect(app.fake.callsTo('GET', '/static-content').length).toBe(loadsBefore + 1);
                }
                await settle();
              },
              'xstate.snapshot.auth': async ({ event }: { event: ModelEvent }) => {
                switch (event.step) {
                  case 'submit login': {
                    const l = app.system.language.getSnapshot().context.language as Language;
                    if (window.location.pathname !== href(l, 'login')) act(() => app.go(href(l, 'login')));
                    await settle();
                    await user.type(loginEmail()!, 'someone@example.pl');
                    await user.type(loginPassword()!, 'secret-password');
                    await user.click(submitButton()!);
                    break;
                  }
                  case 'login accepted':
                    await act(() => app.login.resolve(TOKENS));
                    break;
                  case 'login refused':
                    await act(() => app.login.reject(WRONG_PASSWORD));
                    break;
                  case 'operator known': {
                    await act(() => app.fetchUser.resolve(OPERATOR));
                    await settle();
                    // an operator's own sign-in on the login page lands in the back office
                    const l = app.system.language.getSnapshot().context.language as Language;
                    expect(window.location.pathname).toBe(href(l, 'operatorOverview'));
                    break;
                  }
                  case 'investor known': {
                    await act(() => app.fetchUser.resolve(USER));
                    await settle();
                    const l = app.system.language.getSnapshot().context.language as Language;
                    expect(window.location.pathname).not.toBe(href(l, 'operatorOverview'));
                    break;
                  }
                  case 'sign out':
                    act(() => app.system.auth.send({ type: 'auth.logoutRequested' }));
                    break;
                  default:
                    throw new Error(`no driver for ${event.step}`);
                }
                await settle();
              },
            } as never,
          });
          expect(root().value).toEqual(path.state.value);
        });
      }
    });
  }

  it('covers every state and transition of the chart', () => {
    const result = mergeCoverage(all.map(({ tokens, paths }) => machineCoverage(appMachine, paths, { input: inputOf(tokens) })));
    printCoverage(result);
    expectFullCoverage(result);
  });
});
