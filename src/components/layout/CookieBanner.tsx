import { useActorRef, useSelector } from '@xstate/react';
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { Link } from 'wouter';
import { CloseButton } from '../ui/CloseButton';
import styled from 'styled-components';
import type { CookieConsentActorRef } from '../../../machines/cookieConsent.machine';
import { browserCookieConsentMachine } from './browserEffects';
import { href } from '../../../contract/routes';
import { useLanguage, useT } from '../../i18n/i18n';
import { media } from '../../../lib/theme';
import { Button } from '../ui/Button';
import { CloseIcon } from '../ui/icons';
import { ServerHtml } from '../ui/ServerHtml';
import { focusMainHeading } from './RouteFocus';
import { useFirstLoads } from '../../ssr/firstLoads';
import { readRenderPreferences } from '../../../contract/page-data';

/** The banner's height while it shows, for GlobalStyle's scroll padding and the page's bottom space. */
export const COOKIE_BANNER_HEIGHT_VAR = '--cookie-banner-height';

const Banner = styled.section`
  position: fixed;
  left: 16px;
  right: 16px;
  bottom: 16px;
  z-index: 1300;
  max-width: 960px;
  margin: 0 auto;
  display: flex;
  align-items: center;
  gap: 24px;
  padding: 20px 56px 20px 24px;
  border-radius: ${({ theme }) => theme.radius}px;
  background: ${({ theme }) => theme.colors.white};
  box-shadow: ${({ theme }) => theme.shadow};
  ${media.down('md')} {
    flex-direction: column;
    align-items: stretch;
    gap: 12px;
    left: 8px;
    right: 8px;
    bottom: 8px;
  }
  /* Short viewports (a landscape phone, 400 % zoom): a slim strip that never takes most of the screen. */
  @media (max-height: 500px) {
    flex-direction: row;
    flex-wrap: wrap;
    align-items: center;
    gap: 4px 12px;
    left: 0;
    right: 0;
    bottom: 0;
    max-height: 40vh;
    overflow-y: auto;
    padding: 6px 44px 6px 12px;
    border-radius: 0;
    font-size: 0.875rem;
    h2 {
      display: none;
    }
    button {
      min-height: 32px;
      padding: 4px 12px;
    }
  }
`;

const Text = styled.div`
  flex: 1;
  h2 {
    margin: 0 0 4px;
    font-size: 1.1rem;
    color: ${({ theme }) => theme.colors.brown};
  }
  p {
    margin: 0;
  }
  @media (max-height: 500px) {
    flex-basis: 100%;
  }
`;

const Actions = styled.div`
  display: flex;
  gap: 12px;
  flex-shrink: 0;
`;

const Close = styled(CloseButton)`
  position: absolute;
  top: 8px;
  right: 8px;
`;

export interface CookieBannerProps {
  actorRef: CookieConsentActorRef;
  /** `cookiePopup.title` from static content; a translated default when empty */
  title: string;
  /** `cookiePopup.description`: HTML from our own server */
  descriptionHtml: string;
}

/** The cookie banner (SPEC §2, §4): shown while the consent machine is in a `bannerVisible` state. */
export function CookieBanner({ actorRef, title, descriptionHtml }: CookieBannerProps) {
  const t = useT();
  const language = useLanguage();
  const visible = useSelector(actorRef, (s) => s.hasTag('bannerVisible'));
  const ref = useRef<HTMLElement>(null);
  useReservedSpace(ref, visible);
  if (!visible) return null;
  const privacyHref = href(language, 'privacyPolicy');
  // The banner goes away under the keyboard user's focus: the page's heading takes it first, so focus
  // does not fall to the body.
  const choose = (type: 'cookies.accepted' | 'cookies.declined' | 'cookies.dismissed') => {
    if (ref.current?.contains(document.activeElement)) focusMainHeading();
    actorRef.send({ type });
  };
  return (
    <Banner ref={ref} aria-labelledby="cookie-banner-title" data-cookie-banner="">
      <Text>
        <h2 id="cookie-banner-title">{title || t('layout.cookies.defaultTitle')}</h2>
        <ServerHtml html={descriptionHtml} />
        {/* The policy the text refers to is always one click away, whether or not the editor linked it. */}
        {!linksTo(descriptionHtml, privacyHref) && (
          <p>
            <Link href={privacyHref}>{t('layout.cookies.privacyPolicy')}</Link>
          </p>
        )}
      </Text>
      <Actions>
        <Button onClick={() => choose('cookies.accepted')}>{t('layout.cookies.accept')}</Button>
        {/* Decline is a choice like Accept and is kept as long; only the close icon asks again later. */}
        <Button variant="secondary" onClick={() => choose('cookies.declined')}>
          {t('layout.cookies.decline')}
        </Button>
      </Actions>
      <Close type="button" onClick={() => choose('cookies.dismissed')} aria-label={t('layout.cookies.close')}>
        <CloseIcon />
      </Close>
    </Banner>
  );
}

function linksTo(html: string, path: string): boolean {
  return html.includes(`href="${path}`) || html.includes(`href='${path}`);
}

/**
 * While the banner shows, the page reserves its height at the bottom: the root's scroll padding keeps a
 * focused element from scrolling in behind it, and the body's bottom padding lets the last content scroll
 * above it. The banner's height changes with the viewport and the text, so it is measured, not assumed.
 */
function useReservedSpace(ref: RefObject<HTMLElement | null>, visible: boolean) {
  useLayoutEffect(() => {
    const root = document.documentElement;
    const el = ref.current;
    if (!visible || !el) {
      root.style.removeProperty(COOKIE_BANNER_HEIGHT_VAR);
      return;
    }
    const update = () => root.style.setProperty(COOKIE_BANNER_HEIGHT_VAR, `${Math.ceil(el.getBoundingClientRect().height) + 16}px`);
    update();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(COOKIE_BANNER_HEIGHT_VAR);
    };
  }, [ref, visible]);
}

/**
 * Container: runs the app's cookie-consent machine with its real cookie reads and writes. On a server-rendered
 * page it starts settled: on the server from the cookies the page request carried, in the browser from the same
 * cookies as they are when it mounts (hydrating, they are the ones the server saw; mounted again later, the
 * visitor's answer since). So the banner is in the server's HTML and hydration draws nothing new. Otherwise
 * the machine reads them.
 */
export function CookieBannerContainer(props: Omit<CookieBannerProps, 'actorRef'>) {
  const first = useFirstLoads();
  const [settled] = useState(() => {
    if (!first) return undefined;
    const chosen = first.side === 'server' ? first.preferences.cookieChoiceMade : readRenderPreferences(document.cookie).cookieChoiceMade;
    return browserCookieConsentMachine.resolveState({ value: chosen ? 'hidden' : 'visible' });
  });
  const actorRef = useActorRef(browserCookieConsentMachine, settled ? { snapshot: settled } : undefined);
  return <CookieBanner actorRef={actorRef} {...props} />;
}
