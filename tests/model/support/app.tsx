// Renders the real <App> on a real app system (createAppSystem) in jsdom, for the model-based tests of the
// app-wide machines. What reaches the outside world is recorded: every navigate/redirect (and performed on
// the browser history, so wouter re-renders as in a browser), every reload, every fetch (a fake server
// answering the boot calls). Each test swaps the actors and actions it drives through `overrides`.
import { act, render, screen, within } from '@testing-library/react';
import { navigate as browserNavigate } from 'wouter/use-browser-location';
import { App } from '../../../src/app/App';
import { createAppSystem, type AppSystem, type AppSystemOptions } from '../../../src/system/system';
import type { Language } from '../../../src/config/env';
import { STORAGE_KEYS } from '../../../src/config/storage';
import type { Tokens } from '../../../machines/auth.machine';
import type { MaintenanceConfig } from '../../../machines/maintenance.machine';
import { loadDictionary } from '../../../src/i18n/i18n';
import type { StaticContent, User } from '../../../src/api/types';
import { createFakeFetch } from './fakeFetch';

export const NO_MAINTENANCE: MaintenanceConfig = {
  maintenanceMode: false,
  maintenanceModeTitle: '',
  maintenanceModeMessage: '',
  systemMaintenanceMode: false,
  systemMaintenanceModeTitle: '',
  systemMaintenanceModeMessage: '',
};

export const STATIC_CONTENT: StaticContent = {
  content: {
    homepage: {
      content: '',
      imageUrl: null,
      alt: null,
      position: 0,
      children: {
        intro: {
          content: '',
          imageUrl: null,
          alt: null,
          position: 0,
          children: { title: { content: 'Shares in real estate', imageUrl: null, alt: null, position: 0, children: {} } },
        },
      },
    },
  } as unknown as StaticContent['content'],
  menus: { header: [], footer: [] },
  socialMedia: [],
};

export const USER: User = {
  id: 'u1',
  email: 'jan.kowalski@example.pl',
  role: 'investor',
  currentLocale: 'pl',
  userData: {
    firstName: 'Jan',
    lastName: 'Kowalski',
    email: 'jan.kowalski@example.pl',
    phone: null,
    address: { street: null, city: null, zip: null, state: null, country: null },
  },
};

/** Both dictionaries, loaded once per file: the injected language loaders then only decide *when*. */
export async function loadAllDictionaries() {
  await loadDictionary('pl');
  await loadDictionary('en');
}

export interface NavigateCall {
  to: string;
  replace: boolean;
  state?: unknown;
}

export interface RenderAppOptions {
  /** the browser location at page load */
  path: string;
  /** the platform language kept in local storage */
  storedLanguage?: Language | null;
  /** a session kept in local storage */
  tokens?: Tokens | null;
  overrides?: AppSystemOptions['overrides'];
  splash?: MaintenanceConfig;
  /** routes of the fake server set before the app starts (boot requests go out as soon as it renders) */
  server?: (fake: ReturnType<typeof createFakeFetch>) => void;
  /** start the app system but render nothing until `mount()`: the page's language is then not yet known */
  deferRender?: boolean;
}

export interface AppHarness {
  system: AppSystem;
  fake: ReturnType<typeof createFakeFetch>;
  navigations: NavigateCall[];
  reloads: number[];
  /** the current browser location, path + search + hash */
  location(): string;
  /** a user following a link: history push, as wouter's <Link> does */
  go(to: string, state?: unknown): void;
  /** renders the app (once); `renderApp` does it unless told `deferRender` */
  mount(): void;
  unmount(): void;
}

export function renderApp(options: RenderAppOptions): AppHarness {
  // jsdom has no scrolling; the layout scrolls to top on every location change.
  window.scrollTo = (() => {}) as typeof window.scrollTo;
  window.history.replaceState(null, '', options.path);
  if (options.storedLanguage) localStorage.setItem(STORAGE_KEYS.platformLanguage, options.storedLanguage);
  if (options.tokens) {
    localStorage.setItem(STORAGE_KEYS.accessToken, options.tokens.accessToken);
    localStorage.setItem(STORAGE_KEYS.refreshToken, options.tokens.refreshToken);
    localStorage.setItem(STORAGE_KEYS.expiresAt, String(options.tokens.expiresAt));
    localStorage.setItem(STORAGE_KEYS.isLoggedIn, 'true');
  }

  const fake = createFakeFetch();
  fake.on('GET', '/splash-screen', () => ({ data: { ...(options.splash ?? NO_MAINTENANCE), seoTitle: '', seoDescription: '' } }));
  fake.on('GET', '/slider', () => ({ data: [] }));
  fake.on('GET', '/static-content', () => ({ data: STATIC_CONTENT }));
  options.server?.(fake);

  const navigations: NavigateCall[] = [];
  const reloads: number[] = [];
  const system = createAppSystem({
    fetchImpl: fake.fetchImpl,
    navigate: (to, o) => {
      navigations.push({ to, replace: Boolean(o?.replace), ...(o?.state !== undefined ? { state: o.state } : {}) });
      browserNavigate(to, o);
    },
    reload: () => {
      reloads.push(Date.now());
    },
    overrides: options.overrides,
  });
  system.start();
  let view: ReturnType<typeof render> | null = null;
  const mount = () => {
    view ??= render(<App system={system} />);
  };
  if (!options.deferRender) mount();

  return {
    system,
    fake,
    navigations,
    reloads,
    location: () => `${window.location.pathname}${window.location.search}${window.location.hash}`,
    go(to, state) {
      act(() => {
        browserNavigate(to, state === undefined ? undefined : { state });
      });
    },
    mount,
    unmount() {
      view?.unmount();
      system.stop();
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// What the user sees

export const loader = () => screen.queryByTestId('full-screen-loader');
export const maintenanceScreen = () => screen.queryByTestId('maintenance-screen');
export const loginEmail = () => document.querySelector<HTMLInputElement>('input[name="userLogin"]');
export const loginPassword = () => document.querySelector<HTMLInputElement>('input[name="userPassword"]');
export const submitButton = () => loginEmail()?.form?.querySelector<HTMLButtonElement>('button[type="submit"]') ?? null;
/** The error shown beside a login field (its aria-describedby target), or null. */
export function fieldError(input: HTMLInputElement | null): string | null {
  const id = input?.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}
export { within };

/** Let the actors, the fake server and React settle (microtasks and a macrotask or two). */
export async function settle(rounds = 3) {
  for (let i = 0; i < rounds; i++) {
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0));
    });
  }
}

// Coverage over several models of one machine (e.g. started with and without a stored session): the shared
// harness owns it now; re-exported for the tests that import it from here.
export { mergeCoverage } from '../../support/model';
