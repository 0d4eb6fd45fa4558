import styled, { css } from 'styled-components';
import { Link } from 'wouter';
import type { MenuItem } from '../../api/types';
import type { Language } from '../../config/env';
import { AnchorButton, LinkButton } from '../ui/Button';
import { resolveMenuHref } from './menuItems';

const linkLook = css`
  color: inherit;
  font-weight: 700;
  text-decoration: none;
  padding: 8px 4px;
  border-bottom: 2px solid transparent;
  &:hover {
    border-bottom-color: currentColor;
  }
  &[aria-current='page'] {
    border-bottom-color: ${({ theme }) => theme.colors.green};
  }
`;

const InternalLink = styled(Link)`
  ${linkLook}
`;
const ExternalLink = styled.a`
  ${linkLook}
`;

export interface MenuItemLinkProps {
  item: MenuItem;
  language: Language;
  /** called after the user picks the item (the drawer closes on it) */
  onSelect?: () => void;
  className?: string;
}

/**
 * One header or footer menu item. `type: 'button'` items are drawn as buttons but stay links: they
 * navigate, so an <a> is the right element for assistive technology.
 */
export function MenuItemLink({ item, language, onSelect, className }: MenuItemLinkProps) {
  const resolved = resolveMenuHref(language, item.href);
  if (!resolved) return null;
  const common = { href: resolved.to, onClick: onSelect, className, children: item.title };
  if (item.type === 'button') {
    return resolved.kind === 'external' ? <AnchorButton {...common} /> : <LinkButton {...common} />;
  }
  return resolved.kind === 'external' ? <ExternalLink {...common} /> : <InternalLink {...common} />;
}
