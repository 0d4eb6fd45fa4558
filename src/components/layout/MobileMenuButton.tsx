// The hamburger of the top bar (below the md breakpoint): in the entry chunk; the drawer it opens
// (MobileDrawer.tsx) loads when it is first opened.
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { DisclosureActorRef } from '../../../machines/disclosure.machine';
import { useT } from '../../i18n/i18n';
import { media } from '../../../lib/theme';
import { MenuIcon } from '../ui/icons';

export const MOBILE_DRAWER_ID = 'mobile-drawer';

export const IconButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 44px;
  border: 0;
  border-radius: ${({ theme }) => theme.radius}px;
  background: transparent;
  color: ${({ theme }) => theme.colors.brown};
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.greenLight};
  }
`;

const Hamburger = styled(IconButton)`
  ${media.up('md')} {
    display: none;
  }
`;

/** The hamburger in the top bar; below the md breakpoint only. */
export function MobileMenuButton({ actorRef }: { actorRef: DisclosureActorRef }) {
  const t = useT();
  const open = useSelector(actorRef, (s) => s.hasTag('open'));
  return (
    <Hamburger
      type="button"
      aria-expanded={open}
      aria-controls={MOBILE_DRAWER_ID}
      aria-label={t('layout.drawer.open')}
      onClick={() => actorRef.send({ type: 'disclosure.toggled' })}
    >
      <MenuIcon />
    </Hamburger>
  );
}
