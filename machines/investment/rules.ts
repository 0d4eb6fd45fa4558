// What the investment chart computes from its context: the request bodies, the errors of a failed call, the
// draft the invest box starts, and the conditions its guards test.
import type { ErrorItem } from '../../contract/envelope';
import type { CreateInvestmentBody, InvestorDataInput, ValidateInvestmentBody } from '../../contract/investment';
import { INVESTMENT_STEPS, stepOfContext, type InvestmentStep } from '../../contract/investment-steps';
import { EMPTY_INVESTOR, FLOW_STEPS, type FlowOffer, type FlowRoute, type FlowStep, type InvestmentContext, type InvestmentDraft, type InvestorDraft } from './types';

const GENERIC: ErrorItem = { code: 'GENERIC', context: '', message: '' };

/** The error list of a failed call: its envelope errors when it has them, else a generic one. */
export function errorsOf(error: unknown): ErrorItem[] {
  const list = (error as { errors?: ErrorItem[] } | undefined)?.errors;
  return Array.isArray(list) && list.length ? list : [GENERIC];
}

/** A refusal the server answered (4xx): no order was made, a new attempt may get a new key. */
export function isDefinitive(error: unknown): boolean {
  const status = (error as { status?: number } | undefined)?.status ?? 0;
  return status >= 400 && status < 500;
}

/** The step (of the flow's three) whose fields the first error concerns, in step order. */
export function firstErrorStep(errors: ErrorItem[]): InvestmentStep | undefined {
  const steps = new Set(errors.map((e) => stepOfContext(e.context)));
  return INVESTMENT_STEPS.find((s) => steps.has(s));
}

export const stepIndex = (route: FlowRoute) => (route === 'thankYou' ? FLOW_STEPS.length : FLOW_STEPS.indexOf(route));

/** The offer's series the invest box starts with: the first open one. */
export function firstOpenSeriesId(offer: FlowOffer | null | undefined): number | null {
  return offer?.series.find((s) => s.isOpen)?.id ?? null;
}

export function draftMatches(draft: InvestmentDraft | null, slug: string): draft is InvestmentDraft {
  return draft !== null && draft.slugs.includes(slug);
}

/** The order's amount before commission: the server's quote when known, else quantity × price. */
export function amountOf(context: Pick<InvestmentContext, 'quote' | 'draft'>): number {
  if (context.quote && context.draft && context.quote.quantity === context.draft.quantity) return context.quote.amount;
  return context.draft ? context.draft.quantity * context.draft.pricePerShare : 0;
}

export function investorDataOf(investor: InvestorDraft | null): InvestorDataInput {
  const i = investor ?? EMPTY_INVESTOR;
  return {
    firstName: i.firstName,
    lastName: i.lastName,
    phone: i.phone.trim() ? i.phone.trim() : null,
    address: { address: i.address, city: i.city, zip: i.zip, country: { name: i.country } },
  };
}

const numericId = (id: string) => (/^\d+$/.test(id) ? Number(id) : (id as unknown as number));

export function agreementAnswersOf(offer: FlowOffer | null, accepted: Record<string, boolean>) {
  return (offer?.agreements ?? []).map((a) => ({ id: numericId(a.id), isAccepted: Boolean(accepted[a.id]) }));
}

/** POST /investment/validate's body for a step: the fields of that step and of the steps before it. */
export function validateBodyOf(step: InvestmentStep, context: Pick<InvestmentContext, 'draft' | 'offer' | 'slug'>): ValidateInvestmentBody {
  const d = context.draft!;
  const index = INVESTMENT_STEPS.indexOf(step);
  const body: ValidateInvestmentBody = {
    step,
    investmentData: { quantity: d.quantity, offer: d.offerId, series: d.seriesId, pricePerShare: d.pricePerShare, slug: context.slug },
    slug: context.slug,
  };
  if (index >= 1) body.investorData = investorDataOf(d.investor);
  if (index >= 2) body.agreements = agreementAnswersOf(context.offer, d.agreements);
  if (index >= 3) body.method = d.methodId;
  return body;
}

/** POST /investment's body (without thankYouPageUrlPattern, which the provided actor adds). */
export function createBodyOf(context: Pick<InvestmentContext, 'draft' | 'offer'>): CreateInvestmentBody {
  const d = context.draft!;
  return {
    method: d.methodId!,
    offer: d.offerId,
    series: d.seriesId,
    quantity: d.quantity,
    investorData: investorDataOf(d.investor),
    agreements: agreementAnswersOf(context.offer, d.agreements),
    ...(d.largeInvestmentConsent ? { largeInvestmentConsent: true } : {}),
    ...(d.kiisHash ? { kiisHash: d.kiisHash } : {}),
  };
}

/** The order is above the large-investment threshold and the investor has not consented yet. */
export function needsLargeInvestmentConsent(context: Pick<InvestmentContext, 'quote' | 'draft' | 'protection'>): boolean {
  const { threshold } = context.protection;
  return threshold !== null && amountOf(context) > threshold && context.draft?.largeInvestmentConsent !== true;
}

/** The offer has a key information sheet the investor has not acknowledged (in its current version). */
export function kiisMissing(context: Pick<InvestmentContext, 'kiis' | 'draft'>): boolean {
  return context.kiis !== null && context.draft?.kiisHash !== context.kiis.hash;
}

/** The server refused the order with this error code. */
export const refusedWith = (error: unknown, code: string) => isDefinitive(error) && errorsOf(error).some((e) => e.code === code);

/** The draft the invest box starts (step one validated): quantity, series and its price. */
export function startDraft(context: InvestmentContext): InvestmentDraft {
  const offer = context.offer!;
  const series = offer.series.find((s) => s.id === context.seriesId)!;
  return {
    offerId: offer.id,
    slugs: [...new Set([offer.slug.pl, offer.slug.en, context.slug])],
    seriesId: series.id,
    pricePerShare: series.pricePerShare,
    quantity: Number(context.quantityText),
    reached: 'personalInformation',
    investor: null,
    agreements: {},
    methodId: null,
    attemptKey: null,
    result: null,
    largeInvestmentConsent: false,
    kiisHash: null,
  };
}

export const laterThan = (a: FlowStep, b: FlowStep) => FLOW_STEPS.indexOf(a) > FLOW_STEPS.indexOf(b);
