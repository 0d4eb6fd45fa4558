// Shapes of an offer's sections (docs/api.md "Public site"). Money is integer grosze; dates ISO strings.

export interface Doc {
  id: string;
  displayName: string;
  url: string;
}

export interface SectionGrid {
  mobile: number;
  tablet: number;
  desktop: number;
}

interface SectionBase {
  id: string;
  position: number;
  title: string | null;
  grid: SectionGrid;
}

export interface GalleryElement {
  position: number;
  title: string | null;
  description: string | null;
  imageUrl: string;
  thumbUrl: string | null;
}

export interface TimelineElement {
  date: string | null;
  label: string;
  content: string | null;
  thumbUrl: string | null;
  imageUrl: string | null;
  current: boolean;
}

export interface CounterElement {
  position: number;
  countFrom: number;
  countTo: number;
  label: string;
  subLabel: string | null;
  color: string | null;
}

export interface ChartElement {
  label: string;
  value: number;
  color: string | null;
}

export interface TableColumn {
  position: number;
  name: string;
}

export interface TableRow {
  backgroundColor: string | null;
  textColor: string | null;
  cells: Record<string, string>;
}

export type ChartSection = SectionBase & { type: 'pieChart' | 'doughnut' | 'barChart'; elements: ChartElement[] };

export type Section =
  | (SectionBase & { type: 'text'; content: string })
  | (SectionBase & { type: 'image'; description: string | null; imageUrl: string; thumbUrl: string | null })
  | (SectionBase & { type: 'gallery'; elements: GalleryElement[] })
  | (SectionBase & {
      type: 'map';
      zoom: number;
      latitude: number;
      longitude: number;
      address: string | null;
      isFullWidth?: boolean;
    })
  | (SectionBase & { type: 'timeline'; isFullWidth?: boolean; elements: TimelineElement[] })
  | (SectionBase & { type: 'counter'; animationDuration: number; elements: CounterElement[] })
  | ChartSection
  | (SectionBase & { type: 'video'; url: string; autoPlay: boolean })
  | (SectionBase & { type: 'documents'; elements: { attachment: Doc }[] })
  | (SectionBase & { type: 'table'; columns: TableColumn[]; rows: TableRow[] })
  | (SectionBase & {
      type: 'unlockDetails';
      unlockDetailsSectionDescription: string | null;
      unlockDetailsSectionButtonText: string | null;
      unlockDetailsSectionButtonLink: string | null;
    });

export type SectionType = Section['type'];
export type SectionOf<T extends SectionType> = Extract<Section, { type: T }>;
