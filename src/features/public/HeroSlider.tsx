// The home page's hero slider (SPEC §2). machines/slider.machine.ts decides everything that changes: which
// slide shows and when it moves on (autoplay every 6 s with more than one slide, paused on hover, while a video
// plays, or stopped), and whether the carousel (react-slick, a chunk of its own) is mounted yet. This view draws
// what the chart says — the slide drawn alone, or the carousel (its own autoplay and arrows off) kept at the
// chart's slide — and forwards what the visitor does: hover and focus, a touch, the arrows, the play/pause
// control, a swipe, and the current slide's video events. What the chart runs in the browser (the chunk's
// loader, the reduced-motion watcher) is provided in ./heroSliderActors.ts.
//
// Speed: until the carousel is mounted the chart's slide is drawn on its own, in the same box and markup, so the
// first slide (the home page's LCP element: eager, high fetch priority, sized) is on screen without waiting for
// the carousel's chunk and nothing moves when the carousel takes over.
import { useActorRef, useSelector } from '@xstate/react';
import { createElement, useDeferredValue, useEffect, useRef, type FocusEvent, type ReactNode, type Ref } from 'react';
import styled from 'styled-components';
import { media } from '../../../lib/theme';
import { slideDrawnAlone, type SliderActorRef } from '../../../machines/slider.machine';
import type { SliderItem } from '../../api/types';
import { ServerHtml } from '../../components/ui/ServerHtml';
import { useT } from '../../i18n/i18n';
import { ContentLinkButton } from './ContentLinkButton';
import { browserSliderMachine, loadedCarousel } from './heroSliderActors';
import { slideButton } from './rules';

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

export function HeroSlider({ items, isLoggedIn, actorRef }: HeroSliderProps) {
  return actorRef ? (
    <HeroSliderView items={items} isLoggedIn={isLoggedIn} actor={actorRef} />
  ) : (
    <OwnHeroSlider items={items} isLoggedIn={isLoggedIn} />
  );
}

function OwnHeroSlider({ items, isLoggedIn }: { items: readonly SliderItem[]; isLoggedIn: boolean }) {
  // The chart starts (and its timers run) in the browser only, after the first render, which is the server's.
  const actor = useActorRef(browserSliderMachine, { input: { count: items.length, carouselLoaded: loadedCarousel() !== null } });
  return <HeroSliderView items={items} isLoggedIn={isLoggedIn} actor={actor} />;
}

/** react-slick once its chunk has arrived (the chart mounts the carousel only then). */
function LoadedCarousel({ ref, ...props }: Record<string, unknown> & { ref?: Ref<SlickHandle> }) {
  const slick = loadedCarousel();
  return slick && createElement(slick, { ...props, ref });
}

/** A name for each list of slides, to draw the carousel anew for new slides. */
const listKeys = new WeakMap<readonly SliderItem[], number>();
let lists = 0;
function listKey(items: readonly SliderItem[]): number {
  let key = listKeys.get(items);
  if (key === undefined) listKeys.set(items, (key = ++lists));
  return key;
}

/** The state of the carousel's region, for the `data-carousel` attribute (none without several slides). */
const widgetOf = (s: ReturnType<SliderActorRef['getSnapshot']>): string | undefined => {
  const value = s.value;
  return typeof value === 'object' && 'carousel' in value ? String((value.carousel as { widget: string }).widget) : undefined;
};

function HeroSliderView({ items, isLoggedIn, actor }: { items: readonly SliderItem[]; isLoggedIn: boolean; actor: SliderActorRef }) {
  const t = useT();
  const slick = useRef<SlickHandle | null>(null);
  const root = useRef<HTMLElement | null>(null);
  const empty = useSelector(actor, (s) => s.matches('empty'));
  const several = useSelector(actor, (s) => s.hasTag('arrows'));
  const paused = useSelector(actor, (s) => s.hasTag('paused'));
  const stopped = useSelector(actor, (s) => s.hasTag('stopped'));
  const announce = useSelector(actor, (s) => s.context.announce);
  const index = useSelector(actor, (s) => s.context.index);
  const count = useSelector(actor, (s) => s.context.count);
  const alone = useSelector(actor, slideDrawnAlone);
  const widget = useSelector(actor, widgetOf);
  const mounted = useSelector(actor, (s) => s.hasTag('carousel'));
  // Deferred: React renders the carousel (every slide and its clones) in a background render, in slices of a
  // few ms between other work, instead of one long task after the first paint (total blocking time).
  const Carousel = useDeferredValue(mounted) && loadedCarousel() !== null ? LoadedCarousel : null;

  // Keep the carousel at the chart's slide (forwards across the loop when it moved on by one). It starts at the
  // slide that was drawn alone, so its first move is animated too. `shown` is the slide react-slick shows.
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

  // New slides (a language switch loads them again): the chart starts over, and the carousel is drawn anew for
  // them (keyed by the list) at the first slide: handed new slides, react-slick did not follow a move back to the
  // first one (it stayed where it was).
  const firstItems = useRef(items);
  useEffect(() => {
    if (items === firstItems.current) return;
    firstItems.current = items;
    shown.current = 0;
    actor.send({ type: 'slider.itemsChanged', count: items.length });
  }, [actor, items]);

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
    // Only the current slide's video is reported: a slide that is left stops its video (not the visitor's
    // pause), and react-slick's copies of the first and last slides (for the loop) are not the slide itself.
    const current = (e: { currentTarget: HTMLVideoElement }) => i === index && !e.currentTarget.closest('.slick-cloned');
    return {
      onPlay: (e: { currentTarget: HTMLVideoElement }) => current(e) && send({ type: 'slider.videoPlayed' }),
      onPause: (e: { currentTarget: HTMLVideoElement }) => current(e) && send({ type: 'slider.videoPaused' }),
      // `suspend` also fires while a video plays (it stopped downloading): only a stopped video counts.
      onSuspend: (e: { currentTarget: HTMLVideoElement }) =>
        current(e) && e.currentTarget.paused && send({ type: 'slider.videoPaused' }),
      onEnded: (e: { currentTarget: HTMLVideoElement }) => current(e) && send({ type: 'slider.videoEnded' }),
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
      data-carousel={widget}
      onMouseEnter={() => send({ type: 'slider.hovered' })}
      onMouseLeave={() => send({ type: 'slider.unhovered' })}
      onTouchStart={() => send({ type: 'slider.touched' })}
      onFocus={() => send({ type: 'slider.hovered' })}
      onBlur={onBlur}
    >
      {Carousel ? (
        <Carousel
          key={listKey(items)}
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
            // the chart's own moves land here too; a slide other than the chart's was swiped to
            if (current !== index) send({ type: 'slider.shown', index: current });
          }}
        >
          {items.map((item, i) => (
            <div key={item.id}>{slide(item, i)}</div>
          ))}
        </Carousel>
      ) : (
        // Before the carousel (or without it): the slide drawn alone (arrows and autoplay already work).
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
      {/* SPEC §2: no arrows on small screens, which a media query hides (Arrow): the server knows no screen, so
          reading its size in script would draw them and take them away again right after hydration on a phone. */}
      {several && (
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
  ${media.down('sm')} {
    display: none;
  }
`;
