import { z } from 'zod';
import { INVESTOR_KINDS, SOPHISTICATED_CRITERIA } from '../lib/sophisticatedCriteria';

export { INVESTOR_KINDS, LEGAL_PERSON_CRITERIA, NATURAL_PERSON_CRITERIA, SOPHISTICATED_CRITERIA } from '../lib/sophisticatedCriteria';

// Investor protection (knowledge test, loss simulation, reflection period): the shapes of
// GET/POST /investor/knowledge-test, POST /investor/knowledge-test/acknowledge-risk, POST /order/{id}/revoke and
// GET/POST /order-revocation (the revoke link of the confirmation e-mail).

const grosze = z.number().int('VALUE_NOT_VALID').min(0, 'VALUE_NOT_VALID').max(1e13, 'VALUE_NOT_VALID');

export const knowledgeTestBodySchema = z.object({
  /** The questionnaire version the investor saw (GET answers it); another version is refused. */
  version: z.string().max(50),
  /** Question id → option id. */
  answers: z.record(z.string().max(50), z.string().max(50)),
  simulation: z.object({ yearlyIncome: grosze, liquidAssets: grosze, yearlyCommitments: grosze }),
});
export type KnowledgeTestBody = z.infer<typeof knowledgeTestBodySchema>;

export const knowledgeTestResultSchema = z.object({
  takenAt: z.string(),
  version: z.string(),
  passed: z.boolean(),
  netWorth: z.number().int(),
  /** 10% of the net worth (0 when it is not positive). */
  affordableLoss: z.number().int(),
  riskWarningAcknowledgedAt: z.string().nullable(),
  expiresAt: z.string(),
  /** Whether an order may be placed on this result now (valid, and passed or its warning acknowledged). */
  allowsOrders: z.boolean(),
});
export type KnowledgeTestResult = z.infer<typeof knowledgeTestResultSchema>;

export const knowledgeTestStateSchema = z.object({
  classification: z.enum(['non_sophisticated', 'sophisticated']),
  questionnaire: z.object({
    version: z.string(),
    questions: z.array(z.object({ id: z.string(), text: z.string(), options: z.array(z.object({ id: z.string(), text: z.string() })) })),
  }),
  /** The latest result, also a lapsed one (then `allowsOrders` is false). */
  result: knowledgeTestResultSchema.nullable(),
  /** The EUR rate the large-investment threshold uses, and the threshold for this investor (grosze). */
  largeInvestment: z.object({ eurRate: z.number().int(), eurRateDate: z.string(), threshold: z.number().int() }).nullable(),
});
export type KnowledgeTestState = z.infer<typeof knowledgeTestStateSchema>;

export const revokeResultSchema = z.object({
  status: z.literal('cancelled'),
  /** True when the order had been paid: it is refunded the way it was paid (PayPal at once, a bank transfer by an operator). */
  refundDue: z.boolean(),
  /** The refund's way back (the way it was paid), or null when nothing was paid. */
  refundMethod: z.enum(['BankTransfer', 'PayPal']).nullable(),
  /** The day the money is promised by (ISO): 5 business days for PayPal, 7 for a bank transfer; null when nothing was paid. */
  refundExpectedBy: z.string().nullable(),
});
export type RevokeResult = z.infer<typeof revokeResultSchema>;

/** GET /order-revocation?token=…: the order the e-mail's revoke link is for, and how long the period runs. */
export const revokeLinkOrderSchema = z.object({
  reference: z.string(),
  offerTitle: z.string(),
  quantity: z.number().int(),
  /** grosze, commission included */
  totalPrice: z.number().int(),
  status: z.enum(['new', 'paid']),
  createdAt: z.string(),
  /** The end of the reflection period (ISO): 4 Warsaw calendar days after `createdAt`. */
  deadline: z.string(),
  /** The language the order was placed in (the page may offer it). */
  language: z.enum(['pl', 'en']),
});
export type RevokeLinkOrder = z.infer<typeof revokeLinkOrderSchema>;

export const revokeLinkQuerySchema = z.object({ token: z.string().max(200, 'REVOKE_LINK_NOT_VALID').optional() });
export const revokeLinkBodySchema = z.object({ token: z.string().max(200, 'REVOKE_LINK_NOT_VALID') });

/** The operator's EUR rate for the large-investment threshold: PLN per EUR × 10 000, with the rate's date. */
export const eurRateSchema = z.object({ rate: z.number().int(), rateDate: z.string() });
export const eurRateBodySchema = z.object({
  rate: z.number().int('VALUE_NOT_VALID').min(1_000, 'VALUE_NOT_VALID').max(1_000_000, 'VALUE_NOT_VALID'),
  rateDate: z.iso.date('VALUE_NOT_VALID'),
  reason: z.string().trim().min(1, 'IS_EMPTY').max(1000, 'VALUE_NOT_VALID'),
});

// ---------- sophisticated-investor application (ECSP Annex II) ----------

export const SOPHISTICATED_STATUSES = ['pending', 'approved', 'rejected'] as const;
/** The declaration's version: an application stores the one the investor confirmed. */
export const SOPHISTICATED_DECLARATION_VERSION = '2026.1';

export const sophisticatedApplicationBodySchema = z.object({
  investorKind: z.enum(INVESTOR_KINDS, 'VALUE_NOT_VALID'),
  criteria: z.array(z.enum(SOPHISTICATED_CRITERIA, 'VALUE_NOT_VALID')).max(6, 'VALUE_NOT_VALID'),
  /** The declaration version the investor confirmed; another version is refused. */
  declarationVersion: z.string().max(50),
  declarationAccepted: z.literal(true, 'IS_EMPTY'),
});
export type SophisticatedApplicationBody = z.infer<typeof sophisticatedApplicationBodySchema>;

export const sophisticatedApplicationSchema = z.object({
  id: z.number().int(),
  investorKind: z.enum(INVESTOR_KINDS),
  criteria: z.array(z.enum(SOPHISTICATED_CRITERIA)),
  declarationVersion: z.string(),
  language: z.enum(['pl', 'en']),
  submittedAt: z.string(),
  status: z.enum(SOPHISTICATED_STATUSES),
  decidedAt: z.string().nullable(),
  /** The operator's reason (shown to the investor on a rejection). */
  decisionReason: z.string().nullable(),
});
export type SophisticatedApplication = z.infer<typeof sophisticatedApplicationSchema>;

/** GET /investor/sophisticated-application: the classification in force and the latest application. */
export const sophisticatedStatusSchema = z.object({
  classification: z.enum(['non_sophisticated', 'sophisticated']),
  /** When a sophisticated classification lapses (null otherwise). */
  reviewDueAt: z.string().nullable(),
  declarationVersion: z.string(),
  application: sophisticatedApplicationSchema.nullable(),
});
export type SophisticatedStatus = z.infer<typeof sophisticatedStatusSchema>;
