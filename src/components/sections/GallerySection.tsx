// A gallery (SPEC §2): the layout depends on the photo count (1, 2, 3 or 4+); any photo opens the
// full-screen viewer (lightbox machine) at that photo. Loaded lazily by the section grid.
import styled from 'styled-components';
import { useT } from '../../i18n/i18n';
import { media } from '../../../lib/theme';
import { Image } from '../media/Image';
import { LazyLightbox } from '../media/LazyLightbox';
import { useLightbox } from '../media/useLightbox';
import { SectionBlock } from './SectionBlock';
import type { SectionOf } from './types';

export type GalleryLayout = 'one' | 'two' | 'three' | 'many';

export function galleryLayout(count: number): GalleryLayout {
  if (count <= 1) return 'one';
  if (count === 2) return 'two';
  if (count === 3) return 'three';
  return 'many';
}

export default function GallerySection({ section }: { section: SectionOf<'gallery'> }) {
  const t = useT();
  const photos = [...section.elements].sort((a, b) => a.position - b.position);
  const { actorRef } = useLightbox(photos.length);
  if (photos.length === 0) return null;
  const layout = galleryLayout(photos.length);
  const shown = layout === 'many' ? photos.slice(0, 4) : photos;
  return (
    <SectionBlock title={section.title} type="gallery">
      <Grid $layout={layout} data-layout={layout}>
        {shown.map((photo, i) => (
          <Tile
            key={`${photo.imageUrl}-${i}`}
            type="button"
            onClick={() => actorRef.send({ type: 'lightbox.opened', index: i })}
            aria-label={t('offer.openPhoto', { name: photo.title || t('offer.photo', { n: i + 1, total: photos.length }) })}
          >
            <Image src={photo.thumbUrl || photo.imageUrl} alt="" loading="lazy" />
            {layout === 'many' && i === 3 && photos.length > 4 && <More aria-hidden="true">+{photos.length - 4}</More>}
          </Tile>
        ))}
      </Grid>
      <LazyLightbox actorRef={actorRef} photos={photos} title={section.title || t('offer.gallery')} />
    </SectionBlock>
  );
}

const Grid = styled.div<{ $layout: GalleryLayout }>`
  display: grid;
  gap: 8px;
  grid-auto-rows: 220px;
  grid-template-columns: ${({ $layout }) =>
    $layout === 'one' ? '1fr' : $layout === 'two' ? '1fr 1fr' : $layout === 'three' ? '2fr 1fr' : '2fr 1fr 1fr'};
  ${({ $layout }) =>
    $layout === 'three'
      ? '& > :first-child { grid-row: span 2; }'
      : $layout === 'many'
        ? '& > :first-child { grid-row: span 2; } & > :nth-child(4) { grid-column: span 2; }'
        : ''}
  ${({ $layout }) => ($layout === 'one' ? 'grid-auto-rows: 420px;' : '')}
  ${media.down('sm')} {
    grid-template-columns: 1fr 1fr;
    grid-auto-rows: 140px;
    & > :first-child {
      grid-column: span 2;
      grid-row: auto;
    }
    & > :nth-child(4) {
      grid-column: auto;
    }
  }
`;

const Tile = styled.button`
  position: relative;
  padding: 0;
  border: 0;
  border-radius: ${({ theme }) => theme.radius}px;
  overflow: hidden;
  cursor: zoom-in;
  background: none;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const More = styled.span`
  position: absolute;
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: center;
  font-size: 2rem;
  font-weight: 700;
  color: #fff;
  background: rgba(0, 0, 0, 0.45);
`;
