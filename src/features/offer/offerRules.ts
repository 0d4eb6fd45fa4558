// The single offer's derived values (SPEC §2, §9), kept apart from the views.
import { percentOf } from '../../components/sections/format';
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

// The page title and meta description are shared with the server's page heads.
export { offerDescription, offerTitle } from '../../../contract/page-head';
