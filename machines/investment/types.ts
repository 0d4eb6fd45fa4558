// The investment chart's types: the offer and draft it works with, its context, input and events.
import type { ErrorItem } from '../../contract/envelope';
import type { CreateInvestmentResult, InvestmentQuote, TransactionMethod } from '../../contract/investment';
import type { Order } from '../../contract/orders';

/** The steps shown on the flow's own screens, in order. */
export const FLOW_STEPS = ['personalInformation', 'documents', 'payment'] as const;
export type FlowStep = (typeof FLOW_STEPS)[number];
/** A flow screen's route: one of the steps or the thank-you page. */
export type FlowRoute = FlowStep | 'thankYou';
export type Entry = 'initiate' | FlowRoute;

export interface FlowSeries {
  id: number;
  name: string;
  pricePerShare: number;
  minStocks: number;
  availableShares: number;
  isOpen: boolean;
}

export interface FlowAgreement {
  id: string;
  content: string;
  required: boolean;
}

export interface FlowDocument {
  id: string;
  displayName: string;
  url: string;
}

/** What the flow needs of an offer (GET /offers/{slug}). */
export interface FlowOffer {
  id: number;
  slug: { pl: string; en: string };
  title: string;
  mainDescription: string;
  thumbUrl: string | null;
  isOpen: boolean;
  series: FlowSeries[];
  /** the offer's documents for investors */
  documents: FlowDocument[];
  agreements: FlowAgreement[];
}

/** The personal-information form, as typed. `country` is an ISO alpha-2 code. */
export interface InvestorDraft {
  firstName: string;
  lastName: string;
  phone: string;
  address: string;
  city: string;
  zip: string;
  country: string;
}
export type InvestorField = keyof InvestorDraft;

/** What is persisted (storage) and resumed: everything the investor chose or typed. */
export interface InvestmentDraft {
  offerId: number;
  /** the offer's slugs (both languages): a flow screen resumes the draft whose slugs include its own */
  slugs: string[];
  seriesId: number;
  pricePerShare: number;
  quantity: number;
  /** the furthest step reached (validated up to the one before) */
  reached: FlowStep;
  investor: InvestorDraft | null;
  /** accepted flag per agreement id */
  agreements: Record<string, boolean>;
  methodId: number | null;
  /** the Idempotency-Key of the current order attempt */
  attemptKey: string | null;
  result: CreateInvestmentResult | null;
  /** the investor consented to the large-investment warning (sent, and stored, with the order) */
  largeInvestmentConsent?: boolean;
  /** the hash of the key investment information sheet the investor acknowledged (stored with the order) */
  kiisHash?: string | null;
}

/** Investor protection as the flow needs it (GET /investor/knowledge-test). */
export interface FlowProtection {
  /** no valid knowledge test: the flow sends the investor to it first */
  testRequired: boolean;
  /** an order above this amount (grosze) stops for the large-investment warning; null: no warning applies */
  threshold: number | null;
}

/** The offer's key investment information sheet in the current language. */
export interface FlowKiis {
  hash: string;
  url: string;
}

export interface LoadedFlow {
  offer: FlowOffer;
  /** the stored draft, or null */
  draft: InvestmentDraft | null;
  /** the account's data to prefill personal information with */
  investor: InvestorDraft | null;
  /** ISO alpha-2 codes the address may have */
  countries: string[];
  protection: FlowProtection;
  kiis: FlowKiis | null;
}

export interface ValidationAnswer {
  /** the answer's errors (an empty list when valid) */
  errors: ErrorItem[];
  quote: InvestmentQuote | null;
}

export interface InvestmentInput {
  slug: string;
  entry: Entry;
  loggedIn: boolean;
  /** the offer page passes its offer */
  offer?: FlowOffer | null;
  /** a quantity to start with (after the login detour) */
  quantity?: string | null;
}

export interface InvestmentContext {
  slug: string;
  entry: Entry;
  loggedIn: boolean;
  offer: FlowOffer | null;
  /** initiate: the number of shares as typed, and the chosen series */
  quantityText: string;
  seriesId: number | null;
  draft: InvestmentDraft | null;
  /** ISO alpha-2 codes for the address's country */
  countries: string[];
  quote: InvestmentQuote | null;
  methods: TransactionMethod[];
  /** the errors shown (cleared on every location change) */
  errors: ErrorItem[];
  /** thank-you: the order as the server has it now (GET /order/{id}), read on every entry */
  order: Order | null;
  protection: FlowProtection;
  kiis: FlowKiis | null;
}

export type InvestmentEvent =
  | { type: 'investment.quantityChanged'; quantity: string }
  | { type: 'investment.seriesChosen'; seriesId: number }
  | { type: 'investment.started' }
  | { type: 'investment.fieldChanged'; field: InvestorField; value: string }
  | { type: 'investment.agreementToggled'; id: string; accepted: boolean }
  | { type: 'investment.kiisToggled'; accepted: boolean }
  | { type: 'investment.largeInvestmentConsented' }
  | { type: 'investment.methodChosen'; methodId: number }
  | { type: 'investment.stepSubmitted' }
  | { type: 'investment.submitted'; attemptKey: string }
  | { type: 'investment.retried'; attemptKey?: string }
  | { type: 'investment.locationChanged'; route: FlowRoute };

/** What the chart tells its navigation actor: show this step's address. */
export interface NavigationCommand {
  type: 'navigation.go';
  route: FlowRoute;
  /** replace the current history entry instead of adding one */
  replace: boolean;
}

export const EMPTY_INVESTOR: InvestorDraft = { firstName: '', lastName: '', phone: '', address: '', city: '', zip: '', country: 'PL' };
