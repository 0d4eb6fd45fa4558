// The hero slider mounts react-slick only when the chart wants it (its mount measures every slide, a long
// task the first screen does not need): the first slide is drawn alone until the chart moves on or the visitor
// reaches for the slider; the carousel then takes over at that slide and animates to the chart's slide.
// (The server's first render is in heroSliderServer.test.tsx: this file loads the carousel's chunk.)
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { createActor, fromPromise } from 'xstate';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SLIDER_CAROUSEL_FETCH_MS } from '../../../machines/slider.machine';
import { imageSlide as image } from './sliderItems';
import { HeroSlider } from '../../../src/features/public/HeroSlider';
import { browserSliderMachine } from '../../../src/features/public/heroSliderActors';
import { loadTexts, renderView } from '../layout/render';

const ITEMS = [image(1), image(2), image(3)];

const carousel = () => document.querySelector('.slick-slider');
/** the slide react-slick shows (not one of its clones) */
const carouselSlide = () => document.querySelector('.slick-slide.slick-current:not(.slick-cloned) img')?.getAttribute('alt');

describe('hero slider: the carousel is mounted when wanted', () => {
  beforeAll(loadTexts);
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('draws the first slide alone, then lets the carousel take over and move on when the chart moves', async () => {
    const actor = createActor(browserSliderMachine, { input: { count: ITEMS.length } }).start();
    renderView(<HeroSlider items={ITEMS} isLoggedIn={false} actorRef={actor} />);
    expect(screen.getByRole('img', { name: 'Slide 1' })).toBeTruthy();
    // the page has loaded and time passes: still no carousel
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(carousel()).toBeNull();
    expect(screen.queryByRole('img', { name: 'Slide 2' })).toBeNull();

    act(() => actor.send({ type: 'slider.next' }));
    await waitFor(() => expect(carousel()).not.toBeNull());
    await waitFor(() => expect(carouselSlide()).toBe('Slide 2'));
    expect(screen.getByTestId('hero-slider').getAttribute('data-index')).toBe('1');
  });

  it('mounts the carousel at the slide on screen when the visitor reaches for the slider', async () => {
    const actor = createActor(browserSliderMachine, { input: { count: ITEMS.length } }).start();
    renderView(<HeroSlider items={ITEMS} isLoggedIn={false} actorRef={actor} />);
    fireEvent.mouseEnter(screen.getByTestId('hero-slider'));
    await waitFor(() => expect(carousel()).not.toBeNull());
    expect(carouselSlide()).toBe('Slide 1');
  });

  it('never loads a carousel for one slide', async () => {
    const actor = createActor(browserSliderMachine, { input: { count: 1 } }).start();
    renderView(<HeroSlider items={[image(1)]} isLoggedIn={false} actorRef={actor} />);
    fireEvent.mouseEnter(screen.getByTestId('hero-slider'));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(carousel()).toBeNull();
    expect(screen.getByRole('img', { name: 'Slide 1' })).toBeTruthy();
  });

  it('fetches the carousel a while after the slider is drawn, and mounts it only when wanted', async () => {
    vi.useFakeTimers();
    const load = vi.fn(async () => {});
    const actor = createActor(browserSliderMachine.provide({ actors: { loadCarousel: fromPromise(load) } }), {
      input: { count: ITEMS.length, reducedMotion: true },
    }).start();
    renderView(<HeroSlider items={ITEMS} isLoggedIn={false} actorRef={actor} />);
    const slider = screen.getByTestId('hero-slider');
    act(() => vi.advanceTimersByTime(SLIDER_CAROUSEL_FETCH_MS - 1));
    expect(load).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(1));
    expect(load).toHaveBeenCalledTimes(1);
    expect(slider).toHaveAttribute('data-carousel', 'ready');
    expect(carousel()).toBeNull();
    // a finger on the slider: the carousel takes over, at the slide on screen
    fireEvent.touchStart(slider);
    await act(async () => vi.advanceTimersByTime(0));
    expect(slider).toHaveAttribute('data-carousel', 'mounted');
    expect(carousel()).not.toBeNull();
  });

  it('draws the current slide alone when the carousel cannot be loaded', async () => {
    const actor = createActor(
      browserSliderMachine.provide({ actors: { loadCarousel: fromPromise(() => Promise.reject(new Error('offline'))) } }),
      { input: { count: ITEMS.length } },
    ).start();
    renderView(<HeroSlider items={ITEMS} isLoggedIn={false} actorRef={actor} />);
    act(() => actor.send({ type: 'slider.next' }));
    await waitFor(() => expect(screen.getByTestId('hero-slider')).toHaveAttribute('data-carousel', 'failed'));
    expect(carousel()).toBeNull();
    expect(screen.getByRole('img', { name: 'Slide 2' })).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Slide 1' })).toBeNull();
  });
});
