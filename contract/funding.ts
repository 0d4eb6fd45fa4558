// The one definition of an offer's funding figures, used by the public API (cards, the offer page), the back
// office, the investor's portfolio and the SPA (no zod here: the SPA imports it as a value).
// - target: what investors fund, the investors' equity: the offer's total cost minus the developer's equity
//   (SPEC §3: an offer has totalCost and developerEquity, the progress inputs are developerEquity,
//   investorEquity and totalCost; docs/adr/0011-funding-target-is-investors-equity.md);
// - raised: the shares sold (paid for) × their price; reserved shares are not raised yet;
// - percent: SPEC §9, 100 × raised / target rounded to 2 decimals (0 without a target).
// The series' shares × price are how the target is sold, not the target: the demo offers' series add up to it.
// The total cost is the project's whole cost and is never a funding total.

export interface FundingOffer {
  totalCost: number;
  developerEquity: number;
}

export interface FundingSeries {
  pricePerShare: number;
  totalShares: number;
  soldShares: number;
}

export interface Funding {
  raised: number;
  target: number;
  percent: number;
}

/** SPEC §9: 100 × part / total, rounded to 2 decimals (0 when the total is 0). */
export const percentOf = (part: number, total: number) => (total > 0 ? Math.round((10000 * part) / total) / 100 : 0);

/** The investors' equity: total cost minus the developer's equity (grosze), the funding target. */
export const investorsEquity = (offer: FundingOffer) => Math.max(0, offer.totalCost - offer.developerEquity);

/** The shares sold × their price (grosze). */
export const raisedOf = (series: readonly FundingSeries[]) => series.reduce((sum, s) => sum + s.soldShares * s.pricePerShare, 0);

export function fundingOf(offer: FundingOffer, series: readonly FundingSeries[]): Funding {
  const raised = raisedOf(series);
  const target = investorsEquity(offer);
  return { raised, target, percent: percentOf(raised, target) };
}
