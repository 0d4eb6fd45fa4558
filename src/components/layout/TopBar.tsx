import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { MenuItem } from '../../api/types';
import type { Language } from '../../config/env';
import { href } from '../../../contract/routes';
import { useT } from '../../i18n/i18n';
import { media } from '../../../lib/theme';
import { LinkButton } from '../ui/Button';
import { Logo } from './Logo';
import { MenuItemLink } from './MenuItemLink';
import { visibleMenuItems } from './menuItems';
import { LazyUserMenu as UserMenu } from './lazyLayout';

const Bar = styled.header`
  position: fixed;
  top: 0;
  left: 0;
  right: 0;
  z-index: 1000;
  height: ${({ theme }) => theme.layout.headerHeight}px;
  display: flex;
  align-items: center;
  gap: 24px;
  padding: 0 24px;
  background: ${({ theme }) => theme.colors.white};
  box-shadow: ${({ theme }) => theme.shadow};
  ${media.down('sm')} {
    padding: 0 12px;
    gap: 12px;
  }
`;

const Nav = styled.nav`
  flex: 1;
  ul {
    display: flex;
    align-items: center;
    gap: 20px;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  ${media.down('md')} {
    display: none;
  }
`;

const Spacer = styled.div`
  flex: 1;
  ${media.up('md')} {
    display: none;
  }
`;

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
`;

/** Parts that move into the drawer on small screens. */
const DesktopOnly = styled.div`
  display: contents;
  ${media.down('md')} {
    display: none;
  }
`;

export interface TopBarProps {
  language: Language;
  /** menus.header from static content; private items show only when logged in */
  items: readonly MenuItem[];
  isLoggedIn: boolean;
  /**
   * drawn as the server drew it for a visitor whose cookie says they hold a session: the sign-in button keeps its
   * place but is not shown (nor focusable) until the visitor's own menu is drawn there, so no button that is not
   * theirs flashes
   */
  sessionPending?: boolean;
  userName?: string;
  /** a signed-in operator: the header shows the way to the back office */
  isOperator?: boolean;
  onLogout: () => void;
  /** the language switcher, owned by the app shell */
  languageSwitcher?: ReactNode;
  /** the drawer's hamburger button, shown below the md breakpoint */
  mobileMenuButton?: ReactNode;
}

/** The fixed top bar (SPEC §2 "Main frame"), 80 px high. */
export function TopBar({
  language,
  items,
  isLoggedIn,
  sessionPending = false,
  userName,
  isOperator = false,
  onLogout,
  languageSwitcher,
  mobileMenuButton,
}: TopBarProps) {
  const t = useT();
  const visible = visibleMenuItems(items, isLoggedIn);
  return (
    <Bar>
      <Logo language={language} />
      <Nav aria-label={t('layout.topBar.mainMenu')}>
        <ul>
          {visible.map((item) => (
            <li key={item.id}>
              <MenuItemLink item={item} language={language} />
            </li>
          ))}
        </ul>
      </Nav>
      <Spacer />
      <Actions>
        {languageSwitcher}
        <DesktopOnly>
          {isLoggedIn && isOperator && (
            <LinkButton href={href(language, 'operatorOverview')} variant="secondary" data-testid="header-back-office">
              {t('layout.topBar.backOffice')}
            </LinkButton>
          )}
          {isLoggedIn ? (
            <UserMenu language={language} userName={userName} isOperator={isOperator} onLogout={onLogout} />
          ) : (
            <LinkButton href={href(language, 'login')} variant="secondary" style={sessionPending ? { visibility: 'hidden' } : undefined} aria-hidden={sessionPending || undefined} tabIndex={sessionPending ? -1 : undefined}>
              {t('layout.topBar.login')}
            </LinkButton>
          )}
        </DesktopOnly>
        {mobileMenuButton}
      </Actions>
    </Bar>
  );
}
