// The offer's two templates (SPEC §2): `default` — a parallax hero from imageUrl with the badges;
// `fullWidthGallery` — the first two gallery photos side by side, one photo full width and 'View all
// photos' opening the lightbox; its card with projectType and properties shows only if properties exist.
import styled from 'styled-components';
import { Image } from '../../components/media/Image';
import { useLightbox } from '../../components/media/useLightbox';
import { ViewAllPhotos } from '../../components/media/ViewAllPhotos';
import { useT } from '../../i18n/i18n';
import { media } from '../../../lib/theme';
import { offerStatus } from '../../components/offers/figures';
import { Badges } from './Badges';
import type { Offer } from './types';

type Property = Offer['properties'][number];

export function DefaultHero({ offer }: { offer: Offer }) {
  return (
    <Hero data-testid="offer-hero" style={offer.imageUrl ? { backgroundImage: `url("${offer.imageUrl}")` } : undefined}>
      {offer.imageUrl && (
        // The image itself is the background (parallax); this keeps its alt text and load failure visible.
        <HiddenImg src={offer.imageUrl} alt={offer.title ?? ''} />
      )}
      <HeroBadges>
        <Badges badges={offer.badges} status={offerStatus(offer)} />
      </HeroBadges>
    </Hero>
  );
}

export function FullWidthGalleryHero({ offer }: { offer: Offer }) {
  const t = useT();
  const photos = [...(offer.gallery ?? [])].sort((a, b) => a.position - b.position);
  const { actorRef } = useLightbox(photos.length);
  const [first, second, third] = photos;
  const wide = third?.imageUrl ?? offer.imageUrl;
  return (
    <Gallery data-testid="offer-gallery">
      {(first || second) && (
        <Pair>
          {first && <Image priority src={first.imageUrl} alt={first.title || offer.title || ''} />}
          {second && <Image priority src={second.imageUrl} alt={second.title || offer.title || ''} />}
        </Pair>
      )}
      {wide && (
        <Wide>
          <Image priority={!first && !second} src={wide} alt={third?.title || offer.title || ''} />
        </Wide>
      )}
      <Actions>
        <ViewAllPhotos actorRef={actorRef} photos={photos} title={offer.title || t('offer.gallery')} />
      </Actions>
    </Gallery>
  );
}

export function PropertyList({ properties }: { properties: Property[] }) {
  if (properties.length === 0) return null;
  return (
    <Props data-testid="properties">
      {properties.map((p) => (
        <div key={`${p.position}-${p.label}`}>
          <dt>{p.label}</dt>
          <dd>{p.value}</dd>
        </div>
      ))}
    </Props>
  );
}

/** fullWidthGallery's card: projectType and the property list, only if properties exist. */
export function PropertiesCard({ offer, properties }: { offer: Offer; properties: Property[] }) {
  if (properties.length === 0) return null;
  return (
    <Card data-testid="properties-card">
      {offer.projectType && <h2>{offer.projectType}</h2>}
      <PropertyList properties={properties} />
    </Card>
  );
}

const Hero = styled.div`
  position: relative;
  min-height: 420px;
  background-color: ${({ theme }) => theme.colors.greenLight};
  background-size: cover;
  background-position: center;
  background-attachment: fixed;
  ${media.down('md')} {
    min-height: 260px;
    background-attachment: scroll;
  }
  @media (prefers-reduced-motion: reduce) {
    background-attachment: scroll;
  }
`;

const HiddenImg = styled.img`
  position: absolute;
  width: 1px;
  height: 1px;
  opacity: 0;
  pointer-events: none;
`;

const HeroBadges = styled.div`
  position: absolute;
  left: 24px;
  bottom: 24px;
`;

const Gallery = styled.div`
  position: relative;
  display: grid;
  gap: 8px;
`;

const Pair = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 8px;
  height: 340px;
  ${media.down('sm')} {
    height: 180px;
  }
`;

const Wide = styled.div`
  height: 420px;
  ${media.down('sm')} {
    height: 220px;
  }
`;

const Actions = styled.div`
  position: absolute;
  right: 16px;
  bottom: 16px;
  button {
    background: ${({ theme }) => theme.colors.white};
  }
`;

const Props = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(180px, 1fr));
  gap: 12px 24px;
  margin: 24px 0;
  dt {
    font-size: 0.85rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    font-weight: 700;
  }
`;

const Card = styled.div`
  margin: 24px 0;
  padding: 24px;
  border-radius: ${({ theme }) => theme.radius}px;
  background: ${({ theme }) => theme.colors.cream};
  h2 {
    margin: 0;
    font-size: 1.2rem;
    color: ${({ theme }) => theme.colors.green};
  }
`;
