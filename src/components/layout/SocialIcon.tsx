// Self-drawn social network marks (simplified, single colour, currentColor). Decorative: the link that
// holds one carries the accessible name.
import type { ReactElement } from 'react';
import type { SocialMediaItem } from '../../api/types';

type Network = SocialMediaItem['icon'];

const paths: Record<Network, (glyph: string) => ReactElement> = {
  linkedin: (glyph) => (
    <>
      <rect x="2" y="2" width="20" height="20" rx="3" fill="currentColor" />
      <rect x="6" y="10" width="2.6" height="8" fill={glyph} />
      <circle cx="7.3" cy="6.8" r="1.6" fill={glyph} />
      <path d="M11 10h2.5v1.2c.5-.8 1.5-1.4 2.8-1.4 2 0 3 1.3 3 3.7V18h-2.6v-4.1c0-1.2-.4-1.9-1.4-1.9s-1.7.7-1.7 1.9V18H11z" fill={glyph} />
    </>
  ),
  facebook: (glyph) => (
    <>
      <circle cx="12" cy="12" r="10" fill="currentColor" />
      <path d="M13.2 22v-7.3h2.4l.4-2.9h-2.8V10c0-.8.3-1.4 1.4-1.4H16V6.1c-.3 0-1.1-.1-2.1-.1-2.1 0-3.5 1.3-3.5 3.6v2.2H8v2.9h2.4V22z" fill={glyph} />
    </>
  ),
  twitter: (glyph) => (
    <>
      <rect x="2" y="2" width="20" height="20" rx="4" fill="currentColor" />
      <path d="M6.5 6.5h3.2l8 11h-3.2zM17.2 6.5l-4.3 4.8M10.9 13.3l-4.2 4.2" stroke={glyph} strokeWidth="1.6" strokeLinecap="round" fill="none" />
    </>
  ),
  instagram: (glyph) => (
    <>
      <rect x="2" y="2" width="20" height="20" rx="6" fill="currentColor" />
      <circle cx="12" cy="12" r="4.2" fill="none" stroke={glyph} strokeWidth="2" />
      <circle cx="17.3" cy="6.7" r="1.3" fill={glyph} />
    </>
  ),
  youtube: (glyph) => (
    <>
      <rect x="1.5" y="5" width="21" height="14" rx="4" fill="currentColor" />
      <path d="M10 9v6l5.2-3z" fill={glyph} />
    </>
  ),
};

/** `glyph` is the colour of the mark inside the shape: the background the icon sits on. */
export function SocialIcon({ icon, size = 28, glyph = '#fff' }: { icon: Network; size?: number; glyph?: string }) {
  const draw = paths[icon];
  if (!draw) return null;
  const drawing = draw(glyph);
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false" data-icon={icon}>
      {drawing}
    </svg>
  );
}

export const SOCIAL_NETWORKS = Object.keys(paths) as Network[];
