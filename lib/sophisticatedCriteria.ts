// ECSP Annex II in one place, so the settings form lets the investor send only what the server accepts: a legal
// person meets at least one of its criteria, a natural person at least two of theirs.

export const INVESTOR_KINDS = ['natural_person', 'legal_person'] as const;
/**
 * Annex II criteria. A legal person needs one of the first three, a natural person two of the other three.
 * The amounts are in the texts the investor reads (pl/en), the codes are what is stored.
 */
export const LEGAL_PERSON_CRITERIA = ['ownFunds', 'netTurnover', 'balanceSheet'] as const;
export const NATURAL_PERSON_CRITERIA = ['incomeOrPortfolio', 'professionalExperience', 'significantTransactions'] as const;
export const SOPHISTICATED_CRITERIA = [...LEGAL_PERSON_CRITERIA, ...NATURAL_PERSON_CRITERIA] as const;

export type InvestorKind = (typeof INVESTOR_KINDS)[number];
export type SophisticatedCriterion = (typeof SOPHISTICATED_CRITERIA)[number];

export const criteriaFor = (kind: InvestorKind): readonly SophisticatedCriterion[] => (kind === 'legal_person' ? LEGAL_PERSON_CRITERIA : NATURAL_PERSON_CRITERIA);

export const MINIMUM_CRITERIA: Record<InvestorKind, number> = { legal_person: 1, natural_person: 2 };

export function meetsAnnexII(kind: InvestorKind, criteria: readonly string[]): boolean {
  const own: readonly string[] = criteriaFor(kind);
  const chosen = new Set(criteria);
  if ([...chosen].some((c) => !own.includes(c))) return false;
  return chosen.size >= MINIMUM_CRITERIA[kind];
}
