import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { InvestorProtectionRecords } from '../../../contract/operator';
import type { Executor } from '../mail/outbox';
import { users } from '../../db/schema';
import { orderStatusHistory, orders } from '../../db/schema-orders';
import { investorClassifications, knowledgeTests, sophisticatedApplications } from '../../db/schema-protection';
import { toApplication } from './sophisticated';
import { formatReference } from '../orders/reference';

// The investor-protection records the regulator may ask for, read from where the flow keeps them: the
// classification row, the knowledge test results, the large-investment consent stored with each order
// (orders.protection) and the revocations in the order's status history (reason INVESTOR_REVOKED). Nothing is
// copied: the back office and the CSV export show what the flow stored.

type Records = InvestorProtectionRecords;

/** One investor's records, or (userId undefined) every investor's, each row tagged with its investor. */
async function read(db: Executor, userId: string | undefined, now: Date) {
  const [classes, tests, consents, revocations] = await Promise.all([
    db.select().from(investorClassifications).where(userId ? eq(investorClassifications.userId, userId) : undefined),
    db
      .select()
      .from(knowledgeTests)
      .where(userId ? eq(knowledgeTests.userId, userId) : undefined)
      .orderBy(asc(knowledgeTests.takenAt), asc(knowledgeTests.id)),
    db
      .select({ id: orders.id, userId: orders.userId, reference: orders.reference, amount: orders.amount, protection: orders.protection })
      .from(orders)
      .where(and(userId ? eq(orders.userId, userId) : undefined, sql`${orders.protection} -> 'largeInvestment' is not null and jsonb_typeof(${orders.protection} -> 'largeInvestment') = 'object'`))
      .orderBy(asc(orders.createdAt), asc(orders.id)),
    db
      .select({ id: orders.id, userId: orders.userId, reference: orders.reference, methodCode: orders.methodCode, at: orderStatusHistory.createdAt, details: orderStatusHistory.details })
      .from(orderStatusHistory)
      .innerJoin(orders, eq(orders.id, orderStatusHistory.orderId))
      .where(and(eq(orderStatusHistory.reason, 'INVESTOR_REVOKED'), userId ? eq(orders.userId, userId) : undefined))
      .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id)),
  ]);
  return {
    classifications: classes.map((c) => ({
      userId: c.userId,
      current: c.classification === 'sophisticated' && c.reviewDueAt > now ? ('sophisticated' as const) : ('non_sophisticated' as const),
      recorded: c.classification,
      decidedAt: c.decidedAt.toISOString(),
      reviewDueAt: c.reviewDueAt.toISOString(),
    })),
    knowledgeTests: tests.map((k) => ({
      userId: k.userId,
      id: k.id,
      takenAt: k.takenAt.toISOString(),
      version: k.version,
      language: k.language,
      passed: k.passed,
      riskWarningAcknowledgedAt: k.riskWarningAcknowledgedAt?.toISOString() ?? null,
      expiresAt: k.expiresAt.toISOString(),
    })),
    largeInvestmentConsents: consents.flatMap((o) => {
      const large = o.protection?.largeInvestment;
      return large ? [{ userId: o.userId, orderId: o.id, reference: formatReference(o.reference), amount: o.amount, threshold: large.threshold, consentedAt: new Date(large.consentedAt).toISOString() }] : [];
    }),
    revocations: revocations.map((r) => ({
      userId: r.userId,
      orderId: r.id,
      reference: formatReference(r.reference),
      revokedAt: r.at.toISOString(),
      via: r.details?.via === 'email_link' ? ('email_link' as const) : ('order_page' as const),
      refundDue: r.details?.refundDue === true,
      method: r.methodCode as string,
    })),
  };
}

const strip = <T extends { userId: string }>({ userId: _, ...rest }: T) => rest;

export async function investorProtectionRecords(db: Executor, userId: string, now: Date): Promise<Records> {
  const [r, applications] = await Promise.all([
    read(db, userId, now),
    db
      .select({ a: sophisticatedApplications, decidedByEmail: users.email })
      .from(sophisticatedApplications)
      .leftJoin(users, eq(users.id, sophisticatedApplications.decidedBy))
      .where(eq(sophisticatedApplications.userId, userId))
      .orderBy(desc(sophisticatedApplications.submittedAt), desc(sophisticatedApplications.id)),
  ]);
  const c = r.classifications[0];
  return {
    applications: applications.map(({ a, decidedByEmail }) => ({ ...toApplication(a), decidedByEmail })),
    classification: c ? strip(c) : { current: 'non_sophisticated', recorded: null, decidedAt: null, reviewDueAt: null },
    knowledgeTests: r.knowledgeTests.map(strip),
    largeInvestmentConsents: r.largeInvestmentConsents.map(strip),
    revocations: r.revocations.map(strip),
  };
}

export type ProtectionRecordKind = 'classification' | 'application' | 'knowledgeTest' | 'largeInvestmentConsent' | 'revocation';

/** One line of the regulator's export: the record's kind, when, whose, and the fields of its kind. */
export interface ProtectionRecordLine {
  kind: ProtectionRecordKind;
  at: string;
  investor: { id: string; email: string; firstName: string; lastName: string };
  classification?: { recorded: 'non_sophisticated' | 'sophisticated'; current: 'non_sophisticated' | 'sophisticated'; reviewDueAt: string };
  application?: { investorKind: string; criteria: string[]; declarationVersion: string; status: string; decidedAt: string | null; decidedByEmail: string | null; decisionReason: string | null };
  test?: { version: string; language: 'pl' | 'en'; passed: boolean; riskWarningAcknowledgedAt: string | null; expiresAt: string };
  order?: { reference: string; amount: number | null; threshold: number | null; via: 'order_page' | 'email_link' | null; refundDue: boolean | null; method: string | null };
}

/** Every investor's records (or one investor's) in time order, for the CSV export. */
export async function allProtectionRecords(db: Executor, userId: string | undefined, now: Date): Promise<ProtectionRecordLine[]> {
  const r = await read(db, userId, now);
  const people = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.role, 'investor'), userId ? eq(users.id, userId) : undefined));
  const byId = new Map(people.map((p) => [p.id, p]));
  const applications = await db
    .select({ a: sophisticatedApplications, decidedByEmail: users.email })
    .from(sophisticatedApplications)
    .leftJoin(users, eq(users.id, sophisticatedApplications.decidedBy))
    .where(userId ? eq(sophisticatedApplications.userId, userId) : undefined);
  const lines: ProtectionRecordLine[] = [];
  const push = (userIdOf: string, line: Omit<ProtectionRecordLine, 'investor'>) => {
    const investor = byId.get(userIdOf);
    if (investor) lines.push({ ...line, investor });
  };
  for (const c of r.classifications) push(c.userId, { kind: 'classification', at: c.decidedAt, classification: { recorded: c.recorded, current: c.current, reviewDueAt: c.reviewDueAt } });
  for (const { a, decidedByEmail } of applications)
    push(a.userId, { kind: 'application', at: a.submittedAt.toISOString(), application: { ...toApplication(a), decidedByEmail } });
  for (const k of r.knowledgeTests) push(k.userId, { kind: 'knowledgeTest', at: k.takenAt, test: k });
  for (const l of r.largeInvestmentConsents)
    push(l.userId, { kind: 'largeInvestmentConsent', at: l.consentedAt, order: { reference: l.reference, amount: l.amount, threshold: l.threshold, via: null, refundDue: null, method: null } });
  for (const v of r.revocations)
    push(v.userId, { kind: 'revocation', at: v.revokedAt, order: { reference: v.reference, amount: null, threshold: null, via: v.via, refundDue: v.refundDue, method: v.method } });
  return lines.sort((a, b) => a.at.localeCompare(b.at) || a.investor.email.localeCompare(b.investor.email));
}
