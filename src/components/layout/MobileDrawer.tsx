import { useSelector } from '@xstate/react';
import { useRef } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import type { DisclosureActorRef } from '../../../machines/disclosure.machine';
import type { MenuItem } from '../../api/types';
import type { Language } from '../../config/env';
import { href } from '../../../contract/routes';
import { useT } from '../../i18n/i18n';
import { media } from '../../../lib/theme';
import { trapTab, useModalFocus } from '../ui/focus';
import { CloseIcon } from '../ui/icons';
import { useScrollLock } from '../ui/useScrollLock';
import { MenuItemLink } from './MenuItemLink';
import { IconButton, MOBILE_DRAWER_ID } from './MobileMenuButton';
import { drawerMenuItems } from './menuItems';
import { USER_MENU_ROUTES, UserMenuItems } from './UserMenu';

// The hamburger stays in the entry chunk (src/components/layout/MobileMenuButton.tsx); this panel loads when
// it is first opened.
export { MOBILE_DRAWER_ID, MobileMenuButton } from './MobileMenuButton';
const ACCOUNT_ROUTES = USER_MENU_ROUTES.map((r) => r.route);

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 1450;
  background: ${({ theme }) => theme.colors.overlay};
  ${media.up('md')} {
    display: none;
  }
`;

const Panel = styled.div`
  position: fixed;
  top: 0;
  right: 0;
  bottom: 0;
  z-index: 1451;
  width: min(320px, 85vw);
  display: flex;
  flex-direction: column;
  padding: 16px 20px 24px;
  overflow-y: auto;
  background: ${({ theme }) => theme.colors.white};
  box-shadow: ${({ theme }) => theme.shadow};
  &:focus {
    outline: none;
  }
  ${media.up('md')} {
    display: none;
  }
`;

const PanelHeader = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  margin-bottom: 12px;
  h2 {
    margin: 0;
    font-size: 1.2rem;
    color: ${({ theme }) => theme.colors.brown};
  }
`;

const Items = styled.ul`
  margin: 0 0 16px;
  padding: 0;
  list-style: none;
  li + li {
    margin-top: 4px;
  }
  a,
  button {
    display: block;
    width: 100%;
    padding: 12px 4px;
    border: 0;
    background: none;
    text-align: left;
    font-weight: 700;
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
    cursor: pointer;
  }
`;

const Divider = styled.hr`
  width: 100%;
  border: 0;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  margin: 8px 0 16px;
`;

export interface MobileDrawerProps {
  actorRef: DisclosureActorRef;
  language: Language;
  /** menus.header from static content */
  items: readonly MenuItem[];
  isLoggedIn: boolean;
  /** a signed-in operator: the account links start with the back office */
  isOperator?: boolean;
  onLogout: () => void;
}

/**
 * The mobile menu: a modal side panel with the header items and the account links. It closes on an item
 * selection, on Escape, on the close button and on a backdrop click; focus moves into it on opening.
 */
export function MobileDrawer({ actorRef, language, items, isLoggedIn, isOperator, onLogout }: MobileDrawerProps) {
  const t = useT();
  const open = useSelector(actorRef, (s) => s.hasTag('open'));
  const panelRef = useRef<HTMLDivElement>(null);
  useScrollLock(open);

  useModalFocus(open, panelRef);

  if (!open) return null;
  const close = () => actorRef.send({ type: 'disclosure.closed' });
  const visible = drawerMenuItems(items, isLoggedIn, ACCOUNT_ROUTES);

  return (
    <>
      <Backdrop onClick={close} data-testid="mobile-drawer-backdrop" />
      <Panel
        ref={panelRef}
        id={MOBILE_DRAWER_ID}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${MOBILE_DRAWER_ID}-title`}
        tabIndex={-1}
        onKeyDown={(event) => {
          if (event.key === 'Escape') close();
          else if (panelRef.current) trapTab(event, panelRef.current);
        }}
      >
        <PanelHeader>
          <h2 id={`${MOBILE_DRAWER_ID}-title`}>{t('layout.drawer.title')}</h2>
          <IconButton type="button" onClick={close} aria-label={t('layout.drawer.close')}>
            <CloseIcon />
          </IconButton>
        </PanelHeader>
        <nav aria-label={t('layout.topBar.mainMenu')}>
          <Items>
            {visible.map((item) => (
              <li key={item.id}>
                <MenuItemLink item={item} language={language} onSelect={close} />
              </li>
            ))}
          </Items>
        </nav>
        <Divider />
        <Items>
          {isLoggedIn ? (
            <UserMenuItems language={language} isOperator={isOperator} onSelect={close} onLogout={onLogout} />
          ) : (
            <li>
              <Link href={href(language, 'login')} onClick={close}>
                {t('layout.topBar.login')}
              </Link>
            </li>
          )}
        </Items>
      </Panel>
    </>
  );
}
