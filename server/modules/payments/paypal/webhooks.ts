import { and, eq, sql } from 'drizzle-orm';
import { paypalWebhookEvents } from '../../../db/schema-payments';
import { transactions } from '../../../db/schema-orders';
import type { WebhookEvent, WebhookHeaders } from './client';
import { describe, paypalUnavailable, type PayPalContext } from './context';
import type { Settlement } from './settlement';

// PayPal's webhooks: verified with PayPal, stored by event id, claimed by one node, and settled like a return.

export function createWebhooks({ db, client, log }: PayPalContext, { settle }: Settlement) {
  // ---------- webhooks ----------

  /** The PayPal order an event is about: the order itself, or a capture's related order. */
  function paypalOrderIdOf(event: WebhookEvent): string | undefined {
    const resource = event.resource as { id?: string; supplementary_data?: { related_ids?: { order_id?: string } }; links?: { rel: string; href: string }[] };
    if (event.event_type.startsWith('CHECKOUT.ORDER.')) return resource.id;
    return resource.supplementary_data?.related_ids?.order_id;
  }

  const HANDLED = new Set([
    'CHECKOUT.ORDER.APPROVED',
    'CHECKOUT.ORDER.COMPLETED',
    'PAYMENT.CAPTURE.COMPLETED',
    'PAYMENT.CAPTURE.PENDING',
    'PAYMENT.CAPTURE.DENIED',
    'PAYMENT.CAPTURE.DECLINED',
    'PAYMENT.CAPTURE.REFUNDED',
    'PAYMENT.CAPTURE.REVERSED',
  ]);

  /**
   * A verified event: stored by id, claimed by one node (a lease of a minute), processed, marked. A repeat of
   * a processed event (or one another node is processing right now) changes nothing.
   */
  async function handleEvent(event: WebhookEvent, transmissionId: string): Promise<{ duplicate: boolean; outcome: string }> {
    const paypalOrderId = paypalOrderIdOf(event) ?? null;
    await db
      .insert(paypalWebhookEvents)
      .values({
        id: event.id,
        eventType: event.event_type,
        resourceId: (event.resource as { id?: string }).id ?? null,
        paypalOrderId,
        transmissionId,
        payload: event as Record<string, unknown>,
      })
      .onConflictDoNothing({ target: paypalWebhookEvents.id });
    const [claimed] = await db
      .update(paypalWebhookEvents)
      .set({ processingStartedAt: sql`now()`, attempts: sql`${paypalWebhookEvents.attempts} + 1` })
      .where(
        and(
          eq(paypalWebhookEvents.id, event.id),
          sql`${paypalWebhookEvents.processedAt} is null`,
          sql`(${paypalWebhookEvents.processingStartedAt} is null or ${paypalWebhookEvents.processingStartedAt} < now() - interval '1 minute')`,
        ),
      )
      .returning({ id: paypalWebhookEvents.id });
    if (!claimed) return { duplicate: true, outcome: 'duplicate' };

    try {
      let outcome = 'ignored: not handled';
      let status: 'processed' | 'ignored' = 'ignored';
      if (HANDLED.has(event.event_type) && paypalOrderId) {
        const [row] = await db
          .select({ id: transactions.id })
          .from(transactions)
          .where(and(eq(transactions.methodCode, 'PayPal'), eq(transactions.externalId, paypalOrderId)))
          .limit(1);
        if (row) {
          const result = await settle(row.id, { fromWebhook: true });
          outcome = `${result.outcome}${result.reason ? `: ${result.reason}` : ''}`;
          status = 'processed';
        } else {
          outcome = 'ignored: unknown PayPal order';
        }
      }
      await db
        .update(paypalWebhookEvents)
        .set({ status, outcome, processedAt: sql`now()`, lastError: null })
        .where(eq(paypalWebhookEvents.id, event.id));
      log.info({ eventId: event.id, eventType: event.event_type, paypalOrderId, outcome }, 'PayPal webhook processed');
      return { duplicate: false, outcome };
    } catch (error) {
      await db
        .update(paypalWebhookEvents)
        .set({ status: 'failed', lastError: describe(error), processingStartedAt: null })
        .where(eq(paypalWebhookEvents.id, event.id));
      throw error;
    }
  }

  async function verify(headers: WebhookHeaders, event: WebhookEvent): Promise<boolean> {
    try {
      return await client.verifyWebhookSignature(headers, event);
    } catch (error) {
      log.warn({ err: error, eventId: event.id }, 'PayPal webhook could not be verified (PayPal unreachable)');
      throw paypalUnavailable();
    }
  }

  return { handleEvent, verify };
}
