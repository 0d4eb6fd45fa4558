// Whether an element has scrolled into view (IntersectionObserver); true at once where there is none.
import { useEffect, useState, type RefObject } from 'react';

export function useInView(
  ref: RefObject<Element | null>,
  options: { once?: boolean; threshold?: number; rootMargin?: string } = {},
): boolean {
  const { once = false, threshold = 0.25, rootMargin } = options;
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    if (typeof IntersectionObserver === 'undefined') {
      setInView(true);
      return undefined;
    }
    const observer = new IntersectionObserver(
      ([entry]) => {
        setInView(entry.isIntersecting);
        if (entry.isIntersecting && once) observer.disconnect();
      },
      { threshold, rootMargin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, once, threshold, rootMargin]);
  return inView;
}
