// Model-based test of the hero slider chart (machines/slider.machine.ts) through the HeroSlider view:
// every shortest path is played by a user (hover, arrows, the keyboard swipe of react-slick, the video's
// play/pause/suspend/ended events), by the 6-second clock (fake timers) and by new slides arriving
// (a language switch), and each state is checked on screen.
import { act, fireEvent, screen } from '@testing-library/react';
import { createActor, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SLIDER_AUTOPLAY_MS, sliderMachine, type SliderActorRef } from '../../machines/slider.machine';
import type { SliderItem } from '../../src/api/types';
import { HeroSlider, loadCarousel } from '../../src/features/public/HeroSlider';
import { byValueAnd, createMachineTestModel, runPath, delayOf, expectFullCoverage, machineCoverage, printCoverage } from '../support/model';
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

const events = [
  { type: 'slider.itemsChanged', count: 0 },
  { type: 'slider.itemsChanged', count: 1 },
  { type: 'slider.itemsChanged', count: 3 },
  { type: 'slider.videoPaused', via: 'pause' },
  { type: 'slider.videoPaused', via: 'suspend' },
  { type: 'slider.motionPreferenceChanged', reduce: true },
  { type: 'slider.motionPreferenceChanged', reduce: false },
] as never[];

const base = byValueAnd('pointerOver', 'count', 'stopped');
const serializeState = (state: AnyMachineSnapshot, event?: EventObject, prev?: AnyMachineSnapshot) =>
  base(state, event, prev) + (event && event.type !== 'xstate.init' ? ' ' + JSON.stringify(event) : '');

const model = createMachineTestModel(sliderMachine, { events, serializeState: serializeState as never, input: { count: 3 } } as never);
const paths = model.getShortestPaths();

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
    window.matchMedia = ((query: string) => ({
      matches: query.includes('reduce') && motion.matches,
      media: query,
      addEventListener: (_: string, fn: (e: MediaQueryListEvent) => void) => motion.listeners.add(fn),
      removeEventListener: (_: string, fn: (e: MediaQueryListEvent) => void) => motion.listeners.delete(fn),
    })) as unknown as typeof window.matchMedia;
    // jsdom has no media playback: the test plays the video events itself.
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  for (const path of paths) {
    it(path.description, async () => {
      const actor = createActor(sliderMachine, { input: { count: 3 } });
      actor.start();
      const view = renderView(<HeroSlider items={ITEMS} isLoggedIn={false} actorRef={actor} />);
      const onScreenIndex = () => Number(slider()!.getAttribute('data-index'));
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
            holds();
          },
          'carousel.running': () => {
            expect(slider()).toHaveAttribute('data-paused', 'false');
            expect(screen.getByRole('button', { name: 'Pause the slideshow' })).toBeVisible();
            expect(arrows().map((b) => b.getAttribute('aria-label'))).toEqual(['Previous slide', 'Next slide']);
            expect(status()).toBe(`Slide ${onScreenIndex() + 1} of 3`);
          },
          'carousel.hovered': () => {
            expect(slider()).toHaveAttribute('data-paused', 'true');
            holds();
          },
          'carousel.stopped': () => {
            // no autoplay (the visitor paused it, or prefers reduced motion); play starts it again
            expect(screen.getByRole('button', { name: 'Play the slideshow' })).toBeVisible();
            holds();
          },
          'carousel.videoPlaying': () => {
            expect(slider()).toHaveAttribute('data-paused', 'true');
            holds();
          },
        },
        events: {
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
            const list = document.querySelector('.slick-list')!;
            fireEvent.keyDown(list, { key: 'ArrowRight', keyCode: 39 });
            act(() => vi.advanceTimersByTime(600));
            expect(actor.getSnapshot().context.index).toBe((before + 1) % 3);
            expect(onScreenIndex()).toBe((before + 1) % 3);
          },
          'slider.hovered': () => {
            fireEvent.mouseEnter(slider()!);
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
          'slider.videoEnded': () => {
            const before = actor.getSnapshot().context.index;
            fireEvent.ended(currentVideo(actor));
            // a finished video advances
            expect(onScreenIndex()).toBe((before + 1) % 3);
          },
          'xstate.after.autoplay.slider.carousel.running': ({ event }) => {
            const before = actor.getSnapshot().context.index;
            act(() => vi.advanceTimersByTime(delayOf(sliderMachine, event.type)));
            expect(onScreenIndex()).toBe((before + 1) % 3);
            // a slide the timer brings is not read out
            expect(liveMode()).toBe('off');
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
    const result = machineCoverage(sliderMachine, paths, { input: { count: 3 } });
    printCoverage(result);
    expectFullCoverage(result);
  });
});
