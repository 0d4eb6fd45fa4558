// One offer in a list (SPEC §2 "Offer card"): thumbnail with an Open / Closed / Funded badge, title, main
// description, what investors decide on (price per share, minimum investment, projected return, investment
// window, funding progress: raised / target and SPEC §9's percentage) and a 'check available houses' link to
// the offer. Every block has a fixed height whatever its content (the title two lines, the description three,
// a figure one, '—' when unknown), so every card of a layout has the same height and the skeleton
// (OfferSkeleton, built from the same blocks) has exactly the card's height: no layout shift when the offers
// arrive. Links carry the page the user came from (`{ from }`), so the offer page's
// back link returns there. Used by the home page, the offers list, the not-found and forbidden pages and
// the offer page's featured offers.
import styled, { css } from 'styled-components';
import { Link } from 'wouter';
import type { Language } from '../../config/env';
import { href } from '../../../contract/routes';
import { useT } from '../../i18n/i18n';
import { ServerHtml } from '../ui/ServerHtml';
import { offerStatus } from './figures';
import { OfferFigures, OfferStatusBadge } from './OfferFigures';
import { isBlankHtml } from './html';
import type { OfferLinkState, OfferSummary } from './types';

export type OfferCardLayout = 'tile' | 'list';

export interface OfferCardProps {
  offer: OfferSummary;
  language: Language;
  /** the originating page (path + query), passed to the offer page as navigation state */
  from?: string;
  layout?: OfferCardLayout;
  /** heading level of the title (3 by default: cards sit under a section heading) */
  headingLevel?: 2 | 3 | 4;
  /**
   * How the thumbnail loads: `lazy` by default; `eager` for a card above the fold; `priority` for the
   * list's LCP element (eager, fetchpriority="high": the one the server preloads for the offers list, spaHtml.ts).
   */
  image?: 'lazy' | 'eager' | 'priority';
}

/** The offer page of an offer in a language (its slug in that language, falling back to the other). */
export function offerHref(language: Language, offer: Pick<OfferSummary, 'slug'>): string {
  const slug = offer.slug[language] || offer.slug.pl || offer.slug.en;
  return href(language, 'offer', { slug });
}

export function OfferCard({ offer, language, from, layout = 'tile', headingLevel = 3, image = 'lazy' }: OfferCardProps) {
  const t = useT();
  const to = offerHref(language, offer);
  const state: OfferLinkState | undefined = from ? { from } : undefined;
  const Heading = `h${headingLevel}` as 'h3';
  const title = offer.title ?? '';
  const status = offerStatus(offer);
  return (
    <Card $layout={layout} data-testid="offer-card" data-status={status}>
      <Thumb $layout={layout}>
        {offer.thumbUrl ? (
          <img
            src={offer.thumbUrl}
            alt={title}
            loading={image === 'lazy' ? 'lazy' : 'eager'}
            fetchPriority={image === 'priority' ? 'high' : undefined}
          />
        ) : (
          <Placeholder aria-hidden="true" />
        )}
        <OnThumb>
          <OfferStatusBadge status={status} />
        </OnThumb>
      </Thumb>
      <Body>
        <Heading className="offer-title">{title}</Heading>
        {/* the description's three lines are held when it is empty too */}
        {isBlankHtml(offer.mainDescription) ? <DescriptionBox /> : <Description html={offer.mainDescription ?? ''} />}
        <OfferFigures offer={offer} language={language} title={title} />
        <CheckRow>
          <Link href={to} state={state} aria-label={`${t('offers.card.check')}: ${title}`}>
            {t('offers.card.check')}
          </Link>
        </CheckRow>
      </Body>
    </Card>
  );
}

export const Card = styled.article<{ $layout: OfferCardLayout }>`
  display: flex;
  flex-direction: column;
  height: 100%;
  background: ${({ theme }) => theme.colors.white};
  border-radius: ${({ theme }) => theme.radius}px;
  box-shadow: ${({ theme }) => theme.shadow};
  overflow: hidden;
  ${({ $layout, theme }) =>
    $layout === 'list' &&
    css`
      @media (min-width: ${theme.breakpoints.sm}px) {
        flex-direction: row;
      }
    `}
`;

export const Thumb = styled.div<{ $layout: OfferCardLayout }>`
  position: relative;
  aspect-ratio: 16 / 10;
  background: ${({ theme }) => theme.colors.greenLight};
  flex-shrink: 0;
  ${({ $layout, theme }) =>
    $layout === 'list' &&
    css`
      @media (min-width: ${theme.breakpoints.sm}px) {
        width: 40%;
        max-width: 360px;
      }
    `}
  img {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

const OnThumb = styled.div`
  position: absolute;
  top: 12px;
  left: 12px;
`;

export const Placeholder = styled.div`
  width: 100%;
  height: 100%;
`;

export const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: 8px;
  padding: 16px 20px 20px;
  flex: 1;
  .offer-title {
    margin: 0;
    font-size: 1.2rem;
    line-height: 1.3;
    color: ${({ theme }) => theme.colors.brown};
    /* two lines, held when the title takes one */
    min-height: 2.6em;
    display: -webkit-box;
    -webkit-line-clamp: 2;
    -webkit-box-orient: vertical;
    overflow: hidden;
  }
`;

/** Three lines exactly (held when shorter, clamped when longer): the figures sit at one height on every card. */
const descriptionLines = css`
  color: ${({ theme }) => theme.colors.textMuted};
  line-height: 1.5;
  height: 4.5em;
  display: -webkit-box;
  -webkit-line-clamp: 3;
  -webkit-box-orient: vertical;
  overflow: hidden;
`;

export const DescriptionBox = styled.div`
  ${descriptionLines}
`;

const Description = styled(ServerHtml)`
  ${descriptionLines}
  p {
    margin: 0;
    display: inline;
  }
  p + p::before {
    content: ' ';
  }
`;

export const CheckRow = styled.p`
  margin: auto 0 0;
  a {
    font-weight: 700;
    color: ${({ theme }) => theme.colors.green};
  }
  a:hover {
    text-decoration: underline;
  }
`;
