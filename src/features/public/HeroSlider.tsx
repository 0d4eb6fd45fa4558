// The home page's hero slider (SPEC §2). machines/slider.machine.ts decides which slide shows and when it
// moves on (autoplay every 6 s with more than one slide, paused on hover and while a video plays); this
// view draws the slides with react-slick (its own autoplay and arrows off), follows the chart's index, and
// reports hover, arrows, swipes and the current slide's video events to the chart.
//
// Speed: react-slick and its polyfill are not in the entry chunk. Until the carousel's chunk has
// arrived, the chart's current slide is drawn on its own, in the same box and markup, so the first slide (the
// home page's LCP element: eager, high fetch priority, sized) is on screen without waiting for it and nothing
// moves when the carousel takes over.
import { useActorRef, useSelector } from '@xstate/react';
import { startTransition, useEffect, useRef, useState, type ComponentType, type FocusEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { sliderMachine, type SliderActorRef } from '../../../machines/slider.machine';
import type { SliderItem } from '../../api/types';
import { useScreenSize } from '../../components/offers/useScreen';
import { ServerHtml } from '../../components/ui/ServerHtml';
import { useT } from '../../i18n/i18n';
import { ContentLinkButton } from './ContentLinkButton';
import { slideButton } from './rules';

// react-slick with its stylesheet, loaded on demand (src/components/media/slick.ts unwraps its CommonJS export).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type SlickComponent = ComponentType<any>;
let Slick: SlickComponent | null = null;
let slickLoading: Promise<SlickComponent> | null = null;

/** Loads the carousel (once); afterwards sliders render it at once (tests await it before rendering). */
export function loadCarousel(): Promise<SlickComponent> {
  slickLoading ??= import('../../components/media/slick').then((m) => {
    Slick = m.Slider as SlickComponent;
    return Slick;
  });
  return slickLoading;
}

/** How long after the slider is drawn its carousel's chunk is fetched. */
export const CAROUSEL_FETCH_DELAY_MS = 2000;

/**
 * The carousel component once it is wanted and its chunk has arrived, else null. Its chunk is fetched a while
 * after the slider is drawn (or at once when wanted); it is mounted only when wanted: react-slick measures every
 * slide when it mounts, one long task of 100–150 ms on a phone-speed CPU, which the first screen does not need
 *.
 */
function useCarousel(multiple: boolean, wanted: boolean): { Carousel: SlickComponent | null; failed: boolean } {
  const [component, setComponent] = useState<SlickComponent | null>(() => Slick);
  const [failed, setFailed] = useState(false);
  // The chunk: a while after the slider is on screen, so it does not compete with the first screen's files and
  // images, and well before the chart's first move (SLIDER_AUTOPLAY_MS), which then animates at once.
  useEffect(() => {
    if (!multiple || Slick) return;
    const timer = setTimeout(() => void loadCarousel().catch(() => {}), CAROUSEL_FETCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [multiple]);
  useEffect(() => {
    if (!multiple || !wanted || component) return;
    let live = true;
    loadCarousel().then(
      // A transition: React renders the carousel (every slide and its clones) in slices of a few ms between
      // other work instead of one long task after the first paint (total blocking time).
      (c) => live && startTransition(() => setComponent(() => c)),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [multiple, wanted, component]);
  return { Carousel: multiple && (wanted || component) ? component : null, failed };
}

interface SlickHandle {
  slickGoTo(index: number, dontAnimate?: boolean): void;
  slickNext(): void;
  slickPrev(): void;
}

export interface HeroSliderProps {
  items: readonly SliderItem[];
  isLoggedIn: boolean;
  /** an actor of machines/slider.machine.ts (tests); by default the slider runs its own */
  actorRef?: SliderActorRef;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches;
}

export function HeroSlider({ items, isLoggedIn, actorRef }: HeroSliderProps) {
  const own = useActorRef(sliderMachine, { input: { count: items.length, reducedMotion: prefersReducedMotion() } });
  const actor = actorRef ?? own;
  // The chart decides what reduced motion means; the view only reports the preference when it changes.
  useEffect(() => {
    if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return undefined;
    const query = window.matchMedia(REDUCED_MOTION);
    const changed = (e: MediaQueryListEvent) => actor.send({ type: 'slider.motionPreferenceChanged', reduce: e.matches });
    query.addEventListener?.('change', changed);
    return () => query.removeEventListener?.('change', changed);
  }, [actor]);
  return <HeroSliderView items={items} isLoggedIn={isLoggedIn} actor={actor} />;
}

function HeroSliderView({ items, isLoggedIn, actor }: { items: readonly SliderItem[]; isLoggedIn: boolean; actor: SliderActorRef }) {
  const t = useT();
  const screen = useScreenSize();
  const slick = useRef<SlickHandle | null>(null);
  const root = useRef<HTMLElement | null>(null);
  const empty = useSelector(actor, (s) => s.matches('empty'));
  const arrows = useSelector(actor, (s) => s.hasTag('arrows')) && screen !== 'small';
  const paused = useSelector(actor, (s) => s.hasTag('paused'));
  const several = useSelector(actor, (s) => s.hasTag('arrows'));
  const stopped = useSelector(actor, (s) => s.hasTag('stopped'));
  const announce = useSelector(actor, (s) => s.context.announce);
  const index = useSelector(actor, (s) => s.context.index);
  const count = useSelector(actor, (s) => s.context.count);
  // The carousel is wanted once the chart moves on from the slide drawn alone, or the visitor reaches for the
  // slider (pointer, touch, keyboard focus); one slide needs no carousel at all. Until then the chart's first
  // slide is drawn alone, in the same box and markup.
  const [alone, setAlone] = useState(index);
  const [wanted, setWanted] = useState(() => Slick !== null);
  const want = () => setWanted(true);
  const { Carousel, failed } = useCarousel(items.length > 1, wanted);
  useEffect(() => {
    if (Carousel || index === alone) return;
    // The carousel takes over at the slide drawn alone and moves on from there (below); with one slide, or
    // without its chunk, the chart's slide is simply drawn instead.
    if (items.length > 1 && !failed) setWanted(true);
    else setAlone(index);
  }, [Carousel, index, alone, items.length, failed]);

  // New slides (a language switch loads them again): the chart starts over.
  const firstItems = useRef(items);
  useEffect(() => {
    if (items === firstItems.current) return;
    firstItems.current = items;
    setAlone(0);
    actor.send({ type: 'slider.itemsChanged', count: items.length });
  }, [actor, items]);

  // Follow the chart: show its slide (forwards across the loop when it moved on by one). The carousel starts
  // at the slide that was drawn alone, so its first move is animated too.
  const shown = useRef(alone);
  useEffect(() => {
    if (!slick.current) {
      shown.current = alone;
      return;
    }
    const from = shown.current;
    shown.current = index;
    if (from === index) return;
    if (index === (from + 1) % count) slick.current.slickNext();
    else if (index === (from - 1 + count) % count) slick.current.slickPrev();
    else slick.current.slickGoTo(index);
  }, [index, count, alone, Carousel]);

  // Only the current slide's video plays; a slide that is left stops its video.
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    el.querySelectorAll<HTMLVideoElement>('video').forEach((video) => {
      const current = video.dataset.index === String(index) && !video.closest('.slick-cloned');
      if (current) {
        video.muted = true;
        const played = video.play?.();
        if (played && typeof played.catch === 'function') played.catch(() => {});
      } else if (!video.paused) {
        video.pause();
      }
    });
  }, [index]);

  if (empty || items.length === 0) return null;

  const send = actor.send;
  const videoHandlers = (i: number) => {
    const mine = (e: { currentTarget: HTMLVideoElement }) => i === actor.getSnapshot().context.index && !e.currentTarget.closest('.slick-cloned');
    return {
      onPlay: (e: { currentTarget: HTMLVideoElement }) => mine(e) && send({ type: 'slider.videoPlayed' }),
      onPause: (e: { currentTarget: HTMLVideoElement }) => mine(e) && send({ type: 'slider.videoPaused' }),
      // `suspend` also fires while a video plays (it stopped downloading): only a stopped video counts.
      onSuspend: (e: { currentTarget: HTMLVideoElement }) =>
        mine(e) && e.currentTarget.paused && send({ type: 'slider.videoPaused' }),
      onEnded: (e: { currentTarget: HTMLVideoElement }) => mine(e) && send({ type: 'slider.videoEnded' }),
    };
  };
  const onBlur = (e: FocusEvent<HTMLElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) send({ type: 'slider.unhovered' });
  };
  const slide = (item: SliderItem, i: number): ReactNode => {
    const button = slideButton(item, isLoggedIn);
    return (
      <Slide
        role="group"
        aria-roledescription="slide"
        aria-label={t('home.slider.slide', { index: i + 1, count: items.length })}
        data-current={i === index ? 'true' : 'false'}
      >
        {item.fileType === 'video' ? (
          <video
            className="media"
            data-index={i}
            src={item.imageUrl}
            muted
            playsInline
            controls
            preload="metadata"
            aria-label={item.name}
            {...videoHandlers(i)}
          />
        ) : (
          // The first slide is the page's largest paint: fetched first, never lazy; sized (it covers its box).
          <img
            className="media"
            src={item.imageUrl}
            alt={item.name}
            width={1920}
            height={1080}
            loading={i === 0 ? 'eager' : 'lazy'}
            fetchPriority={i === 0 ? 'high' : 'auto'}
            decoding={i === 0 ? 'sync' : 'async'}
          />
        )}
        {item.shadowOverlay && <Shadow data-testid="slide-shadow" aria-hidden="true" />}
        <Content>
          <ServerHtml html={item.content} />
          {button && <ContentLinkButton url={button.url}>{button.label}</ContentLinkButton>}
        </Content>
      </Slide>
    );
  };

  return (
    <Hero
      ref={root}
      aria-roledescription="carousel"
      aria-label={t('home.slider.label')}
      data-testid="hero-slider"
      data-index={index}
      data-paused={paused ? 'true' : 'false'}
      onMouseEnter={() => {
        want();
        send({ type: 'slider.hovered' });
      }}
      onMouseLeave={() => send({ type: 'slider.unhovered' })}
      onTouchStart={want}
      onFocus={() => {
        want();
        send({ type: 'slider.hovered' });
      }}
      onBlur={onBlur}
    >
      {Carousel ? (
        <Carousel
          ref={(r: unknown) => {
            slick.current = r as SlickHandle | null;
          }}
          infinite={items.length > 1}
          autoplay={false}
          arrows={false}
          dots={false}
          speed={500}
          slidesToShow={1}
          slidesToScroll={1}
          initialSlide={alone}
          afterChange={(current: number) => {
            shown.current = current;
            if (current !== actor.getSnapshot().context.index) send({ type: 'slider.shown', index: current });
          }}
        >
          {items.map((item, i) => (
            <div key={item.id}>{slide(item, i)}</div>
          ))}
        </Carousel>
      ) : (
        // Before the carousel: the slide drawn alone (arrows and autoplay already work: they bring the carousel).
        <div key={items[alone]?.id}>{items[alone] && slide(items[alone], alone)}</div>
      )}
      {/* Only the visitor's own moves are read out; a slide the timer brings is not announced. */}
      <Live aria-live={announce ? 'polite' : 'off'} data-testid="slider-status">
        {t('home.slider.slide', { index: index + 1, count: items.length })}
      </Live>
      {several && (
        <PlayPause
          type="button"
          onClick={() => send({ type: stopped ? 'slider.played' : 'slider.paused' })}
          data-testid="slider-play-pause"
        >
          <span aria-hidden="true">{stopped ? '▶' : '❚❚'}</span> {stopped ? t('home.slider.play') : t('home.slider.pause')}
        </PlayPause>
      )}
      {arrows && (
        <>
          <Arrow type="button" $side="left" aria-label={t('home.slider.previous')} onClick={() => send({ type: 'slider.previous' })}>
            ‹
          </Arrow>
          <Arrow type="button" $side="right" aria-label={t('home.slider.next')} onClick={() => send({ type: 'slider.next' })}>
            ›
          </Arrow>
        </>
      )}
    </Hero>
  );
}

const Hero = styled.section`
  position: relative;
  overflow: hidden;
  background: ${({ theme }) => theme.colors.brown};
  .slick-slide > div {
    display: block;
  }
  /* react-slick draws each slide inline-block: on the baseline it would leave a descender's gap under the slide,
     so the carousel would be 6 px taller than the slide drawn alone before it arrives (a layout shift) */
  .slick-slide > div > div {
    vertical-align: top;
  }
`;

const Slide = styled.div`
  position: relative;
  height: clamp(380px, 60vh, 620px);
  color: ${({ theme }) => theme.colors.white};
  .media {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

const Shadow = styled.div`
  position: absolute;
  inset: 0;
  background: ${({ theme }) => theme.colors.overlay};
  pointer-events: none;
`;

const Content = styled.div`
  position: absolute;
  left: 0;
  right: 0;
  bottom: 0;
  max-width: ${({ theme }) => theme.layout.sectionMaxWidth}px;
  margin: 0 auto;
  padding: 32px ${({ theme }) => theme.layout.sectionPaddingSmall}px 56px;
  text-shadow: 0 1px 3px rgba(0, 0, 0, 0.5);
  h2 {
    margin: 0 0 12px;
    font-size: clamp(1.6rem, 4vw, 2.6rem);
  }
  p {
    margin: 0 0 20px;
    max-width: 640px;
    font-size: 1.1rem;
  }
`;

const Live = styled.p`
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
`;

const PlayPause = styled.button`
  position: absolute;
  right: 16px;
  bottom: 16px;
  z-index: 2;
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 44px;
  padding: 8px 14px;
  border: 2px solid ${({ theme }) => theme.colors.white};
  border-radius: ${({ theme }) => theme.radius}px;
  background: rgba(0, 0, 0, 0.6);
  color: ${({ theme }) => theme.colors.white};
  font-weight: 700;
  cursor: pointer;
`;

const Arrow = styled.button<{ $side: 'left' | 'right' }>`
  position: absolute;
  top: 50%;
  ${({ $side }) => $side}: 16px;
  transform: translateY(-50%);
  width: 48px;
  height: 48px;
  border-radius: 50%;
  border: none;
  background: rgba(255, 255, 255, 0.85);
  color: ${({ theme }) => theme.colors.brown};
  font-size: 2rem;
  line-height: 1;
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.white};
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
  }
`;
