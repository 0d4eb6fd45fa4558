import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema-core';
import { agreements } from './schema-content';

// Accounts (issue: accounts): one-time account tokens, the mail outbox and the agreements an investor accepted.
// `users` is imported lazily (FK callbacks only), so the circular import with schema.ts is harmless.

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const ACCOUNT_TOKEN_PURPOSES = ['activation', 'reset_password', 'email_change'] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

// Activation, reset-password (also set-password) and e-mail-change tokens. Only the SHA-256 of the token is
// stored; a token is used once (used_at) and expires (expires_at). `new_email` is the address an
// e-mail-change token confirms.
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ACCOUNT_TOKEN_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    newEmail: text('new_email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('account_tokens_token_hash_unique').on(t.tokenHash),
    index('account_tokens_user_purpose_idx').on(t.userId, t.purpose),
    check('account_tokens_purpose_valid', sql`${t.purpose} in ('activation', 'reset_password', 'email_change')`),
  ],
);

export const MAIL_KINDS = [
  'activation',
  'reset_password',
  'set_password',
  'email_change',
  'email_changed',
  'contact_notification',
  // orders and payments
  'order_confirmation',
  'order_payment_reminder',
  'order_expired',
  'order_paid',
  // the reflection period: a paid order revoked, its refund sent
  'order_revoked',
  'order_refunded',
  // payouts
  'offer_closed',
  'payout_sent',
  'payout_returned',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const MAIL_STATUSES = ['pending', 'sent', 'failed'] as const;

// Every e-mail is inserted here in the same transaction as the change that causes it, then sent by the
// worker (server/modules/mail/worker.ts), which claims due rows with FOR UPDATE SKIP LOCKED and a lease
// (locked_until), so several nodes never send one message twice while the lease holds. A failed attempt is
// retried with exponential backoff (next_attempt_at) up to MAIL_MAX_ATTEMPTS, then the row is `failed`.
// The bodies (which carry one-time links) are cleared once the message is sent.
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: MAIL_KINDS }).notNull(),
    recipient: text('recipient').notNull(),
    language: text('language', { enum: ['pl', 'en'] }).notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body'),
    htmlBody: text('html_body'),
    // The one link of the message, for the local log line (cleared with the bodies).
    link: text('link'),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    messageId: text('message_id'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    check('mail_outbox_status_valid', sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);

// The agreements (context `registration`) an investor accepted when registering, and when.
export const userAgreements = pgTable(
  'user_agreements',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agreementId: integer('agreement_id')
      .notNull()
      .references(() => agreements.id, { onDelete: 'cascade' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.agreementId] })],
);

export type MailOutboxRow = typeof mailOutbox.$inferSelect;
