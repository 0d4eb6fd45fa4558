// The home page's hero slider (SPEC §2 "Hero slider", §9: autoplay 6000 ms). The chart owns which slide is
// shown and when it moves on; the view (src/features/public/HeroSlider.tsx) only draws the slide the
// context names and tells the chart what the user does: hover, arrows, a swipe, and the events of a
// slide's <video> (play, pause/suspend, ended).
//
// - No slides: `empty` (the view renders nothing). One slide: `single` (no autoplay, no arrows).
// - More than one: `carousel`, which loops. `running` advances every 6 s (drawn as `after`), `hovered`
//   and `videoPlaying` hold the slide. A video that is paused or suspended lets the timer run again
//   (or waits while the pointer is still over the slide); a finished video advances. Where the pointer is
//   is kept in the context (`pointerOver`) so `settling` can pick between running and hovered.
// - Autoplay can be stopped: by the visitor (the pause control; play starts it again) and, from the start,
//   for a visitor who prefers reduced motion (`stopped`, given as input and kept in step by the view).
//   Stopped, the slider only moves when the visitor moves it.
// - Only the visitor's own moves are announced (`announce`): a slide the timer brings is not read out.
import { assign, setup, type ActorRefFrom } from 'xstate';
import { described } from './descriptions/describe';
import descriptions from './descriptions/slider';

export const SLIDER_AUTOPLAY_MS = 6000;

export interface SliderContext {
  count: number;
  index: number;
  /** the pointer is over the slider (kept apart from the state so a paused video knows where to return) */
  pointerOver: boolean;
  /** autoplay is off (the visitor paused it, or prefers reduced motion) */
  stopped: boolean;
  /** the current slide was chosen by the visitor: a screen reader announces it (autoplay's are not) */
  announce: boolean;
}

export interface SliderInput {
  count: number;
  /** `prefers-reduced-motion: reduce`: start without autoplay */
  reducedMotion?: boolean;
}

export type SliderEvent =
  | { type: 'slider.itemsChanged'; count: number }
  | { type: 'slider.next' }
  | { type: 'slider.previous' }
  /** the carousel was swiped or dragged to a slide */
  | { type: 'slider.shown'; index: number }
  | { type: 'slider.hovered' }
  | { type: 'slider.unhovered' }
  | { type: 'slider.videoPlayed' }
  /** the video was paused or suspended */
  | { type: 'slider.videoPaused' }
  | { type: 'slider.videoEnded' }
  /** the visitor stops autoplay (the pause control) */
  | { type: 'slider.paused' }
  /** the visitor starts autoplay again (the play control) */
  | { type: 'slider.played' }
  /** the system's reduced-motion preference changed */
  | { type: 'slider.motionPreferenceChanged'; reduce: boolean };

const wrap = (index: number, count: number) => (count > 0 ? ((index % count) + count) % count : 0);

export const sliderMachine = described(setup({
  types: {
    context: {} as SliderContext,
    input: {} as SliderInput,
    events: {} as SliderEvent,
    tags: {} as 'autoplay' | 'paused' | 'arrows' | 'stopped',
  },
  actions: {
    /** the timer or a finished video moves on: not announced */
    next: assign({ index: ({ context }) => wrap(context.index + 1, context.count), announce: false }),
    userNext: assign({ index: ({ context }) => wrap(context.index + 1, context.count), announce: true }),
    userPrevious: assign({ index: ({ context }) => wrap(context.index - 1, context.count), announce: true }),
    show: assign({
      index: ({ context, event }) => (event.type === 'slider.shown' ? wrap(event.index, context.count) : context.index),
      announce: true,
    }),
    stop: assign({ stopped: true }),
    play: assign({ stopped: false }),
    followMotionPreference: assign({
      stopped: ({ context, event }) => (event.type === 'slider.motionPreferenceChanged' ? event.reduce : context.stopped),
    }),
    setCount: assign({
      count: ({ event, context }) => (event.type === 'slider.itemsChanged' ? event.count : context.count),
      index: 0,
    }),
    pointerIn: assign({ pointerOver: true }),
    pointerOut: assign({ pointerOver: false }),
  },
  guards: {
    noSlides: ({ context }) => context.count <= 0,
    oneSlide: ({ context }) => context.count === 1,
    pointerOver: ({ context }) => context.pointerOver,
    stopped: ({ context }) => context.stopped,
  },
  delays: {
    autoplay: SLIDER_AUTOPLAY_MS,
  },
}).createMachine({
  id: 'slider',
  context: ({ input }) => ({
    count: Math.max(0, input.count),
    index: 0,
    pointerOver: false,
    stopped: Boolean(input.reducedMotion),
    announce: false,
  }),
  initial: 'sizing',
  on: {
    // The slides were loaded again (a language switch): start over from the first one.
    'slider.itemsChanged': { target: '.sizing', actions: 'setCount' },
    // Kept in the context in every state, so the slider starts right when its slides arrive.
    'slider.motionPreferenceChanged': { target: '.sizing', actions: 'followMotionPreference' },
  },
  states: {
    sizing: {
      always: [{ guard: 'noSlides', target: 'empty' }, { guard: 'oneSlide', target: 'single' }, { target: 'carousel' }],
    },
    empty: {},
    single: {},
    carousel: {
      tags: ['arrows'],
      initial: 'settling',
      on: {
        // A slide picked by hand (arrows, a swipe) gets its full 6 s, or stays held while the pointer is on
        // the slider; a video of the slide that was left is stopped by the view.
        'slider.next': { target: '.settling', actions: 'userNext' },
        'slider.previous': { target: '.settling', actions: 'userPrevious' },
        'slider.shown': { target: '.settling', actions: 'show' },
        'slider.hovered': { actions: 'pointerIn' },
        'slider.unhovered': { actions: 'pointerOut' },
      },
      states: {
        /** decides between stopped, running and hovered from the visitor's choice and where the pointer is */
        settling: {
          always: [{ guard: 'stopped', target: 'stopped' }, { guard: 'pointerOver', target: 'hovered' }, { target: 'running' }],
        },
        /** no autoplay: only the visitor moves the slides (a video plays and ends without moving on) */
        stopped: {
          tags: ['stopped'],
          on: { 'slider.played': { target: 'settling', actions: 'play' } },
        },
        running: {
          tags: ['autoplay'],
          after: { autoplay: { target: 'running', reenter: true, actions: 'next' } },
          on: {
            'slider.hovered': { target: 'hovered', actions: 'pointerIn' },
            'slider.videoPlayed': 'videoPlaying',
            'slider.paused': { target: 'stopped', actions: 'stop' },
          },
        },
        hovered: {
          tags: ['paused'],
          on: {
            'slider.unhovered': { target: 'running', actions: 'pointerOut' },
            'slider.videoPlayed': 'videoPlaying',
            'slider.paused': { target: 'stopped', actions: 'stop' },
          },
        },
        videoPlaying: {
          tags: ['paused'],
          on: {
            // paused or suspended: the timer runs again (unless the pointer is still on the slider)
            'slider.videoPaused': 'settling',
            // a finished video advances
            'slider.videoEnded': { target: 'settling', actions: 'next' },
            'slider.paused': { target: 'stopped', actions: 'stop' },
          },
        },
      },
    },
  },
}), descriptions);

export type SliderActorRef = ActorRefFrom<typeof sliderMachine>;
