// The single offer's derived values (SPEC §2, §9), kept apart from the views.
import { plainText, percentOf } from '../../components/sections/format';
import type { Offer, Series } from './types';

/** The first open series: its price per share and minimum number of shares are the offer's. */
export function firstOpenSeries(offer: Pick<Offer, 'series'>): Series | null {
  return offer.series.find((s) => s.isOpen) ?? null;
}

/** Investor equity as a share of the total cost: 100 × investorEquity / totalCost, 2 decimals. */
export function investorSharePercent(offer: Pick<Offer, 'investorEquity' | 'totalCost' | 'developerEquity'>): number {
  const investor = offer.investorEquity ?? offer.totalCost - offer.developerEquity;
  return percentOf(investor, offer.totalCost);
}

/** Page title before the site suffix: seoTitle, else title, else the generic investments label. */
export function offerTitle(offer: Pick<Offer, 'seoTitle' | 'title'> | null, generic: string): string {
  return offer?.seoTitle?.trim() || offer?.title?.trim() || generic;
}

/** Meta description: seoDescription, else the plain text of the main description. */
export function offerDescription(offer: Pick<Offer, 'seoDescription' | 'mainDescription'>): string {
  return offer.seoDescription?.trim() || plainText(offer.mainDescription);
}

/** `/offers/{slug}` with each segment of a nested slug encoded, its slash kept. */
export function offerApiPath(slug: string): string {
  return `/offers/${slug.split('/').filter(Boolean).map(encodeURIComponent).join('/')}`;
}
