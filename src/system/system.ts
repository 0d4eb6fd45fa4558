// Wires the app-wide actors to the real world: the HTTP client, local storage, history and reload.
// The machines stay pure; everything they do outside themselves is provided here (`machine.provide`).
//
// The four app-wide actors (language, maintenance gate, session, boot) are one actor system: the root chart
// (machines/app.machine.ts) invokes them under their systemIds and passes along what one must know of another.
// What stays here is I/O: the HTTP client asks the session for its single refresh, a 503 closes the gate,
// boot's splash screen hands the gate its config, an operator's sign-in navigates to the back office.
import { createActor, fromPromise, waitFor, type ActorRefFrom } from 'xstate';
import { navigate as browserNavigate } from 'wouter/use-browser-location';
import { appMachine } from '../../machines/app.machine';
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
  // The children of the root chart (`app`, created below), as its system registers them: read when an effect
  // runs, which is once the system has started.
  const language = () => app.system.get('language') as ActorRefFrom<typeof languageMachine>;
  const maintenance = () => app.system.get('maintenance') as ActorRefFrom<typeof maintenanceMachine>;
  const auth = () => app.system.get('auth') as ActorRefFrom<typeof appAuthMachine>;
  const currentLanguage = (): Language => language().getSnapshot().context.language ?? env.defaultLanguage;

  const http = createHttp({
    baseURL: env.apiUrl,
    getLanguage: currentLanguage,
    getAuth: auth,
    fetchImpl: options.fetchImpl,
    // Boot's loads and the first page's data, when the server put them into index.html.
    initialAnswers: createInitialAnswers(options.initialData !== undefined ? () => options.initialData ?? null : readInitialDataElement),
    onForbidden: () => navigate(href(currentLanguage(), 'accessDenied')),
    onMaintenance: () => maintenance().send({ type: 'maintenance.serviceUnavailable' }),
  });
  const api = createEndpoints(http);

  const languageLogic = withOverrides(languageMachine.provide({
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
  }), options.overrides?.language);

  const maintenanceLogic = maintenanceMachine.provide({ actions: { reloadPage: () => reload() } });

  const authLogic = withOverrides(appAuthMachine.provide({
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
  }), options.overrides?.auth as Implementations<typeof appAuthMachine> | undefined);

  const bootLogic = withOverrides(appBootMachine.provide({
    actors: {
      loadSplash: fromPromise(({ signal }) => api.splashScreen(signal)),
      loadSlider: fromPromise(({ signal }) => api.slider(signal)),
      loadStaticContent: fromPromise(({ signal }) => api.staticContent(signal)),
      restoreSession: fromPromise(async () => {
        auth().send({ type: 'auth.userRequested' });
        await waitFor(auth(), (s) => !s.hasTag('userLoading'));
      }),
    },
    actions: {
      splashLoaded: ({ context }) => maintenance().send({ type: 'maintenance.configLoaded', config: context.splash }),
    },
  }), options.overrides?.boot as Implementations<typeof appBootMachine> | undefined);

  const app = createActor(
    appMachine.provide({
      // `as never`: auth and boot are the charts typed with the API's shapes (appAuthMachine, appBootMachine), where
      // the root chart names the untyped ones; the charts are the same.
      actors: { language: languageLogic, maintenance: maintenanceLogic, auth: authLogic, boot: bootLogic } as never,
      actions: {
        // Only from the pages that led to the login; a page that asked for a login has been sent back to.
        openBackOffice: () => {
          if (typeof window === 'undefined') return;
          const l = currentLanguage();
          if ([href(l, 'home'), href(l, 'login')].includes(window.location.pathname)) navigate(href(l, 'operatorOverview'), { replace: true });
        },
      },
    }),
    { input: { defaultLanguage: env.defaultLanguage, storedLanguage: isLanguage(stored) ? stored : null, tokens: readStoredTokens() } },
  );

  return {
    /** the root of the system (machines/app.machine.ts) */
    app,
    language: language(),
    maintenance: maintenance(),
    auth: auth(),
    boot: app.system.get('boot') as ActorRefFrom<typeof appBootMachine>,
    api,
    http,
    start() {
      app.start();
    },
    stop() {
      app.stop();
    },
  };
}

export type AppSystem = ReturnType<typeof createAppSystem>;
