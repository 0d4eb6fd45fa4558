import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { SOPHISTICATED_CRITERIA, SOPHISTICATED_STATUSES, INVESTOR_KINDS } from '../../contract/protection';
import type { StoredPdfContent } from '../modules/documents/pdf';
import { offers } from './schema-content';
import { users } from './schema-core';
import { orders } from './schema-orders';

// Investor protection (ECSP Art. 21): the investor's classification, the knowledge test results and the
// operator's EUR rate the large-investment threshold converts with.
// Every investor is non-sophisticated unless a row here says an operator approved otherwise; a knowledge
// test result keeps only what the regulation asks to keep (date, version, pass/fail, the net worth figure),
// not the answers, and is valid for 2 years (`expires_at`).

const at = (name: string) => timestamp(name, { withTimezone: true });

export const INVESTOR_CLASSES = ['non_sophisticated', 'sophisticated'] as const;

export const investorClassifications = pgTable(
  'investor_classifications',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    classification: text('classification', { enum: INVESTOR_CLASSES }).notNull().default('non_sophisticated'),
    decidedAt: at('decided_at').notNull().defaultNow(),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    /** Reviewed every 2 years. */
    reviewDueAt: at('review_due_at').notNull(),
  },
  (t) => [check('investor_classifications_valid', sql`${t.classification} in ('non_sophisticated', 'sophisticated')`)],
);

export const knowledgeTests = pgTable(
  'knowledge_tests',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    takenAt: at('taken_at').notNull(),
    /** The questionnaire's version the answers were scored against. */
    version: text('version').notNull(),
    /** The language the investor took it in. */
    language: text('language', { enum: ['pl', 'en'] }).notNull(),
    passed: boolean('passed').notNull(),
    /** From the loss simulation, grosze (may be negative). */
    netWorth: bigint('net_worth', { mode: 'number' }).notNull(),
    /** A failed test lets the investor order only after this is set (the risk warning acknowledged). */
    riskWarningAcknowledgedAt: at('risk_warning_acknowledged_at'),
    /** taken_at + 2 years: a lapsed test sends the investor back to it. */
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('knowledge_tests_user_idx').on(t.userId, t.takenAt)],
);

export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: serial('id').primaryKey(),
    currency: text('currency').notNull(),
    /** PLN per unit × 10 000 (4.2650 → 42 650). */
    rate: integer('rate').notNull(),
    /** The date the rate is from (e.g. the NBP table's). */
    rateDate: date('rate_date', { mode: 'string' }).notNull(),
    setBy: uuid('set_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('exchange_rates_currency_idx').on(t.currency, t.createdAt), check('exchange_rates_rate_positive', sql`${t.rate} > 0`)],
);

// An investor's request to be treated as sophisticated (ECSP Annex II): the kind of investor, the criteria
// they declare they meet and the declaration's version and language, then the operator's decision with its
// date and author (also in the audit log). An approval writes investor_classifications (review due 2 years
// on); one request at a time may wait for a decision.
export const sophisticatedApplications = pgTable(
  'sophisticated_applications',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    investorKind: text('investor_kind', { enum: INVESTOR_KINDS }).notNull(),
    criteria: text('criteria', { enum: SOPHISTICATED_CRITERIA }).array().notNull(),
    /** The declaration's version and the language the investor read it in. */
    declarationVersion: text('declaration_version').notNull(),
    language: text('language', { enum: ['pl', 'en'] }).notNull(),
    submittedAt: at('submitted_at').notNull(),
    status: text('status', { enum: SOPHISTICATED_STATUSES }).notNull().default('pending'),
    decidedAt: at('decided_at'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decisionReason: text('decision_reason'),
  },
  (t) => [
    index('sophisticated_applications_user_idx').on(t.userId, t.submittedAt),
    uniqueIndex('sophisticated_applications_one_pending').on(t.userId).where(sql`${t.status} = 'pending'`),
    check('sophisticated_applications_status_valid', sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);

export type KnowledgeTestRow = typeof knowledgeTests.$inferSelect;

// The revoke link of an order's confirmation e-mail (ECSP Art. 22): whoever holds the link may revoke that
// one order during the reflection period without signing in, so the link is the authorization. Only the
// SHA-256 of its 256 random bits is kept (a database leak reveals no usable link); `used_at` makes it work
// once, and a revocation from the order page uses it up too.
export const orderRevokeLinks = pgTable('order_revoke_links', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique('order_revoke_links_token_hash_unique'),
  createdAt: at('created_at').notNull().defaultNow(),
  usedAt: at('used_at'),
});

// The key investment information sheet (ECSP Art. 23) in its versions, per offer and language. A version
// keeps everything its PDF says (`content`: the texts, the offer's figures, its date) so the sheet an order
// acknowledged can be produced again word for word after the operator's text or the offer's data changed;
// `hash` (SHA-256 of that content) is what the investor acknowledges. `source_hash` fingerprints what the
// version was made from (the offer's data and the operator's text, not the version's number or date): when it
// no longer matches the offer, the platform makes the next version. `created_by` is the operator who changed
// the text, or null when the platform made the version.
export const kiisVersions = pgTable(
  'kiis_versions',
  {
    id: serial('id').primaryKey(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    language: text('language', { enum: ['pl', 'en'] }).notNull(),
    version: integer('version').notNull(),
    operatorText: text('operator_text').notNull().default(''),
    content: jsonb('content').$type<StoredPdfContent>().notNull(),
    hash: text('hash').notNull(),
    sourceHash: text('source_hash').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('kiis_versions_offer_language_version_unique').on(t.offerId, t.language, t.version),
    uniqueIndex('kiis_versions_hash_unique').on(t.hash),
    check('kiis_versions_language_valid', sql`${t.language} in ('pl', 'en')`),
    check('kiis_versions_version_positive', sql`${t.version} > 0`),
  ],
);

export type KiisVersionRow = typeof kiisVersions.$inferSelect;

// The sheet an order's investor acknowledged: the version (and its hash and language, as the investor sent and
// saw them), written in the same statement as the order.
export const orderKiis = pgTable(
  'order_kiis',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kiisVersionId: integer('kiis_version_id')
      .notNull()
      .references(() => kiisVersions.id, { onDelete: 'restrict' }),
    hash: text('hash').notNull(),
    language: text('language', { enum: ['pl', 'en'] }).notNull(),
    acknowledgedAt: at('acknowledged_at').notNull(),
  },
  (t) => [index('order_kiis_version_idx').on(t.kiisVersionId)],
);
