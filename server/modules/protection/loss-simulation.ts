// The simulation of the ability to bear loss (ECSP Art. 21(4); Delegated Regulation (EU) 2022/2114 Art. 2):
// yearly income plus liquid assets minus yearly financial commitments is the net worth, and 10% of it is
// the amount shown as what the investor can afford to lose. Everything is integer grosze; a net worth below
// zero affords nothing.

export interface LossSimulationInput {
  yearlyIncome: number;
  liquidAssets: number;
  yearlyCommitments: number;
}

export interface LossSimulation {
  netWorth: number;
  affordableLoss: number;
}

export const AFFORDABLE_LOSS_PERCENT = 10;

export function simulateLoss(input: LossSimulationInput): LossSimulation {
  for (const [name, value] of Object.entries(input)) {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer of grosze`);
  }
  const netWorth = input.yearlyIncome + input.liquidAssets - input.yearlyCommitments;
  // Rounded down: the figure is a limit shown to the investor, never more than 10%.
  const affordableLoss = netWorth > 0 ? Math.floor((netWorth * AFFORDABLE_LOSS_PERCENT) / 100) : 0;
  return { netWorth, affordableLoss };
}
