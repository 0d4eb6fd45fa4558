// One offer in a list (SPEC §2 "Offer card"): thumbnail, title, main description and a 'check available
// houses' link to the offer. Links carry the page the user came from (`{ from }`), so the offer page's
// back link returns there. Used by the home page, the offers list, the not-found and forbidden pages and
// the offer page's featured offers.
import styled, { css } from 'styled-components';
import { Link } from 'wouter';
import type { Language } from '../../config/env';
import { href } from '../../config/paths';
import { useT } from '../../i18n/i18n';
import { ServerHtml } from '../ui/ServerHtml';
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
}

/** The offer page of an offer in a language (its slug in that language, falling back to the other). */
export function offerHref(language: Language, offer: Pick<OfferSummary, 'slug'>): string {
  const slug = offer.slug[language] || offer.slug.pl || offer.slug.en;
  return href(language, 'offer', { slug });
}

export function OfferCard({ offer, language, from, layout = 'tile', headingLevel = 3 }: OfferCardProps) {
  const t = useT();
  const to = offerHref(language, offer);
  const state: OfferLinkState | undefined = from ? { from } : undefined;
  const Heading = `h${headingLevel}` as 'h3';
  const title = offer.title ?? '';
  return (
    <Card $layout={layout} data-testid="offer-card">
      <Thumb $layout={layout}>
        {offer.thumbUrl ? (
          <img src={offer.thumbUrl} alt={title} loading="lazy" />
        ) : (
          <Placeholder aria-hidden="true" />
        )}
        {offer.isOpen && <OpenLabel>{t('offers.card.open')}</OpenLabel>}
      </Thumb>
      <Body>
        <Heading className="offer-title">{title}</Heading>
        {!isBlankHtml(offer.mainDescription) && <Description html={offer.mainDescription ?? ''} />}
        <CheckRow>
          <Link href={to} state={state} aria-label={`${t('offers.card.check')}: ${title}`}>
            {t('offers.card.check')}
          </Link>
        </CheckRow>
      </Body>
    </Card>
  );
}

const Card = styled.article<{ $layout: OfferCardLayout }>`
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

const Thumb = styled.div<{ $layout: OfferCardLayout }>`
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

const Placeholder = styled.div`
  width: 100%;
  height: 100%;
`;

const OpenLabel = styled.span`
  position: absolute;
  top: 12px;
  left: 12px;
  padding: 4px 10px;
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.green};
  color: ${({ theme }) => theme.colors.white};
  font-size: 0.8rem;
  font-weight: 700;
`;

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: 8px;
  padding: 16px 20px 20px;
  flex: 1;
  .offer-title {
    margin: 0;
    font-size: 1.2rem;
    color: ${({ theme }) => theme.colors.brown};
  }
`;

const Description = styled(ServerHtml)`
  color: ${({ theme }) => theme.colors.textMuted};
  p {
    margin: 0 0 8px;
  }
`;

const CheckRow = styled.p`
  margin: auto 0 0;
  a {
    font-weight: 700;
    color: ${({ theme }) => theme.colors.green};
  }
  a:hover {
    text-decoration: underline;
  }
`;
