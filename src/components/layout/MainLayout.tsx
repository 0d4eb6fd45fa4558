import { useActorRef, useSelector } from '@xstate/react';
import { Suspense, useEffect, type ReactNode } from 'react';
import styled from 'styled-components';
import { useLocation } from 'wouter';
import { disclosureMachine } from '../../../machines/disclosure.machine';
import type { CookieConsentActorRef } from '../../../machines/cookieConsent.machine';
import type { ConnectivityActorRef } from '../../../machines/connectivity.machine';
import { contentText } from '../../api/content';
import type { StaticContent } from '../../api/types';
import type { Language } from '../../config/env';
import { clearInvestmentDraft, clearsInvestmentDraft, isFlowRoute } from '../../config/investFlow';
import { matchRoute, splitLanguage } from '../../../contract/routes';
import { SiteTitleProvider } from '../ui/usePageTitle';
import { ContactMenu } from './ContactMenu';
import { CookieBanner, CookieBannerContainer } from './CookieBanner';
import { FormErrorFocus, RouteFocus } from './RouteFocus';
import { Footer } from './Footer';
import { LazyMobileDrawer } from './lazyLayout';
import { MobileMenuButton } from './MobileMenuButton';
import { OfflineBanner, OfflineBannerContainer } from './OfflineBanner';
import { ScrollToTop } from './ScrollToTop';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink';
import { TopBar } from './TopBar';

const Frame = styled.div`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
`;

const Main = styled.main`
  flex: 1;
  padding-top: ${({ theme }) => theme.layout.headerHeight}px;
  &:focus {
    outline: none;
  }
`;

export { MAIN_CONTENT_ID } from './SkipLink';

export interface MainLayoutProps {
  content: StaticContent | null;
  language: Language;
  isLoggedIn: boolean;
  /** the page as the server drew it for a visitor whose cookie says they hold a session (src/system/useSession.ts) */
  sessionPending?: boolean;
  userName?: string;
  /** a signed-in operator: the header and the user menu lead to the back office */
  isOperator?: boolean;
  onLogout: () => void;
  languageSwitcher: ReactNode;
  children: ReactNode;
  /** An app-wide cookie-consent actor; when absent the layout runs its own with the real cookie effects. */
  cookieConsent?: CookieConsentActorRef;
  /** An app-wide connectivity actor (systemId 'connectivity'); when absent the layout runs its own. */
  connectivity?: ConnectivityActorRef;
}

/**
 * The main frame (SPEC §2): fixed top bar, mobile drawer, fixed contact menu, main area below the 80 px
 * header, footer, cookie banner and the offline / connection-restored notices.
 */
export function MainLayout({
  content,
  language,
  isLoggedIn,
  sessionPending = false,
  userName,
  isOperator = false,
  onLogout,
  languageSwitcher,
  children,
  cookieConsent,
  connectivity,
}: MainLayoutProps) {
  const drawer = useActorRef(disclosureMachine);
  // The drawer's code loads when it is first opened; closed, it draws nothing anyway.
  const drawerOpen = useSelector(drawer, (s) => s.hasTag('open'));
  const headerItems = content?.menus.header ?? [];
  const cookieTitle = contentText(content, 'cookiePopup.title');
  const cookieDescription = contentText(content, 'cookiePopup.description');
  const [pathname] = useLocation();
  const route = matchRoute(language, splitLanguage(pathname).rest)?.route.name;
  // SPEC §2: entering the main frame during an investment clears the stored investment data.
  useEffect(() => {
    if (clearsInvestmentDraft(route)) clearInvestmentDraft();
  }, [pathname, route]);

  // One route-focus watcher above both frames, so moving between them (an offer's Invest) is a navigation too.
  return (
    <>
      <RouteFocus />
      <FormErrorFocus />
      {isFlowRoute(route) ? flowFrame() : mainFrame()}
    </>
  );

  // The investment flow has a frame of its own (src/features/invest): the main frame steps aside.
  function flowFrame() {
    return (
      <>
        <ScrollToTop />
        <SiteTitleProvider title={contentText(content, 'seo.title')}>{children}</SiteTitleProvider>
      </>
    );
  }

  function mainFrame() {
    return (
    <Frame>
      <ScrollToTop />
      {/* The banner waits for static content, so its server title/description are there when it shows.
          It is first in the document so a keyboard user meets the question before the page it sits over. */}
      {content &&
        (cookieConsent ? (
          <CookieBanner actorRef={cookieConsent} title={cookieTitle} descriptionHtml={cookieDescription} />
        ) : (
          <CookieBannerContainer title={cookieTitle} descriptionHtml={cookieDescription} />
        ))}
      <SkipLink />
      <TopBar
        language={language}
        items={headerItems}
        isLoggedIn={isLoggedIn}
        sessionPending={sessionPending}
        userName={userName}
        isOperator={isOperator}
        onLogout={onLogout}
        languageSwitcher={languageSwitcher}
        mobileMenuButton={<MobileMenuButton actorRef={drawer} />}
      />
      {drawerOpen && (
        <LazyMobileDrawer
          actorRef={drawer}
          language={language}
          items={headerItems}
          isLoggedIn={isLoggedIn}
          isOperator={isOperator}
          onLogout={onLogout}
        />
      )}
      <Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <SiteTitleProvider title={contentText(content, 'seo.title')}>{children}</SiteTitleProvider>
      </Main>
      {/* After the content: a fixed rail on wide screens, a band above the footer on small ones. */}
      <ContactMenu language={language} phone={contentText(content, 'contactMenu.phone')} />
      {/* Below the fold: hydrated apart from the page (its own boundary), in a pass that yields to the browser. */}
      <Suspense fallback={null}>
        <Footer content={content} language={language} isLoggedIn={isLoggedIn} />
      </Suspense>
      {connectivity ? <OfflineBanner actorRef={connectivity} /> : <OfflineBannerContainer />}
    </Frame>
    );
  }
}
