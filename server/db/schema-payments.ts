import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Payment providers' incoming events (issue: PayPal). The PayPal ids of a payment attempt live on its
// `transactions` row (schema-orders.ts: external_id = PayPal order id, capture_id, payer_id, provider_status,
// provider_data).

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Every verified PayPal webhook event, stored by PayPal's event id: a redelivery (PayPal retries for days, and
 * may send one event twice) finds the row and is not processed again. A node claims an event by setting
 * `processing_started_at` (a lease: a node that died mid-way loses its claim after a minute), and marks it
 * `processed_at` when its effect is committed.
 */
export const paypalWebhookEvents = pgTable(
  'paypal_webhook_events',
  {
    /** PayPal's event id (WH-...). */
    id: text('id').primaryKey(),
    eventType: text('event_type').notNull(),
    /** capture id or PayPal order id, as the event's resource says */
    resourceId: text('resource_id'),
    /** the PayPal order the event is about (resource id, or a capture's related order id) */
    paypalOrderId: text('paypal_order_id'),
    /** received → processed | ignored (nothing of ours) | failed (lastError; PayPal redelivers) */
    status: text('status', { enum: ['received', 'processed', 'ignored', 'failed'] }).notNull().default('received'),
    attempts: integer('attempts').notNull().default(0),
    transmissionId: text('transmission_id'),
    /** the whole event as PayPal sent it, for support */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** what processing did ("captured", "paid", "already paid", "flagged: PAYPAL_AMOUNT_MISMATCH", ...) */
    outcome: text('outcome'),
    lastError: text('last_error'),
    receivedAt: at('received_at').notNull().defaultNow(),
    processingStartedAt: at('processing_started_at'),
    processedAt: at('processed_at'),
  },
  (t) => [
    index('paypal_webhook_events_order_idx').on(t.paypalOrderId),
    index('paypal_webhook_events_received_idx').on(t.receivedAt),
    check('paypal_webhook_events_status_valid', sql`${t.status} in ('received', 'processed', 'ignored', 'failed')`),
  ],
);

export type PayPalWebhookEventRow = typeof paypalWebhookEvents.$inferSelect;
