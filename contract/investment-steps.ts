// The steps of the investment flow and which fields each owns (SPEC §4). No zod here: the SPA's investment
// machine imports these as values (contract/investment.ts re-exports them for the server).

/** The steps of the flow, in order. `initiate` is the offer page's invest box. */
export const INVESTMENT_STEPS = ['initiate', 'personalInformation', 'documents', 'payment'] as const;
export type InvestmentStep = (typeof INVESTMENT_STEPS)[number];

/**
 * Which fields each step owns, by the error `context` prefix. The server validates the whole request;
 * an error whose context belongs to a LATER step than the one submitted is ignorable (SPEC §4).
 */
export const STEP_FIELDS: Record<InvestmentStep, readonly string[]> = {
  initiate: ['investmentData', 'slug', 'offer', 'series', 'quantity'],
  personalInformation: ['investorData'],
  documents: ['agreements'],
  payment: ['method'],
};

export function stepOfContext(context: string): InvestmentStep | undefined {
  const head = context.split('.')[0];
  return INVESTMENT_STEPS.find((step) => STEP_FIELDS[step].includes(head));
}

/** True when every error of a validation answer belongs to a step after `step`. */
export function onlyLaterStepErrors(step: InvestmentStep, contexts: string[]): boolean {
  const index = INVESTMENT_STEPS.indexOf(step);
  return contexts.every((context) => {
    const owner = stepOfContext(context);
    return owner !== undefined && INVESTMENT_STEPS.indexOf(owner) > index;
  });
}

/**
 * The errors a submitted step shows: its own, an earlier step's and those of no step (a form-level error);
 * a later step's (the payment method missing while the documents are submitted) are not its concern yet.
 */
export function errorsUpTo<T extends { context: string }>(step: InvestmentStep, errors: T[]): T[] {
  const index = INVESTMENT_STEPS.indexOf(step);
  return errors.filter((e) => {
    const owner = stepOfContext(e.context);
    return owner === undefined || INVESTMENT_STEPS.indexOf(owner) <= index;
  });
}
