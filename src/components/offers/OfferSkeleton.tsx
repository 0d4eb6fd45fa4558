// A placeholder card while offers load (SPEC §4: idle or loading shows skeletons).
import styled, { keyframes } from 'styled-components';
import type { OfferCardLayout } from './OfferCard';

const pulse = keyframes`
  0% { opacity: 1; }
  50% { opacity: 0.45; }
  100% { opacity: 1; }
`;

const Box = styled.div<{ $layout: OfferCardLayout }>`
  display: flex;
  flex-direction: ${({ $layout }) => ($layout === 'list' ? 'row' : 'column')};
  gap: 12px;
  height: 100%;
  padding: 0 0 20px;
  border-radius: ${({ theme }) => theme.radius}px;
  background: ${({ theme }) => theme.colors.white};
  box-shadow: ${({ theme }) => theme.shadow};
  overflow: hidden;
  & > * {
    background: ${({ theme }) => theme.colors.greenLight};
    animation: ${pulse} 1.4s ease-in-out infinite;
    @media (prefers-reduced-motion: reduce) {
      animation: none;
    }
  }
`;

const Image = styled.div`
  aspect-ratio: 16 / 10;
  min-width: 40%;
`;
const Line = styled.div<{ $w: number; $h?: number }>`
  height: ${({ $h = 14 }) => $h}px;
  margin: 0 20px;
  width: ${({ $w }) => $w}%;
  border-radius: 4px;
`;

export function OfferSkeleton({ layout = 'tile' }: { layout?: OfferCardLayout }) {
  return (
    <Box $layout={layout} data-testid="offer-skeleton" aria-hidden="true">
      <Image />
      {/* the card's blocks at their heights: title, description, the figures (two rows), funding, link */}
      <Line $w={70} $h={24} />
      <Line $w={90} $h={18} />
      <Line $w={80} $h={18} />
      <Line $w={90} $h={40} />
      <Line $w={90} $h={40} />
      <Line $w={90} $h={44} />
      <Line $w={40} $h={18} />
    </Box>
  );
}
