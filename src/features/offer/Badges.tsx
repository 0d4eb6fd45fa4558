import styled from 'styled-components';
import { useT } from '../../i18n/i18n';
import type { Badge } from './types';

/** The offer's coloured badges, plus an 'open' label while it is open. */
export function Badges({ badges, isOpen }: { badges: Badge[]; isOpen: boolean }) {
  const t = useT();
  if (badges.length === 0 && !isOpen) return null;
  return (
    <Row>
      {isOpen && <OpenLabel data-testid="open-label">{t('offer.openLabel')}</OpenLabel>}
      {badges.map((b, i) => (
        <Chip key={`${b.text}-${i}`} style={{ background: b.colorBackground || undefined, color: b.colorText || undefined }}>
          {b.text}
        </Chip>
      ))}
    </Row>
  );
}

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

const Chip = styled.span`
  display: inline-block;
  padding: 4px 12px;
  border-radius: 999px;
  font-size: 0.85rem;
  font-weight: 700;
  background: ${({ theme }) => theme.colors.cream};
  color: ${({ theme }) => theme.colors.brown};
`;

const OpenLabel = styled(Chip)`
  background: ${({ theme }) => theme.colors.green};
  color: ${({ theme }) => theme.colors.white};
`;
