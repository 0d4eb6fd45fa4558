// Money is integer grosze end to end (1 PLN = 100 grosze); only views format it.
// Commission percents are stored as basis points (1 bp = 0.01 %): 250 bp = 2.5 % = fraction 0.025.
// Pure functions, shared by the server (which computes) and the SPA (which may preview): no zod here.

export const GROSZE_PER_PLN = 100;
export const BASIS_POINTS = 10_000;

/** Largest amount (grosze) the platform accepts in one order: 1 000 000 000,00 zł. */
export const MAX_ORDER_GROSZE = 100_000_000_000;

/** Commission on an amount, rounded half up to whole grosze (SPEC §9: commission value to 2 decimals). */
export function commissionValue(amountGrosze: number, basisPoints: number): number {
  // Integer arithmetic: amount * bp fits easily below 2^53 for every amount we accept.
  return Math.floor((amountGrosze * basisPoints + BASIS_POINTS / 2) / BASIS_POINTS);
}

/** SPEC §3: commissionPercent is a fraction (0.025); SPEC §9: shown ×100 rounded to 2 decimals (2.5). */
export const basisPointsToFraction = (basisPoints: number) => basisPoints / BASIS_POINTS;
export const fractionToDisplayPercent = (fraction: number) => Math.round(fraction * 100 * 100) / 100;

export interface Commission {
  /** amount + commission, grosze */
  amountWithCommission: number;
  /** grosze */
  commissionValue: number;
  /** fraction: 0.025 for 2.5 % */
  commissionPercent: number;
}

export function withCommission(amountGrosze: number, basisPoints: number): Commission {
  const value = commissionValue(amountGrosze, basisPoints);
  return {
    amountWithCommission: amountGrosze + value,
    commissionValue: value,
    commissionPercent: basisPointsToFraction(basisPoints),
  };
}

/** "1234.50": PayPal's decimal string for PLN. */
export function groszeToDecimalString(grosze: number): string {
  const sign = grosze < 0 ? '-' : '';
  const abs = Math.abs(grosze);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** "1234.50" / "1234,5" / "1 234,50" → 123450; undefined when it is not an amount with at most 2 decimals. */
export function decimalStringToGrosze(value: string): number | undefined {
  const compact = value.replace(/[\s\u00a0]/g, '').replace(',', '.');
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(compact);
  if (!match) return undefined;
  const grosze = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(grosze)) return undefined;
  return match[1] ? -grosze : grosze;
}
