// Creates a lightbox actor for a set of photos, with page-scroll locking wired to its named effects.
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { lightboxMachine, type LightboxActorRef } from '../../../machines/lightbox.machine';
import { lockBodyScroll } from '../ui/useScrollLock';

export function useLightbox(count: number): { actorRef: LightboxActorRef; open: boolean } {
  // One chart per hook (as useActorRef keeps the first one anyway); what undoes the lock lives in its closure,
  // which only the chart's actions touch, never a render.
  const [machine] = useState(() => {
    let release: (() => void) | null = null;
    return lightboxMachine.provide({
      actions: {
        lockPageScroll: () => {
          release?.();
          release = lockBodyScroll();
        },
        unlockPageScroll: () => {
          release?.();
          release = null;
        },
      },
    });
  });
  const actorRef = useActorRef(machine, { input: { count } });
  const open = useSelector(actorRef, (s) => s.hasTag('open'));
  return { actorRef, open };
}
