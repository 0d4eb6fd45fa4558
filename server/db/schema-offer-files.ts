import { customType, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema-core';
import { offerDocuments } from './schema-content';

// Offer documents uploaded by operators: the PDF's bytes, one row per offer_documents row whose
// url is /api/offer-documents/{id}/file (server/modules/offers/routes-offer-files.ts). Kept in the database so
// every node serves the same bytes and a deleted document takes its file with it (ON DELETE CASCADE).

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

export const offerDocumentFiles = pgTable('offer_document_files', {
  documentId: integer('document_id')
    .primaryKey()
    .references(() => offerDocuments.id, { onDelete: 'cascade' }),
  fileName: text('file_name').notNull(),
  content: bytea('content').notNull(),
  size: integer('size').notNull(),
  sha256: text('sha256').notNull(),
  uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type OfferDocumentFileRow = typeof offerDocumentFiles.$inferSelect;
