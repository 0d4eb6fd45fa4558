// Renders the screen of the route table that matches the path, behind its guard (SPEC §2 "Route guards"):
// a guest-only screen sends a logged-in user back where they came from (or home); a private screen sends
// an anonymous user to login, carrying a login-required flag and the origin.
import { useSelector } from '@xstate/react';
import type { ComponentType } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { href, matchRoute, splitLanguage, type RouteName, type RouteParams } from '../config/paths';
import { useLanguage } from '../i18n/i18n';
import { LoginPage } from '../features/auth/LoginPage';
import { AccessDeniedPage } from '../pages/AccessDeniedPage';
import { HomePage } from '../pages/HomePage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { PlaceholderPage } from '../pages/PlaceholderPage';
import { useAppSystem } from './AppSystemContext';

type Page = ComponentType<{ params: RouteParams }>;

const SCREENS: Partial<Record<RouteName, Page>> = {
  home: HomePage,
  login: LoginPage,
  accessDenied: AccessDeniedPage,
  // Static pages are served by the public-site issue; until then every other slug is unknown.
  staticPage: NotFoundPage,
};

export interface GuardState {
  loginRequired?: boolean;
  /** where the user was going (path, search and hash) */
  from?: string;
}

export function AppRoutes() {
  const [pathname] = useLocation();
  const search = useSearch();
  const language = useLanguage();
  const { auth } = useAppSystem();
  const loggedIn = useSelector(auth, (s) => s.hasTag('loggedIn'));
  const state = useHistoryState<GuardState | null>();
  const match = matchRoute(language, splitLanguage(pathname).rest);

  if (!match) return <NotFoundPage />;
  const { route, params } = match;

  if (route.access === 'private' && !loggedIn) {
    const from = `${pathname}${search ? `?${search}` : ''}`;
    return <Redirect to={href(language, 'login')} replace state={{ loginRequired: true, from } satisfies GuardState} />;
  }
  if (route.access === 'guest' && loggedIn) {
    return <Redirect to={state?.from ?? href(language, 'home')} replace />;
  }
  const Screen = SCREENS[route.name];
  return Screen ? <Screen params={params} /> : <PlaceholderPage key={route.name} name={route.name} />;
}
