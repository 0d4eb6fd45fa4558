// Wires the app-wide actors to the real world: the HTTP client, local storage, history and reload.
// The machines stay pure; everything they do outside themselves is provided here (`machine.provide`).
//
// Why these are four actors side by side and not one actor system with systemIds (shared/STYLE.md's
// `system.get('auth')`), written down as the review asked:
// - In XState v5 `systemId` registers an actor in the system of the actor that spawns it; actors created
//   with separate `createActor` calls each root a system of their own, so one system would need a root
//   machine spawning auth, language, maintenance and boot. That root chart would hold no flow of its own:
//   it would only exist to host the four, and its diagram would tell designers nothing.
// - The links between them are not flows but facts passed along, each one line here: the HTTP client asks
//   the auth actor for its single refresh (it holds the actor, as `system.get('auth')` would give it);
//   a 503 closes the maintenance gate; boot's splash screen hands the gate its config (a provided action);
//   a change of login tells the gate (auth.subscribe below); the language's first ready starts the boot and
//   a later one reloads content (language.subscribe below).
// - Tests already swap any actor's effects with `overrides`, and the model tests drive these very actors
//   through the real app (tests/model/support/app.tsx); a root machine would add a layer to reach through.
// If a flow ever spans two of them (one actor waiting on another's states), that is the moment to spawn
// them from a root machine with systemIds; the layout's connectivity actor already registers one.
import { createActor, fromPromise, waitFor } from 'xstate';
import { navigate as browserNavigate } from 'wouter/use-browser-location';
import { authMachine, createAuthMachine, type Tokens } from '../../machines/auth.machine';
import { bootMachine, createBootMachine } from '../../machines/boot.machine';
import { languageMachine } from '../../machines/language.machine';
import { maintenanceMachine } from '../../machines/maintenance.machine';
import { createEndpoints } from '../api/endpoints';
import { createHttp } from '../api/http';
import { createInitialAnswers, readInitialDataElement } from '../api/initialData';
import type { InitialData } from '../../contract/page-data';
import type { SliderItem, SplashScreen, StaticContent, User } from '../api/types';
import { env, isLanguage, type Language } from '../config/env';
import { href } from '../../contract/routes';
import { readStorage, STORAGE_KEYS, writeSignedInCookie, writeStorage } from '../config/storage';
import { loadDictionary } from '../i18n/i18n';

export function readStoredTokens(): Tokens | null {
  if (readStorage(STORAGE_KEYS.isLoggedIn) !== 'true') return null;
  const accessToken = readStorage(STORAGE_KEYS.accessToken);
  const refreshToken = readStorage(STORAGE_KEYS.refreshToken);
  if (!accessToken || !refreshToken) return null;
  return { accessToken, refreshToken, expiresAt: Number(readStorage(STORAGE_KEYS.expiresAt)) || 0 };
}

function persistTokens(tokens: Tokens) {
  writeStorage(STORAGE_KEYS.accessToken, tokens.accessToken);
  writeStorage(STORAGE_KEYS.refreshToken, tokens.refreshToken);
  writeStorage(STORAGE_KEYS.expiresAt, String(tokens.expiresAt));
  writeStorage(STORAGE_KEYS.isLoggedIn, 'true');
  writeSignedInCookie(true);
}

function clearSession() {
  writeStorage(STORAGE_KEYS.accessToken, null);
  writeStorage(STORAGE_KEYS.refreshToken, null);
  writeStorage(STORAGE_KEYS.expiresAt, null);
  writeStorage(STORAGE_KEYS.isLoggedIn, null);
  writeSignedInCookie(false);
}

type Implementations<M extends { provide: (i: never) => unknown }> = Parameters<M['provide']>[0];

/**
 * A test's overrides on top of the real implementations. Without any, the machine is used as it is: every
 * `provide` builds the whole chart again, part of the entry's start-up work on a phone.
 */
function withOverrides<M extends { provide: (i: never) => M }>(machine: M, overrides: Implementations<M> | undefined): M {
  return overrides ? machine.provide(overrides as never) : machine;
}

/** The auth chart with the API's user: `context.user` is a `User`. */
export const appAuthMachine = createAuthMachine<User>();

/** The boot chart with the API's shapes: its context is typed, so views need no casts. */
export const appBootMachine = createBootMachine<SplashScreen, SliderItem[], StaticContent>();

/**
 * Tabs share the tokens in local storage, and the server ends a session when a rotated refresh token is used
 * again. So a tab refreshes under a browser-wide lock, and first looks whether another tab has already
 * refreshed: then it takes those tokens instead of spending its own, now stale, refresh token.
 */
export async function refreshAcrossTabs(
  refreshToken: string,
  refresh: (refreshToken: string) => Promise<Tokens>,
): Promise<Tokens> {
  const run = async () => {
    const stored = readStoredTokens();
    if (stored && stored.refreshToken !== refreshToken) return stored;
    return refresh(refreshToken);
  };
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request('estate-shares-token-refresh', run) : run();
}

export interface AppSystemOptions {
  navigate?: (to: string, options?: { replace?: boolean; state?: unknown }) => void;
  reload?: () => void;
  fetchImpl?: typeof fetch;
  /** the page's first answers as given (the server's render); without it, read from the page's `#initial-data` */
  initialData?: InitialData | null;
  /**
   * replaces chosen actors/actions of a machine after the real ones are provided (tests, stories); typed
   * against the untyped charts, so a test may answer with any shape
   */
  overrides?: {
    auth?: Implementations<typeof authMachine>;
    boot?: Implementations<typeof bootMachine>;
    language?: Implementations<typeof languageMachine>;
  };
}

export function createAppSystem(options: AppSystemOptions = {}) {
  const navigate = options.navigate ?? ((to, o) => browserNavigate(to, o));
  const reload = options.reload ?? (() => window.location.reload());
  const stored = readStorage(STORAGE_KEYS.platformLanguage);

  const language = createActor(
    withOverrides(languageMachine.provide({
      actors: { loadDictionary: fromPromise(({ input }) => loadDictionary(input.language)) },
      actions: {
        storeLanguage: (_, { language: l }) => writeStorage(STORAGE_KEYS.platformLanguage, l),
        redirect: (_, { to }) => navigate(to, { replace: true }),
        // The same page in the other language: what the page was given with its address (history state,
        // e.g. the e-mail the register-success page shows and resends to) goes with it.
        navigate: (_, { to }) => {
          const state: unknown = typeof window === 'undefined' ? null : window.history.state;
          navigate(to, state == null ? undefined : { state });
        },
        clearOffers: () => {
          // Offers are cached by the public-site issue; nothing is cached yet.
        },
      },
    }), options.overrides?.language),
    { input: { defaultLanguage: env.defaultLanguage, stored: isLanguage(stored) ? stored : null } },
  );
  const currentLanguage = (): Language => language.getSnapshot().context.language ?? env.defaultLanguage;

  const maintenance = createActor(maintenanceMachine.provide({ actions: { reloadPage: () => reload() } }), {
    input: { loggedIn: readStoredTokens() !== null },
  });

  // `auth` is declared before the client that reads it, and assigned right after.
  // eslint-disable-next-line prefer-const
  let auth: ReturnType<typeof createAuth>;
  const http = createHttp({
    baseURL: env.apiUrl,
    getLanguage: currentLanguage,
    getAuth: () => auth,
    fetchImpl: options.fetchImpl,
    // Boot's loads and the first page's data, when the server put them into index.html.
    initialAnswers: createInitialAnswers(options.initialData !== undefined ? () => options.initialData ?? null : readInitialDataElement),
    onForbidden: () => navigate(href(currentLanguage(), 'accessDenied')),
    onMaintenance: () => maintenance.send({ type: 'maintenance.serviceUnavailable' }),
  });
  const api = createEndpoints(http);

  function createAuth() {
    return createActor(
      withOverrides(appAuthMachine.provide({
        actors: {
          login: fromPromise(({ input }) => api.login(input.email, input.password)),
          refresh: fromPromise(({ input }) => refreshAcrossTabs(input.refreshToken, api.refresh)),
          fetchUser: fromPromise(({ signal }) => api.me(signal)),
          revoke: fromPromise(async ({ input }) => {
            await api.revoke(input.tokens?.refreshToken);
          }),
        },
        actions: {
          persistTokens: (_, { tokens }) => persistTokens(tokens),
          clearSession,
          reloadPage: () => reload(),
          redirectToLogin: () => navigate(href(currentLanguage(), 'login'), { state: { loginRequired: true } }),
          redirectToResendActivation: (_, { email }) =>
            navigate(href(currentLanguage(), 'resendActivation', { email })),
        },
      }), options.overrides?.auth as Implementations<typeof appAuthMachine> | undefined),
      { input: { tokens: readStoredTokens() } },
    );
  }
  auth = createAuth();

  const boot = createActor(
    withOverrides(appBootMachine.provide({
      actors: {
        loadSplash: fromPromise(({ signal }) => api.splashScreen(signal)),
        loadSlider: fromPromise(({ signal }) => api.slider(signal)),
        loadStaticContent: fromPromise(({ signal }) => api.staticContent(signal)),
        restoreSession: fromPromise(async () => {
          auth.send({ type: 'auth.userRequested' });
          await waitFor(auth, (s) => !s.hasTag('userLoading'));
        }),
      },
      actions: {
        splashLoaded: ({ context }) => maintenance.send({ type: 'maintenance.configLoaded', config: context.splash }),
      },
    }), options.overrides?.boot as Implementations<typeof appBootMachine> | undefined),
    { input: { hasSession: readStoredTokens() !== null } },
  );

  // The gate needs to know who is logged in: it opens for a logged-in user unless the server says 503.
  let loggedIn = auth.getSnapshot().hasTag('loggedIn');
  auth.subscribe((snapshot) => {
    const now = snapshot.hasTag('loggedIn');
    if (now !== loggedIn) {
      loggedIn = now;
      maintenance.send({ type: 'maintenance.sessionChanged', loggedIn: now });
    }
  });

  // Operators work in the back office: a login of their own (not one a page asked for: that one goes back to
  // the page) lands them there once their user is known. The guest-only login page has meanwhile sent the
  // user home, or is still showing.
  let signingIn = false;
  let landing = false;
  auth.subscribe((snapshot) => {
    if (snapshot.matches('signingIn')) {
      signingIn = true;
      return;
    }
    if (signingIn) {
      signingIn = false;
      landing = snapshot.hasTag('loggedIn');
    }
    if (!landing || snapshot.hasTag('userLoading')) return;
    landing = false;
    if (snapshot.context.user?.role !== 'operator' || typeof window === 'undefined') return;
    const l = currentLanguage();
    if ([href(l, 'home'), href(l, 'login')].includes(window.location.pathname)) navigate(href(l, 'operatorOverview'), { replace: true });
  });

  // Content is loaded in the page's language, so boot starts as soon as the language is known (side by side
  // with its dictionary), and loads again when a ready language differs from the one it booted in.
  let bootedIn: Language | null = null;
  language.subscribe((snapshot) => {
    const now = snapshot.context.language;
    if (bootedIn === null) {
      if (!now) return;
      bootedIn = now;
      boot.start();
    } else if (!snapshot.matches('ready')) {
      return;
    } else if (now !== bootedIn) {
      bootedIn = now;
      boot.send({ type: 'boot.languageChanged' });
    }
  });

  return {
    language,
    maintenance,
    auth,
    boot,
    api,
    http,
    start() {
      language.start();
      maintenance.start();
      auth.start();
    },
    stop() {
      boot.stop();
      auth.stop();
      maintenance.stop();
      language.stop();
    },
  };
}

export type AppSystem = ReturnType<typeof createAppSystem>;
