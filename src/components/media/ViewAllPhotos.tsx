// 'View all photos': a button that opens the lightbox (loaded on first open) over every photo.
import type { LightboxActorRef } from '../../../machines/lightbox.machine';
import { useT } from '../../i18n/i18n';
import { Button } from '../ui/Button';
import { LazyLightbox } from './LazyLightbox';
import type { LightboxPhoto } from './Lightbox';

export function ViewAllPhotos({ actorRef, photos, title, className }: { actorRef: LightboxActorRef; photos: LightboxPhoto[]; title: string; className?: string }) {
  const t = useT();
  if (photos.length === 0) return null;
  return (
    <>
      <Button variant="secondary" className={className} onClick={() => actorRef.send({ type: 'lightbox.opened', index: 0 })}>
        {t('offer.viewAllPhotos', { count: photos.length })}
      </Button>
      <LazyLightbox actorRef={actorRef} photos={photos} title={title} />
    </>
  );
}
