// Lays out an offer's sections on the 12-column grid and renders each by its type; an unknown type
// renders nothing. Charts, maps, galleries and the timeline slider are loaded on demand (React.lazy) so
// victory, pigeon-maps and react-slick stay out of the initial chunk; the lazy ones also wait until their place is
// near the screen (a chart below the fold cost its chunk's evaluation, a render and a layout right after
// the first paint, on a phone about 80 ms each).
import { lazy, Suspense, useRef, type ComponentType, type ReactNode } from 'react';
import styled from 'styled-components';
import { media } from '../../../lib/theme';
import { Skeleton } from '../media/Image';
import { ErrorBoundary } from '../media/ErrorBoundary';
import CounterSection from './CounterSection';
import DocumentsSection from './DocumentsSection';
import ImageSection from './ImageSection';
import TableSection from './TableSection';
import TextSection from './TextSection';
import UnlockDetailsSection from './UnlockDetailsSection';
import VideoSection from './VideoSection';
import MapSection from './MapSection';
import { isFullWidth, spanOf } from './grid';
import type { Section } from './types';
import { useInView } from './useInView';

const GallerySection = lazy(() => import('./GallerySection'));
const TimelineSection = lazy(() => import('./TimelineSection'));
const PieChartSection = lazy(() => import('./PieChartSection'));
const BarChartSection = lazy(() => import('./BarChartSection'));

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const SECTION_COMPONENTS: Record<string, ComponentType<{ section: any }>> = {
  text: TextSection,
  image: ImageSection,
  gallery: GallerySection,
  map: MapSection,
  timeline: TimelineSection,
  counter: CounterSection,
  pieChart: PieChartSection,
  doughnut: PieChartSection,
  barChart: BarChartSection,
  video: VideoSection,
  youtube: VideoSection,
  audio: VideoSection,
  documents: DocumentsSection,
  attachments: DocumentsSection,
  table: TableSection,
  unlockDetails: UnlockDetailsSection,
};

const ON_DEMAND = new Set<unknown>([GallerySection, TimelineSection, PieChartSection, BarChartSection]);

/** What a section shows while its code is on the way (or its place is still far from the screen). */
const placeholder = (
  <div style={{ position: 'relative', minHeight: 200 }}>
    <Skeleton />
  </div>
);

/** One section by its type; null for a type this SPA does not know (SPEC §2). */
export function SectionView({ section }: { section: Section }) {
  const Component = SECTION_COMPONENTS[(section as { type: string }).type];
  if (!Component) return null;
  const content = (
    <ErrorBoundary>
      <Suspense fallback={placeholder}>
        <Component section={section} />
      </Suspense>
    </ErrorBoundary>
  );
  return ON_DEMAND.has(Component) ? <WhenNear>{content}</WhenNear> : content;
}

/** Renders its children once its place comes within a screen's height of the viewport (and keeps them). */
function WhenNear({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement | null>(null);
  const near = useInView(ref, { once: true, threshold: 0, rootMargin: '100% 0px' });
  if (near) return <>{children}</>;
  return (
    <div ref={ref} data-testid="section-deferred">
      {placeholder}
    </div>
  );
}

export function SectionsGrid({ sections }: { sections: Section[] }) {
  const known = [...sections]
    .filter((s) => SECTION_COMPONENTS[(s as { type: string }).type])
    .sort((a, b) => a.position - b.position);
  if (known.length === 0) return null;
  return (
    <Grid data-testid="sections">
      {known.map((section) => {
        const span = spanOf(section.grid);
        const full = isFullWidth(section);
        return (
          <Cell
            key={section.id}
            $m={span.mobile}
            $t={span.tablet}
            $d={span.desktop}
            $full={full}
            data-full-width={full || undefined}
            data-testid={`section-${section.type}`}
          >
            <SectionView section={section} />
          </Cell>
        );
      })}
    </Grid>
  );
}

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(12, minmax(0, 1fr));
  gap: 40px 24px;
`;

const Cell = styled.div<{ $m: number; $t: number; $d: number; $full: boolean }>`
  min-width: 0;
  grid-column: span ${({ $m }) => $m};
  ${media.up('sm')} {
    grid-column: span ${({ $t }) => $t};
  }
  ${media.up('md')} {
    grid-column: span ${({ $d }) => $d};
  }
`;
