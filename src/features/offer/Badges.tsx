import styled from 'styled-components';
import { OfferStatusBadge } from '../../components/offers/OfferFigures';
import type { OfferStatus } from '../../components/offers/types';
import type { Badge } from './types';

/**
 * The offer's state as on its card, Open / Closed / Funded (SPEC §2's 'open' label), then its
 * coloured badges.
 */
export function Badges({ badges, status }: { badges: Badge[]; status: OfferStatus }) {
  return (
    <Row>
      <OfferStatusBadge status={status} />
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
  align-items: center;
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
