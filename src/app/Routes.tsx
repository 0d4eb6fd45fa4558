// Renders the screen of the route table that matches the path, behind its guard (SPEC §2 "Route guards"):
// a guest-only screen sends a logged-in user back where they came from (or home); a private screen sends
// an anonymous user to login, carrying a login-required flag and the origin.
import { useSelector } from '@xstate/react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { useSyncExternalStore } from 'react';
import { env, isLanguage } from '../config/env';
import { href, matchRoute, splitLanguage, type RouteName } from '../../contract/routes';
import { useLanguage } from '../i18n/i18n';
import { AccessDeniedPage, NotFoundPage, PlaceholderPage } from '../pages/lazyPages';
import { accountScreens } from '../features/account/screens';
import { investorScreens } from '../features/investor/screens';
import { investScreens } from '../features/invest/screens';
import { offerScreens } from '../features/offer/screens';
import { publicScreens } from '../features/public/screens';
import { operatorScreens } from '../features/operator/screens';
import { Spinner } from '../components/ui/Spinner';
import { lazyScreen, type LazyScreen } from '../screens/lazyScreen';
import { useAppSystem } from '../system/AppSystemContext';
import type { GuardState, Screen } from '../screens/screen';

// Each feature brings its own screens; the foundation's own come first so a feature can replace them.
// Every screen is a chunk of its own, home and login too (the entry chunk holds only what every
// first screen draws); main.tsx starts the current route's chunk at once (`preloadRoute`).
export const SCREENS: Partial<Record<RouteName, Screen>> = {
  login: lazyScreen(() => import('../features/auth/LoginPage'), (m) => m.LoginPage),
  accessDenied: AccessDeniedPage,
  // Unknown single-segment paths until the static-page screen exists.
  staticPage: NotFoundPage,
  ...publicScreens,
  ...offerScreens,
  ...accountScreens,
  ...investorScreens,
  ...investScreens,
  ...operatorScreens,
};

/**
 * Starts loading the chunk of the screen at `pathname` (side by side with the dictionary and boot's loads);
 * resolves when it is there (or failed: the screen's own load reports that).
 */
export function preloadRoute(pathname: string): Promise<void> {
  const { prefix, rest } = splitLanguage(pathname);
  // '/' (no language yet) is redirected to the home page of the chosen language
  const match = isLanguage(prefix) ? matchRoute(prefix, rest) : pathname === '/' ? matchRoute(env.defaultLanguage, '/') : null;
  // Operator screens wait for the guard to see an operator: an investor must never download them.
  if (match?.route.access === 'operator') return Promise.resolve();
  // an address of a language that no route matches draws the not-found page
  const screen = match ? (SCREENS[match.route.name] as Partial<LazyScreen> | undefined) : isLanguage(prefix) ? NotFoundPage : undefined;
  return (
    screen?.preload?.().catch(() => {
      // the screen's own load reports a failure (ChunkFailed)
    }) ?? Promise.resolve()
  );
}

const subscribeToHistory = (onChange: () => void) => {
  const events = ['popstate', 'pushState', 'replaceState'];
  events.forEach((e) => window.addEventListener(e, onChange));
  return () => events.forEach((e) => window.removeEventListener(e, onChange));
};

/**
 * The address's history state (wouter's useHistoryState), with no state on the server and while hydrating: a page
 * the server renders has none, so the browser's first render matches it.
 */
function useGuardState(): GuardState | null {
  return useSyncExternalStore(
    subscribeToHistory,
    () => (window.history.state as GuardState | null) ?? null,
    () => null,
  );
}

export function AppRoutes() {
  const [pathname] = useLocation();
  const search = useSearch();
  const language = useLanguage();
  const { auth } = useAppSystem();
  const loggedIn = useSelector(auth, (s) => s.hasTag('loggedIn'));
  const role = useSelector(auth, (s) => s.context.user?.role);
  const state = useGuardState();
  const match = matchRoute(language, splitLanguage(pathname).rest);

  if (!match) return <NotFoundPage />;
  const { route, params } = match;

  if ((route.access === 'private' || route.access === 'operator') && !loggedIn) {
    const from = `${pathname}${search ? `?${search}` : ''}`;
    return <Redirect to={href(language, 'login')} replace state={{ loginRequired: true, from } satisfies GuardState} />;
  }
  if (route.access === 'guest' && loggedIn) {
    return <Redirect to={state?.from ?? href(language, 'home')} replace />;
  }
  // The back office: its chunk is requested only once the signed-in user is known to be an operator.
  if (route.access === 'operator' && role !== 'operator') {
    return role === undefined ? <Spinner /> : <AccessDeniedPage />;
  }
  const Screen = SCREENS[route.name];
  return Screen ? <Screen params={params} /> : <PlaceholderPage key={route.name} name={route.name} />;
}
