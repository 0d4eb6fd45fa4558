import { z } from 'zod';
import { orderSchema, paymentSchema } from './orders';

// PayPal (issue: PayPal; docs/api.md "PayPal"): the return page's call and the payment retry.

/**
 * What the return page shows, decided by the server from PayPal's answer and the order:
 *   paid       the order is paid (thank-you with the order)
 *   pending    PayPal holds the payment (e.g. eCheck) or it waits for an operator's review; the order shows it
 *   declined   the funding source was declined: back to PayPal (`approveUrl`) to choose another one
 *   cancelled  the payer did not approve (cancelled on PayPal's page); the order stays unpaid until it expires
 *   expired    the order expired or was cancelled before the money came; nothing was captured
 */
export const PAYPAL_OUTCOMES = ['paid', 'pending', 'declined', 'cancelled', 'expired'] as const;
export type PayPalOutcome = (typeof PAYPAL_OUTCOMES)[number];

/** POST /order/{id}/paypal/return body: PayPal's `token` query parameter (its order id), when the page has it. */
export const payPalReturnBodySchema = z
  .object({
    token: z.string().max(64, 'VALUE_NOT_VALID').regex(/^[A-Za-z0-9-]+$/, 'VALUE_NOT_VALID').optional(),
  })
  .nullish();
export type PayPalReturnBody = z.infer<typeof payPalReturnBodySchema>;

export const payPalReturnAnswerSchema = z.object({
  outcome: z.enum(PAYPAL_OUTCOMES),
  /** Why, for the page: ECHECK, PAYPAL_AMOUNT_MISMATCH, INSTRUMENT_DECLINED, ORDER_NOT_APPROVED, ... or null. */
  reason: z.string().nullable(),
  /** PayPal's payer-action link when the payer should go back to PayPal (declined; cancelled while still open). */
  approveUrl: z.string().nullable(),
  /** Whether POST /transaction/retry would start a new payment now (order unpaid and not expired). */
  canRetry: z.boolean(),
  order: orderSchema,
});
export type PayPalReturnAnswer = z.infer<typeof payPalReturnAnswerSchema>;

/**
 * POST /transaction/retry body: a new payment for an unpaid order of the caller's. `method` (a transaction
 * method id, GET /transaction) switches the order to that method (its commission and total are recomputed);
 * absent: the order's own method. `thankYouPageUrlPattern` as in POST /investment.
 */
export const retryBodySchema = z.object({
  orderId: z.string({ error: 'IS_EMPTY' }).max(64, 'VALUE_NOT_VALID'),
  method: z.number({ error: 'VALUE_NOT_VALID' }).int('VALUE_NOT_VALID').positive('VALUE_NOT_VALID').max(2_147_483_647, 'VALUE_NOT_VALID').optional(),
  thankYouPageUrlPattern: z.string().max(500, 'VALUE_NOT_VALID').optional(),
});
export type RetryBody = z.infer<typeof retryBodySchema>;

/** The same shape as POST /investment's answer: the order and what to do to pay it. */
export const retryAnswerSchema = z.object({ order: orderSchema, payment: paymentSchema });
export type RetryAnswer = z.infer<typeof retryAnswerSchema>;
