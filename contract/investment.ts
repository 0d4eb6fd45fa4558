import { z } from 'zod';
import { METHOD_CODES, orderSchema, paymentSchema } from './orders';

// POST /investment/validate and POST /investment (SPEC §4, §7; docs/api.md "Investing").

import { INVESTMENT_STEPS } from './investment-steps';

// The step helpers live in a zod-free file so the browser can import them as values.
export { INVESTMENT_STEPS, STEP_FIELDS, stepOfContext, onlyLaterStepErrors, type InvestmentStep } from './investment-steps';

const id = z.number({ error: 'VALUE_NOT_VALID' }).int('VALUE_NOT_VALID').positive('VALUE_NOT_VALID').max(2_147_483_647, 'VALUE_NOT_VALID');

/** Quantities: positive integers; the upper bound keeps every amount far below 2^53. */
export const quantitySchema = z
  .number({ error: (issue) => (issue.input === undefined || issue.input === null ? 'STOCKS_IS_REQUIRED' : 'VALUE_NOT_VALID') })
  .int('VALUE_NOT_VALID')
  .min(1, 'IS_LOWER_THAN_MIN')
  .max(10_000_000, 'VALUE_NOT_VALID');

export const investmentDataSchema = z.object({
  quantity: quantitySchema,
  offer: id,
  series: id,
  /** What the investor saw (grosze); a stale price answers VALUE_NOT_VALID. */
  pricePerShare: z.number().int().positive().optional(),
  slug: z.string().max(200).optional(),
});
export type InvestmentData = z.infer<typeof investmentDataSchema>;

const text = (max: number, empty: string) => z.string({ error: empty }).trim().min(1, empty).max(max, 'VALUE_NOT_VALID');

export const investorDataInputSchema = z.object({
  firstName: text(100, 'FIRST_NAME_IS_EMPTY'),
  lastName: text(100, 'LAST_NAME_IS_EMPTY'),
  phone: z.string().max(30, 'VALUE_NOT_VALID').nullish(),
  address: z.object({
    address: text(200, 'IS_EMPTY'),
    city: text(100, 'IS_EMPTY'),
    zip: text(20, 'IS_EMPTY'),
    country: z.object({ name: z.string().regex(/^[A-Z]{2}$/, 'VALUE_NOT_VALID') }),
  }),
});
export type InvestorDataInput = z.infer<typeof investorDataInputSchema>;

export const agreementAnswersSchema = z
  .array(z.object({ id, isAccepted: z.boolean() }))
  .max(100, 'VALUE_NOT_VALID');

export const validateInvestmentBodySchema = z.object({
  step: z.enum(INVESTMENT_STEPS, 'VALUE_NOT_VALID'),
  investmentData: investmentDataSchema,
  slug: z.string().max(200).optional(),
  // Later steps' fields, checked when present (or reported as missing: ignorable before their step).
  investorData: z.unknown().optional(),
  agreements: z.unknown().optional(),
  method: z.unknown().optional(),
});
export type ValidateInvestmentBody = z.infer<typeof validateInvestmentBodySchema>;

/** A valid request answers the computed figures, so the summary card shows the server's numbers. */
export const investmentQuoteSchema = z.object({
  quantity: z.number().int(),
  pricePerShare: z.number().int(),
  amount: z.number().int(),
  availableShares: z.number().int(),
  minStocks: z.number().int(),
});
export type InvestmentQuote = z.infer<typeof investmentQuoteSchema>;

export const createInvestmentBodySchema = z.object({
  /** A transaction method id (GET /transaction). */
  method: id,
  offer: id,
  series: id,
  quantity: quantitySchema,
  /** Where PayPal sends the payer back: an address of this site with `{orderId}` in it. */
  thankYouPageUrlPattern: z.string().max(500, 'VALUE_NOT_VALID').optional(),
  investorData: investorDataInputSchema,
  agreements: agreementAnswersSchema,
  /**
   * The investor's explicit consent after the large-investment warning (an order above the higher of EUR 1 000
   * and 5% of the net worth); without it such an order is refused with LARGE_INVESTMENT_CONSENT_REQUIRED.
   */
  largeInvestmentConsent: z.boolean().optional(),
  /**
   * The hash of the offer's key investment information sheet (GET /offer/{id}/kiis) the investor
   * acknowledged: required (without it 400 KIIS_REQUIRED; optional in the schema so the refusal is that
   * translated code); a sheet that changed since is refused with KIIS_CHANGED. Its version is stored with the
   * order, whose investor can download it later (GET /order/{id}/kiis.pdf).
   */
  kiisHash: z
    .string()
    .regex(/^[0-9a-f]{64}$/, 'VALUE_NOT_VALID')
    .optional()
    .meta({ description: 'Required: the hash of the key investment information sheet acknowledged (GET /api/offer/{id}/kiis). Missing: 400 KIIS_REQUIRED; not the current sheet: 400 KIIS_CHANGED.' }),
});
export type CreateInvestmentBody = z.infer<typeof createInvestmentBodySchema>;

export const createInvestmentResultSchema = z.object({ order: orderSchema, payment: paymentSchema });
export type CreateInvestmentResult = z.infer<typeof createInvestmentResultSchema>;

export const transactionMethodSchema = z.object({
  id: z.number().int(),
  codeName: z.enum(METHOD_CODES),
  name: z.string(),
  enabled: z.boolean(),
  commission: z.object({
    amountWithCommission: z.number().int(),
    commissionValue: z.number().int(),
    commissionPercent: z.number(),
  }),
});
export type TransactionMethod = z.infer<typeof transactionMethodSchema>;
