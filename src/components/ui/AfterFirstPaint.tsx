// Draws its children only after the screen around it has been committed, in a transition of their own:
// the first screen of a long page (a home page's hero and intro) is committed and painted without waiting for the
// sections below the fold, which follow a moment later, built in slices of a few milliseconds. Only for content
// that starts below the fold: it appears under what is already on screen and moves none of it.
import { startTransition, useEffect, useState, type ReactNode } from 'react';

export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    startTransition(() => setShown(true));
  }, []);
  return shown ? <>{children}</> : null;
}
