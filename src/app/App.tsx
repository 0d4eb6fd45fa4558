// The application root (SPEC §2 "Application root behaviour"): language first, then the maintenance gate,
// then the boot loader, then the routes inside the main layout. Each step only renders a machine's state.
import { useSelector } from '@xstate/react';
import { useDeferredValue, useEffect } from 'react';
import { ThemeProvider } from 'styled-components';
import { useLocation, useSearch } from 'wouter';
import { MainLayout } from '../components/layout/MainLayout';
import { FullScreenLoader } from '../components/ui/FullScreenLoader';
import { BootFailed } from './BootFailed';
import { href } from '../../contract/routes';
import { LanguageSwitcher } from '../components/language/LanguageSwitcher';
import { useSiteDescription } from '../features/offer/useMetaDescription';
import { I18nProvider } from '../i18n/i18n';
import { GlobalStyle } from '../styles/GlobalStyle';
import { theme } from '../../lib/theme';
import { AppSystemProvider, useAppSystem } from '../system/AppSystemContext';
import { AppRoutes } from './Routes';
import { useServerHead } from './serverHead';
import { lazyComponent } from '../screens/lazyComponent';
import type { AppSystem } from '../system/system';
import { FirstLoadsContext, useFirstLoads, type FirstLoads } from '../ssr/firstLoads';
import { useSession } from '../system/useSession';

// The maintenance gate's screen (with its login form) loads only when the gate is closed.
const MaintenanceScreen = lazyComponent(
  () => import('../features/maintenance/MaintenanceScreen').then((m) => m.MaintenanceScreen),
  { fallback: <FullScreenLoader /> },
);

/**
 * `firstLoads`: the page is rendered on the server (side 'server'), or hydrated from the server's HTML (side
 * 'client', with the loads the server settled): src/ssr/firstLoads.tsx.
 */
export function App({ system, firstLoads = null }: { system: AppSystem; firstLoads?: FirstLoads | null }) {
  return (
    <FirstLoadsContext value={firstLoads}>
      <AppSystemProvider system={system}>
      <ThemeProvider theme={theme}>
        <GlobalStyle />
        <LanguageRoot />
      </ThemeProvider>
    </AppSystemProvider>
    </FirstLoadsContext>
  );
}

/** Feeds every location to the language machine and waits for the page's dictionary. */
function LanguageRoot() {
  const { language } = useAppSystem();
  const [pathname] = useLocation();
  const search = useSearch();
  useServerHead(pathname);
  useEffect(() => {
    language.send({
      type: 'language.locationChanged',
      location: { pathname, search: search ? `?${search}` : '', hash: window.location.hash },
    });
  }, [language, pathname, search]);

  const current = useSelector(language, (s) => s.context.language);
  const ready = useSelector(language, (s) => s.matches('ready') || s.matches('switching'));
  const failed = useSelector(language, (s) => s.matches('failed'));
  const languageState = useSelector(language, (s) => JSON.stringify(s.value));

  if (failed) {
    // No dictionary could be loaded, so this one message is in both languages.
    return (
      <div role="alert" style={{ padding: 32, textAlign: 'center' }}>
        <p lang="pl">Nie udało się wczytać języka.</p>
        <p lang="en">The language could not be loaded.</p>
        <button type="button" onClick={() => language.send({ type: 'language.retried' })}>
          Spróbuj ponownie / Try again
        </button>
      </div>
    );
  }
  if (!ready || !current) return <FullScreenLoader machine="language" state={languageState} />;
  return (
    <I18nProvider language={current}>
      <GatedApp />
    </I18nProvider>
  );
}

function GatedApp() {
  const { maintenance, boot, auth, language } = useAppSystem();
  const [pathname] = useLocation();
  const lang = useSelector(language, (s) => s.context.language!);
  const closed = useSelector(maintenance, (s) => s.hasTag('maintenance'));
  // The full-screen loader covers the first boot, up to and including the session restore (SPEC §2: it shows
  // while the user data is idle when a session exists): the boot chart tags those states `blocking`; a later
  // reload of content (a language switch) keeps the page on screen.
  // The page's first render is a deferred one: when boot stops blocking (or has already stopped when the dictionary
  // arrives: `true` is the first value), the loader stays on screen while React builds the whole page in slices of a
  // few milliseconds (a transition), instead of one long task on a phone's CPU (total blocking time).
  // A server-rendered page is drawn at once in the state the machines settled in, on the server and when hydrated.
  const blockingNow = useSelector(boot, (s) => s.hasTag('blocking'));
  const blocking = useDeferredValue(blockingNow, useFirstLoads() ? blockingNow : true);
  const failed = useSelector(boot, (s) => s.hasTag('failed'));
  const bootState = useSelector(boot, (s) => JSON.stringify(s.value));
  const content = useSelector(boot, (s) => s.context.staticContent);
  const { loggedIn, user, pending } = useSession();

  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  // The site's meta description (SEO settings) on every page without one of its own (home, offers list).
  useSiteDescription(useSelector(boot, (s) => s.context.splash?.seoDescription));

  if (closed) return <MaintenanceScreen showLogin={pathname.includes(href(lang, 'login'))} />;
  if (blocking) return <FullScreenLoader machine="boot" state={bootState} />;
  if (failed) return <BootFailed onRetry={() => boot.send({ type: 'boot.retried' })} />;
  return (
    <MainLayout
      content={content}
      language={lang}
      isLoggedIn={loggedIn}
      sessionPending={pending}
      userName={user ? `${user.userData.firstName} ${user.userData.lastName}`.trim() : undefined}
      isOperator={loggedIn && user?.role === 'operator'}
      onLogout={() => auth.send({ type: 'auth.logoutRequested' })}
      languageSwitcher={<LanguageSwitcher />}
    >
      <AppRoutes />
    </MainLayout>
  );
}
