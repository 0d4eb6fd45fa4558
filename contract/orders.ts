import { z } from 'zod';
import { isoDate, pagedSchema, slugSchema } from './envelope';

// The one order model shared by investing, PayPal, the investor area and the back office
// (docs/api.md "Orders and payments"). Money in grosze; percents as fractions (0.025 = 2.5 %).

// ---------- statuses (SPEC §4) ----------

/** Order: pending (`new`), paid, completed (shares issued), cancelled (rejected or expired). */
export const ORDER_STATUSES = ['new', 'paid', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Transaction: pending (`new`), paid, completed, rejected (cancelled). */
export const TRANSACTION_STATUSES = ['new', 'paid', 'completed', 'rejected'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const METHOD_CODES = ['BankTransfer', 'PayPal'] as const;
export type MethodCode = (typeof METHOD_CODES)[number];

/** Who or what changed an order's status (the history's `actor`). */
export const ORDER_ACTORS = ['investor', 'operator', 'system', 'paypal', 'bank'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

// ---------- shapes ----------

export const investorDataSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  address: z.object({
    address: z.string(),
    city: z.string(),
    zip: z.string(),
    // SPEC §3: country { name }; `name` holds the ISO 3166-1 alpha-2 code ("PL").
    country: z.object({ name: z.string() }),
  }),
});
export type InvestorData = z.infer<typeof investorDataSchema>;

export const orderOfferSchema = z.object({
  id: z.number().int(),
  slug: slugSchema,
  title: z.string(),
  mainDescription: z.string(),
  thumbUrl: z.string().nullable(),
});
export type OrderOffer = z.infer<typeof orderOfferSchema>;

export const transactionSchema = z.object({
  id: z.number().int(),
  orderId: z.string(),
  orderReference: z.string(),
  date: isoDate,
  method: z.enum(METHOD_CODES),
  status: z.enum(TRANSACTION_STATUSES),
  shares: z.number().int(),
  /** What the investor pays (grosze), commission included. */
  amount: z.number().int(),
  commission: z.number().int(),
  commissionPercent: z.number(),
  offer: orderOfferSchema.pick({ id: true, slug: true, title: true }),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const orderHistoryEntrySchema = z.object({
  from: z.enum(ORDER_STATUSES).nullable(),
  to: z.enum(ORDER_STATUSES),
  at: isoDate,
  actor: z.enum(ORDER_ACTORS),
  /** A code the SPA translates (ORDER_CREATED, PAYMENT_EXPIRED, PAYPAL_CAPTURED, ...). */
  reason: z.string(),
  /** Free text an operator typed, or null. */
  note: z.string().nullable(),
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntrySchema>;

/** Everything a Polish bank customer needs to pay an order (thank-you page, order page). */
export const bankTransferDetailsSchema = z.object({
  codeName: z.literal('BankTransfer'),
  accountHolder: z.string(),
  address: z.string(),
  bankName: z.string(),
  /** 26 digits (NRB), no spaces; the SPA groups it in fours. */
  accountNumber: z.string(),
  iban: z.string(),
  swift: z.string(),
  /** Transfer title: the order reference. */
  title: z.string(),
  /** grosze */
  amount: z.number().int(),
  deadline: isoDate,
  /** ZBP "Standard 2D" QR payload, or null when the amount is above what the code can carry (9 999,99 zł). */
  qrCode: z.string().nullable(),
});
export type BankTransferDetails = z.infer<typeof bankTransferDetailsSchema>;

export const payPalPaymentSchema = z.object({
  codeName: z.literal('PayPal'),
  /** PayPal's payer-action link: the browser goes there. */
  approveUrl: z.string(),
});
export type PayPalPayment = z.infer<typeof payPalPaymentSchema>;

export const paymentSchema = z.discriminatedUnion('codeName', [bankTransferDetailsSchema, payPalPaymentSchema]);
export type Payment = z.infer<typeof paymentSchema>;

/**
 * A paid order's refund, the way it was paid. `due`: waiting (a PayPal refund to retry, a bank refund for an
 * operator); `sent`: a bank refund approved, leaving with the next bank payment file; `refunded`: PayPal
 * accepted the refund, or the bank transfer has left; `returned`: the bank sent the transfer back (wrong
 * account number in the settings). `expectedBy`: the day the money is promised by.
 */
export const REFUND_STATUSES = ['due', 'sent', 'refunded', 'returned'] as const;
export const orderRefundSchema = z.object({
  status: z.enum(REFUND_STATUSES),
  method: z.enum(METHOD_CODES),
  /** grosze */
  amount: z.number().int(),
  expectedBy: isoDate,
  refundedAt: isoDate.nullable(),
});
export type OrderRefund = z.infer<typeof orderRefundSchema>;

export const orderSchema = z.object({
  id: z.string(),
  /** What the investor types as the transfer title: `ES-XXXX-XXXX` (no 0/O/1/I; last character checks). */
  reference: z.string(),
  status: z.enum(ORDER_STATUSES),
  method: z.enum(METHOD_CODES),
  createdAt: isoDate,
  updatedAt: isoDate,
  paidAt: isoDate.nullable(),
  completedAt: isoDate.nullable(),
  cancelledAt: isoDate.nullable(),
  /** Unpaid orders are cancelled at this moment; null once paid. */
  expiresAt: isoDate.nullable(),
  quantity: z.number().int(),
  pricePerShare: z.number().int(),
  /** quantity × pricePerShare */
  amount: z.number().int(),
  feePercent: z.number(),
  feeValue: z.number().int(),
  totalPrice: z.number().int(),
  offer: orderOfferSchema,
  series: z.object({ id: z.number().int(), name: z.string() }),
  userMeta: z.object({ email: z.string() }),
  investorData: investorDataSchema,
  transactions: z.array(transactionSchema),
  history: z.array(orderHistoryEntrySchema),
  /** How to pay while the order is unpaid (bank details and QR), else null. */
  bankTransfer: bankTransferDetailsSchema.nullable(),
  /**
   * The key investment information sheet the investor acknowledged with this order (its version, language and
   * hash) and where to download exactly that sheet again; null for an order placed before sheets had versions.
   */
  kiis: z
    .object({ version: z.number().int(), language: z.enum(['pl', 'en']), hash: z.string(), acknowledgedAt: isoDate, url: z.string() })
    .nullable(),
  /**
   * The reflection period (ECSP Art. 22): `applies` is false for an order placed while the investor was
   * classified sophisticated (the server refuses its revocation); `deadline` is its end (ISO).
   */
  reflectionPeriod: z.object({ applies: z.boolean(), deadline: isoDate }),
  /** The refund of a paid order that was revoked (or whose offer was not funded), else null. */
  refund: orderRefundSchema.nullable(),
});
export type Order = z.infer<typeof orderSchema>;

/** List rows: the order without its history, bank details, sheet and refund. */
export const orderSummarySchema = orderSchema.omit({ history: true, bankTransfer: true, investorData: true, kiis: true, reflectionPeriod: true, refund: true });
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const ordersPageSchema = pagedSchema(orderSummarySchema);
export type OrdersPage = z.infer<typeof ordersPageSchema>;

/** GET /order query (besides pagination): `status` filters (repeatable: `status=new&status=paid`). */
export const orderListFilterSchema = z.object({
  status: z.union([z.enum(ORDER_STATUSES, 'VALUE_NOT_VALID'), z.array(z.enum(ORDER_STATUSES, 'VALUE_NOT_VALID'))]).optional(),
});
