import type { SectionPayloads, SectionType, Text } from '../../schema-content';

export const t = (pl: string, en: string = pl): Text => ({ pl, en });

/** PLN → grosze. */
export const pln = (zloty: number) => Math.round(zloty * 100);

export const img = (name: string) => `/media/offers/${name}.svg`;
export const doc = (file: string) => `/media/docs/${file}`;

export interface SectionSeed<K extends SectionType = SectionType> {
  type: K;
  title: Text;
  grid?: [mobile: number, tablet: number, desktop: number];
  payload: SectionPayloads[K];
}

/** Typed section builder: `section('map', t('Lokalizacja', 'Location'), {...}, [12, 12, 6])`. */
export function section<K extends SectionType>(
  type: K,
  title: Text,
  payload: SectionPayloads[K],
  grid: [number, number, number] = [12, 12, 12],
): SectionSeed {
  return { type, title, payload, grid } as SectionSeed;
}

export interface OfferSeed {
  key: string;
  slug: Text;
  title: Text;
  seoTitle?: Text;
  seoDescription?: Text;
  mainDescription: Text;
  projectType: Text;
  address: Text;
  thumbUrl: string | null;
  imageUrl: string | null;
  isOpen: boolean;
  published: boolean;
  /** Only for unpublished offers; stored as its SHA-256. */
  previewToken?: string;
  investmentStart: string | null;
  investmentEnd: string | null;
  createdAt: string;
  totalCost: number;
  developerEquity: number;
  templateName: 'default' | 'fullWidthGallery';
  badges: { text: Text; colorText: string; colorBackground: string }[];
  properties: { label: Text; value: Text }[];
  descriptions: { title: Text; content: Text }[];
  sections: SectionSeed[];
  series: { name: Text; pricePerShare: number; minStocks: number; totalShares: number; isOpen: boolean; soldShares?: number }[];
  documents: { key: string; kind: 'general' | 'investor'; displayName: Text; url: string }[];
  agreements?: { key: string; content: Text; required: boolean }[];
}
