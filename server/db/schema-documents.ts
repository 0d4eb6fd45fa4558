import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ISSUED_DOCUMENT_KINDS } from '../../contract/portfolio';
import { users } from './schema-core';
import { orders } from './schema-orders';

// Documents the platform issues to an investor (server/modules/documents/): the order
// confirmation, the payment confirmation and the yearly statement, as generated PDFs. Each is generated
// ONCE, the first time it is asked for, and stored here with its SHA-256: every later download answers the
// same bytes. `key` names the document (`orderConfirmation:<order id>`, `paymentConfirmation:<order id>`,
// `yearlyStatement:<user id>:<year>`); its unique index makes two concurrent first downloads store one.

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const issuedDocuments = pgTable(
  'issued_documents',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ISSUED_DOCUMENT_KINDS }).notNull(),
    /** statements: the year covered */
    year: integer('year'),
    language: text('language', { enum: ['pl', 'en'] }).notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull().default('application/pdf'),
    bytes: bytea('bytes').notNull(),
    size: integer('size').notNull(),
    /** hex SHA-256 of `bytes` */
    sha256: text('sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('issued_documents_key_unique').on(t.key),
    index('issued_documents_user_idx').on(t.userId),
    check('issued_documents_kind_valid', sql`${t.kind} in ('orderConfirmation', 'paymentConfirmation', 'allotmentConfirmation', 'yearlyStatement')`),
    check('issued_documents_size_valid', sql`${t.size} = octet_length(${t.bytes})`),
  ],
);

export type IssuedDocumentRow = typeof issuedDocuments.$inferSelect;
