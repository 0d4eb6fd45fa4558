import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { operatorAuditLog, statementExceptions } from '../../db/schema-backoffice';
import { orders } from '../../db/schema-orders';
import { pageWindow, type PageRequest } from '../../lib/pagination';

// The back office's own reads: the overview's counters and the audit log.

/** Orders waiting for their money: how many, and their total in grosze (a numeric string, as PostgreSQL sums). */
export async function pendingPayments(db: Executor): Promise<{ count: number; total: string }> {
  const [row] = await db
    .select({ count: count(), total: sql<string>`coalesce(sum(${orders.totalPrice}), 0)` })
    .from(orders)
    .where(eq(orders.status, 'new'));
  return row;
}

export async function openExceptionsCount(db: Executor): Promise<number> {
  const [row] = await db.select({ count: count() }).from(statementExceptions).where(eq(statementExceptions.status, 'open'));
  return row.count;
}

/** Orders an operator must look at: a reason is set and the order is not finished. */
export async function needsAttentionCount(db: Executor): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(orders)
    .where(and(sql`${orders.attentionReason} is not null`, inArray(orders.status, ['new', 'paid', 'cancelled'])));
  return row.count;
}

/** One page of the audit log, newest first, optionally of one entity type or one entity. */
export async function auditLogPage(db: Executor, filter: { entityType?: string; entityId?: string }, page: PageRequest) {
  const where = and(
    filter.entityType ? eq(operatorAuditLog.entityType, filter.entityType) : undefined,
    filter.entityId ? eq(operatorAuditLog.entityId, filter.entityId) : undefined,
  );
  const [items, [{ total }]] = await Promise.all([
    db.select().from(operatorAuditLog).where(where).orderBy(desc(operatorAuditLog.createdAt), desc(operatorAuditLog.id)).limit(pageWindow(page).limit).offset(pageWindow(page).offset),
    db.select({ total: count() }).from(operatorAuditLog).where(where),
  ]);
  return { items, total };
}
