// The offer as lists show it (docs/api.md "Public site": OfferSummary). The full offer of the single-offer
// page extends this shape, so an Offer can be given wherever an OfferSummary is expected.
import type { Language } from '../../config/env';

export interface OfferBadge {
  text: string;
  colorText: string | null;
  colorBackground: string | null;
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
