// The lightbox is loaded only when first opened: react-slick and its CSS stay out of the initial chunk.
import { lazy, Suspense } from 'react';
import { useSelector } from '@xstate/react';
import type { LightboxActorRef } from '../../../machines/lightbox.machine';
import { Spinner } from '../ui/Spinner';
import type { LightboxPhoto } from './Lightbox';

const Lightbox = lazy(() => import('./Lightbox'));

export function LazyLightbox({ actorRef, photos, title }: { actorRef: LightboxActorRef; photos: LightboxPhoto[]; title: string }) {
  const open = useSelector(actorRef, (s) => s.hasTag('open'));
  if (!open) return null;
  return (
    <Suspense fallback={<Spinner />}>
      <Lightbox actorRef={actorRef} photos={photos} title={title} />
    </Suspense>
  );
}
