import { z } from 'zod';
import { isoDate, pagedSchema, slugSchema } from './envelope';
import { transactionMethodSchema } from './investment';
import { METHOD_CODES, transactionSchema } from './orders';
import { DISTRIBUTION_KINDS } from './payouts';

// GET /transaction (docs/api.md "Orders and payments"): the transaction methods with their commission
// for `amount` (grosze; 0 when absent) and the caller's transactions, paged.

export const transactionQuerySchema = z.object({
  amount: z
    .string()
    .regex(/^\d{1,15}$/, 'VALUE_NOT_VALID')
    .transform(Number)
    .optional(),
});

export const transactionsAnswerSchema = pagedSchema(transactionSchema).extend({
  methods: z.array(transactionMethodSchema),
});
export type TransactionsAnswer = z.infer<typeof transactionsAnswerSchema>;

// GET /investor/cash-flows (docs/api.md "Investor area"): the money that came back to the investor, beside the
// payments GET /transaction lists: each distribution part as its gross income (or capital returned) and the
// tax withheld from it as an entry of its own, and each refund (a bank payout, or PayPal giving the payment
// back). Newest first, paged.

export const CASH_FLOW_TYPES = ['income', 'taxWithheld', 'capitalReturn', 'refund'] as const;
export type CashFlowType = (typeof CASH_FLOW_TYPES)[number];
/** pending: approved or in a bank file; executed: the money has left (the statement shows it, or PayPal refunded); returned: the bank gave it back */
export const CASH_FLOW_STATUSES = ['pending', 'executed', 'returned'] as const;

export const cashFlowSchema = z.object({
  /** Stable within the list: "payout-12-income", "payout-12-tax", "paypal-34". */
  id: z.string(),
  type: z.enum(CASH_FLOW_TYPES),
  status: z.enum(CASH_FLOW_STATUSES),
  /** When the money left (executed), came back (returned), or was approved (pending). */
  date: isoDate,
  /** Signed grosze: to the investor positive (income gross, capital, refund), the tax withheld negative. */
  amount: z.number().int(),
  method: z.enum(METHOD_CODES),
  /** The payout's reference (ES-XXXX-XXXX), or for a PayPal refund the order's. */
  reference: z.string(),
  offer: z.object({ id: z.number().int(), slug: slugSchema, title: z.string() }),
  distributionKind: z.enum(DISTRIBUTION_KINDS).nullable(),
  periodFrom: z.string().nullable(),
  periodTo: z.string().nullable(),
  /** A refund's order. */
  orderId: z.string().nullable(),
  orderReference: z.string().nullable(),
});
export type CashFlow = z.infer<typeof cashFlowSchema>;
export const cashFlowsPageSchema = pagedSchema(cashFlowSchema);
export type CashFlowsPage = z.infer<typeof cashFlowsPageSchema>;
