import type { DistributionKind } from '../../../contract/payouts';

// Polish flat income tax withheld by the platform as the payer (płatnik) on what it pays an individual investor
// (ustawa o PIT art. 30a ust. 1: 19% flat, "zryczałtowany podatek dochodowy"; the rate is configuration,
// DISTRIBUTION_TAX_RATE_BP, because it is the law's to change).
//
// Rounding follows Ordynacja podatkowa art. 63:
// - interest (art. 30a ust. 1 pkt 1–3): § 1a, the tax is rounded UP to the full grosz;
// - rental income, paid out as a share in the profits of the offer's company (art. 30a ust. 1 pkt 4): § 1, the
//   tax is rounded to the full złoty, below 50 grosze down, 50 grosze and more up;
// - a capital return gives back what was invested: it is no income, nothing is withheld.
// The tax never exceeds the gross amount. Everything is integer grosze; rates are basis points (1900 = 19%).

export const DEFAULT_TAX_RATE_BP = 1900;

export interface Withholding {
  gross: number;
  tax: number;
  net: number;
}

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

/** Gross, tax and net of one holder's part. `individual: false` (a company) is paid gross: it settles its own CIT. */
export function withhold(input: { gross: number; kind: DistributionKind; rateBp?: number; individual?: boolean }): Withholding {
  const { gross, kind } = input;
  const rateBp = input.rateBp ?? DEFAULT_TAX_RATE_BP;
  if (!Number.isSafeInteger(gross) || gross < 0) throw new RangeError('gross must be whole grosze ≥ 0');
  if (!Number.isInteger(rateBp) || rateBp < 0 || rateBp > 10_000) throw new RangeError('the rate must be 0–10000 basis points');
  if (kind === 'capital_return' || input.individual === false || rateBp === 0) return { gross, tax: 0, net: gross };
  const scaled = BigInt(gross) * BigInt(rateBp); // the tax × 10 000, in grosze
  let tax: bigint;
  if (kind === 'interest') {
    tax = ceilDiv(scaled, 10_000n);
  } else {
    // To the full złoty (100 grosze), half up: floor((tax + 50 gr) / 1 zł) złoty.
    tax = ((scaled + 500_000n) / 1_000_000n) * 100n;
  }
  const taxGrosze = Math.min(Number(tax), gross);
  return { gross, tax: taxGrosze, net: gross - taxGrosze };
}
