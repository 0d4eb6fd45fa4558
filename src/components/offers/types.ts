// The offer as lists show it (docs/api.md "Public site": OfferSummary). The full offer of the single-offer
// page extends this shape, so an Offer can be given wherever an OfferSummary is expected.
import type { Language } from '../../config/env';

export interface OfferBadge {
  text: string;
  colorText: string | null;
  colorBackground: string | null;
}

/** funded: every share sold; open: the offer takes investments; closed: otherwise. */
export type OfferStatus = 'open' | 'closed' | 'funded';

export interface OfferFunding {
  /** sold shares × price, grosze */
  raised: number;
  /** the investors' equity, total cost minus developer equity, grosze (contract/funding.ts) */
  target: number;
  /** 100 × raised / target rounded to 2 decimals (SPEC §9) */
  percent: number;
}

export interface OfferSummary {
  id: string;
  slug: Record<Language, string>;
  title: string | null;
  mainDescription: string | null;
  thumbUrl: string | null;
  imageUrl: string | null;
  projectType: string | null;
  isOpen: boolean;
  badges: OfferBadge[];
  investmentStart: string | null;
  investmentEnd: string | null;
  address: string | null;
  totalCost: number;
  developerEquity: number;
  investorEquity: number;
  // Investing figures. Optional in this type so older fixtures and cached answers still fit;
  // the server always sends them.
  /** lowest price per share among the series, grosze; null: no series */
  pricePerShare?: number | null;
  /** smallest possible investment, grosze; null: none open */
  minimumInvestment?: number | null;
  /** projected annual return, basis points (850 = 8.5 %); null: not stated */
  projectedReturnBasisPoints?: number | null;
  funding?: OfferFunding;
  status?: OfferStatus;
}

export type FeaturedListName = 'homepage' | 'singleOffer' | 'homepageOfferList' | 'investorPanel' | 'featuredWidget';

export interface FeaturedOffers {
  listName: FeaturedListName;
  title: string | null;
  description: string | null;
  offers: OfferSummary[];
}

/** Navigation state an offer link carries: the list page (path + query) the user came from (SPEC §2). */
export interface OfferLinkState {
  from: string;
}
