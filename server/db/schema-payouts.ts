import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { DISTRIBUTION_KINDS, DISTRIBUTION_STATUSES, PAYOUT_KINDS, PAYOUT_STATUSES } from '../../contract/payouts';
import { users } from './schema-core';
import { offers } from './schema-content';
import { orders } from './schema-orders';

// Distributions and payouts (docs/api.md "Distributions and payouts"):
//   distributions             one declared payment to an offer's holders: kind, period, record date, the
//                             declared total or per-share amount, the tax rate used, author and approver (a
//                             CHECK keeps them different people: four eyes hold even against a bug above)
//   distribution_allocations  each holder's part at the record date: shares, gross, tax, net (sum of gross =
//                             the distribution's total exactly: server/modules/payouts/allocation.ts)
//   payout_files              a generated pain.001.001.03 file (its XML kept, so a download on any node gives
//                             the same bytes, and the message id unique so the bank refuses a second payment)
//   payouts                   one credit transfer to an investor: a holder's net part, or a refund of an order;
//                             approved → exported (in a file) → executed (the statement's debit) or returned

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true });
const grosze = (name: string) => bigint(name, { mode: 'number' }).notNull();
const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export const distributions = pgTable(
  'distributions',
  {
    id: serial('id').primaryKey(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: DISTRIBUTION_KINDS }).notNull(),
    status: text('status', { enum: DISTRIBUTION_STATUSES }).notNull().default('awaiting_approval'),
    periodFrom: text('period_from').notNull(),
    periodTo: text('period_to').notNull(),
    recordDate: text('record_date').notNull(),
    /** Declared: one of the two is set. */
    totalAmount: bigint('total_amount', { mode: 'number' }),
    /** Ten-thousandths of a grosz per share. */
    perShareAmount: bigint('per_share_amount', { mode: 'number' }),
    gross: grosze('gross'),
    tax: grosze('tax'),
    net: grosze('net'),
    taxRateBasisPoints: integer('tax_rate_bp').notNull(),
    shares: bigint('shares', { mode: 'number' }).notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: at('approved_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('distributions_offer_idx').on(t.offerId, t.createdAt),
    check('distributions_kind_valid', sql`${t.kind} in (${inList(DISTRIBUTION_KINDS)})`),
    check('distributions_status_valid', sql`${t.status} in (${inList(DISTRIBUTION_STATUSES)})`),
    check('distributions_amount_valid', sql`(${t.totalAmount} is null) <> (${t.perShareAmount} is null)`),
    check('distributions_money_valid', sql`${t.gross} >= 0 and ${t.tax} >= 0 and ${t.net} = ${t.gross} - ${t.tax}`),
    check('distributions_four_eyes', sql`${t.approvedBy} is null or ${t.approvedBy} <> ${t.createdBy}`),
    check(
      'distributions_approval_valid',
      sql`(${t.status} = 'approved') = (${t.approvedAt} is not null)`,
    ),
  ],
);

export const distributionAllocations = pgTable(
  'distribution_allocations',
  {
    id: serial('id').primaryKey(),
    distributionId: integer('distribution_id')
      .notNull()
      .references(() => distributions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    shares: bigint('shares', { mode: 'number' }).notNull(),
    gross: grosze('gross'),
    tax: grosze('tax'),
    net: grosze('net'),
  },
  (t) => [
    uniqueIndex('distribution_allocations_unique').on(t.distributionId, t.userId),
    index('distribution_allocations_user_idx').on(t.userId),
    check('distribution_allocations_money_valid', sql`${t.gross} >= 0 and ${t.tax} >= 0 and ${t.net} = ${t.gross} - ${t.tax}`),
  ],
);

export const payoutFiles = pgTable(
  'payout_files',
  {
    id: serial('id').primaryKey(),
    messageId: text('message_id').notNull(),
    executionDate: text('execution_date').notNull(),
    count: integer('count').notNull(),
    total: grosze('total'),
    xml: text('xml').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Approved payouts left out of the file (no valid bank account): [{ payoutId, reference, code }]. */
    skipped: jsonb('skipped').$type<{ payoutId: number; reference: string; code: string }[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payout_files_message_unique').on(t.messageId)],
);

export const payouts = pgTable(
  'payouts',
  {
    id: serial('id').primaryKey(),
    /** ES + 8 characters (server/modules/orders/reference.ts), unique among payouts. */
    reference: text('reference').notNull(),
    kind: text('kind', { enum: PAYOUT_KINDS }).notNull(),
    status: text('status', { enum: PAYOUT_STATUSES }).notNull().default('approved'),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amount: grosze('amount'),
    distributionId: integer('distribution_id').references(() => distributions.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    fileId: integer('file_id').references(() => payoutFiles.id, { onDelete: 'set null' }),
    /** The creditor's name and IBAN as written into the file (the settings may change later). */
    creditorName: text('creditor_name'),
    iban: text('iban'),
    exportedAt: at('exported_at'),
    executedAt: at('executed_at'),
    returnedAt: at('returned_at'),
    /** The statement line that executed (debit) or returned (credit) it. */
    statementLineId: integer('statement_line_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payouts_reference_unique').on(t.reference),
    // One payout per holder and distribution, one refund per order, whatever is retried.
    uniqueIndex('payouts_distribution_user_unique').on(t.distributionId, t.userId).where(sql`${t.distributionId} is not null`),
    uniqueIndex('payouts_refund_order_unique').on(t.orderId).where(sql`${t.kind} = 'refund'`),
    index('payouts_status_idx').on(t.status, t.createdAt),
    index('payouts_user_idx').on(t.userId, t.createdAt),
    check('payouts_kind_valid', sql`${t.kind} in (${inList(PAYOUT_KINDS)})`),
    check('payouts_status_valid', sql`${t.status} in (${inList(PAYOUT_STATUSES)})`),
    check('payouts_amount_valid', sql`${t.amount} > 0`),
    check(
      'payouts_source_valid',
      sql`(${t.kind} = 'distribution' and ${t.distributionId} is not null) or (${t.kind} = 'refund' and ${t.orderId} is not null)`,
    ),
  ],
);

export type DistributionRow = typeof distributions.$inferSelect;
export type PayoutRow = typeof payouts.$inferSelect;
export type PayoutFileRow = typeof payoutFiles.$inferSelect;
