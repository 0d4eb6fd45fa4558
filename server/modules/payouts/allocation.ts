// Splitting a distribution among the holders of an offer, to the grosz.
//
// Each holder's exact entitlement is `total × shares / allShares`, usually a fraction of a grosz. Rounding each
// part on its own would make the parts add up to a few grosze more or less than the total, so the platform would
// pay out money it does not have or keep some it owes. The largest-remainder method (Hamilton's) avoids that:
//   1. every holder gets the whole grosze of their entitlement (rounded down);
//   2. the grosze left over (fewer than the number of holders) go one each to the holders whose entitlements
//      had the largest fractional parts; ties go to the larger holding, then to the earlier holder in the input
//      (callers pass holders in a stable order, e.g. by account id, so a recomputation gives the same result).
// The parts then add up exactly to the total, none is negative, none differs from its exact entitlement by a
// grosz or more, and a holder with more shares never gets less than one with fewer (with k ≥ 1 times the
// shares the exact entitlement is k times larger, so its whole grosze are at least as many, and when they are
// equal its fraction is at least as large, so it is served first).
//
// All arithmetic is on bigint: grosze × shares easily passes 2^53.

export interface Holding<Id = string> {
  holderId: Id;
  /** Shares held at the record date; a whole number ≥ 0. */
  shares: number;
}

export interface Allocation<Id = string> {
  holderId: Id;
  shares: number;
  /** This holder's part, whole grosze. */
  amount: number;
}

/**
 * A per-share amount in ten-thousandths of a grosz (4 decimal places of a grosz, 6 of a złoty): "0,123456 zł"
 * per share is 123 456. An operator can then state a per-share rate that is not a whole grosz.
 */
export const PER_SHARE_SCALE = 10_000n;

/** What an operator declares: a total to split, or an amount per share. */
export type DistributionAmount = { kind: 'total'; totalGrosze: number } | { kind: 'perShare'; perShareUnits: number };

export class AllocationError extends Error {
  constructor(
    readonly code: 'NO_SHARES' | 'AMOUNT_NOT_VALID' | 'SHARES_NOT_VALID',
    message: string,
  ) {
    super(message);
    this.name = 'AllocationError';
  }
}

const isWhole = (value: number) => Number.isSafeInteger(value) && value >= 0;

/**
 * The total a declaration pays out, whole grosze. A per-share rate pays `rate × allShares` rounded down to the
 * grosz (paying out the fraction of a grosz the rate implies is impossible; rounding up would pay more than was
 * declared).
 */
export function distributionTotal(amount: DistributionAmount, totalShares: number): number {
  if (!isWhole(totalShares)) throw new AllocationError('SHARES_NOT_VALID', 'the share count must be a whole number ≥ 0');
  if (amount.kind === 'total') {
    if (!isWhole(amount.totalGrosze)) throw new AllocationError('AMOUNT_NOT_VALID', 'the total must be whole grosze ≥ 0');
    return amount.totalGrosze;
  }
  if (!isWhole(amount.perShareUnits)) throw new AllocationError('AMOUNT_NOT_VALID', 'the per-share amount must be whole units ≥ 0');
  const total = (BigInt(amount.perShareUnits) * BigInt(totalShares)) / PER_SHARE_SCALE;
  if (total > BigInt(Number.MAX_SAFE_INTEGER)) throw new AllocationError('AMOUNT_NOT_VALID', 'the total is too large');
  return Number(total);
}

/**
 * Splits `totalGrosze` among `holdings` in proportion to their shares (largest remainder). The answer has one
 * row per holding, in the input's order, including holders of 0 shares (who get 0).
 */
export function allocate<Id>(totalGrosze: number, holdings: readonly Holding<Id>[]): Allocation<Id>[] {
  if (!isWhole(totalGrosze)) throw new AllocationError('AMOUNT_NOT_VALID', 'the total must be whole grosze ≥ 0');
  for (const h of holdings) {
    if (!isWhole(h.shares)) throw new AllocationError('SHARES_NOT_VALID', 'every holding must be a whole number of shares ≥ 0');
  }
  const allShares = holdings.reduce((sum, h) => sum + BigInt(h.shares), 0n);
  if (allShares === 0n) {
    if (totalGrosze === 0) return holdings.map((h) => ({ holderId: h.holderId, shares: h.shares, amount: 0 }));
    throw new AllocationError('NO_SHARES', 'there are no shares to distribute to');
  }
  const total = BigInt(totalGrosze);
  const rows = holdings.map((h, index) => {
    const exact = total * BigInt(h.shares); // the entitlement × allShares
    return { index, shares: BigInt(h.shares), whole: exact / allShares, fraction: exact % allShares };
  });
  let left = total - rows.reduce((sum, r) => sum + r.whole, 0n);
  const order = [...rows].sort((a, b) =>
    a.fraction !== b.fraction ? (a.fraction > b.fraction ? -1 : 1) : a.shares !== b.shares ? (a.shares > b.shares ? -1 : 1) : a.index - b.index,
  );
  // The leftover is the sum of the fractions / allShares, so it is smaller than the number of holders with a
  // fraction: a holder whose entitlement is a whole number of grosze never receives an extra grosz.
  for (const row of order) {
    if (left === 0n) break;
    row.whole += 1n;
    left -= 1n;
  }
  return holdings.map((h, i) => ({ holderId: h.holderId, shares: h.shares, amount: Number(rows[i].whole) }));
}
