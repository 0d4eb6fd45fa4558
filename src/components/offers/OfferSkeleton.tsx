// A placeholder card while offers load (SPEC §4: idle or loading shows skeletons). It is built from the card's
// own blocks (OfferCard.tsx: thumbnail, two-line title, three-line description, the four figures, funding and
// link rows), each holding a pulsing bar on its line, so it has exactly the card's height in every layout and
// width: nothing below moves when the offers arrive.
import styled, { keyframes } from 'styled-components';
import { Body, Card, CheckRow, DescriptionBox, Placeholder, Thumb, type OfferCardLayout } from './OfferCard';
import { Facts, Funding, FundingRow, Track } from './OfferFigures';

const pulse = keyframes`
  0% { opacity: 1; }
  50% { opacity: 0.45; }
  100% { opacity: 1; }
`;

/** A bar on a text line: shorter than the line, so the line keeps the text's height. */
const Bar = styled.span<{ $w: number }>`
  display: inline-block;
  vertical-align: middle;
  width: ${({ $w }) => $w}%;
  height: 0.8em;
  border-radius: 4px;
  background: ${({ theme }) => theme.colors.greenLight};
  animation: ${pulse} 1.4s ease-in-out infinite;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

const Pulse = styled(Placeholder)`
  animation: ${pulse} 1.4s ease-in-out infinite;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

/** `held`: an invisible one that only holds a card's place (OffersGrid's `reserve`), without the test id. */
export function OfferSkeleton({ layout = 'tile', held = false }: { layout?: OfferCardLayout; held?: boolean }) {
  return (
    <Card as="div" $layout={layout} data-testid={held ? undefined : 'offer-skeleton'} aria-hidden="true">
      <Thumb $layout={layout}>
        <Pulse />
      </Thumb>
      <Body>
        <div className="offer-title">
          <Bar $w={70} />
        </div>
        <DescriptionBox>
          <Bar $w={95} />
          <br />
          <Bar $w={80} />
        </DescriptionBox>
        <Facts>
          {[55, 60, 45, 70].map((w, i) => (
            <div key={i}>
              <dt>
                <Bar $w={w} />
              </dt>
              <dd>
                <Bar $w={w - 10} />
              </dd>
            </div>
          ))}
        </Facts>
        <Funding>
          <FundingRow>
            <span>
              <Bar $w={90} />
            </span>
          </FundingRow>
          <Track />
        </Funding>
        <CheckRow>
          <Bar $w={40} />
        </CheckRow>
      </Body>
    </Card>
  );
}
