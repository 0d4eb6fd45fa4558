// An image that shows a skeleton until it has loaded and a placeholder if it fails (SPEC §2 "Other UI").
import { useLayoutEffect, useRef, useState, type ImgHTMLAttributes } from 'react';
import styled, { keyframes } from 'styled-components';

type Status = 'loading' | 'loaded' | 'failed';

export interface ImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt'> {
  src: string | null | undefined;
  /** required: '' only for a decorative image */
  alt: string;
  /** the page's LCP image: eager, high fetch priority; otherwise loading="lazy" */
  priority?: boolean;
  /** CSS aspect ratio of the box while loading / failed, e.g. "16 / 9" */
  ratio?: string;
  /** object-fit of the image */
  fit?: 'cover' | 'contain';
  className?: string;
}

export function Image({ src, alt, ratio, fit = 'cover', className, priority = false, ...rest }: ImageProps) {
  const [status, setStatus] = useState<Status>(src ? 'loading' : 'failed');
  // a new address starts over, in the same render (React's "adjusting state when a prop changes")
  const [shownSrc, setShownSrc] = useState(src);
  if (src !== shownSrc) {
    setShownSrc(src);
    setStatus(src ? 'loading' : 'failed');
  }
  const img = useRef<HTMLImageElement>(null);
  useLayoutEffect(() => {
    // An image from the cache (the same picture shown larger on the page, or preloaded) can finish before
    // React listens for its load event: take what the element already knows, or it would stay hidden.
    const el = img.current;
    if (src && el?.complete && el.naturalWidth > 0) setStatus('loaded');
  }, [src]);
  return (
    <Box className={className} $ratio={ratio} data-status={status}>
      {status === 'loading' && <Skeleton aria-hidden="true" data-testid="image-skeleton" />}
      {status === 'failed' ? (
        <Placeholder role="img" aria-label={alt} data-testid="image-placeholder">
          <svg width="48" height="48" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
            <rect x="3" y="4" width="18" height="16" rx="2" />
            <circle cx="9" cy="10" r="2" />
            <path d="M21 17l-5-5-9 8" />
          </svg>
        </Placeholder>
      ) : (
        <Img
          // The page's largest paint (an offer's first photos): fetched first, never lazy. Others wait for view.
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding={priority ? 'sync' : 'async'}
          {...rest}
          src={src ?? undefined}
          alt={alt}
          $fit={fit}
          $hidden={status !== 'loaded'}
          ref={img}
          onLoad={() => setStatus('loaded')}
          onError={() => setStatus('failed')}
        />
      )}
    </Box>
  );
}

// The shimmer moves a light band across with a transform, which the compositor animates on its own: animating
// background-position repainted every skeleton on the main thread in every frame, lazy images waiting below the
// fold included (most of the offer page's paint time in a trace).
const sweep = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(100%); }
`;

export const Skeleton = styled.span`
  display: block;
  position: absolute;
  inset: 0;
  overflow: hidden;
  background: ${({ theme }) => theme.colors.greenLight};
  &::after {
    content: '';
    position: absolute;
    inset: 0;
    background: linear-gradient(90deg, transparent, rgba(255, 255, 255, 0.6), transparent);
    transform: translateX(-100%);
    animation: ${sweep} 1.2s linear infinite;
  }
  @media (prefers-reduced-motion: reduce) {
    &::after {
      animation: none;
    }
  }
`;

const Box = styled.span<{ $ratio?: string }>`
  position: relative;
  display: block;
  overflow: hidden;
  width: 100%;
  height: ${({ $ratio }) => ($ratio ? 'auto' : '100%')};
  ${({ $ratio }) => ($ratio ? `aspect-ratio: ${$ratio};` : 'min-height: 40px;')}
`;

const Img = styled.img<{ $fit: string; $hidden: boolean }>`
  display: block;
  width: 100%;
  height: 100%;
  object-fit: ${({ $fit }) => $fit};
  opacity: ${({ $hidden }) => ($hidden ? 0 : 1)};
  transition: opacity 0.4s;
`;

const Placeholder = styled.span`
  position: absolute;
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: center;
  background: ${({ theme }) => theme.colors.cream};
  color: ${({ theme }) => theme.colors.textMuted};
`;
