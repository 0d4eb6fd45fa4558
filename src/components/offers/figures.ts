// What an offer card shows investors (issue 11): its status, the projected return, the investment window and
// the funding progress, from the OfferSummary's investing figures (docs/api.md "Public site"). Pure helpers,
// tested on their own. No date library here: cards are drawn by screens in the initial chunk (not-found
// offers), so the window is written from the month names below (SPEC §9's `MMM YYYY` ranges, as the offer page
// writes them), not with Intl.DateTimeFormat: a page's first Intl formatter costs 100–170 ms on a phone-speed
// CPU (issue 11; src/components/format/intl.ts). tests/unit/format/intl.test.ts checks them against Intl.
import type { Language } from '../../config/env';
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

/** SPEC §9: 100 × part / total rounded to 2 decimals. */
function percentOf(part: number, total: number): number {
  return Math.round(((100 * part) / total + Number.EPSILON) * 100) / 100;
}

/** The funding progress, or null when the offer has no target (no series). */
export function fundingOf(offer: Pick<OfferSummary, 'funding'>): FundingFigures | null {
  const funding = offer.funding;
  if (!funding || !(funding.target > 0)) return null;
  const percent = Number.isFinite(funding.percent) ? funding.percent : percentOf(funding.raised, funding.target);
  return { raised: funding.raised, target: funding.target, percent, width: Math.min(100, Math.max(0, percent)) };
}

/** Short month names as Intl writes them (pl-PL, en-US; `month: 'short'`). */
export const SHORT_MONTHS: Record<Language, readonly string[]> = {
  pl: ['sty', 'lut', 'mar', 'kwi', 'maj', 'cze', 'lip', 'sie', 'wrz', 'paź', 'lis', 'gru'],
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
};

/** `MMM YYYY` in the page language, in UTC: `mar 2025` / `Mar 2025`. */
export function monthYear(iso: string | null | undefined, language: Language): string {
  if (!iso) return '';
  const time = Date.parse(iso);
  if (!Number.isFinite(time)) return '';
  const date = new Date(time);
  return `${SHORT_MONTHS[language][date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** SPEC §9: the investment window, `start - end`, `from start`, `to end`, or '' when neither is known. */
export function offerTerm(
  start: string | null | undefined,
  end: string | null | undefined,
  language: Language,
  words: { from: string; to: string },
): string {
  const s = monthYear(start, language);
  const e = monthYear(end, language);
  if (s && e) return `${s} - ${e}`;
  if (s) return `${words.from} ${s}`;
  if (e) return `${words.to} ${e}`;
  return '';
}
