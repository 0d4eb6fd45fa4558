import { and, desc, eq, inArray, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { KnowledgeTestBody, KnowledgeTestResult, KnowledgeTestState, RevokeResult } from '../../../contract/protection';
import type { Language } from '../../config';
import type { Db } from '../../db/client';
import { orders, transactions, type OrderProtection, type OrderRow } from '../../db/schema-orders';
import { exchangeRates, investorClassifications, knowledgeTests, orderRevokeLinks, type KnowledgeTestRow } from '../../db/schema-protection';
import { apiError, ApiError, notFound } from '../../lib/errors';
import type { Executor } from '../mail/outbox';
import { transitionOrder } from '../orders/status';
import { REFUND_DUE, refundExpectedBy } from '../payouts/refund';
import { queueRefundMail } from '../payouts/refund-notifications';
import { largeInvestmentThreshold } from './large-investment';
import { simulateLoss } from './loss-simulation';
import { QUESTIONNAIRE_VERSION, questionnaireFor, scoreAnswers } from './questionnaire';
import { withinReflection, type Clock } from './reflection-period';

// The investor-protection checks with their data: classification, knowledge test results, the EUR rate,
// the gate every order passes (createOrder) and the revocation inside the reflection period.

/** A test result, and a classification, are valid this long. */
export const VALIDITY_YEARS = 2;

const plusYears = (d: Date, years: number) => {
  const r = new Date(d);
  r.setUTCFullYear(r.getUTCFullYear() + years);
  return r;
};

export async function classificationOf(db: Executor, userId: string, now: Date): Promise<'non_sophisticated' | 'sophisticated'> {
  const [row] = await db.select().from(investorClassifications).where(eq(investorClassifications.userId, userId)).limit(1);
  // A sophisticated classification past its review falls back to the default until an operator renews it.
  return row && row.classification === 'sophisticated' && row.reviewDueAt > now ? 'sophisticated' : 'non_sophisticated';
}

export async function latestTest(db: Executor, userId: string): Promise<KnowledgeTestRow | undefined> {
  const [row] = await db.select().from(knowledgeTests).where(eq(knowledgeTests.userId, userId)).orderBy(desc(knowledgeTests.takenAt), desc(knowledgeTests.id)).limit(1);
  return row;
}

export async function currentEurRate(db: Executor): Promise<{ rate: number; rateDate: string } | undefined> {
  const [row] = await db.select().from(exchangeRates).where(eq(exchangeRates.currency, 'EUR')).orderBy(desc(exchangeRates.createdAt), desc(exchangeRates.id)).limit(1);
  return row && { rate: row.rate, rateDate: row.rateDate };
}

const allowsOrders = (row: KnowledgeTestRow, now: Date) => row.expiresAt > now && (row.passed || row.riskWarningAcknowledgedAt !== null);

function toResult(row: KnowledgeTestRow, now: Date): KnowledgeTestResult {
  return {
    takenAt: row.takenAt.toISOString(),
    version: row.version,
    passed: row.passed,
    netWorth: row.netWorth,
    affordableLoss: row.netWorth > 0 ? Math.floor(row.netWorth / 10) : 0,
    riskWarningAcknowledgedAt: row.riskWarningAcknowledgedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
    allowsOrders: allowsOrders(row, now),
  };
}

export async function knowledgeTestState(db: Db, userId: string, language: Language, now: Date): Promise<KnowledgeTestState> {
  const [classification, test, rate] = await Promise.all([classificationOf(db, userId, now), latestTest(db, userId), currentEurRate(db)]);
  return {
    classification,
    questionnaire: questionnaireFor(language),
    result: test ? toResult(test, now) : null,
    largeInvestment: rate ? { eurRate: rate.rate, eurRateDate: rate.rateDate, threshold: largeInvestmentThreshold(rate.rate, test?.netWorth ?? 0) } : null,
  };
}

/**
 * Scores the answers and stores the result: date, version, language, pass/fail and the net worth. The
 * answers themselves and the simulation's inputs are not stored.
 */
export async function takeKnowledgeTest(db: Db, userId: string, language: Language, body: KnowledgeTestBody, now: Date): Promise<KnowledgeTestResult> {
  if (body.version !== QUESTIONNAIRE_VERSION) throw apiError(409, 'KNOWLEDGE_TEST_VERSION_CHANGED', 'version');
  const score = scoreAnswers(body.answers);
  if (!score.ok) throw new ApiError(400, score.invalid.map((id) => ({ code: 'VALUE_NOT_VALID' as const, context: `answers.${id}` })));
  const { netWorth } = simulateLoss(body.simulation);
  const [row] = await db
    .insert(knowledgeTests)
    .values({ userId, takenAt: now, version: QUESTIONNAIRE_VERSION, language, passed: score.passed, netWorth, expiresAt: plusYears(now, VALIDITY_YEARS) })
    .returning();
  return toResult(row, now);
}

/** The risk warning of a failed test, acknowledged: orders are allowed on that result from now on. */
export async function acknowledgeRiskWarning(db: Db, userId: string, now: Date): Promise<KnowledgeTestResult> {
  const test = await latestTest(db, userId);
  if (!test || test.expiresAt <= now) throw apiError(403, 'KNOWLEDGE_TEST_REQUIRED', 'knowledgeTest');
  if (test.passed || test.riskWarningAcknowledgedAt) return toResult(test, now);
  const [row] = await db.update(knowledgeTests).set({ riskWarningAcknowledgedAt: now }).where(eq(knowledgeTests.id, test.id)).returning();
  return toResult(row, now);
}

/** What the gate decides on, as `protectionGateSql` reads it (a JSON object: numbers as JSON numbers). */
export interface GateRow {
  sophisticated: boolean | null;
  test_id: number | null;
  passed: boolean | null;
  net_worth: string | number | null;
  acknowledged: boolean | null;
  expires_at: string | Date | null;
  rate: number | string | null;
  rate_date: string | null;
}

/**
 * The gate's data for one investor as ONE SQL expression yielding a JSON object (GateRow): the
 * classification, the latest test and the current EUR rate. The order path reads it in the same round trip
 * as the rest of the order's context (orders/investment-rules.ts).
 */
export function protectionGateSql(userId: SQL | AnyColumn, now: SQL): SQL<GateRow> {
  return sql<GateRow>`(
    select json_build_object(
      'sophisticated', (select c.classification = 'sophisticated' and c.review_due_at > ${now}
         from investor_classifications c where c.user_id = ${userId}),
      'test_id', k.id, 'passed', k.passed, 'net_worth', k.net_worth,
      'acknowledged', k.risk_warning_acknowledged_at is not null, 'expires_at', k.expires_at,
      'rate', r.rate, 'rate_date', r.rate_date::text)
    from (select 1) one
    left join lateral (select * from knowledge_tests where user_id = ${userId} order by taken_at desc, id desc limit 1) k on true
    left join lateral (select * from exchange_rates where currency = 'EUR' order by created_at desc, id desc limit 1) r on true)`;
}

/**
 * The gate of every order: a non-sophisticated investor needs a valid test (passed, or failed with the
 * warning acknowledged), and an order above the large-investment threshold needs the explicit consent.
 * Returns what the order stores about it (null for a sophisticated investor, who is not asked).
 */
export function decideOrderProtection(
  row: GateRow,
  input: { amount: number; largeInvestmentConsent: boolean | undefined; now: Date },
): OrderProtection | null {
  const { amount, now } = input;
  if (row.sophisticated) return null;
  if (row.test_id === null || new Date(row.expires_at!) <= now) throw apiError(403, 'KNOWLEDGE_TEST_REQUIRED', 'knowledgeTest');
  if (!row.passed && !row.acknowledged) throw apiError(403, 'RISK_WARNING_NOT_ACKNOWLEDGED', 'knowledgeTest');
  if (row.rate === null) throw new Error('no EUR rate: the migration seeds one, an operator sets the current one');
  const test = { id: Number(row.test_id), netWorth: Number(row.net_worth) };
  const rate = { rate: Number(row.rate), rateDate: row.rate_date! };
  const threshold = largeInvestmentThreshold(rate.rate, test.netWorth);
  if (amount <= threshold) return { knowledgeTestId: test.id, largeInvestment: null };
  if (input.largeInvestmentConsent !== true) throw apiError(400, 'LARGE_INVESTMENT_CONSENT_REQUIRED', 'largeInvestmentConsent');
  return {
    knowledgeTestId: test.id,
    largeInvestment: { threshold, eurRate: rate.rate, eurRateDate: rate.rateDate, netWorth: test.netWorth, consentedAt: now.toISOString() },
  };
}

/**
 * The investor's revocation inside the reflection period: the order is cancelled the way an operator
 * cancels one (its shares return to the series, its pending or paid transactions are rejected, the reason is
 * in its history); a paid order is flagged for the operator to refund it the way it was paid.
 * Someone else's order answers 404; after the period 409 REFLECTION_PERIOD_OVER; an order placed as a
 * sophisticated investor 409 REFLECTION_PERIOD_NOT_APPLICABLE.
 */
export async function revokeOrder(
  db: Db,
  userId: string,
  orderId: string,
  clock: Clock,
  /** Where the investor revoked, kept in the history for the regulator's records. */
  via: 'order_page' | 'email_link' = 'order_page',
  /** PUBLIC_URL, for the link in the e-mail of a paid order's refund. */
  publicUrl = '',
): Promise<Revocation> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(orderId)) throw notFound('id');
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.userId, userId))).for('update').limit(1);
    if (!order) throw notFound('id');
    return revokeLocked(tx, order, clock(), 'id', via, publicUrl);
  });
}

/**
 * The revocation of an order already locked in `tx` (the order page's and the e-mail link's): the period and
 * the status checked, the order cancelled, the e-mail's revoke link used up. `context` names the field the
 * refusals point at (the order id, or the link's token).
 */
export async function revokeLocked(
  tx: Executor,
  order: OrderRow,
  now: Date,
  context: string,
  /** Where the investor revoked, kept in the history for the regulator's records. */
  via: 'order_page' | 'email_link',
  publicUrl: string,
): Promise<Revocation> {
  if (!withinReflection(order.createdAt, () => now)) throw apiError(409, 'REFLECTION_PERIOD_OVER', context);
  if (!(await reflectionApplies(tx, order))) throw apiError(409, 'REFLECTION_PERIOD_NOT_APPLICABLE', context);
  if (order.status !== 'new' && order.status !== 'paid') throw apiError(409, 'INVALID_STATUS_CHANGE', 'status');
  const refundDue = order.status === 'paid';
  const moved = await transitionOrder(tx, {
    orderId: order.id,
    from: order.status,
    to: 'cancelled',
    actor: 'investor',
    actorUserId: order.userId,
    reason: 'INVESTOR_REVOKED',
    details: { reflectionPeriod: true, refundDue, amount: refundDue ? order.totalPrice : 0, method: order.methodCode, via },
    at: now,
  });
  if (!moved.ok) throw apiError(409, 'ORDER_STATUS_CHANGED', context);
  await tx
    .update(transactions)
    .set({ status: 'rejected', updatedAt: now })
    .where(and(eq(transactions.orderId, order.id), inArray(transactions.status, ['new', 'paid'])));
  const expectedBy = refundDue ? refundExpectedBy(order.methodCode, now) : null;
  if (refundDue) {
    await tx.update(orders).set({ attentionReason: REFUND_DUE }).where(eq(orders.id, order.id));
    await queueRefundMail(tx, order, 'due', expectedBy!, publicUrl);
  }
  await tx.update(orderRevokeLinks).set({ usedAt: now }).where(and(eq(orderRevokeLinks.orderId, order.id), isNull(orderRevokeLinks.usedAt)));
  return {
    status: 'cancelled' as const,
    refundDue,
    refundMethod: refundDue ? order.methodCode : null,
    refundExpectedBy: expectedBy?.toISOString() ?? null,
    orderId: order.id,
  };
}

/** A revocation's answer, with the order it was for (the route refunds a PayPal payment once it commits). */
export type Revocation = RevokeResult & { orderId: string };

/**
 * Art. 22 gives the reflection period to non-sophisticated investors: an order placed while the investor was
 * classified sophisticated (approved before it, review not yet due) has none. The revocation refuses such an
 * order, and the order page hides its Revoke button by the same rule (`reflectionPeriod.applies`).
 */
export async function reflectionApplies(db: Executor, order: Pick<OrderRow, 'userId' | 'createdAt'>): Promise<boolean> {
  const [c] = await db.select().from(investorClassifications).where(eq(investorClassifications.userId, order.userId)).limit(1);
  return !(c && c.classification === 'sophisticated' && c.decidedAt <= order.createdAt && c.reviewDueAt > order.createdAt);
}
