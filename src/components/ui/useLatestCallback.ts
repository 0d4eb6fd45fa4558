// A stable function that calls the latest `fn` a component rendered with. Actors and machine actions are provided
// once, when the actor is created, yet must reach the current navigate, form or fetcher: they call this instead.
// The latest function is taken after each commit (a layout effect), never written during a render.
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';

export function useLatestCallback<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const ref = useRef(fn);
  useLayoutEffect(() => {
    ref.current = fn;
  });
  return useCallback((...args: A) => ref.current(...args), []);
}

/**
 * A slot for a callback that a child component fills (in an effect) and its parent's actor runs: the password form
 * empties its fields when the settings chart says the change is saved.
 */
export function useCallbackSlot(): { fill: (fn: (() => void) | null) => void; run: () => void } {
  const ref = useRef<(() => void) | null>(null);
  return useMemo(
    () => ({
      fill: (fn) => {
        ref.current = fn;
      },
      run: () => ref.current?.(),
    }),
    [],
  );
}
