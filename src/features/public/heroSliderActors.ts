// The hero slider's chart as the app runs it: machines/slider.machine.ts is pure, and these are its browser
// effects — the carousel's chunk (react-slick and its stylesheet, loaded on demand; src/components/media/slick.ts
// unwraps its CommonJS export) and the reduced-motion preference. Tests provide their own loader.
import type { ComponentType } from 'react';
import { fromCallback, fromPromise } from 'xstate';
import { sliderMachine, type SliderEvent } from '../../../machines/slider.machine';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type SlickComponent = ComponentType<any>;
let Slick: SlickComponent | null = null;
let slickLoading: Promise<SlickComponent> | null = null;

/** Loads the carousel (once; tests await it before rendering a slider that starts with it). */
export function loadCarousel(): Promise<SlickComponent> {
  slickLoading ??= import('../../components/media/slick').then((m) => {
    Slick = m.Slider as SlickComponent;
    return Slick;
  });
  return slickLoading;
}

/** The carousel component once its chunk has arrived, else null. */
export function loadedCarousel(): SlickComponent | null {
  return Slick;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

export const browserSliderMachine = sliderMachine.provide({
  actors: {
    loadCarousel: fromPromise<void>(async () => {
      await loadCarousel();
    }),
    // Runs only once the chart is started, in the browser: the server and the browser's first render both draw
    // the chart's default (autoplay on), and a preference for reduced motion then stops it.
    watchMotionPreference: fromCallback<SliderEvent>(({ sendBack }) => {
      if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return undefined;
      const query = window.matchMedia(REDUCED_MOTION);
      if (query.matches) sendBack({ type: 'slider.motionPreferenceChanged', reduce: true });
      const changed = (e: MediaQueryListEvent) => sendBack({ type: 'slider.motionPreferenceChanged', reduce: e.matches });
      query.addEventListener?.('change', changed);
      return () => query.removeEventListener?.('change', changed);
    }),
  },
});
