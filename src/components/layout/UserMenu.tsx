import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import { disclosureMachine } from '../../../machines/disclosure.machine';
import type { Language } from '../../config/env';
import { href, type RouteName } from '../../../contract/routes';
import { useT } from '../../i18n/i18n';
import { ChevronDownIcon } from '../ui/icons';

/** SPEC §2: the user menu is dashboard, orders, settings, logout. */
export const USER_MENU_ROUTES: ReadonlyArray<{ route: RouteName; labelKey: string }> = [
  { route: 'dashboard', labelKey: 'layout.topBar.dashboard' },
  { route: 'orders', labelKey: 'layout.topBar.orders' },
  { route: 'settings', labelKey: 'layout.topBar.settings' },
];

/** The user's links and logout, as list items: shared by this dropdown and the mobile drawer. */
export function UserMenuItems({
  language,
  isOperator = false,
  onSelect,
  onLogout,
}: {
  language: Language;
  /** an operator's menu starts with the back office */
  isOperator?: boolean;
  /** closes the menu that shows them */
  onSelect: () => void;
  onLogout: () => void;
}) {
  const t = useT();
  return (
    <>
      {isOperator && (
        <li>
          <Link href={href(language, 'operatorOverview')} onClick={onSelect} data-testid="user-menu-back-office">
            {t('layout.topBar.backOffice')}
          </Link>
        </li>
      )}
      {USER_MENU_ROUTES.map(({ route, labelKey }) => (
        <li key={route}>
          <Link href={href(language, route)} onClick={onSelect}>
            {t(labelKey)}
          </Link>
        </li>
      ))}
      <li>
        <button
          type="button"
          onClick={() => {
            onSelect();
            onLogout();
          }}
        >
          {t('layout.topBar.logout')}
        </button>
      </li>
    </>
  );
}

const Wrapper = styled.div`
  position: relative;
`;

const Trigger = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 44px;
  padding: 8px 12px;
  border: 2px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius}px;
  background: ${({ theme }) => theme.colors.white};
  color: ${({ theme }) => theme.colors.text};
  font-weight: 700;
  cursor: pointer;
  svg {
    transition: transform 0.2s;
  }
  &[aria-expanded='true'] svg {
    transform: rotate(180deg);
  }
`;

const List = styled.ul`
  position: absolute;
  right: 0;
  top: calc(100% + 6px);
  min-width: 200px;
  margin: 0;
  padding: 6px 0;
  list-style: none;
  background: ${({ theme }) => theme.colors.white};
  border-radius: ${({ theme }) => theme.radius}px;
  box-shadow: ${({ theme }) => theme.shadow};
  z-index: 1100;
  a,
  button {
    display: block;
    width: 100%;
    padding: 10px 16px;
    border: 0;
    background: none;
    text-align: left;
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
    cursor: pointer;
    &:hover {
      background: ${({ theme }) => theme.colors.greenLight};
    }
  }
`;

export interface UserMenuProps {
  language: Language;
  userName?: string;
  isOperator?: boolean;
  onLogout: () => void;
}

/**
 * The logged-in user's dropdown: a disclosure (button with aria-expanded controlling a list of links).
 * Its open/closed state is a disclosure machine; Escape, an outside click and a selection close it.
 */
export function UserMenu({ language, userName, isOperator, onLogout }: UserMenuProps) {
  const t = useT();
  const listId = useId();
  const actor = useActorRef(disclosureMachine);
  const open = useSelector(actor, (s) => s.hasTag('open'));
  const wrapperRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);

  // An outside click is a user event like any other; the machine decides what it means.
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (wrapperRef.current && !wrapperRef.current.contains(event.target as Node)) {
        actor.send({ type: 'disclosure.closed' });
      }
    };
    document.addEventListener('mousedown', onPointer);
    return () => document.removeEventListener('mousedown', onPointer);
  }, [open, actor]);

  const close = () => actor.send({ type: 'disclosure.closed' });

  return (
    <Wrapper
      ref={wrapperRef}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          close();
          triggerRef.current?.focus();
        }
      }}
    >
      <Trigger
        ref={triggerRef}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => actor.send({ type: 'disclosure.toggled' })}
      >
        <span className="visually-hidden">{t('layout.topBar.userMenu')}: </span>
        <span>{userName || t('layout.topBar.userMenuFallback')}</span>
        <ChevronDownIcon size={18} />
      </Trigger>
      {open && (
        <List id={listId}>
          <UserMenuItems language={language} isOperator={isOperator} onSelect={close} onLogout={onLogout} />
        </List>
      )}
    </Wrapper>
  );
}
