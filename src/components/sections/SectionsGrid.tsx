// Lays out an offer's sections on the 12-column grid and renders each by its type; an unknown type
// renders nothing. Charts, maps, galleries and the timeline slider are loaded on demand (React.lazy) so
// victory, pigeon-maps and react-slick stay out of the initial chunk.
import { lazy, Suspense, type ComponentType } from 'react';
import styled from 'styled-components';
import { media } from '../../styles/theme';
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

/** One section by its type; null for a type this SPA does not know (SPEC §2). */
export function SectionView({ section }: { section: Section }) {
  const Component = SECTION_COMPONENTS[(section as { type: string }).type];
  if (!Component) return null;
  return (
    <ErrorBoundary>
      <Suspense fallback={<div style={{ position: 'relative', minHeight: 200 }}><Skeleton /></div>}>
        <Component section={section} />
      </Suspense>
    </ErrorBoundary>
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
