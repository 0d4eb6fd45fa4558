// Full-screen photo viewer (SPEC §2): looping carousel, one slide at a time, 500 ms, dots, a thumbnail
// strip 75 px high, previous/next arrows and Close. The lightbox machine owns which photo shows and
// whether the viewer is open; slick only animates. A modal dialog: focus moves in, Tab stays inside,
// Escape closes, focus goes back where it was.
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import type S from 'react-slick';
import type { LightboxActorRef } from '../../../machines/lightbox.machine';
import { useT } from '../../i18n/i18n';
import { trapTab } from '../ui/focus';
import { CloseIcon } from '../ui/icons';
import { Image } from './Image';
import { Slider } from './slick';

export interface LightboxPhoto {
  imageUrl: string;
  thumbUrl?: string | null;
  title?: string | null;
  description?: string | null;
}

export const LIGHTBOX_SPEED = 500; // SPEC §9
export const THUMB_HEIGHT = 75; // SPEC §2

export default function Lightbox({ actorRef, photos, title }: { actorRef: LightboxActorRef; photos: LightboxPhoto[]; title: string }) {
  const t = useT();
  const index = useSelector(actorRef, (s) => s.context.index);
  const slider = useRef<S>(null);
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    panel.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      if (previous && document.contains(previous)) previous.focus();
    };
  }, []);

  useEffect(() => {
    slider.current?.slickGoTo(index);
  }, [index]);

  const alt = (p: LightboxPhoto, i: number) => p.title || t('offer.photo', { n: i + 1, total: photos.length });

  return createPortal(
    <Backdrop
      ref={panel}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      data-testid="lightbox"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          actorRef.send({ type: 'lightbox.closed' });
        } else if (event.key === 'ArrowRight') actorRef.send({ type: 'lightbox.next' });
        else if (event.key === 'ArrowLeft') actorRef.send({ type: 'lightbox.previous' });
        else if (panel.current) trapTab(event, panel.current);
      }}
    >
      <Top>
        <h2 id={titleId}>{title}</h2>
        <span aria-live="polite" data-testid="lightbox-counter">
          {t('offer.photoOf', { n: index + 1, total: photos.length })}
        </span>
        <CloseButton type="button" data-autofocus onClick={() => actorRef.send({ type: 'lightbox.closed' })}>
          <CloseIcon size={20} /> {t('common.close')}
        </CloseButton>
      </Top>
      <Stage>
        <Arrow type="button" $side="left" aria-label={t('offer.previousPhoto')} onClick={() => actorRef.send({ type: 'lightbox.previous' })}>
          ‹
        </Arrow>
        <SliderBox>
          <Slider
            ref={slider}
            infinite
            dots
            arrows={false}
            speed={LIGHTBOX_SPEED}
            slidesToShow={1}
            slidesToScroll={1}
            initialSlide={index}
            beforeChange={(_, next) => {
              if (next !== actorRef.getSnapshot().context.index) actorRef.send({ type: 'lightbox.selected', index: next });
            }}
          >
            {photos.map((p, i) => (
              <Slide key={`${p.imageUrl}-${i}`}>
                <Image src={p.imageUrl} alt={alt(p, i)} fit="contain" />
                {(p.title || p.description) && (
                  <figcaption>
                    {p.title && <strong>{p.title}</strong>} {p.description}
                  </figcaption>
                )}
              </Slide>
            ))}
          </Slider>
        </SliderBox>
        <Arrow type="button" $side="right" aria-label={t('offer.nextPhoto')} onClick={() => actorRef.send({ type: 'lightbox.next' })}>
          ›
        </Arrow>
      </Stage>
      <Thumbs aria-label={t('offer.thumbnails')}>
        {photos.map((p, i) => (
          <li key={`${p.imageUrl}-${i}`}>
            <button
              type="button"
              aria-current={i === index ? 'true' : undefined}
              aria-label={alt(p, i)}
              onClick={() => actorRef.send({ type: 'lightbox.selected', index: i })}
            >
              <img src={p.thumbUrl || p.imageUrl} alt="" height={THUMB_HEIGHT} />
            </button>
          </li>
        ))}
      </Thumbs>
    </Backdrop>,
    document.body,
  );
}

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 2000;
  display: flex;
  flex-direction: column;
  background: rgba(15, 10, 6, 0.96);
  color: #fff;
`;

const Top = styled.div`
  display: flex;
  align-items: center;
  gap: 16px;
  padding: 12px 16px;
  h2 {
    flex: 1;
    margin: 0;
    font-size: 1.1rem;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

const CloseButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 44px;
  padding: 8px 14px;
  border: 1px solid rgba(255, 255, 255, 0.6);
  border-radius: ${({ theme }) => theme.radius}px;
  background: transparent;
  color: #fff;
  cursor: pointer;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
  }
`;

const Stage = styled.div`
  position: relative;
  flex: 1;
  min-height: 0;
  display: flex;
  align-items: center;
`;

const SliderBox = styled.div`
  flex: 1;
  min-width: 0;
  height: 100%;
  .slick-slider,
  .slick-list,
  .slick-track {
    height: 100%;
  }
  .slick-slide > div {
    height: 100%;
  }
  .slick-dots {
    display: flex !important;
    justify-content: center;
    gap: 6px;
    margin: 0;
    padding: 6px 0;
    list-style: none;
    position: absolute;
    bottom: 0;
    width: 100%;
  }
  .slick-dots button {
    width: 12px;
    height: 12px;
    padding: 0;
    border-radius: 50%;
    border: 0;
    font-size: 0;
    background: rgba(255, 255, 255, 0.45);
    cursor: pointer;
  }
  .slick-dots .slick-active button {
    background: #fff;
  }
`;

const Slide = styled.figure`
  margin: 0;
  height: calc(100vh - ${THUMB_HEIGHT + 110}px);
  display: flex !important;
  flex-direction: column;
  figcaption {
    padding: 8px 16px 28px;
    text-align: center;
  }
`;

const Arrow = styled.button<{ $side: 'left' | 'right' }>`
  position: absolute;
  ${({ $side }) => $side}: 8px;
  z-index: 2;
  width: 48px;
  height: 48px;
  border: 0;
  border-radius: 50%;
  background: rgba(0, 0, 0, 0.5);
  color: #fff;
  font-size: 2rem;
  line-height: 1;
  cursor: pointer;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
  }
`;

const Thumbs = styled.ul`
  display: flex;
  gap: 8px;
  margin: 0;
  padding: 8px 16px 12px;
  list-style: none;
  overflow-x: auto;
  height: ${THUMB_HEIGHT + 20}px;
  button {
    padding: 0;
    border: 2px solid transparent;
    background: none;
    cursor: pointer;
    height: ${THUMB_HEIGHT}px;
    opacity: 0.6;
  }
  button[aria-current='true'] {
    border-color: #fff;
    opacity: 1;
  }
  button:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
  }
  img {
    display: block;
    height: ${THUMB_HEIGHT - 4}px;
    width: auto;
  }
`;
