// The home page's hero slider (SPEC §2 "Hero slider", §9: autoplay 6000 ms). The chart owns which slide is
// shown, when it moves on and how it is drawn; the view (src/features/public/HeroSlider.tsx) only draws what
// the chart says and tells it what the visitor does: hover and focus, a touch, the arrows, a swipe, the
// play/pause control, and the events of a slide's <video> (play, pause/suspend, ended).
//
// - No slides: `empty` (the view renders nothing). One slide: `single` (no autoplay, no arrows).
// - More than one: `carousel`, two regions side by side.
//   - `autoplay` loops through the slides. `running` advances every 6 s (drawn as `after`), `hovered` and
//     `videoPlaying` hold the slide. A video that is paused or suspended lets the timer run again (or waits
//     while the pointer is still over the slide); a finished video advances. Where the pointer is is kept in
//     the context (`pointerOver`) so `settling` can pick between running and hovered. The view reports only
//     the current slide's video (a slide that is left stops its video: that pause is not the visitor's).
//   - `widget` is the carousel component (react-slick), whose code is a chunk of its own: mounting it
//     measures every slide, one long task the first screen does not need. Until it is mounted, the first
//     slide is drawn alone in the same box and markup. Its chunk is fetched a while after the slider is
//     drawn (`prefetching`), or at once when it is wanted; it is mounted once the chart moves on from the slide
//     drawn alone or the visitor reaches for the slider (pointer, focus, touch). If the chunk cannot be
//     loaded, the current slide is drawn alone instead (`failed`). The chunk is loaded by an actor
//     (`loadCarousel`) the app provides; once it has arrived (`carouselLoaded`, also given as input when an
//     earlier visit loaded it) a carousel that starts over is mounted at once.
// - Autoplay can be stopped: by the visitor (the pause control; play starts it again) and for a visitor who
//   prefers reduced motion (`stopped`, given as input; the `watchMotionPreference` actor the app provides
//   reports the preference when the chart starts and when it changes). Stopped, the slider only moves when the
//   visitor moves it.
// - Only the visitor's own moves are announced (`announce`): a slide the timer brings is not read out.
// - No timer runs before the chart is started (the server renders its first snapshot and never starts it).
import { assign, fromCallback, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { described } from './descriptions/describe';
import descriptions from './descriptions/slider';

export const SLIDER_AUTOPLAY_MS = 6000;
/** How long after the slider is drawn the carousel's chunk is fetched (well before the first move at 6 s). */
export const SLIDER_CAROUSEL_FETCH_MS = 2000;

export interface SliderContext {
  count: number;
  index: number;
  /** the pointer is over the slider (kept apart from the state so a paused video knows where to return) */
  pointerOver: boolean;
  /** autoplay is off (the visitor paused it, or prefers reduced motion) */
  stopped: boolean;
  /** the current slide was chosen by the visitor: a screen reader announces it (autoplay's are not) */
  announce: boolean;
  /** the carousel's chunk has arrived */
  carouselLoaded: boolean;
}

export interface SliderInput {
  count: number;
  /** `prefers-reduced-motion: reduce`: start without autoplay */
  reducedMotion?: boolean;
  /** the carousel's chunk is already here (loaded on an earlier visit of the page): mount it at once */
  carouselLoaded?: boolean;
}

export type SliderEvent =
  | { type: 'slider.itemsChanged'; count: number }
  | { type: 'slider.next' }
  | { type: 'slider.previous' }
  /** the carousel was swiped or dragged to another slide than the chart's */
  | { type: 'slider.shown'; index: number }
  /** the pointer or the keyboard focus entered the slider */
  | { type: 'slider.hovered' }
  | { type: 'slider.unhovered' }
  /** a finger touched the slider (about to swipe: the carousel is wanted) */
  | { type: 'slider.touched' }
  /** the current slide's video started playing */
  | { type: 'slider.videoPlayed' }
  /** the current slide's video was paused or suspended */
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
    tags: {} as 'autoplay' | 'paused' | 'arrows' | 'stopped' | 'carousel',
  },
  actors: {
    /** Loads the carousel's chunk; the app provides it (src/features/public/heroSliderActors.ts). */
    loadCarousel: fromPromise<void>(async () => {
      throw new Error('loadCarousel actor not provided');
    }),
    /** Reports the reduced-motion preference (`slider.motionPreferenceChanged`); by default nothing. */
    watchMotionPreference: fromCallback<SliderEvent>(() => {}),
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
      count: ({ event, context }) => (event.type === 'slider.itemsChanged' ? Math.max(0, event.count) : context.count),
      index: 0,
    }),
    pointerIn: assign({ pointerOver: true }),
    pointerOut: assign({ pointerOver: false }),
    carouselArrived: assign({ carouselLoaded: true }),
  },
  guards: {
    noSlides: ({ context }) => context.count <= 0,
    oneSlide: ({ context }) => context.count === 1,
    pointerOver: ({ context }) => context.pointerOver,
    stopped: ({ context }) => context.stopped,
    /** the chart has moved on from the first slide, the one drawn alone */
    movedOn: ({ context }) => context.index !== 0,
    carouselLoaded: ({ context }) => context.carouselLoaded,
  },
  delays: {
    autoplay: SLIDER_AUTOPLAY_MS,
    carouselFetch: SLIDER_CAROUSEL_FETCH_MS,
  },
}).createMachine({
  id: 'slider',
  context: ({ input }) => ({
    count: Math.max(0, input.count),
    index: 0,
    pointerOver: false,
    stopped: Boolean(input.reducedMotion),
    announce: false,
    carouselLoaded: Boolean(input.carouselLoaded),
  }),
  invoke: { id: 'watchMotionPreference', src: 'watchMotionPreference' },
  initial: 'sizing',
  on: {
    // The slides were loaded again (a language switch): start over from the first one.
    'slider.itemsChanged': { target: '.sizing', actions: 'setCount' },
    // Kept in the context in every state, so the slider starts right when its slides arrive (the carousel's
    // autoplay handles it itself).
    'slider.motionPreferenceChanged': { actions: 'followMotionPreference' },
  },
  states: {
    sizing: {
      always: [{ guard: 'noSlides', target: 'empty' }, { guard: 'oneSlide', target: 'single' }, { target: 'carousel' }],
    },
    empty: {},
    single: {},
    carousel: {
      type: 'parallel',
      tags: ['arrows'],
      states: {
        autoplay: {
          initial: 'settling',
          on: {
            // A slide picked by hand (arrows, a swipe) gets its full 6 s, or stays held while the pointer is on
            // the slider; a video of the slide that was left is stopped by the view.
            'slider.next': { target: '.settling', actions: 'userNext' },
            'slider.previous': { target: '.settling', actions: 'userPrevious' },
            'slider.shown': { target: '.settling', actions: 'show' },
            'slider.hovered': { actions: 'pointerIn' },
            'slider.unhovered': { actions: 'pointerOut' },
            // autoplay stops or starts by the preference; the carousel's widget stays as it is
            'slider.motionPreferenceChanged': { target: '.settling', actions: 'followMotionPreference' },
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
        widget: {
          initial: 'starting',
          states: {
            /** the chunk from an earlier visit is mounted at once; else the first slide is drawn alone */
            starting: {
              always: [{ guard: 'carouselLoaded', target: 'mounted' }, { target: 'waiting' }],
            },
            /** the first slide is drawn alone; the carousel's chunk is not asked for yet */
            waiting: {
              after: { carouselFetch: 'prefetching' },
              always: { guard: 'movedOn', target: 'loading' },
              on: { 'slider.hovered': 'loading', 'slider.touched': 'loading' },
            },
            /** the chunk is fetched ahead of need; the slide stays drawn alone */
            prefetching: {
              invoke: { id: 'loadCarousel', src: 'loadCarousel', onDone: { target: 'ready', actions: 'carouselArrived' }, onError: 'failed' },
              always: { guard: 'movedOn', target: 'loading' },
              on: { 'slider.hovered': 'loading', 'slider.touched': 'loading' },
            },
            /** the carousel is wanted; its chunk is on its way */
            loading: {
              invoke: { id: 'loadCarousel', src: 'loadCarousel', onDone: { target: 'mounted', actions: 'carouselArrived' }, onError: 'failed' },
            },
            /** the chunk is here, the carousel is not wanted yet */
            ready: {
              always: { guard: 'movedOn', target: 'mounted' },
              on: { 'slider.hovered': 'mounted', 'slider.touched': 'mounted' },
            },
            /** the carousel draws the slides (it starts at the first, and moves to the chart's) */
            mounted: { tags: ['carousel'] },
            /** no carousel: the current slide is drawn alone */
            failed: {},
          },
        },
      },
    },
  },
}), descriptions);

export type SliderActorRef = ActorRefFrom<typeof sliderMachine>;
export type SliderSnapshot = SnapshotFrom<typeof sliderMachine>;

/**
 * The slide drawn alone while the carousel is not mounted: the first (the carousel starts there and animates to
 * the chart's slide), or, without a carousel, the current one.
 */
export function slideDrawnAlone(snapshot: SliderSnapshot): number {
  return snapshot.matches({ carousel: { widget: 'failed' } }) ? snapshot.context.index : 0;
}
