import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Order, OrderHistoryEntry, OrderRefund, OrderStatus, OrderSummary, Transaction } from '../../../contract/orders';
import { reflectionDeadline } from '../../../lib/reflectionPeriod';
import { orderRefundOf } from '../payouts/refund';
import { reflectionApplies } from '../protection/service';
import { basisPointsToFraction } from '../../../contract/money';
import type { Config, Language } from '../../config';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { offerSeries, offers } from '../../db/schema-content';
import { orderStatusHistory, orders, transactionMethods, transactions, type OrderHistoryRow, type OrderRow, type TransactionRow } from '../../db/schema-orders';
import { kiisVersions, orderKiis } from '../../db/schema-protection';
import { pick } from '../../lib/translated';
import type { Executor } from '../mail/outbox';
import { bankTransferDetails } from '../payments/bank-account';
import { formatReference } from './reference';

// Reads orders and maps rows to the contract (contract/orders.ts): Order (with history, transactions and the
// bank details while unpaid), OrderSummary (lists) and Transaction. Investing, the investor area and the
// back office share it; callers decide whose orders may be read (`userId` filters to one investor).

/** What the mapping needs of the order's offer (a row of `offers`, or these columns of it). */
export type OfferPart = Pick<typeof offers.$inferSelect, 'id' | 'slug' | 'title' | 'mainDescription' | 'thumbUrl'>;
export type SeriesPart = Pick<typeof offerSeries.$inferSelect, 'id' | 'name'>;

export interface OrderParts {
  order: OrderRow;
  offer: OfferPart;
  series: SeriesPart;
  /** The ordering account's e-mail (userMeta.email). */
  email: string;
  transactions: TransactionRow[];
  history: OrderHistoryRow[];
  /** The key investment information sheet its investor acknowledged (orders from before sheets had versions: none). */
  kiis?: OrderKiis | null;
  /** Whether the reflection period applies (server/modules/protection/service.ts reflectionApplies). */
  reflectionApplies: boolean;
  /** The refund of a paid order cancelled since (server/modules/payouts/refund.ts orderRefundOf). */
  refund: OrderRefund | null;
}

/** The acknowledged sheet as the order shows it: its version, language, hash and the order's own download. */
export interface OrderKiis {
  version: number;
  language: Language;
  hash: string;
  acknowledgedAt: Date;
}

/** The version of the sheet an order acknowledged (its content included, to render it again), if any. */
export async function loadOrderKiis(db: Executor, orderId: string) {
  const [row] = await db
    .select({ version: kiisVersions, acknowledgedAt: orderKiis.acknowledgedAt })
    .from(orderKiis)
    .innerJoin(kiisVersions, eq(kiisVersions.id, orderKiis.kiisVersionId))
    .where(eq(orderKiis.orderId, orderId))
    .limit(1);
  return row;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toTransaction(row: TransactionRow, order: OrderRow, offer: OfferPart, lang: Language): Transaction {
  return {
    id: row.id,
    orderId: order.id,
    orderReference: formatReference(order.reference),
    date: row.createdAt.toISOString(),
    method: row.methodCode,
    status: row.status,
    shares: order.quantity,
    amount: row.amount,
    commission: row.commission,
    commissionPercent: basisPointsToFraction(row.commissionBasisPoints),
    offer: { id: offer.id, slug: offer.slug, title: pick(offer.title, lang) },
  };
}

export const toHistoryEntry = (row: Pick<OrderHistoryRow, 'fromStatus' | 'toStatus' | 'createdAt' | 'actor' | 'reason' | 'note'>): OrderHistoryEntry => ({
  from: row.fromStatus,
  to: row.toStatus,
  at: row.createdAt.toISOString(),
  actor: row.actor,
  reason: row.reason,
  note: row.note,
});

export function toOrderSummary(parts: Omit<OrderParts, 'history' | 'reflectionApplies' | 'refund'>, lang: Language): OrderSummary {
  const { order, offer, series } = parts;
  return {
    id: order.id,
    reference: formatReference(order.reference),
    status: order.status,
    method: order.methodCode,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    paidAt: iso(order.paidAt),
    completedAt: iso(order.completedAt),
    cancelledAt: iso(order.cancelledAt),
    expiresAt: iso(order.expiresAt),
    quantity: order.quantity,
    pricePerShare: order.pricePerShare,
    amount: order.amount,
    feePercent: basisPointsToFraction(order.feeBasisPoints),
    feeValue: order.feeValue,
    totalPrice: order.totalPrice,
    offer: {
      id: offer.id,
      slug: offer.slug,
      title: pick(offer.title, lang),
      mainDescription: pick(offer.mainDescription, lang),
      thumbUrl: offer.thumbUrl,
    },
    series: { id: series.id, name: pick(series.name, lang) },
    userMeta: { email: parts.email },
    transactions: parts.transactions.map((row) => toTransaction(row, order, offer, lang)),
  };
}

/** The full order; bank details only while an order paid by bank transfer is unpaid (`new`). */
export function toOrder(parts: OrderParts, lang: Language, config: Pick<Config, 'bankAccount'>): Order {
  const { order } = parts;
  return {
    ...toOrderSummary(parts, lang),
    investorData: order.investorData,
    history: parts.history.map(toHistoryEntry),
    bankTransfer: order.status === 'new' && order.methodCode === 'BankTransfer' ? bankTransferDetails(config.bankAccount, order) : null,
    kiis: parts.kiis
      ? { ...parts.kiis, acknowledgedAt: parts.kiis.acknowledgedAt.toISOString(), url: `/api/order/${order.id}/kiis.pdf` }
      : null,
    reflectionPeriod: { applies: parts.reflectionApplies, deadline: reflectionDeadline(order.createdAt).toISOString() },
    refund: parts.refund,
  };
}

const offerColumns = {
  id: offers.id,
  slug: offers.slug,
  title: offers.title,
  mainDescription: offers.mainDescription,
  thumbUrl: offers.thumbUrl,
};

/** Orders with their offer, series and e-mail; transactions attached by `attachTransactions`. */
function selectOrders(db: Executor) {
  return db
    .select({ order: orders, offer: offerColumns, series: { id: offerSeries.id, name: offerSeries.name }, email: users.email })
    .from(orders)
    .innerJoin(offers, eq(offers.id, orders.offerId))
    .innerJoin(offerSeries, eq(offerSeries.id, orders.seriesId))
    .innerJoin(users, eq(users.id, orders.userId));
}

async function transactionsOf(db: Executor, orderIds: string[]): Promise<Map<string, TransactionRow[]>> {
  const byOrder = new Map<string, TransactionRow[]>();
  if (!orderIds.length) return byOrder;
  const rows = await db.select().from(transactions).where(inArray(transactions.orderId, orderIds)).orderBy(asc(transactions.id));
  for (const row of rows) {
    const list = byOrder.get(row.orderId) ?? [];
    list.push(row);
    byOrder.set(row.orderId, list);
  }
  return byOrder;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isOrderId = (value: string) => UUID.test(value);

/**
 * One order with everything, or undefined when it does not exist, the id is malformed, or (with `userId`)
 * it belongs to someone else: callers answer 404 in every case, so another investor's id reveals nothing.
 */
export async function loadOrderParts(db: Executor, id: string, options: { userId?: string } = {}): Promise<OrderParts | undefined> {
  if (!isOrderId(id)) return undefined;
  const where = options.userId ? and(eq(orders.id, id), eq(orders.userId, options.userId)) : eq(orders.id, id);
  const [row] = await selectOrders(db).where(where).limit(1);
  if (!row) return undefined;
  const [txs, history, kiis, reflection] = await Promise.all([
    transactionsOf(db, [id]),
    db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id)).orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id)),
    loadOrderKiis(db, id),
    reflectionApplies(db, row.order),
  ]);
  const list = txs.get(id) ?? [];
  return {
    ...row,
    transactions: list,
    history,
    kiis: kiis ? { version: kiis.version.version, language: kiis.version.language, hash: kiis.version.hash, acknowledgedAt: kiis.acknowledgedAt } : null,
    reflectionApplies: reflection,
    refund: await orderRefundOf(db, row.order, list),
  };
}

export async function loadOrder(db: Executor, id: string, lang: Language, config: Pick<Config, 'bankAccount'>, options: { userId?: string } = {}) {
  const parts = await loadOrderParts(db, id, options);
  return parts ? toOrder(parts, lang, config) : undefined;
}

export interface OrderListQuery {
  /** One investor's orders; undefined: everyone's (back office). */
  userId?: string;
  statuses?: OrderStatus[];
  offerId?: number;
  limit: number;
  offset: number;
}

/** Newest first. */
export async function listOrders(db: Db, query: OrderListQuery, lang: Language): Promise<{ items: OrderSummary[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.userId) conditions.push(eq(orders.userId, query.userId));
  if (query.statuses?.length) conditions.push(inArray(orders.status, query.statuses));
  if (query.offerId !== undefined) conditions.push(eq(orders.offerId, query.offerId));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    selectOrders(db).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).limit(query.limit).offset(query.offset),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  const txs = await transactionsOf(db, rows.map((r) => r.order.id));
  return { items: rows.map((row) => toOrderSummary({ ...row, transactions: txs.get(row.order.id) ?? [] }, lang)), total };
}

/** One investor's transactions, newest first. */
export async function listTransactions(
  db: Db,
  query: { userId: string; limit: number; offset: number },
  lang: Language,
): Promise<{ items: Transaction[]; total: number }> {
  const where = eq(orders.userId, query.userId);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ transaction: transactions, order: orders, offer: offerColumns })
      .from(transactions)
      .innerJoin(orders, eq(orders.id, transactions.orderId))
      .innerJoin(offers, eq(offers.id, orders.offerId))
      .where(where)
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(transactions).innerJoin(orders, eq(orders.id, transactions.orderId)).where(where),
  ]);
  return { items: rows.map((row) => toTransaction(row.transaction, row.order, row.offer, lang)), total };
}

/** Every payment method, enabled or not, in the order the investor sees them. */
export async function allTransactionMethods(db: Executor) {
  return db.select().from(transactionMethods).orderBy(asc(transactionMethods.position), asc(transactionMethods.id));
}

/** The order's id if it is the user's own, else undefined (someone else's order is as good as none). */
export async function ownOrderId(db: Executor, id: string, userId: string): Promise<string | undefined> {
  const [own] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userId, userId)))
    .limit(1);
  return own?.id;
}
