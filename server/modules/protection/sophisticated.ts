import { and, desc, eq } from 'drizzle-orm';
import {
  SOPHISTICATED_DECLARATION_VERSION,
  type SophisticatedApplication,
  type SophisticatedApplicationBody,
  type SophisticatedStatus,
} from '../../../contract/protection';
import { meetsAnnexII } from '../../../lib/sophisticatedCriteria';
import type { Language } from '../../config';
import type { Db } from '../../db/client';
import { investorClassifications, sophisticatedApplications } from '../../db/schema-protection';
import { apiError, notFound } from '../../lib/errors';
import type { Executor } from '../mail/outbox';
import { writeAudit, type Operator } from '../backoffice/audit';

// The sophisticated-investor application (ECSP Art. 2(1)(j) and Annex II): the investor declares the criteria
// they meet; an operator approves or rejects it. An approval classifies the investor as sophisticated for
// VALIDITY_YEARS (then the classification lapses to non-sophisticated until a new application is approved).

/** An approved classification is reviewed this long after the decision. */
export const CLASSIFICATION_VALIDITY_YEARS = 2;

const plusYears = (d: Date, years: number) => {
  const r = new Date(d);
  r.setUTCFullYear(r.getUTCFullYear() + years);
  return r;
};

type Row = typeof sophisticatedApplications.$inferSelect;

export const toApplication = (r: Row): SophisticatedApplication => ({
  id: r.id,
  investorKind: r.investorKind,
  criteria: r.criteria,
  declarationVersion: r.declarationVersion,
  language: r.language,
  submittedAt: r.submittedAt.toISOString(),
  status: r.status,
  decidedAt: r.decidedAt?.toISOString() ?? null,
  decisionReason: r.decisionReason,
});

export async function latestApplication(db: Executor, userId: string): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(sophisticatedApplications)
    .where(eq(sophisticatedApplications.userId, userId))
    .orderBy(desc(sophisticatedApplications.submittedAt), desc(sophisticatedApplications.id))
    .limit(1);
  return row;
}

export async function sophisticatedStatus(db: Db, userId: string, now: Date): Promise<SophisticatedStatus> {
  const [[c], application] = await Promise.all([
    db.select().from(investorClassifications).where(eq(investorClassifications.userId, userId)).limit(1),
    latestApplication(db, userId),
  ]);
  const sophisticated = c?.classification === 'sophisticated' && c.reviewDueAt > now;
  return {
    classification: sophisticated ? 'sophisticated' : 'non_sophisticated',
    reviewDueAt: sophisticated ? c.reviewDueAt.toISOString() : null,
    declarationVersion: SOPHISTICATED_DECLARATION_VERSION,
    application: application ? toApplication(application) : null,
  };
}

/** The investor applies: 409 while another application waits, 400 when the criteria do not meet Annex II. */
export async function applyForSophisticated(db: Db, userId: string, language: Language, body: SophisticatedApplicationBody, now: Date): Promise<SophisticatedStatus> {
  if (body.declarationVersion !== SOPHISTICATED_DECLARATION_VERSION) throw apiError(409, 'DECLARATION_VERSION_CHANGED', 'declarationVersion');
  if (!meetsAnnexII(body.investorKind, body.criteria)) throw apiError(400, 'SOPHISTICATED_CRITERIA_NOT_MET', 'criteria');
  const pending = await db
    .select({ id: sophisticatedApplications.id })
    .from(sophisticatedApplications)
    .where(and(eq(sophisticatedApplications.userId, userId), eq(sophisticatedApplications.status, 'pending')))
    .limit(1);
  if (pending.length) throw apiError(409, 'APPLICATION_PENDING', 'application');
  // The partial unique index settles two submissions at once: the second one inserts nothing.
  const inserted = await db
    .insert(sophisticatedApplications)
    .values({ userId, investorKind: body.investorKind, criteria: [...new Set(body.criteria)], declarationVersion: body.declarationVersion, language, submittedAt: now })
    .onConflictDoNothing()
    .returning({ id: sophisticatedApplications.id });
  if (!inserted.length) throw apiError(409, 'APPLICATION_PENDING', 'application');
  return sophisticatedStatus(db, userId, now);
}

/**
 * The operator's decision on a pending application, with the audit row in the same transaction. An approval
 * makes the investor sophisticated until the review date; a rejection leaves the classification as it is.
 */
export async function decideApplication(
  db: Db,
  operator: Operator,
  applicationId: number,
  decision: 'approve' | 'reject',
  reason: string,
  now: Date,
): Promise<SophisticatedApplication> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(sophisticatedApplications).where(eq(sophisticatedApplications.id, applicationId)).for('update').limit(1);
    if (!row) throw notFound('id');
    if (row.status !== 'pending') throw apiError(409, 'APPLICATION_ALREADY_DECIDED', 'id');
    const status = decision === 'approve' ? ('approved' as const) : ('rejected' as const);
    const [updated] = await tx
      .update(sophisticatedApplications)
      .set({ status, decidedAt: now, decidedBy: operator.userId, decisionReason: reason })
      .where(eq(sophisticatedApplications.id, row.id))
      .returning();
    let reviewDueAt: Date | null = null;
    if (status === 'approved') {
      reviewDueAt = plusYears(now, CLASSIFICATION_VALIDITY_YEARS);
      const values = { classification: 'sophisticated' as const, decidedAt: now, decidedBy: operator.userId, reviewDueAt };
      await tx.insert(investorClassifications).values({ userId: row.userId, ...values }).onConflictDoUpdate({ target: investorClassifications.userId, set: values });
    }
    await writeAudit(tx, operator, {
      action: `investor.sophisticated.${status}`,
      entityType: 'investor',
      entityId: row.userId,
      reason,
      before: { applicationId: row.id, status: row.status },
      after: { applicationId: row.id, status, investorKind: row.investorKind, criteria: row.criteria, reviewDueAt: reviewDueAt?.toISOString() ?? null },
    });
    return toApplication(updated);
  });
}
