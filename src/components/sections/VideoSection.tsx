// video / audio (SPEC §2): <video> for files, <audio> for a local audio file, mixcloud's player for a
// mixcloud page. With autoPlay the media starts (muted, as browsers require) when scrolled into view.
import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { mediaKind, mixcloudEmbedUrl, youtubeEmbedUrl } from './mediaKind';
import { SectionBlock } from './SectionBlock';
import type { SectionOf } from './types';
import { useInView } from './useInView';

export default function VideoSection({ section }: { section: SectionOf<'video'> }) {
  const box = useRef<HTMLDivElement>(null);
  const player = useRef<HTMLMediaElement | null>(null);
  const inView = useInView(box, { threshold: 0.5 });
  const kind = mediaKind(section.url);

  useEffect(() => {
    const el = player.current;
    if (!section.autoPlay || !el) return;
    if (inView) {
      el.muted = true;
      void el.play?.()?.catch(() => {});
    } else if (!el.paused) el.pause?.();
  }, [inView, section.autoPlay]);

  const label = section.title || undefined;
  return (
    <SectionBlock title={section.title} type="video">
      <Box ref={box} data-kind={kind}>
        {kind === 'video' && (
          <video ref={(el) => void (player.current = el)} src={section.url} controls playsInline preload="metadata" aria-label={label} />
        )}
        {kind === 'audio' && <audio ref={(el) => void (player.current = el)} src={section.url} controls preload="metadata" aria-label={label} />}
        {(kind === 'mixcloudEmbed' || kind === 'youtube') && (section.autoPlay ? inView : true) && (
          <iframe
            title={section.title || section.url}
            src={kind === 'youtube' ? youtubeEmbedUrl(section.url, section.autoPlay) : mixcloudEmbedUrl(section.url, section.autoPlay)}
            loading="lazy"
            allow="autoplay; encrypted-media"
            height={kind === 'youtube' ? 360 : 120}
          />
        )}
      </Box>
    </SectionBlock>
  );
}

const Box = styled.div`
  video,
  iframe {
    display: block;
    width: 100%;
    border: 0;
    border-radius: ${({ theme }) => theme.radius}px;
    background: #000;
  }
  audio {
    width: 100%;
  }
  &[data-kind='mixcloudEmbed'] iframe {
    background: transparent;
  }
`;
