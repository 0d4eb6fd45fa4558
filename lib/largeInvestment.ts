// The large-investment warning (ECSP Art. 21(7)): a non-sophisticated investor who places one order above
// the higher of EUR 1 000 and 5% of the net worth from the loss simulation must receive a warning and
// consent explicitly. The EUR amount is converted to PLN at a rate the operator sets (stored with its date).
// Shared by the server's order gate and the investment flow, so both draw the line at the same grosz.

/** EUR 1 000 in euro cents. */
export const LARGE_INVESTMENT_EUR_CENTS = 100_000;
export const LARGE_INVESTMENT_NET_WORTH_PERCENT = 5;
/** Exchange rates are PLN per EUR with 4 decimal places, as integers: 4.2650 is 42_650. */
export const RATE_SCALE = 10_000;

/** EUR cents → grosze at `rate` (PLN per EUR × RATE_SCALE), rounded half up to a grosz. */
export function eurToGrosze(eurCents: number, rate: number): number {
  if (!Number.isSafeInteger(rate) || rate <= 0) throw new RangeError('rate must be a positive integer (PLN per EUR × 10 000)');
  return Math.floor((eurCents * rate + RATE_SCALE / 2) / RATE_SCALE);
}

/** The amount in grosze an order may reach without the warning (an order above it needs consent). */
export function largeInvestmentThreshold(rate: number, netWorth: number): number {
  const eurBound = eurToGrosze(LARGE_INVESTMENT_EUR_CENTS, rate);
  // 5% rounded down: the warning errs on the side of being shown.
  const netWorthBound = netWorth > 0 ? Math.floor((netWorth * LARGE_INVESTMENT_NET_WORTH_PERCENT) / 100) : 0;
  return Math.max(eurBound, netWorthBound);
}

export function isLargeInvestment(amount: number, rate: number, netWorth: number): boolean {
  return amount > largeInvestmentThreshold(rate, netWorth);
}
