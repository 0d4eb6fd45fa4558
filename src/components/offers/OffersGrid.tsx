// A grid of offer cards, or of skeletons while loading. Tiles: 1 column on small screens, 2 on medium,
// 3 on large (SPEC §2); the list view puts one card per row.
import styled, { css } from 'styled-components';
import type { Language } from '../../config/env';
import { useT } from '../../i18n/i18n';
import { OfferCard, type OfferCardLayout } from './OfferCard';
import { OfferSkeleton } from './OfferSkeleton';
import type { OfferSummary } from './types';

export interface OffersGridProps {
  offers: readonly OfferSummary[];
  language: Language;
  layout?: OfferCardLayout;
  /** originating page for the offer links' navigation state */
  from?: string;
  /** show this many skeletons instead of the offers */
  skeletons?: number;
  /**
   * While skeletons show: the number of cards expected, whose place is held by invisible skeletons after the
   * visible ones (SPEC §2 shows 2 or 3), so what follows the list (pager, footer) does not move when the
   * offers arrive (no layout shift).
   */
  reserve?: number;
  /** accessible name of the list */
  label?: string;
  /**
   * The first cards above the fold: their images load eagerly instead of lazily (the browser fetches
   * them as soon as the list is drawn, not after layout); 0 by default.
   */
  eager?: number;
  /** The first card's image is the page's LCP element: fetchpriority="high" (and eager). */
  priority?: boolean;
  /** columns on small / medium / large screens (1/2/3 by default) */
  columns?: { small: number; medium: number; large: number };
  /** the cards' title level: one below the heading the list sits under (3 under a section's h2 by default) */
  headingLevel?: 2 | 3 | 4;
}

export function OffersGrid({
  offers,
  language,
  layout = 'tile',
  from,
  skeletons = 0,
  reserve = 0,
  label,
  eager = 0,
  priority = false,
  columns = { small: 1, medium: 2, large: 3 },
  headingLevel = 3,
}: OffersGridProps) {
  const t = useT();
  if (skeletons > 0) {
    return (
      <Grid $layout={layout} $columns={columns} aria-busy="true" aria-label={t('offers.loading')} data-testid="offers-skeletons">
        {Array.from({ length: Math.max(skeletons, reserve) }, (_, i) =>
          i < skeletons ? (
            // keys of their own: an offer whose id equals a skeleton's index must not take over (and move) its <li>
            <li key={`skeleton-${i}`}>
              <OfferSkeleton layout={layout} />
            </li>
          ) : (
            <Held key={`skeleton-${i}`} aria-hidden="true" data-testid="offer-place-held">
              <OfferSkeleton layout={layout} held />
            </Held>
          ),
        )}
      </Grid>
    );
  }
  return (
    <Grid $layout={layout} $columns={columns} aria-label={label} data-layout={layout}>
      {offers.map((offer, i) => (
        <li key={`offer-${offer.id}`}>
          <OfferCard
            offer={offer}
            language={language}
            headingLevel={headingLevel}
            from={from}
            layout={layout}
            image={i === 0 && priority ? 'priority' : i < Math.max(eager, priority ? 1 : 0) ? 'eager' : 'lazy'}
          />
        </li>
      ))}
    </Grid>
  );
}

const Grid = styled.ul<{ $layout: OfferCardLayout; $columns: { small: number; medium: number; large: number } }>`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 24px;
  ${({ $layout, $columns, theme }) =>
    $layout === 'list'
      ? css`
          grid-template-columns: 1fr;
        `
      : css`
          grid-template-columns: repeat(${$columns.small}, minmax(0, 1fr));
          @media (min-width: ${theme.breakpoints.sm}px) {
            grid-template-columns: repeat(${$columns.medium}, minmax(0, 1fr));
          }
          @media (min-width: ${theme.breakpoints.md}px) {
            grid-template-columns: repeat(${$columns.large}, minmax(0, 1fr));
          }
        `}
`;

const Held = styled.li`
  visibility: hidden;
  * {
    animation: none !important;
  }
`;
