// Shapes of the single offer and the static page (docs/api.md "Public site").
import type { Language } from '../../config/env';
import type { OfferSummary } from '../../components/offers/types';
import type { Doc, GalleryElement, Section } from '../../components/sections/types';

export interface Badge {
  text: string;
  colorText: string | null;
  colorBackground: string | null;
}

export interface Series {
  /** an integer, as GET /offers/{slug} gives it (server/modules/offers/schemas.ts seriesSchema) */
  id: number;
  name: string;
  pricePerShare: number;
  minStocks: number;
  availableShares: number;
  isOpen: boolean;
}

export interface Agreement {
  id: string;
  content: string;
  required: boolean;
}

/** The single offer: with the investing figures its list entry has (price, minimum, return, funding, status). */
export interface Offer
  extends Pick<OfferSummary, 'pricePerShare' | 'minimumInvestment' | 'projectedReturnBasisPoints' | 'funding' | 'status'> {
  id: string;
  slug: Record<Language, string>;
  title: string | null;
  seoTitle: string | null;
  seoDescription: string | null;
  mainDescription: string | null;
  thumbUrl: string | null;
  imageUrl: string | null;
  projectType: string | null;
  isOpen: boolean;
  investmentStart: string | null;
  investmentEnd: string | null;
  createdAt: string;
  address: string | null;
  totalCost: number;
  developerEquity: number;
  investorEquity: number;
  badges: Badge[];
  templateName: 'default' | 'fullWidthGallery';
  properties: { position: number; label: string; value: string }[];
  descriptions: { title: string; content: string; position: number }[];
  sections: Section[];
  series: Series[];
  documents: { general: Doc[]; investor: Doc[] };
  agreements: Agreement[];
  gallery: GalleryElement[];
}

export interface StaticPage {
  id: string;
  slug: Record<Language, string>;
  title: string;
  subTitle: string | null;
  imageUrl: string | null;
  content: string | null;
  seoTitle: string | null;
  seoDescription: string | null;
  attachments: Doc[];
}
