import { useActorRef, useSelector } from '@xstate/react';
import { CloseButton } from '../ui/CloseButton';
import styled from 'styled-components';
import type { CookieConsentActorRef } from '../../../machines/cookieConsent.machine';
import { browserCookieConsentMachine } from './browserEffects';
import { useT } from '../../i18n/i18n';
import { media } from '../../styles/theme';
import { Button } from '../ui/Button';
import { CloseIcon } from '../ui/icons';
import { ServerHtml } from '../ui/ServerHtml';

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
  const visible = useSelector(actorRef, (s) => s.hasTag('bannerVisible'));
  if (!visible) return null;
  const dismiss = () => actorRef.send({ type: 'cookies.dismissed' });
  return (
    <Banner aria-labelledby="cookie-banner-title">
      <Text>
        <h2 id="cookie-banner-title">{title || t('layout.cookies.defaultTitle')}</h2>
        <ServerHtml html={descriptionHtml} />
      </Text>
      <Actions>
        <Button onClick={() => actorRef.send({ type: 'cookies.accepted' })}>{t('layout.cookies.accept')}</Button>
        {/* SPEC gives the banner "accept or decline" but only two cookies: accept (permanent) and dismiss
            (7 days). We send no optional cookies either way, so Decline is the dismissal: the banner asks
            again after 7 days, exactly like the close icon. */}
        <Button variant="secondary" onClick={dismiss}>
          {t('layout.cookies.decline')}
        </Button>
      </Actions>
      <Close type="button" onClick={dismiss} aria-label={t('layout.cookies.close')}>
        <CloseIcon />
      </Close>
    </Banner>
  );
}

/** Container: runs the app's cookie-consent machine with its real cookie reads and writes. */
export function CookieBannerContainer(props: Omit<CookieBannerProps, 'actorRef'>) {
  const actorRef = useActorRef(browserCookieConsentMachine);
  return <CookieBanner actorRef={actorRef} {...props} />;
}
