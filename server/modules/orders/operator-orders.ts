import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { OperatorOrderDetail, OperatorOrderQuery, OperatorOrderRow, OrderActionBody, StatementLine } from '../../../contract/operator';
import type { OrderStatus } from '../../../contract/orders';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { statementExceptions, statementLines, type StatementLineRow } from '../../db/schema-backoffice';
import { offerSeries, offers } from '../../db/schema-content';
import { orderStatusHistory, orders, transactions, type OrderRow } from '../../db/schema-orders';
import { apiError, notFound } from '../../lib/errors';
import { pageWindow, type PageRequest } from '../../lib/pagination';
import type { Executor } from '../mail/outbox';
import { isOrderId } from './order-repository';
import { formatReference, parseReference } from './reference';
import { transitionOrder } from './status';
import { snapshot, writeAudit, type Operator } from '../backoffice/audit';
import { bookPayment } from '../payments/book-payment';

// Orders as operators see them: search and filters over every investor's orders, the detail with history,
// transactions and statement lines, and the three actions (record a transfer, cancel, complete). Each
// action passes the version the operator looked at to transitionOrder, so of two operators acting on one
// order at once exactly one wins (the other gets 409 ORDER_STATUS_CHANGED), and writes the audit row in
// the same transaction.

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const rowColumns = {
  order: orders,
  offerTitle: offers.title,
  seriesName: offerSeries.name,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
};

type Joined = { order: OrderRow; offerTitle: { pl: string; en: string }; seriesName: { pl: string; en: string }; email: string; firstName: string; lastName: string };

export function toOperatorRow(r: Joined, lang: 'pl' | 'en'): OperatorOrderRow {
  const o = r.order;
  return {
    id: o.id,
    reference: formatReference(o.reference),
    status: o.status,
    method: o.methodCode,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
    paidAt: iso(o.paidAt),
    completedAt: iso(o.completedAt),
    cancelledAt: iso(o.cancelledAt),
    expiresAt: iso(o.expiresAt),
    quantity: o.quantity,
    pricePerShare: o.pricePerShare,
    amount: o.amount,
    feeValue: o.feeValue,
    totalPrice: o.totalPrice,
    offer: { id: o.offerId, title: r.offerTitle[lang] || r.offerTitle.pl },
    series: { id: o.seriesId, name: r.seriesName[lang] || r.seriesName.pl },
    investor: {
      id: o.userId,
      email: r.email,
      firstName: r.firstName || o.investorData.firstName,
      lastName: r.lastName || o.investorData.lastName,
    },
    version: o.version,
    attentionReason: o.attentionReason,
  };
}

const joined = (db: Executor) =>
  db
    .select(rowColumns)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(offers, eq(offers.id, orders.offerId))
    .innerJoin(offerSeries, eq(offerSeries.id, orders.seriesId));

export function orderFilter(filter: OperatorOrderQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  const q = filter.q?.trim();
  if (q) {
    const reference = parseReference(q);
    if (reference) conditions.push(eq(orders.reference, reference));
    else {
      const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const compact = q.toUpperCase().replace(/[^0-9A-Z]/g, '');
      conditions.push(
        or(
          ilike(users.email, like),
          ilike(users.firstName, like),
          ilike(users.lastName, like),
          sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${like}`,
          sql`((${orders.investorData}->>'firstName') || ' ' || (${orders.investorData}->>'lastName')) ilike ${like}`,
          compact.length >= 3 ? ilike(orders.reference, `%${compact}%`) : undefined,
        ),
      );
    }
  }
  const statuses = filter.status === undefined ? [] : Array.isArray(filter.status) ? filter.status : [filter.status];
  if (statuses.length) conditions.push(inArray(orders.status, statuses as OrderStatus[]));
  if (filter.method) conditions.push(eq(orders.methodCode, filter.method));
  if (filter.offer !== undefined) conditions.push(eq(orders.offerId, Number(filter.offer)));
  if (filter.from) conditions.push(gte(orders.createdAt, new Date(`${filter.from}T00:00:00Z`)));
  if (filter.to) conditions.push(lt(orders.createdAt, new Date(new Date(`${filter.to}T00:00:00Z`).getTime() + 86_400_000)));
  if (filter.attention) conditions.push(eq(orders.attentionReason, filter.attention));
  return conditions.length ? and(...conditions) : undefined;
}

export async function listOperatorOrders(db: Db, filter: OperatorOrderQuery, page: PageRequest, lang: 'pl' | 'en') {
  const where = orderFilter(filter);
  const [rows, [{ total }]] = await Promise.all([
    joined(db).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).limit(pageWindow(page).limit).offset(pageWindow(page).offset),
    db
      .select({ total: count() })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where),
  ]);
  return { items: rows.map((r) => toOperatorRow(r as Joined, lang)), total };
}

/** Every order matching the filter (CSV export), oldest first. */
export async function allOperatorOrders(db: Db, filter: OperatorOrderQuery, lang: 'pl' | 'en') {
  const rows = await joined(db).where(orderFilter(filter)).orderBy(asc(orders.createdAt), asc(orders.id));
  return rows.map((r) => toOperatorRow(r as Joined, lang));
}

/** Every payment of the orders matching the filter (CSV export), oldest first, with its order, investor and offer. */
export async function allOperatorTransactions(db: Executor, filter: OperatorOrderQuery) {
  return db
    .select({ t: transactions, o: orders, email: users.email, firstName: users.firstName, lastName: users.lastName, title: offers.title })
    .from(transactions)
    .innerJoin(orders, eq(orders.id, transactions.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(offers, eq(offers.id, orders.offerId))
    .where(orderFilter(filter))
    .orderBy(asc(transactions.createdAt), asc(transactions.id));
}

export function toLine(
  row: StatementLineRow,
  order: Pick<OrderRow, 'id' | 'reference' | 'status'> | null,
  exception: { id: number; reason: StatementLine['exception'] extends infer E ? (E extends { reason: infer R } ? R : never) : never; status: 'open' | 'resolved' } | null,
): StatementLine {
  return {
    id: row.id,
    position: row.position,
    location: row.location,
    bankReference: row.bankReference,
    endToEndId: row.endToEndId,
    direction: row.direction,
    amount: row.amount,
    currency: row.currency,
    bookingDate: row.bookingDate,
    valueDate: row.valueDate,
    title: row.title,
    payerName: row.payerName,
    payerAccount: row.payerAccount,
    outcome: row.outcome,
    order: order ? { id: order.id, reference: formatReference(order.reference), status: order.status } : null,
    exception,
  };
}

export async function operatorOrderDetail(db: Executor, id: string, lang: 'pl' | 'en'): Promise<OperatorOrderDetail> {
  if (!isOrderId(id)) throw notFound('id');
  const [row] = await joined(db).where(eq(orders.id, id)).limit(1);
  if (!row) throw notFound('id');
  const order = (row as Joined).order;
  const [history, txs, lines] = await Promise.all([
    db
      .select({ h: orderStatusHistory, actorEmail: users.email })
      .from(orderStatusHistory)
      .leftJoin(users, eq(users.id, orderStatusHistory.actorUserId))
      .where(eq(orderStatusHistory.orderId, id))
      .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id)),
    db.select().from(transactions).where(eq(transactions.orderId, id)).orderBy(asc(transactions.id)),
    db
      .select({ line: statementLines, exception: statementExceptions })
      .from(statementLines)
      .leftJoin(statementExceptions, eq(statementExceptions.lineId, statementLines.id))
      .where(or(eq(statementLines.orderId, id), eq(statementExceptions.resolvedOrderId, id)))
      .orderBy(asc(statementLines.id)),
  ]);
  return {
    ...toOperatorRow(row as Joined, lang),
    investorData: order.investorData,
    history: history.map(({ h, actorEmail }) => ({
      from: h.fromStatus,
      to: h.toStatus,
      at: h.createdAt.toISOString(),
      actor: h.actor,
      actorEmail: actorEmail ?? null,
      reason: h.reason,
      note: h.note,
      details: h.details ?? null,
    })),
    transactions: txs.map((t) => ({
      id: t.id,
      method: t.methodCode,
      status: t.status,
      amount: t.amount,
      commission: t.commission,
      externalId: t.externalId,
      providerStatus: t.providerStatus,
      createdAt: t.createdAt.toISOString(),
      updatedAt: t.updatedAt.toISOString(),
    })),
    statementLines: lines.map(({ line, exception }) =>
      toLine(line, order, exception ? { id: exception.id, reason: exception.reason, status: exception.status } : null),
    ),
  };
}

async function lockedOrder(tx: Executor, id: string): Promise<OrderRow> {
  if (!isOrderId(id)) throw notFound('id');
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).limit(1);
  if (!row) throw notFound('id');
  return row;
}

const stale = () => apiError(409, 'ORDER_STATUS_CHANGED', 'expectedVersion');

const orderSnapshot = (o: OrderRow) => snapshot({ status: o.status, version: o.version, paidAt: o.paidAt, completedAt: o.completedAt, cancelledAt: o.cancelledAt });

/**
 * An operator's action on an order. The version check comes first (someone else changed it → 409
 * ORDER_STATUS_CHANGED), then the move itself (a move the status table forbids → 409 INVALID_STATUS_CHANGE).
 */
export async function operatorOrderAction(
  db: Db,
  operator: Operator,
  id: string,
  action: 'record-transfer' | 'cancel' | 'complete',
  body: OrderActionBody,
  at: Date,
  publicUrl: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockedOrder(tx, id);
    if (order.version !== body.expectedVersion) throw stale();
    const common = { actor: 'operator' as const, actorUserId: operator.userId, note: body.reason, expectedVersion: body.expectedVersion, at };
    let moved: { ok: true; order: OrderRow } | { ok: false; reason: 'stale' };

    if (action === 'record-transfer') {
      if (order.status !== 'new' && order.status !== 'cancelled') throw apiError(409, 'INVALID_STATUS_CHANGE', 'status');
      const amount = body.amount ?? order.totalPrice;
      moved = await bookPayment(tx, {
        order,
        amount,
        externalId: body.bankReference ? body.bankReference : `manual:${order.id}:${order.version}`,
        ...common,
        reason: 'OPERATOR_RECORDED_TRANSFER',
        details: { amount, bankReference: body.bankReference ?? null },
        publicUrl,
      });
    } else if (action === 'cancel') {
      moved = await transitionOrder(tx, { orderId: order.id, from: order.status, to: 'cancelled', ...common, reason: 'OPERATOR_CANCELLED' });
      if (moved.ok) {
        // Pending attempts are rejected; a paid transaction of a cancelled (refunded) order is rejected too.
        await tx
          .update(transactions)
          .set({ status: 'rejected', updatedAt: at })
          .where(and(eq(transactions.orderId, order.id), inArray(transactions.status, ['new', 'paid'])));
      }
    } else {
      moved = await transitionOrder(tx, { orderId: order.id, from: order.status, to: 'completed', ...common, reason: 'OPERATOR_COMPLETED' });
      if (moved.ok) {
        await tx
          .update(transactions)
          .set({ status: 'completed', updatedAt: at })
          .where(and(eq(transactions.orderId, order.id), eq(transactions.status, 'paid')));
      }
    }
    if (!moved.ok) throw stale();
    await writeAudit(tx, operator, {
      action: `order.${action}`,
      entityType: 'order',
      entityId: order.id,
      reason: body.reason,
      before: orderSnapshot(order),
      after: { ...orderSnapshot(moved.order), ...(action === 'record-transfer' ? { amount: body.amount ?? order.totalPrice, bankReference: body.bankReference ?? null } : {}) },
    });
  });
}
