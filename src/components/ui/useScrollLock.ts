import { useEffect } from 'react';

// Several things may lock page scroll at once (full-screen loader, a gallery viewer, the drawer); the
// `scroll-locked` class (GlobalStyle) stays on <body> until the last of them lets go.
let locks = 0;

export function lockBodyScroll(): () => void {
  locks += 1;
  document.body.classList.add('scroll-locked');
  let released = false;
  return () => {
    if (released) return;
    released = true;
    locks = Math.max(0, locks - 1);
    if (locks === 0) document.body.classList.remove('scroll-locked');
  };
}

/** Locks body scrolling while `active` is true. */
export function useScrollLock(active = true): void {
  useEffect(() => (active ? lockBodyScroll() : undefined), [active]);
}
