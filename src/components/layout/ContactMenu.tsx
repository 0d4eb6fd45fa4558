import { useActorRef, useSelector } from '@xstate/react';
import styled from 'styled-components';
import { Link } from 'wouter';
import { disclosureMachine, type DisclosureActorRef } from '../../../machines/disclosure.machine';
import type { Language } from '../../config/env';
import { href } from '../../config/paths';
import { useT } from '../../i18n/i18n';
import { AnchorButton } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { MailIcon, PhoneIcon } from '../ui/icons';
import { formatContactPhone } from './phone';

const Rail = styled.nav`
  position: fixed;
  right: 0;
  top: 50%;
  transform: translateY(-50%);
  z-index: 900;
  display: flex;
  flex-direction: column;
  gap: 2px;
`;

const railItem = `
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 48px;
  height: 48px;
  border: 0;
  border-radius: 8px 0 0 8px;
  cursor: pointer;
  text-decoration: none;
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

/** The fixed right-side contact menu: a call button opening the call dialog, and a contact-page link. */
export function ContactMenuView({ actorRef, language, phone }: ContactMenuViewProps) {
  const t = useT();
  const open = useSelector(actorRef, (s) => s.hasTag('open'));
  const formatted = formatContactPhone(phone);
  const close = () => actorRef.send({ type: 'disclosure.closed' });
  return (
    <>
      <Rail aria-label={t('layout.contactMenu.label')}>
        <CallButton
          type="button"
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-label={t('layout.contactMenu.call')}
          onClick={() => actorRef.send({ type: 'disclosure.opened' })}
        >
          <PhoneIcon />
        </CallButton>
        <ContactLink href={href(language, 'contact')} aria-label={t('layout.contactMenu.contact')}>
          <MailIcon />
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
