import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';

// After a route change a keyboard or screen-reader user must land on the new page, not on the body the old
// page's link left behind. One mechanism for the whole app, driven by the navigation: when the location
// changes, focus goes to the new page's main heading as soon as it is drawn (pages that load their data draw
// it a little later, so a mutation observer waits for it). Focus the user or the page has already moved
// somewhere else in the meantime is left alone.

/** How long a page may take to draw its heading after a navigation. */
const WAIT_MS = 10_000;

function mainHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('main h1, [data-main-heading], h1');
}

/** Moves focus to the page's main heading (made focusable from script only); null when there is none yet. */
export function focusMainHeading(): HTMLElement | null {
  const heading = mainHeading();
  if (!heading) return null;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  // The page is scrolled to the top on every navigation already; focusing must not scroll it again.
  heading.focus({ preventScroll: true });
  return heading;
}

/** After the heading has focus, how long a page that redraws it (stale data, then fresh) keeps it focused. */
const REDRAW_MS = 2_000;

export function RouteFocus() {
  const [location] = useLocation();
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const first = previous.current === null;
    previous.current = location;
    // The first page of a visit starts at the top of the document, as any page load does.
    if (first) return undefined;
    const from = document.activeElement;
    let ours: HTMLElement | null = null;
    let redrawTimer: ReturnType<typeof setTimeout> | undefined;
    /** true when the watch is over: the user (or the page) has put focus somewhere of its own. */
    const settle = (): boolean => {
      const active = document.activeElement;
      if (active && active !== document.body && active !== from && active !== ours && document.contains(active)) return true;
      if (ours && active === ours) return false;
      // No heading focused yet, or the page drew a new one in place of the one that had focus.
      ours = focusMainHeading();
      if (ours && redrawTimer === undefined) redrawTimer = setTimeout(stop, REDRAW_MS);
      return false;
    };
    const observer = new MutationObserver(() => {
      if (settle()) stop();
    });
    const timer = setTimeout(stop, WAIT_MS);
    function stop() {
      observer.disconnect();
      clearTimeout(timer);
      clearTimeout(redrawTimer);
    }
    if (settle()) {
      stop();
      return undefined;
    }
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [location]);
  return null;
}

/** How long a form may take to answer a submit with its errors (a server's validation included). */
const ERRORS_WAIT_MS = 15_000;

function firstInvalid(form: HTMLFormElement): HTMLElement | null {
  return form.querySelector<HTMLElement>('[aria-invalid="true"]');
}

/**
 * When a submitted form answers with errors, focus goes to its first invalid field, whose description is
 * its error: the one mechanism for every form (client checks and the server's answer alike), so a
 * keyboard user is not left on the button and a screen reader reads the field and what is wrong with it.
 * Installed once for the app; it only acts while focus is still where the submit left it.
 */
export function FormErrorFocus() {
  useEffect(() => {
    let stopWatching = () => {};
    const onSubmit = (event: Event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement)) return;
      stopWatching();
      const from = document.activeElement;
      const settle = (): boolean => {
        const active = document.activeElement;
        // The user went on (typed elsewhere), or the page changed: leave focus where it is.
        if (!form.isConnected || (active && active !== from && active !== document.body)) return true;
        const invalid = firstInvalid(form);
        if (!invalid) return false;
        invalid.focus();
        return true;
      };
      const observer = new MutationObserver(() => {
        if (settle()) stopWatching();
      });
      const timer = setTimeout(() => stopWatching(), ERRORS_WAIT_MS);
      // Errors shown before this submit are there already: they count once the submit's own checks ran.
      const frame = requestAnimationFrame(() => {
        if (settle()) stopWatching();
      });
      observer.observe(form, { attributes: true, attributeFilter: ['aria-invalid'], subtree: true, childList: true });
      stopWatching = () => {
        observer.disconnect();
        clearTimeout(timer);
        cancelAnimationFrame(frame);
      };
    };
    document.addEventListener('submit', onSubmit, true);
    return () => {
      document.removeEventListener('submit', onSubmit, true);
      stopWatching();
    };
  }, []);
  return null;
}
