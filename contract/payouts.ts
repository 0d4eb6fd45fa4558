import { z } from 'zod';
import { isoDate, pagedSchema } from './envelope';

// Distributions and payouts (docs/api.md "Back office" → "Distributions and payouts"): an operator declares a
// distribution for an offer, the platform splits it among the holders at the record date to the grosz
// (largest remainder) and withholds the flat income tax; a second operator approves it, which turns every
// holder's net part into a payout; approved payouts are exported as a pain.001.001.03 bank file, and the bank
// statement's debits carrying a payout's reference mark it executed. Money in grosze. The SPA imports these
// with `import type` only.

export const DISTRIBUTION_KINDS = ['rental_income', 'interest', 'capital_return'] as const;
export type DistributionKind = (typeof DISTRIBUTION_KINDS)[number];
export const DISTRIBUTION_STATUSES = ['awaiting_approval', 'approved'] as const;
export const PAYOUT_KINDS = ['distribution', 'refund'] as const;
/** approved: waits for a bank file; exported: in a file; executed: the statement shows the debit; returned: the bank gave it back */
export const PAYOUT_STATUSES = ['approved', 'exported', 'executed', 'returned'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

const id = z.number().int();
const day = z.iso.date({ error: 'VALUE_NOT_VALID' });

export const distributionCreateBodySchema = z
  .object({
    offerId: z.number('VALUE_NOT_VALID').int('VALUE_NOT_VALID').positive('VALUE_NOT_VALID'),
    kind: z.enum(DISTRIBUTION_KINDS, 'VALUE_NOT_VALID'),
    periodFrom: day,
    periodTo: day,
    /** Holders of paid shares at the end of this day (Polish time) take part. */
    recordDate: day,
    /** Exactly one: the total to split (grosze) or the amount per share in ten-thousandths of a grosz. */
    totalAmount: z.number('VALUE_NOT_VALID').int('VALUE_NOT_VALID').positive('VALUE_NOT_VALID').max(1e13, 'VALUE_NOT_VALID').optional(),
    perShareAmount: z.number('VALUE_NOT_VALID').int('VALUE_NOT_VALID').positive('VALUE_NOT_VALID').max(1e13, 'VALUE_NOT_VALID').optional(),
    reason: z.string({ error: 'IS_EMPTY' }).trim().min(1, 'IS_EMPTY').max(1000, 'VALUE_NOT_VALID'),
  })
  .strict();
export type DistributionCreateBody = z.infer<typeof distributionCreateBodySchema>;

export const distributionAllocationSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  shares: z.number().int(),
  gross: z.number().int(),
  tax: z.number().int(),
  net: z.number().int(),
});

export const distributionSchema = z.object({
  id,
  offerId: id,
  kind: z.enum(DISTRIBUTION_KINDS),
  status: z.enum(DISTRIBUTION_STATUSES),
  periodFrom: z.string(),
  periodTo: z.string(),
  recordDate: z.string(),
  /** What was declared: a total, or a per-share amount (ten-thousandths of a grosz). */
  totalAmount: z.number().int().nullable(),
  perShareAmount: z.number().int().nullable(),
  /** The sums of the parts: gross = what is distributed (the declared total, or per share × shares rounded down). */
  gross: z.number().int(),
  tax: z.number().int(),
  net: z.number().int(),
  taxRateBasisPoints: z.number().int(),
  shares: z.number().int(),
  holders: z.number().int(),
  createdBy: z.string().nullable(),
  createdAt: isoDate,
  approvedBy: z.string().nullable(),
  approvedAt: isoDate.nullable(),
});
export type Distribution = z.infer<typeof distributionSchema>;
/** How many of an approved distribution's payouts are in each status (all zero while awaiting approval). */
export const distributionPayoutProgressSchema = z.object({
  approved: z.number().int(),
  exported: z.number().int(),
  executed: z.number().int(),
  returned: z.number().int(),
});
export type DistributionPayoutProgress = z.infer<typeof distributionPayoutProgressSchema>;
export const distributionDetailSchema = distributionSchema.extend({
  allocations: z.array(distributionAllocationSchema),
  payouts: distributionPayoutProgressSchema,
});
export type DistributionDetail = z.infer<typeof distributionDetailSchema>;
export const distributionsPageSchema = pagedSchema(distributionSchema);

export const distributionApproveBodySchema = z.object({ reason: z.string().trim().max(1000, 'VALUE_NOT_VALID').optional() }).strict();

export const payoutSchema = z.object({
  id,
  /** ES-XXXX-XXXX: the end-to-end id and the start of the transfer title. */
  reference: z.string(),
  kind: z.enum(PAYOUT_KINDS),
  status: z.enum(PAYOUT_STATUSES),
  userId: z.string(),
  email: z.string(),
  amount: z.number().int(),
  distributionId: id.nullable(),
  orderId: z.string().nullable(),
  fileId: id.nullable(),
  createdAt: isoDate,
  exportedAt: isoDate.nullable(),
  executedAt: isoDate.nullable(),
  returnedAt: isoDate.nullable(),
});
export type Payout = z.infer<typeof payoutSchema>;
export const payoutsPageSchema = pagedSchema(payoutSchema);
export const payoutListQuerySchema = z.object({ status: z.enum(PAYOUT_STATUSES, 'VALUE_NOT_VALID').optional() });

export const payoutFileBodySchema = z
  .object({
    /** The day the bank is to execute the transfers (YYYY-MM-DD); default: today, Polish time. */
    executionDate: day.optional(),
  })
  .strict();

export const payoutFileSchema = z.object({
  id,
  messageId: z.string(),
  count: z.number().int(),
  total: z.number().int(),
  executionDate: z.string(),
  createdBy: z.string().nullable(),
  createdAt: isoDate,
  /** Approved payouts left out because the investor has no valid bank account in their settings. */
  skipped: z.array(z.object({ payoutId: id, reference: z.string(), code: z.string() })),
});
export type PayoutFile = z.infer<typeof payoutFileSchema>;
/** GET /operator/payout-files: the files made so far, newest first (each downloads again with the same bytes). */
export const payoutFilesPageSchema = pagedSchema(payoutFileSchema);

/** One payout as its investor sees it (GET /investor/payouts): what was paid, why, and the tax withheld. */
export const investorPayoutSchema = z.object({
  id,
  reference: z.string(),
  kind: z.enum(PAYOUT_KINDS),
  status: z.enum(PAYOUT_STATUSES),
  offer: z.object({ id, title: z.string(), slug: z.string() }),
  /** For a distribution: its kind and period. */
  distributionKind: z.enum(DISTRIBUTION_KINDS).nullable(),
  periodFrom: z.string().nullable(),
  periodTo: z.string().nullable(),
  recordDate: z.string().nullable(),
  /** grosze: before tax, the tax withheld, and what is transferred (a refund: gross = net, no tax) */
  gross: z.number().int(),
  tax: z.number().int(),
  net: z.number().int(),
  createdAt: isoDate,
  executedAt: isoDate.nullable(),
  returnedAt: isoDate.nullable(),
});
export type InvestorPayout = z.infer<typeof investorPayoutSchema>;
export const investorPayoutsPageSchema = pagedSchema(investorPayoutSchema);

export const offerCloseBodySchema = z.object({ reason: z.string({ error: 'IS_EMPTY' }).trim().min(1, 'IS_EMPTY').max(1000, 'VALUE_NOT_VALID') }).strict();
/** What a close did: the outcome, orders completed, cancelled (unpaid) and refunded; closed = nothing left to settle. */
export const offerCloseResultSchema = z.object({
  outcome: z.enum(['funded', 'not_funded']),
  completed: z.number().int(),
  cancelled: z.number().int(),
  refunded: z.number().int(),
  closed: z.boolean(),
});
