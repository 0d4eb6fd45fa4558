import styled from 'styled-components';
import { Link } from 'wouter';
import type { Language } from '../../config/env';
import { href } from '../../config/paths';
import { useT } from '../../i18n/i18n';

const Home = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 10px;
  color: ${({ theme }) => theme.colors.brown};
  text-decoration: none;
  font-weight: 700;
  font-size: 1.2rem;
  white-space: nowrap;
`;

/** Self-drawn mark: a house roof over three share bars, in the brand's green and brown. */
function Mark() {
  return (
    <svg width="40" height="40" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <path d="M4 19L20 5l16 14" fill="none" stroke="#1f5c3a" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      <rect x="10" y="22" width="5" height="13" rx="1" fill="#3b2a20" />
      <rect x="17.5" y="18" width="5" height="17" rx="1" fill="#1f5c3a" />
      <rect x="25" y="25" width="5" height="10" rx="1" fill="#3b2a20" />
    </svg>
  );
}

export function Logo({ language }: { language: Language }) {
  const t = useT();
  return (
    <Home href={href(language, 'home')} aria-label={t('layout.topBar.logoAlt')}>
      <Mark />
      <span aria-hidden="true">{t('common.siteName')}</span>
    </Home>
  );
}
