import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ORDER_ACTORS, ORDER_STATUSES, TRANSACTION_STATUSES, METHOD_CODES, type InvestorData } from '../../contract/orders';
import { users } from './schema-core';
import { offerSeries, offers } from './schema-content';

// Orders and payments (issues: investing, PayPal, investor area, back office) share this one model:
//   transaction_methods  BankTransfer / PayPal, enabled flag, commission in basis points
//   orders               one purchase of shares of one series; holds its shares while unpaid
//   order_status_history every status change: from, to, when, who or what, why; written in the SAME
//                        transaction as the change (server/modules/orders/status.ts is the only writer)
//   transactions         payment attempts under an order (a bank transfer, a PayPal order, a manual record)
// Shares: offer_series.reserved_shares counts the shares of unpaid orders, sold_shares those of paid and
// completed ones; a CHECK keeps sold + reserved <= total under any concurrency (schema-content.ts).
// Money is integer grosze in bigint columns (read as JS numbers).

export interface OrderProtection {
  knowledgeTestId: number | null;
  largeInvestment: { threshold: number; eurRate: number; eurRateDate: string; netWorth: number; consentedAt: string } | null;
  /** The key investment information sheet the investor acknowledged: its hash and language. */
  kiis?: { hash: string; language: 'pl' | 'en' } | null;
}

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true });
const grosze = (name: string) => bigint(name, { mode: 'number' }).notNull();
const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export const transactionMethods = pgTable(
  'transaction_methods',
  {
    id: serial('id').primaryKey(),
    codeName: text('code_name', { enum: METHOD_CODES }).notNull(),
    name: jsonb('name').$type<{ pl: string; en: string }>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** 250 = 2.5 % */
    commissionBasisPoints: integer('commission_basis_points').notNull().default(0),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('transaction_methods_code_unique').on(t.codeName),
    check('transaction_methods_code_valid', sql`${t.codeName} in (${inList(METHOD_CODES)})`),
    check('transaction_methods_commission_valid', sql`${t.commissionBasisPoints} between 0 and 10000`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** ES-XXXX-XXXX, stored without separators (10 chars: "ES" + 8), unique. */
    reference: text('reference').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'restrict' }),
    seriesId: integer('series_id')
      .notNull()
      .references(() => offerSeries.id, { onDelete: 'restrict' }),
    methodId: integer('method_id')
      .notNull()
      .references(() => transactionMethods.id, { onDelete: 'restrict' }),
    methodCode: text('method_code', { enum: METHOD_CODES }).notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('new'),
    quantity: integer('quantity').notNull(),
    pricePerShare: grosze('price_per_share'),
    /** quantity × price per share */
    amount: grosze('amount'),
    feeBasisPoints: integer('fee_basis_points').notNull(),
    feeValue: grosze('fee_value'),
    /** amount + fee: what the investor pays */
    totalPrice: grosze('total_price'),
    /** Language of the investor when ordering: e-mails and documents about this order use it. */
    language: text('language', { enum: ['pl', 'en'] }).notNull(),
    /** Snapshot of the personal data the investor confirmed in the flow. */
    investorData: jsonb('investor_data').$type<InvestorData>().notNull(),
    /** The agreements as answered, with the text shown: [{ id, isAccepted, content }]. */
    agreements: jsonb('agreements').$type<{ id: number; isAccepted: boolean; content: string }[]>().notNull().default([]),
    /** Client-supplied Idempotency-Key of POST /investment: unique per user. */
    idempotencyKey: text('idempotency_key'),
    /** Hash of the request the key was first used with (a reuse with another body is refused). */
    requestHash: text('request_hash'),
    expiresAt: at('expires_at'),
    /** When the 24-hours-left reminder was queued (the expiry worker sets it once). */
    reminderSentAt: at('reminder_sent_at'),
    paidAt: at('paid_at'),
    completedAt: at('completed_at'),
    cancelledAt: at('cancelled_at'),
    /**
     * Set when something needs an operator's eye (a PayPal amount mismatch, money after expiry, ...); the
     * reason is also in the history. Cleared by the operator who resolves it.
     */
    attentionReason: text('attention_reason'),
    /**
     * Investor protection at the time of ordering: the knowledge test it relied on, and for a large
     * investment the threshold, the EUR rate with its date and when the investor consented.
     */
    protection: jsonb('protection').$type<OrderProtection>(),
    /** Optimistic-concurrency counter: every status change bumps it (two operators cannot both win). */
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_reference_unique').on(t.reference),
    uniqueIndex('orders_user_idempotency_unique').on(t.userId, t.idempotencyKey),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_status_expires_idx').on(t.status, t.expiresAt),
    index('orders_offer_idx').on(t.offerId),
    index('orders_series_idx').on(t.seriesId),
    check('orders_status_valid', sql`${t.status} in (${inList(ORDER_STATUSES)})`),
    check('orders_method_valid', sql`${t.methodCode} in (${inList(METHOD_CODES)})`),
    check(
      'orders_money_valid',
      sql`${t.quantity} > 0 and ${t.pricePerShare} > 0 and ${t.amount} = ${t.quantity} * ${t.pricePerShare} and ${t.feeValue} >= 0 and ${t.totalPrice} = ${t.amount} + ${t.feeValue}`,
    ),
  ],
);

export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** null for the creation entry */
    fromStatus: text('from_status', { enum: ORDER_STATUSES }),
    toStatus: text('to_status', { enum: ORDER_STATUSES }).notNull(),
    actor: text('actor', { enum: ORDER_ACTORS }).notNull(),
    /** The user (investor or operator) who acted, when a person did. */
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** A code the SPA translates: ORDER_CREATED, PAYMENT_EXPIRED, BANK_TRANSFER_MATCHED, PAYPAL_CAPTURED, ... */
    reason: text('reason').notNull(),
    /** Free text typed by an operator. */
    note: text('note'),
    /** Machine-readable details for support: { statementId, line }, { paypalOrderId, captureId }, ... */
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_status_history_order_idx').on(t.orderId, t.createdAt),
    check('order_status_history_actor_valid', sql`${t.actor} in (${inList(ORDER_ACTORS)})`),
  ],
);

export const transactions = pgTable(
  'transactions',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    methodCode: text('method_code', { enum: METHOD_CODES }).notNull(),
    status: text('status', { enum: TRANSACTION_STATUSES }).notNull().default('new'),
    /** What the investor pays, commission included (grosze). */
    amount: grosze('amount'),
    commission: grosze('commission'),
    commissionBasisPoints: integer('commission_basis_points').notNull(),
    /** Provider's id: the PayPal order id, the bank's entry reference, ... */
    externalId: text('external_id'),
    /** PayPal capture id, when captured. */
    captureId: text('capture_id'),
    payerId: text('payer_id'),
    /** The provider's own last status word (PayPal: CREATED, APPROVED, COMPLETED, PENDING, DECLINED...). */
    providerStatus: text('provider_status'),
    /** Everything the provider told us, for support. */
    providerData: jsonb('provider_data').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('transactions_order_idx').on(t.orderId),
    uniqueIndex('transactions_method_external_unique').on(t.methodCode, t.externalId),
    // Exactly one paid transaction per order, whatever races (webhooks, return page, statement import).
    uniqueIndex('transactions_one_paid_per_order').on(t.orderId).where(sql`${t.status} in ('paid', 'completed')`),
    check('transactions_status_valid', sql`${t.status} in (${inList(TRANSACTION_STATUSES)})`),
    check('transactions_method_valid', sql`${t.methodCode} in (${inList(METHOD_CODES)})`),
  ],
);

export type OrderRow = typeof orders.$inferSelect;
export type TransactionRow = typeof transactions.$inferSelect;
export type OrderHistoryRow = typeof orderStatusHistory.$inferSelect;
