// Creates a lightbox actor for a set of photos, with page-scroll locking wired to its named effects.
import { useActorRef, useSelector } from '@xstate/react';
import { useRef } from 'react';
import { lightboxMachine, type LightboxActorRef } from '../../../machines/lightbox.machine';
import { lockBodyScroll } from '../ui/useScrollLock';

export function useLightbox(count: number): { actorRef: LightboxActorRef; open: boolean } {
  const release = useRef<(() => void) | null>(null);
  const actorRef = useActorRef(
    lightboxMachine.provide({
      actions: {
        lockPageScroll: () => {
          release.current?.();
          release.current = lockBodyScroll();
        },
        unlockPageScroll: () => {
          release.current?.();
          release.current = null;
        },
      },
    }),
    { input: { count } },
  );
  const open = useSelector(actorRef, (s) => s.hasTag('open'));
  return { actorRef, open };
}
