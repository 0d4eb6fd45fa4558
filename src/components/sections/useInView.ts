// Whether an element has scrolled into view (IntersectionObserver); true at once where there is none.
import { useEffect, useState, useSyncExternalStore, type RefObject } from 'react';

const never = () => () => {};

export function useInView(
  ref: RefObject<Element | null>,
  options: { once?: boolean; threshold?: number; rootMargin?: string } = {},
): boolean {
  const { once = false, threshold = 0.25, rootMargin } = options;
  const [inView, setInView] = useState(false);
  // The server (and so the hydrating render) assumes an observer; a browser without one renders again at once.
  const observable = useSyncExternalStore(never, () => typeof IntersectionObserver !== 'undefined', () => true);
  useEffect(() => {
    const el = ref.current;
    if (!el || !observable) return undefined;
    // several entries in one callback (a busy page) are oldest first: the last is where the element is now
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        setInView(entry.isIntersecting);
        if (entry.isIntersecting && once) observer.disconnect();
      },
      { threshold, rootMargin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, once, threshold, rootMargin, observable]);
  return inView || !observable;
}
