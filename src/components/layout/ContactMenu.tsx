import { useActorRef, useSelector } from '@xstate/react';
import styled from 'styled-components';
import { Link } from 'wouter';
import { disclosureMachine, type DisclosureActorRef } from '../../../machines/disclosure.machine';
import type { Language } from '../../config/env';
import { href } from '../../../contract/routes';
import { useT } from '../../i18n/i18n';
import { AnchorButton } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { media } from '../../../lib/theme';
import { MailIcon, PhoneIcon } from '../ui/icons';
import { formatContactPhone } from './phone';

// From the lg breakpoint up: a fixed rail of two icon buttons at the right edge, in the gutter beside the
// 1100 px content column, low on the screen (clear of the hero's slide arrows at mid-height, above the offer
// page's sticky bar). Below lg the content reaches the edge and a fixed rail would sit on top of hero text,
// buttons and legends, so the same two controls are a band in the page's flow, after the main content and
// before the footer, with their labels written out: they never cover anything.
const Rail = styled.nav`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 8px;
  padding: 20px ${({ theme }) => theme.layout.sectionPaddingSmall}px;
  background: ${({ theme }) => theme.colors.cream};
  ${media.up('lg')} {
    position: fixed;
    right: 0;
    bottom: 120px;
    z-index: 900;
    flex-direction: column;
    gap: 2px;
    padding: 0;
    background: none;
  }
`;

const railItem = `
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  min-height: 48px;
  padding: 0 14px;
  border: 0;
  border-radius: 8px;
  font: inherit;
  font-weight: 700;
  cursor: pointer;
  text-decoration: none;
  ${media.up('lg')} {
    width: 48px;
    height: 48px;
    padding: 0;
    border-radius: 8px 0 0 8px;
    .label {
      display: none;
    }
  }
`;

const CallButton = styled.button`
  ${railItem}
  background: ${({ theme }) => theme.colors.green};
  color: ${({ theme }) => theme.colors.white};
  &:hover {
    background: ${({ theme }) => theme.colors.greenDark};
  }
`;

const ContactLink = styled(Link)`
  ${railItem}
  background: ${({ theme }) => theme.colors.brown};
  color: ${({ theme }) => theme.colors.white};
  &:hover {
    background: ${({ theme }) => theme.colors.brownLight};
  }
`;

const PhoneNumber = styled.p`
  margin: 16px 0;
  font-size: 1.5rem;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.brown};
`;

export interface ContactMenuViewProps {
  actorRef: DisclosureActorRef;
  language: Language;
  /** `contactMenu.phone` from static content, as given */
  phone: string;
}

/**
 * The contact menu: a call button opening the call dialog, and a contact-page link; a fixed right-side
 * rail on wide screens, a band in the flow (above the footer) on small ones.
 */
export function ContactMenuView({ actorRef, language, phone }: ContactMenuViewProps) {
  const t = useT();
  const open = useSelector(actorRef, (s) => s.hasTag('open'));
  const formatted = formatContactPhone(phone);
  const close = () => actorRef.send({ type: 'disclosure.closed' });
  return (
    <>
      <Rail aria-label={t('layout.contactMenu.label')} data-testid="contact-menu">
        <CallButton
          type="button"
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-label={t('layout.contactMenu.call')}
          onClick={() => actorRef.send({ type: 'disclosure.opened' })}
        >
          <PhoneIcon />
          <span className="label">{t('layout.contactMenu.call')}</span>
        </CallButton>
        <ContactLink href={href(language, 'contact')} aria-label={t('layout.contactMenu.contact')}>
          <MailIcon />
          <span className="label">{t('layout.contactMenu.contact')}</span>
        </ContactLink>
      </Rail>
      <Dialog open={open} onClose={close} title={t('layout.contactMenu.dialogTitle')}>
        <p>{t('layout.contactMenu.dialogText')}</p>
        {formatted.display ? (
          <>
            <PhoneNumber data-testid="contact-phone">{formatted.display}</PhoneNumber>
            {formatted.tel && (
              <AnchorButton href={`tel:${formatted.tel}`} block>
                {t('layout.contactMenu.callNumber', { phone: formatted.display })}
              </AnchorButton>
            )}
          </>
        ) : (
          <p>{t('layout.contactMenu.noPhone')}</p>
        )}
      </Dialog>
    </>
  );
}

export interface ContactMenuProps {
  language: Language;
  phone: string;
}

/** Container: owns the call dialog's disclosure machine. */
export function ContactMenu({ language, phone }: ContactMenuProps) {
  const actorRef = useActorRef(disclosureMachine);
  return <ContactMenuView actorRef={actorRef} language={language} phone={phone} />;
}
