// Whether an element has scrolled out of view above the viewport (the offer's sticky bar shows then, SPEC §2).
import { useEffect, useState, type RefObject } from 'react';

export function useScrolledPast(ref: RefObject<Element | null>): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return undefined;
    // The root is stretched far below the viewport, so the element counts as "in view" anywhere below the
    // top edge and the one crossing that matters (scrolled past the top) fires even on a jump scroll that
    // starts with the element below the fold.
    // A busy page (hydrating, a long task) can get several of the element's entries in one callback, oldest
    // first: only the last is where the element is now. Read the first and a jump scroll made before the initial
    // entry was delivered is lost, and the bar stays out until the next crossing.
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        setPast(!entry.isIntersecting && entry.boundingClientRect.top < 0);
      },
      { rootMargin: '0px 0px 100000px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return past;
}
