import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema-core';
// The exception lists are the contract's: one spelling for the API and the database checks.
import { EXCEPTION_REASONS, EXCEPTION_RESOLUTIONS, EXCEPTION_STATUSES } from '../../contract/operator';
import { orders } from './schema-orders';

// Back office: bank statement imports, their lines, the exceptions queue and the operators'
// audit log.
//   statement_imports     one uploaded file: hash, format, account, period, who, when, summary
//   statement_lines       every entry of every file, keyed by the bank's reference (or a hash of its
//                         fields): the unique key makes a re-import or an overlapping file change nothing
//   statement_exceptions  a credit that could not be matched exactly, waiting for an operator
//   operator_audit_log    every operator action: who, when, what, on what, before and after

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export const STATEMENT_LINE_OUTCOMES = ['matched', 'exception', 'ignored'] as const;

export interface ImportSummary {
  linesRead: number;
  matched: number;
  exceptions: number;
  duplicates: number;
  /** Pending entries, reversals and debits that are no payout: read and kept, never matched. */
  ignored: number;
}

export const statementImports = pgTable(
  'statement_imports',
  {
    id: serial('id').primaryKey(),
    fileName: text('file_name').notNull(),
    /** SHA-256 (hex) of the file's bytes. */
    fileHash: text('file_hash').notNull(),
    fileSize: integer('file_size').notNull(),
    format: text('format', { enum: ['camt053', 'mt940'] }).notNull(),
    account: text('account').notNull(),
    statementId: text('statement_id'),
    periodFrom: text('period_from'),
    periodTo: text('period_to'),
    importedBy: uuid('imported_by').references(() => users.id, { onDelete: 'set null' }),
    summary: jsonb('summary').$type<ImportSummary>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('statement_imports_hash_idx').on(t.fileHash),
    index('statement_imports_created_idx').on(t.createdAt),
    check('statement_imports_format_valid', sql`${t.format} in ('camt053', 'mt940')`),
  ],
);

export const statementLines = pgTable(
  'statement_lines',
  {
    id: serial('id').primaryKey(),
    importId: integer('import_id')
      .notNull()
      .references(() => statementImports.id, { onDelete: 'cascade' }),
    /** account + bank reference, or account + a hash of the line's fields: unique across all imports. */
    lineKey: text('line_key').notNull(),
    position: integer('position').notNull(),
    location: text('location').notNull(),
    account: text('account').notNull(),
    bankReference: text('bank_reference'),
    endToEndId: text('end_to_end_id'),
    direction: text('direction', { enum: ['CRDT', 'DBIT'] }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    bookingDate: text('booking_date'),
    valueDate: text('value_date'),
    title: text('title').notNull(),
    payerName: text('payer_name'),
    payerAccount: text('payer_account'),
    outcome: text('outcome', { enum: STATEMENT_LINE_OUTCOMES }).notNull(),
    /** The order the line paid (matched) or points at (exception with a known reference). */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** The payout the line executed (a debit) or returned (a credit), by its reference. */
    payoutId: integer('payout_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('statement_lines_key_unique').on(t.lineKey),
    index('statement_lines_import_idx').on(t.importId, t.position),
    index('statement_lines_order_idx').on(t.orderId),
    check('statement_lines_outcome_valid', sql`${t.outcome} in (${inList(STATEMENT_LINE_OUTCOMES)})`),
    check('statement_lines_direction_valid', sql`${t.direction} in ('CRDT', 'DBIT')`),
  ],
);

export const statementExceptions = pgTable(
  'statement_exceptions',
  {
    id: serial('id').primaryKey(),
    lineId: integer('line_id')
      .notNull()
      .references(() => statementLines.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: EXCEPTION_REASONS }).notNull(),
    /** The order the title names, when one was found. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** The payout the line names, for PAYOUT_* reasons. */
    payoutId: integer('payout_id'),
    status: text('status', { enum: EXCEPTION_STATUSES }).notNull().default('open'),
    resolution: text('resolution', { enum: EXCEPTION_RESOLUTIONS }),
    /** The order the money was finally booked to (accepted / attached). */
    resolvedOrderId: uuid('resolved_order_id').references(() => orders.id, { onDelete: 'set null' }),
    resolutionNote: text('resolution_note'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('statement_exceptions_line_unique').on(t.lineId),
    index('statement_exceptions_status_idx').on(t.status, t.createdAt),
    check('statement_exceptions_reason_valid', sql`${t.reason} in (${inList(EXCEPTION_REASONS)})`),
    check('statement_exceptions_status_valid', sql`${t.status} in (${inList(EXCEPTION_STATUSES)})`),
    check(
      'statement_exceptions_resolution_valid',
      sql`(${t.status} = 'open' and ${t.resolution} is null) or (${t.status} = 'resolved' and ${t.resolution} in (${inList(EXCEPTION_RESOLUTIONS)}))`,
    ),
  ],
);

export const operatorAuditLog = pgTable(
  'operator_audit_log',
  {
    id: serial('id').primaryKey(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept even if the operator's account goes. */
    actorEmail: text('actor_email').notNull(),
    /** statement.imported, order.cancelled, offer.updated, exception.resolved, ... */
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    /** The reason the operator typed. */
    reason: text('reason'),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('operator_audit_log_created_idx').on(t.createdAt),
    index('operator_audit_log_entity_idx').on(t.entityType, t.entityId),
  ],
);

export type StatementImportRow = typeof statementImports.$inferSelect;
export type StatementLineRow = typeof statementLines.$inferSelect;
export type StatementExceptionRow = typeof statementExceptions.$inferSelect;
export type AuditRow = typeof operatorAuditLog.$inferSelect;
