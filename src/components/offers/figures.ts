// What an offer card shows investors: its status, the projected return and the funding progress, from the
// OfferSummary's investing figures (docs/api.md "Public site"). Pure helpers, tested on their own; the investment
// window is written by lib/format.ts (formatMonthRange).
import { percentOf } from '../../../contract/funding';
import type { OfferStatus, OfferSummary } from './types';

/** The card's badge: the server's status; an answer without one falls back on `isOpen`. */
export function offerStatus(offer: Pick<OfferSummary, 'status' | 'isOpen'>): OfferStatus {
  return offer.status ?? (offer.isOpen ? 'open' : 'closed');
}

/** Basis points → a fraction (850 → 0.085); null when the offer states none. */
export function projectedReturnFraction(basisPoints: number | null | undefined): number | null {
  if (basisPoints === null || basisPoints === undefined || !Number.isFinite(basisPoints)) return null;
  return basisPoints / 10000;
}

export interface FundingFigures {
  raised: number;
  target: number;
  /** SPEC §9: 100 × raised / target rounded to 2 decimals (the server's figure) */
  percent: number;
  /** the bar's width, 0–100 */
  width: number;
}


/** The funding progress as the API computed it (contract/funding.ts), or null when the offer has no target (no investors' equity). */
export function fundingOf(offer: Pick<OfferSummary, 'funding'>): FundingFigures | null {
  const funding = offer.funding;
  if (!funding || !(funding.target > 0)) return null;
  const percent = Number.isFinite(funding.percent) ? funding.percent : percentOf(funding.raised, funding.target);
  return { raised: funding.raised, target: funding.target, percent, width: Math.min(100, Math.max(0, percent)) };
}
