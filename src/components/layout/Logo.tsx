import styled from 'styled-components';
import { Link } from 'wouter';
import type { Language } from '../../config/env';
import { href } from '../../../contract/routes';
import { useT } from '../../i18n/i18n';
import { LOGO_MARK } from '../../../lib/logoMark';

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

/** Self-drawn mark (lib/logoMark.ts). */
function Mark() {
  const { size, roof, bars, barWidth } = LOGO_MARK;
  return (
    <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} aria-hidden="true" focusable="false">
      <path d={roof.d} fill="none" stroke={roof.stroke} strokeWidth={roof.width} strokeLinecap="round" strokeLinejoin="round" />
      {bars.map((b) => (
        <rect key={b.x} x={b.x} y={b.y} width={barWidth} height={b.height} rx="1" fill={b.fill} />
      ))}
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
