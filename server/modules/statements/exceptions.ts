import { alias } from 'drizzle-orm/pg-core';
import { and, count, desc, eq } from 'drizzle-orm';
import type { ExceptionResolveBody, StatementException } from '../../../contract/operator';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { statementExceptions, statementLines, type StatementExceptionRow, type StatementLineRow } from '../../db/schema-backoffice';
import { orders, type OrderRow } from '../../db/schema-orders';
import { payouts } from '../../db/schema-payouts';
import { ApiError, apiError, notFound } from '../../lib/errors';
import { pageWindow, type PageRequest } from '../../lib/pagination';
import { formatReference, parseReference } from '../orders/reference';
import { snapshot, writeAudit, type Operator } from '../backoffice/audit';
import { toLine } from '../orders/operator-orders';
import { bookPayment } from '../payments/book-payment';

// The exceptions queue: statement credits that were not matched exactly. An operator resolves each with a
// reason: accept (book the money to the order the title names: new or cancelled → paid; cancelled only if
// its shares are still free), attach (book it to another order, named by reference), or refund needed (book
// nothing; the money goes back by hand). A returned payout (PAYOUT_RETURNED) accepted goes back to approved, so
// the next bank file pays it again to the account the investor has corrected. Resolution, the order's (or the
// payout's) change and the audit row commit together.

const named = alias(orders, 'named_order');
const resolved = alias(orders, 'resolved_order');
const resolver = alias(users, 'resolver');

const ref = (o: Pick<OrderRow, 'id' | 'reference' | 'status'> | null) =>
  o ? { id: o.id, reference: formatReference(o.reference), status: o.status } : null;

function toException(r: {
  e: StatementExceptionRow;
  line: StatementLineRow;
  named: OrderRow | null;
  resolved: OrderRow | null;
  resolverEmail: string | null;
}): StatementException {
  return {
    id: r.e.id,
    reason: r.e.reason,
    status: r.e.status,
    resolution: r.e.resolution,
    resolutionNote: r.e.resolutionNote,
    resolvedBy: r.resolverEmail,
    resolvedAt: r.e.resolvedAt ? r.e.resolvedAt.toISOString() : null,
    createdAt: r.e.createdAt.toISOString(),
    importId: r.line.importId,
    line: toLine(r.line, r.named, { id: r.e.id, reason: r.e.reason, status: r.e.status }),
    order: r.named ? { ...ref(r.named)!, totalPrice: r.named.totalPrice, version: r.named.version } : null,
    resolvedOrder: ref(r.resolved),
  };
}

const select = (db: Db) =>
  db
    .select({ e: statementExceptions, line: statementLines, named, resolved, resolverEmail: resolver.email })
    .from(statementExceptions)
    .innerJoin(statementLines, eq(statementLines.id, statementExceptions.lineId))
    .leftJoin(named, eq(named.id, statementExceptions.orderId))
    .leftJoin(resolved, eq(resolved.id, statementExceptions.resolvedOrderId))
    .leftJoin(resolver, eq(resolver.id, statementExceptions.resolvedBy));

export async function listExceptions(db: Db, status: 'open' | 'resolved' | undefined, page: PageRequest) {
  const where = status ? eq(statementExceptions.status, status) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    select(db).where(where).orderBy(desc(statementExceptions.createdAt), desc(statementExceptions.id)).limit(pageWindow(page).limit).offset(pageWindow(page).offset),
    db.select({ total: count() }).from(statementExceptions).where(where),
  ]);
  return { items: rows.map(toException), total };
}

export async function getException(db: Db, id: number): Promise<StatementException> {
  const [row] = await select(db).where(eq(statementExceptions.id, id)).limit(1);
  if (!row) throw notFound('id');
  return toException(row);
}

export async function resolveException(db: Db, operator: Operator, id: number, body: ExceptionResolveBody, at: Date, publicUrl: string) {
  await db.transaction(async (tx) => {
    // Lock the exception row: two operators resolving one exception queue here, the second sees it resolved.
    const [row] = await tx.select().from(statementExceptions).where(eq(statementExceptions.id, id)).for('update').limit(1);
    if (!row) throw notFound('id');
    if (row.status !== 'open') throw apiError(409, 'EXCEPTION_ALREADY_RESOLVED', 'id');
    const [line] = await tx.select().from(statementLines).where(eq(statementLines.id, row.lineId)).limit(1);

    let target: OrderRow | undefined;
    let requeued: number | null = null;
    if (body.resolution === 'accept' && row.reason === 'PAYOUT_RETURNED' && row.payoutId !== null) {
      // The investor has corrected their account: the payout goes back to approved, into the next bank file.
      const [payout] = await tx
        .update(payouts)
        .set({ status: 'approved', fileId: null })
        .where(and(eq(payouts.id, row.payoutId), eq(payouts.status, 'returned')))
        .returning({ id: payouts.id });
      if (!payout) throw apiError(409, 'ORDER_STATUS_CHANGED', 'resolution');
      requeued = payout.id;
    } else if (body.resolution === 'accept') {
      if (!row.orderId) throw apiError(409, 'EXCEPTION_HAS_NO_ORDER', 'resolution');
      [target] = await tx.select().from(orders).where(eq(orders.id, row.orderId)).limit(1);
      if (!target) throw apiError(409, 'EXCEPTION_HAS_NO_ORDER', 'resolution');
    } else if (body.resolution === 'attach') {
      const reference = body.orderReference ? parseReference(body.orderReference) : undefined;
      if (!body.orderReference) throw new ApiError(400, [{ code: 'IS_EMPTY', context: 'orderReference' }]);
      if (!reference) throw new ApiError(400, [{ code: 'VALUE_NOT_VALID', context: 'orderReference' }]);
      [target] = await tx.select().from(orders).where(eq(orders.reference, reference)).limit(1);
      if (!target) throw notFound('orderReference');
    }

    if (target) {
      const booked = await bookPayment(tx, {
        order: target,
        amount: line.amount,
        externalId: line.bankReference ?? `line:${line.id}`,
        actor: 'operator',
        actorUserId: operator.userId,
        reason: body.resolution === 'accept' ? 'OPERATOR_ACCEPTED_PAYMENT' : 'OPERATOR_ATTACHED_PAYMENT',
        note: body.reason,
        details: { importId: line.importId, line: line.position, location: line.location, bankReference: line.bankReference, exceptionId: row.id, exceptionReason: row.reason },
        at,
        publicUrl,
      });
      if (!booked.ok) throw apiError(409, 'ORDER_STATUS_CHANGED', 'orderReference');
      await tx.update(statementLines).set({ orderId: target.id }).where(eq(statementLines.id, line.id));
    }
    const resolution = body.resolution === 'accept' ? 'accepted' : body.resolution === 'attach' ? 'attached' : 'refund_needed';
    const [after] = await tx
      .update(statementExceptions)
      .set({ status: 'resolved', resolution, resolutionNote: body.reason, resolvedBy: operator.userId, resolvedAt: at, resolvedOrderId: target?.id ?? null })
      .where(and(eq(statementExceptions.id, id), eq(statementExceptions.status, 'open')))
      .returning();
    await writeAudit(tx, operator, {
      action: 'exception.resolved',
      entityType: 'exception',
      entityId: id,
      reason: body.reason,
      before: snapshot({ status: row.status, reason: row.reason, orderId: row.orderId }),
      after: snapshot({ status: after.status, resolution, requeuedPayoutId: requeued, orderId: target?.id ?? null, orderReference: target ? formatReference(target.reference) : null, amount: line.amount }),
    });
  });
  return getException(db, id);
}
