import { useEffect } from 'react';
import { useLocation } from 'wouter';

/** SPEC §2: the page scrolls to top on every location change. Renders nothing. */
export function ScrollToTop() {
  const [location] = useLocation();
  useEffect(() => {
    try {
      window.scrollTo(0, 0);
    } catch {
      // environments without scrolling (tests)
    }
  }, [location]);
  return null;
}
