// An offer as the lists answer it (OfferSummary), numbered: `o3`, "Offer 3", slugs `oferta-3` / `offer-3`.
// `over` sets what a test is about (a thumbnail, an offer that is closed).
import type { OfferSummary } from '../../src/components/offers/types';

export const offerSummary = (n: number, over: Partial<OfferSummary> = {}): OfferSummary => ({
  id: `o${n}`,
  slug: { pl: `oferta-${n}`, en: `offer-${n}` },
  title: `Offer ${n}`,
  mainDescription: `<p>Description ${n}</p>`,
  thumbUrl: null,
  imageUrl: null,
  projectType: 'Apartments',
  isOpen: true,
  badges: [],
  investmentStart: null,
  investmentEnd: null,
  address: 'Warsaw',
  totalCost: 100,
  developerEquity: 25,
  investorEquity: 75,
  ...over,
});
