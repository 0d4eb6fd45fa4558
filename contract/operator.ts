import { z } from 'zod';
import { plainName } from './text';
import { OFFER_LIFECYCLE_STATES } from './offer-lifecycle';
import { isoDate, pagedSchema, slugSchema } from './envelope';
import { METHOD_CODES, investorDataSchema, orderHistoryEntrySchema, orderListFilterSchema, orderOfferSchema, orderSchema, transactionSchema } from './orders';

// The back office (docs/api.md "Back office"): every endpoint under /api/operator/*, operators
// only (investors 403, anonymous 401). Money in grosze. The SPA imports these with `import type` only.

const id = z.number().int();

/**
 * A file's bytes as base64 text. Checked by looking for one character outside the alphabet rather than matching the
 * whole string against `^[…]+$`: on a text of megabytes that pattern can exhaust V8's backtracking stack (a
 * RangeError, answered as a 500 to a 13 MB upload) depending on how the engine runs it that time; a search for one
 * character keeps no backtracking state. The documented pattern is the same set.
 */
const NOT_BASE64 = /[^A-Za-z0-9+/=\r\n]/;
const base64Text = (required: z.core.$ZodStringParams = {}) =>
  z
    .string(required)
    .min(1, 'IS_EMPTY')
    .refine((text) => !NOT_BASE64.test(text), 'VALUE_NOT_VALID')
    .meta({ pattern: '^[A-Za-z0-9+/=\\r\\n]+$' });
const translated = z.object({ pl: z.string(), en: z.string() });
/** An operator's reason: required for every action that changes something. */
export const reasonSchema = z.string({ error: 'IS_EMPTY' }).trim().min(1, 'IS_EMPTY').max(1000, 'VALUE_NOT_VALID');

// ---------- statements ----------

export const STATEMENT_FORMATS = ['camt053', 'mt940'] as const;
export const EXCEPTION_REASONS = [
  'UNDERPAID',
  'OVERPAID',
  'ORDER_EXPIRED_OR_CANCELLED',
  'ORDER_ALREADY_PAID',
  'UNKNOWN_REFERENCE',
  'AMBIGUOUS_REFERENCE',
  'WRONG_CURRENCY',
  // A debit naming a payout's reference with another amount, and a payout the bank gave back (a credit with its
  // reference: a closed or wrong account).
  'PAYOUT_AMOUNT_MISMATCH',
  'PAYOUT_RETURNED',
] as const;
export type ExceptionReason = (typeof EXCEPTION_REASONS)[number];
export const EXCEPTION_STATUSES = ['open', 'resolved'] as const;
export const EXCEPTION_RESOLUTIONS = ['accepted', 'refund_needed', 'attached'] as const;
export const LINE_OUTCOMES = ['matched', 'exception', 'ignored', 'duplicate'] as const;

/** POST /operator/statements: the file as base64 in JSON (size limit STATEMENT_MAX_BYTES). */
export const statementUploadBodySchema = z.object({
  fileName: z.string({ error: 'IS_EMPTY' }).overwrite(plainName).min(1, 'IS_EMPTY').max(255, 'VALUE_NOT_VALID'),
  contentBase64: base64Text({ error: 'IS_EMPTY' }),
});
export type StatementUploadBody = z.infer<typeof statementUploadBodySchema>;

export const importSummarySchema = z.object({
  linesRead: z.number().int(),
  matched: z.number().int(),
  exceptions: z.number().int(),
  duplicates: z.number().int(),
  ignored: z.number().int(),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

export const orderRefSchema = orderSchema.pick({ id: true, reference: true, status: true });

export const statementLineSchema = z.object({
  id: id.nullable(),
  position: z.number().int(),
  location: z.string(),
  bankReference: z.string().nullable(),
  endToEndId: z.string().nullable(),
  direction: z.enum(['CRDT', 'DBIT']),
  amount: z.number().int(),
  currency: z.string(),
  bookingDate: z.string().nullable(),
  valueDate: z.string().nullable(),
  title: z.string(),
  payerName: z.string().nullable(),
  payerAccount: z.string().nullable(),
  outcome: z.enum(LINE_OUTCOMES),
  order: orderRefSchema.nullable(),
  /** The payout a debit executed or a credit returned (by its reference). */
  payout: z.object({ id, reference: z.string(), status: z.enum(['approved', 'exported', 'executed', 'returned']) }).nullable().optional(),
  exception: z.object({ id, reason: z.enum(EXCEPTION_REASONS), status: z.enum(EXCEPTION_STATUSES) }).nullable(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

export const statementImportSchema = z.object({
  id,
  fileName: z.string(),
  format: z.enum(STATEMENT_FORMATS),
  account: z.string(),
  statementId: z.string().nullable(),
  periodFrom: z.string().nullable(),
  periodTo: z.string().nullable(),
  importedBy: z.string().nullable(),
  createdAt: isoDate,
  summary: importSummarySchema,
});
export type StatementImport = z.infer<typeof statementImportSchema>;

export const statementImportDetailSchema = statementImportSchema.extend({ lines: z.array(statementLineSchema) });
export type StatementImportDetail = z.infer<typeof statementImportDetailSchema>;
export const statementImportsPageSchema = pagedSchema(statementImportSchema);

export const statementExceptionSchema = z.object({
  id,
  reason: z.enum(EXCEPTION_REASONS),
  status: z.enum(EXCEPTION_STATUSES),
  resolution: z.enum(EXCEPTION_RESOLUTIONS).nullable(),
  resolutionNote: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  resolvedAt: isoDate.nullable(),
  createdAt: isoDate,
  importId: id,
  line: statementLineSchema,
  /** The order the title names (when found), with what it expected. */
  order: orderRefSchema.extend({ totalPrice: z.number().int(), version: z.number().int() }).nullable(),
  resolvedOrder: orderRefSchema.nullable(),
});
export type StatementException = z.infer<typeof statementExceptionSchema>;
export const statementExceptionsPageSchema = pagedSchema(statementExceptionSchema);

export const exceptionListQuerySchema = z.object({
  status: z.enum(EXCEPTION_STATUSES, 'VALUE_NOT_VALID').optional(),
});

/**
 * Resolve an exception: `accept` books the money to the order the title names (new or cancelled → paid;
 * a cancelled one only if its shares are still free), `attach` books it to another order
 * (`orderReference`), `refund_needed` books nothing (the money goes back by hand).
 */
export const exceptionResolveBodySchema = z.object({
  resolution: z.enum(['accept', 'refund_needed', 'attach'], 'VALUE_NOT_VALID'),
  reason: reasonSchema,
  orderReference: z.string().max(40, 'VALUE_NOT_VALID').optional(),
});
export type ExceptionResolveBody = z.infer<typeof exceptionResolveBodySchema>;

// ---------- orders ----------

/** The order model's own fields (contract/orders.ts), with the offer's id and title, the investor and the version. */
export const operatorOrderRowSchema = orderSchema
  .pick({
    id: true,
    reference: true,
    status: true,
    method: true,
    createdAt: true,
    updatedAt: true,
    paidAt: true,
    completedAt: true,
    cancelledAt: true,
    expiresAt: true,
    quantity: true,
    pricePerShare: true,
    amount: true,
    feeValue: true,
    totalPrice: true,
  })
  .extend({
    offer: orderOfferSchema.pick({ id: true, title: true }),
    series: orderSchema.shape.series,
    investor: z.object({ id: z.string(), email: z.string(), firstName: z.string(), lastName: z.string() }),
    /** Pass it back as `expectedVersion` with an action: someone else's change in between makes it 409. */
    version: z.number().int(),
    attentionReason: z.string().nullable(),
  });
export type OperatorOrderRow = z.infer<typeof operatorOrderRowSchema>;
export const operatorOrdersPageSchema = pagedSchema(operatorOrderRowSchema);
export type OperatorOrdersPage = z.infer<typeof operatorOrdersPageSchema>;

const dateParam = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'VALUE_NOT_VALID');
export const operatorOrderFilterSchema = z.object({
  /** Reference (any spelling), e-mail or name, case-insensitive. */
  q: z.string().max(200, 'VALUE_NOT_VALID').optional(),
  status: orderListFilterSchema.shape.status,
  method: z.enum(METHOD_CODES, 'VALUE_NOT_VALID').optional(),
  offer: z.string().regex(/^\d{1,9}$/, 'VALUE_NOT_VALID').transform(Number).optional(),
  /** Created on or after this day (YYYY-MM-DD, UTC). */
  from: dateParam.optional(),
  /** Created on or before this day. */
  to: dateParam.optional(),
  /** Only orders flagged with this attention reason (REFUND_DUE_REVOKED: revoked paid orders to refund). */
  attention: z.enum(['REFUND_DUE_REVOKED'], 'VALUE_NOT_VALID').optional(),
});
/** The query as the SPA sends it. */
export type OperatorOrderFilter = z.input<typeof operatorOrderFilterSchema>;
/** The query as the server reads it (offer as a number). */
export type OperatorOrderQuery = z.infer<typeof operatorOrderFilterSchema>;

/** The investor's history entry (contract/orders.ts) with who did it and the change's details. */
export const operatorHistoryEntrySchema = orderHistoryEntrySchema
  .pick({ from: true, to: true, at: true, actor: true })
  .extend({ actorEmail: z.string().nullable(), ...orderHistoryEntrySchema.pick({ reason: true, note: true }).shape, details: z.record(z.string(), z.unknown()).nullable() });

/** The investor's transaction (contract/orders.ts) cut to what the payment itself says, with the provider's side. */
export const operatorTransactionSchema = transactionSchema.pick({ id: true, method: true, status: true, amount: true, commission: true }).extend({
  externalId: z.string().nullable(),
  providerStatus: z.string().nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
});

export const operatorOrderDetailSchema = operatorOrderRowSchema.extend({
  investorData: investorDataSchema,
  history: z.array(operatorHistoryEntrySchema),
  transactions: z.array(operatorTransactionSchema),
  statementLines: z.array(statementLineSchema),
});
export type OperatorOrderDetail = z.infer<typeof operatorOrderDetailSchema>;

/** `refund`: a paid order revoked in the reflection period (attentionReason REFUND_DUE_REVOKED) refunded the way it was paid. */
export const ORDER_ACTIONS = ['record-transfer', 'cancel', 'complete', 'refund'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

export const orderActionBodySchema = z.object({
  reason: reasonSchema,
  /** The order's `version` the operator looked at. */
  expectedVersion: z.number({ error: 'IS_EMPTY' }).int('VALUE_NOT_VALID').min(0, 'VALUE_NOT_VALID'),
});
export const recordTransferBodySchema = orderActionBodySchema.extend({
  /** grosze; defaults to the order's total price */
  amount: z.number().int('VALUE_NOT_VALID').positive('VALUE_NOT_VALID').max(100_000_000_000, 'VALUE_NOT_VALID').optional(),
  /** The bank's reference of the transfer, if the operator has it. */
  bankReference: z.string().trim().max(100, 'VALUE_NOT_VALID').optional(),
});
export type OrderActionBody = z.infer<typeof recordTransferBodySchema>;

// ---------- offers ----------

export const operatorSeriesSchema = z.object({
  id,
  name: translated,
  pricePerShare: z.number().int(),
  totalShares: z.number().int(),
  minStocks: z.number().int(),
  soldShares: z.number().int(),
  reservedShares: z.number().int(),
  isOpen: z.boolean(),
});

export const operatorDocumentSchema = z.object({
  id,
  key: z.string(),
  kind: z.enum(['general', 'investor']),
  displayName: translated,
  url: z.string(),
});

export const operatorOfferSchema = z.object({
  id,
  key: z.string(),
  slug: slugSchema,
  title: translated,
  published: z.boolean(),
  isOpen: z.boolean(),
  investmentStart: isoDate.nullable(),
  investmentEnd: isoDate.nullable(),
  hasPreview: z.boolean(),
  /** grosze: sold shares × price, the public card's figure (contract/funding.ts) */
  raised: z.number().int(),
  /** grosze: the investors' equity (total cost minus developer equity), the public card's figure (contract/funding.ts) */
  target: z.number().int(),
  /** grosze: the minimum raise for the offer to go ahead (paid orders without fees); null: none */
  fundingGoal: z.number().int().nullable(),
  /**
   * where the offer is in its lifecycle, a leaf state of machines/offerLifecycle.machine.ts (the chart says what
   * each allows: closing early, declaring a distribution)
   */
  lifecycle: z.enum(OFFER_LIFECYCLE_STATES),
  series: z.array(operatorSeriesSchema),
  documents: z.array(operatorDocumentSchema),
});
export type OperatorOffer = z.infer<typeof operatorOfferSchema>;

const nullableIso = z.union([z.iso.datetime({ offset: true, error: 'VALUE_NOT_VALID' }), z.null()]);
export const offerPatchBodySchema = z
  .object({
    reason: reasonSchema,
    isOpen: z.boolean('VALUE_NOT_VALID').optional(),
    published: z.boolean('VALUE_NOT_VALID').optional(),
    investmentStart: nullableIso.optional(),
    investmentEnd: nullableIso.optional(),
    fundingGoal: z.union([z.number('VALUE_NOT_VALID').int('VALUE_NOT_VALID').min(0, 'VALUE_NOT_VALID').max(1e13, 'VALUE_NOT_VALID'), z.null()]).optional(),
    series: z
      .array(
        z
          .object({
            id,
            pricePerShare: z.number().int('VALUE_NOT_VALID').positive('VALUE_NOT_VALID').optional(),
            totalShares: z.number().int('VALUE_NOT_VALID').min(0, 'VALUE_NOT_VALID').max(100_000_000, 'VALUE_NOT_VALID').optional(),
            minStocks: z.number().int('VALUE_NOT_VALID').min(1, 'VALUE_NOT_VALID').optional(),
            isOpen: z.boolean('VALUE_NOT_VALID').optional(),
          })
          .strict(),
      )
      .max(50, 'VALUE_NOT_VALID')
      .optional(),
  })
  .strict();
export type OfferPatchBody = z.infer<typeof offerPatchBodySchema>;

export const previewLinkSchema = z.object({ token: z.string(), urls: z.object({ pl: z.string(), en: z.string() }) });
export type PreviewLink = z.infer<typeof previewLinkSchema>;

export const documentUploadBodySchema = z.object({
  reason: reasonSchema,
  kind: z.enum(['general', 'investor'], 'VALUE_NOT_VALID'),
  // Stored as shown: bidi overrides and other invisible characters removed (contract/text.ts).
  displayName: z.object({
    pl: z.string().overwrite(plainName).min(1, 'IS_EMPTY').max(200, 'VALUE_NOT_VALID'),
    en: z.string().overwrite(plainName).min(1, 'IS_EMPTY').max(200, 'VALUE_NOT_VALID'),
  }),
  fileName: z.string().overwrite(plainName).min(1, 'IS_EMPTY').max(255, 'VALUE_NOT_VALID'),
  contentBase64: base64Text(),
});
export type DocumentUploadBody = z.infer<typeof documentUploadBodySchema>;

export const documentDeleteBodySchema = z.object({ reason: reasonSchema });
export type DocumentDeleteBody = z.infer<typeof documentDeleteBodySchema>;

// ---------- investors ----------

/**
 * What the regulator may ask about one investor (ECSP Art. 21–22): the classification, the knowledge test
 * results, the large-investment consents stored with orders and the revocations in the reflection period.
 */
export const investorProtectionRecordsSchema = z.object({
  classification: z.object({
    /** In force now: a sophisticated classification past its review date counts as non-sophisticated. */
    current: z.enum(['non_sophisticated', 'sophisticated']),
    /** As recorded (null: never decided, the default non-sophisticated). */
    recorded: z.enum(['non_sophisticated', 'sophisticated']).nullable(),
    decidedAt: isoDate.nullable(),
    reviewDueAt: isoDate.nullable(),
  }),
  knowledgeTests: z.array(
    z.object({
      id: z.number().int(),
      takenAt: isoDate,
      version: z.string(),
      language: z.enum(['pl', 'en']),
      passed: z.boolean(),
      riskWarningAcknowledgedAt: isoDate.nullable(),
      expiresAt: isoDate,
    }),
  ),
  largeInvestmentConsents: z.array(
    z.object({
      orderId: z.string(),
      reference: z.string(),
      /** grosze: the order's amount (shares × price) the threshold was compared with */
      amount: z.number().int(),
      /** grosze */
      threshold: z.number().int(),
      consentedAt: isoDate,
    }),
  ),
  /** The investor's applications to be classified sophisticated, newest first, with the operator's decision. */
  applications: z.array(
    z.object({
      id: z.number().int(),
      investorKind: z.enum(['natural_person', 'legal_person']),
      criteria: z.array(z.string()),
      declarationVersion: z.string(),
      language: z.enum(['pl', 'en']),
      submittedAt: isoDate,
      status: z.enum(['pending', 'approved', 'rejected']),
      decidedAt: isoDate.nullable(),
      decidedByEmail: z.string().nullable(),
      decisionReason: z.string().nullable(),
    }),
  ),
  revocations: z.array(
    z.object({
      orderId: z.string(),
      reference: z.string(),
      revokedAt: isoDate,
      /** Where the investor revoked: the order screen (one click) or the signed e-mail link. */
      via: z.enum(['order_page', 'email_link']),
      /** The order had been paid: an operator refunds it the way it was paid. */
      refundDue: z.boolean(),
      method: z.string(),
    }),
  ),
});
export type InvestorProtectionRecords = z.infer<typeof investorProtectionRecordsSchema>;

export const operatorInvestorSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  isActive: z.boolean(),
  createdAt: isoDate,
  ordersCount: z.number().int(),
  /** grosze: total price of paid and completed orders */
  paidTotal: z.number().int(),
});
export type OperatorInvestor = z.infer<typeof operatorInvestorSchema>;
export const operatorInvestorsPageSchema = pagedSchema(operatorInvestorSchema);
export const operatorInvestorDetailSchema = operatorInvestorSchema.extend({
  phone: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  locale: z.enum(['pl', 'en']),
  orders: z.array(operatorOrderRowSchema),
  protection: investorProtectionRecordsSchema,
});
export type OperatorInvestorDetail = z.infer<typeof operatorInvestorDetailSchema>;

// ---------- overview, audit ----------

export const overviewSchema = z.object({
  offers: z.array(
    z.object({
      id,
      title: translated,
      published: z.boolean(),
      isOpen: z.boolean(),
      raised: z.number().int(),
      target: z.number().int(),
      sharesTotal: z.number().int(),
      sharesSold: z.number().int(),
      sharesReserved: z.number().int(),
      sharesLeft: z.number().int(),
    }),
  ),
  pendingPayments: z.object({ count: z.number().int(), total: z.number().int() }),
  openExceptions: z.number().int(),
  needsAttention: z.number().int(),
});
export type Overview = z.infer<typeof overviewSchema>;

export const auditEntrySchema = z.object({
  id,
  at: isoDate,
  actorEmail: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  reason: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = pagedSchema(auditEntrySchema);
export const auditQuerySchema = z.object({
  entityType: z.string().max(40, 'VALUE_NOT_VALID').optional(),
  entityId: z.string().max(100, 'VALUE_NOT_VALID').optional(),
});
