import { z } from 'zod';
import { isoDate, pagedSchema, slugSchema } from './envelope';
import { orderSummarySchema } from './orders';

// The investor area (SPEC §2 "Investor area", §3 "Investment", §9 progress rules; docs/api.md "Investor
// area"): GET /investment (portfolio, paged), GET /investment/{slug}, GET /investor/documents and the
// document download, the CSV exports. Money in grosze; percents as numbers with 2 decimals (12.5 = 12.5 %).

/** SPEC §9: 100 × part / total rounded to 2 decimals; the remainder is 100 minus that. */
export function progressPercent(part: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.round(((100 * part) / total) * 100) / 100;
}

export const fundingProgressSchema = z.object({
  /** developer equity over total cost */
  developerEquityPercent: z.number(),
  /** 100 − developerEquityPercent */
  investorsEquityPercent: z.number(),
  /** value of the shares sold (all investors) over the investors' equity */
  fundedPercent: z.number(),
  /** 100 − fundedPercent */
  remainingPercent: z.number(),
});
export type FundingProgress = z.infer<typeof fundingProgressSchema>;

export const investmentReturnSchema = z.object({
  /** The offer's projected annual return (percent, 2 decimals), or null when the offer states none. */
  projectedAnnualPercent: z.number().nullable(),
  /** investedAmount × projectedAnnualPercent (grosze), or null. */
  projectedAnnualAmount: z.number().int().nullable(),
});

/**
 * What has come back from an investment: the distributions whose payout the bank statement shows executed
 * (a payout approved or in a bank file has not been received yet). Income is rental income and interest:
 * gross, the flat tax withheld and net (gross − tax); capital returned is the capital-return distributions (no
 * tax). A refund of a cancelled order is neither: it is the payment coming back, not a return on it.
 * Realised return = net income + the capital returned above the invested amount (a capital return up to it only
 * gives the money back); its percent is of the invested amount (2 decimals).
 */
export const realisedSchema = z.object({
  incomeGross: z.number().int(),
  taxWithheld: z.number().int(),
  incomeNet: z.number().int(),
  capitalReturned: z.number().int(),
  returnAmount: z.number().int(),
  returnPercent: z.number(),
});
export type Realised = z.infer<typeof realisedSchema>;

/** Cumulative figures after each payment or executed payout (grosze), oldest first. */
export const valuePointSchema = z.object({
  date: isoDate,
  investedAmount: z.number().int(),
  incomeNet: z.number().int(),
  capitalReturned: z.number().int(),
});
export type ValuePoint = z.infer<typeof valuePointSchema>;

/** One offer the caller owns shares in (their paid and completed orders of it, every series). */
export const investmentSchema = z.object({
  offer: z.object({
    id: z.number().int(),
    slug: slugSchema,
    title: z.string(),
    thumbUrl: z.string().nullable(),
    isOpen: z.boolean(),
    totalCost: z.number().int(),
  }),
  developerEquity: z.number().int(),
  investorsEquity: z.number().int(),
  /** What the caller paid for the shares (grosze, fees excluded). */
  investedAmount: z.number().int(),
  /** Fees the caller paid on top (grosze). */
  feesPaid: z.number().int(),
  numberOfShares: z.number().int(),
  /** Average price per share the caller paid (grosze, rounded). */
  pricePerShare: z.number().int(),
  /** The caller's share of the investors' equity (percent, 2 decimals). */
  ownershipPercent: z.number(),
  return: investmentReturnSchema,
  realised: realisedSchema,
  progress: fundingProgressSchema,
  ordersCount: z.number().int(),
  firstInvestedAt: isoDate,
  lastInvestedAt: isoDate,
});
export type Investment = z.infer<typeof investmentSchema>;

export const portfolioTotalsSchema = z.object({
  investedAmount: z.number().int(),
  numberOfShares: z.number().int(),
  offers: z.number().int(),
  /** The sums of every investment's figures (all pages); the percent is of the total invested amount. */
  realised: realisedSchema,
});

/** GET /investment: the investments (paged), the totals over all of them and the whole portfolio over time. */
export const portfolioPageSchema = pagedSchema(investmentSchema).extend({ totals: portfolioTotalsSchema, timeline: z.array(valuePointSchema) });
export type PortfolioPage = z.infer<typeof portfolioPageSchema>;

/** GET /investment/{slug}: the investment, every order of that offer (any status) and the running total. */
export const investmentDetailSchema = investmentSchema.extend({
  orders: z.array(orderSummarySchema),
  /** The investment over time: one point per paid order and per executed payout, cumulative (grosze). */
  timeline: z.array(valuePointSchema.extend({ numberOfShares: z.number().int() })),
});
export type InvestmentDetail = z.infer<typeof investmentDetailSchema>;

// ---------- documents ----------

export const ISSUED_DOCUMENT_KINDS = ['orderConfirmation', 'paymentConfirmation', 'allotmentConfirmation', 'yearlyStatement'] as const;
export type IssuedDocumentKind = (typeof ISSUED_DOCUMENT_KINDS)[number];

/**
 * GET /investor/documents: the documents the platform issued to the caller (`own: true`, type `investor`,
 * downloaded from `url` with the bearer token) and the documents of the offers the caller ordered
 * (`own: false`, type `general`, public media links).
 */
export const investorDocumentSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  url: z.string(),
  type: z.enum(['investor', 'general']),
  own: z.boolean(),
  /** issued documents only */
  kind: z.enum(ISSUED_DOCUMENT_KINDS).nullable(),
  contentType: z.string(),
  /** when the document's facts happened (order creation, payment, the year's end); null for offer documents */
  date: isoDate.nullable(),
  offer: z.object({ id: z.number().int(), slug: slugSchema, title: z.string() }).nullable(),
  orderId: z.string().nullable(),
  orderReference: z.string().nullable(),
});
export type InvestorDocument = z.infer<typeof investorDocumentSchema>;

/** The CSV exports (GET /investor/exports/{orders|transactions}.csv). */
export const EXPORT_KINDS = ['orders', 'transactions'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
