// Model-based test of the hero slider chart (machines/slider.machine.ts) through the HeroSlider view:
// every shortest path is played by a user (hover, touch, arrows, the keyboard swipe of react-slick, the video's
// play/pause/suspend/ended events), by the clock (fake timers), by the carousel's chunk arriving or failing
// (a deferred loader) and by new slides arriving (a language switch), and each state is checked on screen.
// Two models: the autoplay region with the carousel's chunk already here (mounted from the start, as on a
// later visit of the page), and the carousel's region from a first visit, keyed by that region alone (what
// autoplay does there is the first model's) and with autoplay stopped, so no timer of autoplay's runs unseen.
import { act, fireEvent, screen } from '@testing-library/react';
import { createActor, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SLIDER_AUTOPLAY_MS, sliderMachine, type SliderActorRef, type SliderInput, type SliderSnapshot } from '../../machines/slider.machine';
import type { SliderItem } from '../../src/api/types';
import { HeroSlider } from '../../src/features/public/HeroSlider';
import { browserSliderMachine, loadCarousel } from '../../src/features/public/heroSliderActors';
import {
  byStateOnly,
  byValueAnd,
  createMachineTestModel,
  deferredActor,
  delayOf,
  expectFullCoverage,
  machineCoverage,
  mergeCoverage,
  printCoverage,
  runPath,
  type ModelTestParams,
} from '../support/model';
import { loadTexts, renderView } from '../unit/layout/render';

const video = (n: number): SliderItem => ({
  id: `s${n}`,
  fileType: 'video',
  imageUrl: `/media/slide-${n}.mp4`,
  name: `Slide video ${n}`,
  content: `<h2>Headline ${n}</h2>`,
  shadowOverlay: n === 1,
  guestButtonLabel: `Guest ${n}`,
  guestButtonUrl: 'register',
  loggedUserButtonLabel: `Investor ${n}`,
  loggedUserButtonUrl: null,
});
// Every slide is a video so the video events apply whichever slide is current.
const ITEMS = [video(1), video(2), video(3)];

/** The events the models send with a payload (a swipe names the slide it lands on). */
const eventsFor = (model: 'autoplay' | 'widget') => (state: SliderSnapshot) => {
  const { index, count } = state.context;
  return [
    // fewer slides are the first model's; the carousel's model has the same slides come again
    ...(model === 'autoplay' ? [{ type: 'slider.itemsChanged', count: 0 }, { type: 'slider.itemsChanged', count: 1 }] : []),
    { type: 'slider.itemsChanged', count: 3 },
    { type: 'slider.videoPaused', via: 'pause' },
    { type: 'slider.videoPaused', via: 'suspend' },
    // a swipe to the next slide; without a carousel there is nothing to swipe (the same slide, as drawn)
    { type: 'slider.shown', index: model === 'autoplay' && count > 0 ? (index + 1) % count : index },
    { type: 'slider.motionPreferenceChanged', reduce: true },
    // the carousel's model keeps autoplay stopped, as its input says
    ...(model === 'autoplay' ? [{ type: 'slider.motionPreferenceChanged', reduce: false }] : []),
  ] as never[];
};

// Autoplay, with the carousel's chunk already here.
const AUTOPLAY_INPUT: SliderInput = { count: 3, carouselLoaded: true };
const base = byValueAnd('pointerOver', 'count', 'stopped');
// keyed by the event's payload too (which variant came in), but not by the slide a swipe names
const serializeState = (state: AnyMachineSnapshot, event?: EventObject, prev?: AnyMachineSnapshot) =>
  base(state, event, prev) + (event && event.type !== 'xstate.init' ? ' ' + JSON.stringify({ ...event, index: undefined }) : '');
const model = createMachineTestModel(sliderMachine, { events: eventsFor('autoplay'), serializeState: serializeState as never, input: AUTOPLAY_INPUT } as never);
const paths = model.getShortestPaths();

// The carousel's region on a first visit (its chunk not loaded), with autoplay stopped (reduced motion) and
// only the events that move that region: what the visitor does to want the carousel, the clock, the chunk's
// loader and new slides (the first model walks autoplay's own events). A state is keyed by its value and the
// context that decides where the chart goes next, and by the arriving transition when it moved the region.
const WIDGET_INPUT: SliderInput = { count: 3, carouselLoaded: false, reducedMotion: true };
const WIDGET_EVENTS = [
  'slider.itemsChanged',
  'slider.next',
  'slider.previous',
  'slider.hovered',
  'slider.touched',
  'xstate.after.carouselFetch.slider.carousel.widget.waiting',
  'xstate.done.actor.loadCarousel',
  'xstate.error.actor.loadCarousel',
];
const widgetKey = (state: AnyMachineSnapshot) =>
  JSON.stringify(state.matches('carousel') ? (state.value as { carousel: { widget: string } }).carousel.widget : state.value);
const decisive = byStateOnly('count', 'stopped', 'carouselLoaded');
const serializeWidget = (state: AnyMachineSnapshot, event?: EventObject, prev?: AnyMachineSnapshot) =>
  decisive(state) + (prev && event && widgetKey(prev) !== widgetKey(state) ? ` via ${JSON.stringify(event)} from ${widgetKey(prev)}` : '');
const widgetModel = createMachineTestModel(sliderMachine, {
  events: eventsFor('widget'),
  eventTypes: WIDGET_EVENTS,
  serializeState: serializeWidget as never,
  input: WIDGET_INPUT,
} as never);
const widgetPaths = widgetModel.getShortestPaths();

const motion = { matches: false, listeners: new Set<(e: MediaQueryListEvent) => void>() };

const slider = () => screen.queryByTestId('hero-slider');
const liveMode = () => screen.getByTestId('slider-status').getAttribute('aria-live');
const status = () => screen.getByTestId('slider-status').textContent;
const arrows = () => screen.queryAllByRole('button', { name: /slide$/ });
const currentVideo = (actor: SliderActorRef) => {
  const i = actor.getSnapshot().context.index;
  const el = document.querySelector<HTMLVideoElement>(`.slick-slide:not(.slick-cloned) video[data-index="${i}"]`)
    ?? document.querySelector<HTMLVideoElement>(`video[data-index="${i}"]`);
  expect(el, `video of slide ${i}`).not.toBeNull();
  return el!;
};

describe('hero slider (model-based, HeroSlider)', () => {
  beforeAll(async () => {
    await loadTexts();
    // react-slick is loaded on demand; here it is there from the first render
    await loadCarousel();
  });
  beforeEach(() => {
    vi.useFakeTimers();
    // the system's reduced-motion setting, which the test changes (the view reports the change to the chart)
    motion.matches = false;
    motion.listeners.clear();
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('reduce') && motion.matches,
      media: query,
      addEventListener: (_: string, fn: (e: MediaQueryListEvent) => void) => motion.listeners.add(fn),
      removeEventListener: (_: string, fn: (e: MediaQueryListEvent) => void) => motion.listeners.delete(fn),
    }));
    // jsdom has no media playback: the test plays the video events itself.
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  /** A slider on the live chart (its reduced-motion watcher reads the mocked setting) with a deferred chunk loader. */
  const start = (input: SliderInput) => {
    const loader = deferredActor<void>();
    const actor = createActor(browserSliderMachine.provide({ actors: { loadCarousel: loader.logic } }), { input });
    actor.start();
    const view = renderView(<HeroSlider items={ITEMS} isLoggedIn={false} actorRef={actor} />);
    return { actor, loader, view };
  };
  const onScreenIndex = () => Number(slider()!.getAttribute('data-index'));
  const carousel = () => document.querySelector('.slick-slider');
  /** the slides in the page: the one drawn alone, or the carousel's */
  const drawnAlone = () => {
    expect(carousel()).toBeNull();
    const slides = document.querySelectorAll('[aria-roledescription="slide"]');
    expect(slides).toHaveLength(1);
    return slides[0].getAttribute('aria-label');
  };

  /** What the visitor, the system and new slides do: the same in both models. */
  const userEvents = (actor: SliderActorRef, view: ReturnType<typeof renderView>): NonNullable<ModelTestParams<SliderSnapshot>['events']> => ({
    'slider.itemsChanged': ({ event }) => {
      // new slides, as after a language switch (a new array even when the count is the same)
      const count = (event as unknown as { count: number }).count;
      view.rerender(<HeroSlider items={ITEMS.slice(0, count).map((i) => ({ ...i }))} isLoggedIn={false} actorRef={actor} />);
    },
    'slider.next': () => {
      const before = actor.getSnapshot().context.index;
      fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
      expect(onScreenIndex()).toBe((before + 1) % 3);
      // the visitor's own move is announced
      expect(liveMode()).toBe('polite');
    },
    'slider.previous': () => {
      const before = actor.getSnapshot().context.index;
      fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
      expect(onScreenIndex()).toBe((before + 2) % 3);
    },
    'slider.shown': () => {
      // the user moves the carousel itself (react-slick's keyboard handling), which reports the slide
      const before = actor.getSnapshot().context.index;
      const list = document.querySelector('.slick-list');
      if (!list) {
        // no carousel (the slide is drawn alone): nothing to swipe, nothing moves
        act(() => vi.advanceTimersByTime(600));
        expect(onScreenIndex()).toBe(before);
        return;
      }
      fireEvent.keyDown(list, { key: 'ArrowRight', keyCode: 39 });
      act(() => vi.advanceTimersByTime(600));
      expect(actor.getSnapshot().context.index).toBe((before + 1) % 3);
      expect(onScreenIndex()).toBe((before + 1) % 3);
    },
    'slider.hovered': () => {
      fireEvent.mouseEnter(slider()!);
    },
    'slider.touched': () => {
      fireEvent.touchStart(slider()!);
    },
    'slider.paused': () => {
      fireEvent.click(screen.getByRole('button', { name: 'Pause the slideshow' }));
    },
    'slider.played': () => {
      fireEvent.click(screen.getByRole('button', { name: 'Play the slideshow' }));
    },
    'slider.motionPreferenceChanged': ({ event }) => {
      motion.matches = (event as unknown as { reduce: boolean }).reduce;
      act(() => {
        for (const fn of motion.listeners) fn({ matches: motion.matches } as MediaQueryListEvent);
      });
    },
    'slider.unhovered': () => {
      fireEvent.mouseLeave(slider()!);
    },
    'slider.videoPlayed': () => {
      fireEvent.play(currentVideo(actor));
    },
    'slider.videoPaused': ({ event }) => {
      const via = (event as unknown as { via: string }).via;
      if (via === 'suspend') fireEvent(currentVideo(actor), new Event('suspend'));
      else fireEvent.pause(currentVideo(actor));
    },
    'xstate.after.autoplay.slider.carousel.autoplay.running': ({ event }) => {
      const before = actor.getSnapshot().context.index;
      act(() => vi.advanceTimersByTime(delayOf(sliderMachine, event.type)));
      expect(onScreenIndex()).toBe((before + 1) % 3);
      // a slide the timer brings is not read out
      expect(liveMode()).toBe('off');
    },
    'slider.videoEnded': () => {
      const before = actor.getSnapshot().context.index;
      fireEvent.ended(currentVideo(actor));
      // a finished video advances
      expect(onScreenIndex()).toBe((before + 1) % 3);
    },
  });

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, view } = start(AUTOPLAY_INPUT);
      const holds = () => {
        // paused: the 6 s pass and the slide stays
        const before = actor.getSnapshot().context.index;
        act(() => vi.advanceTimersByTime(SLIDER_AUTOPLAY_MS * 2));
        expect(actor.getSnapshot().context.index).toBe(before);
        expect(onScreenIndex()).toBe(before);
      };

      await runPath(path, {
        states: {
          empty: () => {
            expect(slider()).toBeNull();
          },
          single: () => {
            expect(slider()).not.toBeNull();
            expect(status()).toBe('Slide 1 of 1');
            expect(arrows()).toEqual([]);
            expect(drawnAlone()).toBe('Slide 1 of 1');
            holds();
          },
          'carousel.widget.mounted': () => {
            // the chunk was here: the carousel is mounted from the start, at the chart's slide
            expect(carousel()).not.toBeNull();
            expect(slider()).toHaveAttribute('data-carousel', 'mounted');
          },
          'carousel.autoplay.running': () => {
            expect(slider()).toHaveAttribute('data-paused', 'false');
            expect(screen.getByRole('button', { name: 'Pause the slideshow' })).toBeVisible();
            expect(arrows().map((b) => b.getAttribute('aria-label'))).toEqual(['Previous slide', 'Next slide']);
            expect(status()).toBe(`Slide ${onScreenIndex() + 1} of 3`);
          },
          'carousel.autoplay.hovered': () => {
            expect(slider()).toHaveAttribute('data-paused', 'true');
            holds();
          },
          'carousel.autoplay.stopped': () => {
            // no autoplay (the visitor paused it, or prefers reduced motion); play starts it again
            expect(screen.getByRole('button', { name: 'Play the slideshow' })).toBeVisible();
            holds();
          },
          'carousel.autoplay.videoPlaying': () => {
            expect(slider()).toHaveAttribute('data-paused', 'true');
            holds();
          },
        },
        events: userEvents(actor, view),
      });
      expect(actor.getSnapshot().value).toEqual(path.state.value);
      view.unmount();
      actor.stop();
    });
  }

  for (const path of widgetPaths) {
    it(`carousel: ${path.description}`, async () => {
      motion.matches = true; // the input's reduced motion, as the watcher reports it
      const { actor, loader, view } = start(WIDGET_INPUT);
      const widget = (name: string) => expect(slider()).toHaveAttribute('data-carousel', name);
      const startSlide = () => 'Slide 1 of 3';

      await runPath(path, {
        states: {
          empty: () => {
            expect(slider()).toBeNull();
          },
          single: () => {
            expect(drawnAlone()).toBe('Slide 1 of 1');
            expect(loader.pending).toBe(false);
          },
          'carousel.widget.waiting': () => {
            widget('waiting');
            // the slide drawn alone is the first, the one the carousel will start at; its chunk is not asked for
            expect(drawnAlone()).toBe(startSlide());
            expect(loader.pending).toBe(false);
          },
          'carousel.widget.prefetching': () => {
            widget('prefetching');
            expect(drawnAlone()).toBe(startSlide());
            expect(loader.pending).toBe(true);
          },
          'carousel.widget.loading': () => {
            widget('loading');
            // the chart may have moved on already: the slide drawn alone stays until the carousel takes over
            expect(drawnAlone()).toBe(startSlide());
            expect(loader.pending).toBe(true);
          },
          'carousel.widget.ready': () => {
            widget('ready');
            expect(drawnAlone()).toBe(startSlide());
            expect(loader.pending).toBe(false);
          },
          'carousel.widget.mounted': () => {
            widget('mounted');
            expect(carousel()).not.toBeNull();
            // the carousel shows the chart's slide (once its move is animated)
            act(() => vi.advanceTimersByTime(600));
            const current = document.querySelector('.slick-slide.slick-current:not(.slick-cloned) [aria-roledescription="slide"]');
            expect(current?.getAttribute('aria-label')).toBe(`Slide ${actor.getSnapshot().context.index + 1} of 3`);
          },
          'carousel.widget.failed': () => {
            widget('failed');
            // no carousel: the current slide is drawn alone
            expect(drawnAlone()).toBe(`Slide ${actor.getSnapshot().context.index + 1} of 3`);
          },
        },
        events: {
          ...userEvents(actor, view),
          'xstate.after.carouselFetch.slider.carousel.widget.waiting': ({ event }) => {
            act(() => vi.advanceTimersByTime(delayOf(sliderMachine, event.type)));
          },
          'xstate.done.actor.loadCarousel': async () => {
            await act(() => loader.resolve());
          },
          'xstate.error.actor.loadCarousel': async () => {
            await act(() => loader.reject(new Error('the chunk did not load')));
          },
        },
      });
      expect(actor.getSnapshot().value).toEqual(path.state.value);
      view.unmount();
      actor.stop();
    });
  }

  it('starts without autoplay for a visitor who prefers reduced motion', () => {
    motion.matches = true;
    renderView(<HeroSlider items={ITEMS} isLoggedIn={false} />);
    act(() => vi.advanceTimersByTime(SLIDER_AUTOPLAY_MS * 3));
    expect(slider()).toHaveAttribute('data-index', '0');
    expect(screen.getByRole('button', { name: 'Play the slideshow' })).toBeVisible();
  });

  it('covers every state and transition of the chart', () => {
    const result = mergeCoverage([
      machineCoverage(sliderMachine, paths, { input: AUTOPLAY_INPUT }),
      machineCoverage(sliderMachine, widgetPaths, { input: WIDGET_INPUT }),
    ]);
    printCoverage(result);
    expectFullCoverage(result);
  });
});
