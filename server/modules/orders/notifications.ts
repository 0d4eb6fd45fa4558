import { and, eq } from 'drizzle-orm';
import { offers } from '../../db/schema-content';
import { orderStatusHistory, type OrderRow } from '../../db/schema-orders';
import { pick } from '../../lib/translated';
import { renderOrderPaid } from '../mail/order-templates';
import { enqueueMail, type Executor } from '../mail/outbox';
import { orderRevokeLinks } from '../../db/schema-protection';
import { reflectionDeadline } from '../protection/reflection-period';
import { getsRevokeLink, newRevokeToken, revokeLinkUrl } from '../protection/revoke-link';

// E-mails about an order's status, queued in the SAME transaction as the change (server/modules/mail/outbox.ts).

/**
 * The payment confirmation: call it right after a successful transitionOrder(..., to: 'paid'), in its
 * transaction. Sent once per order: when the order has been paid before (paid → cancelled → paid), the
 * investor already had it, so nothing is queued. Returns whether a message was queued.
 */
export async function queuePaidMail(
  tx: Executor,
  order: OrderRow,
  options: { publicUrl: string; paidAmount?: number },
): Promise<boolean> {
  const paidEntries = await tx
    .select({ id: orderStatusHistory.id })
    .from(orderStatusHistory)
    .where(and(eq(orderStatusHistory.orderId, order.id), eq(orderStatusHistory.toStatus, 'paid')))
    .limit(2);
  if (paidEntries.length > 1) return false;
  const [offer] = await tx.select({ title: offers.title }).from(offers).where(eq(offers.id, order.offerId)).limit(1);
  const revokeToken = await revokeLinkForPaidMail(tx, order);
  const mail = renderOrderPaid({
    language: order.language,
    publicUrl: options.publicUrl,
    firstName: order.investorData.firstName,
    orderId: order.id,
    reference: order.reference,
    offerTitle: offer ? pick(offer.title, order.language) : '',
    quantity: order.quantity,
    totalPrice: order.totalPrice,
    expiresAt: null,
    paidAmount: options.paidAmount ?? order.totalPrice,
    revoke: revokeToken ? { link: revokeLinkUrl(options.publicUrl, order.language, revokeToken), deadline: reflectionDeadline(order.createdAt) } : undefined,
  });
  await enqueueMail(tx, { ...mail, kind: 'order_paid', to: order.investorData.email, language: order.language });
  return true;
}

/**
 * The revoke link of an order under the reflection rule that had no confirmation e-mail (PayPal: the investor
 * went straight to PayPal, so the paid mail is the first they get): a new token, its hash stored in `tx`.
 * An order that already has one (the bank transfer's confirmation carried it) gets none here.
 */
async function revokeLinkForPaidMail(tx: Executor, order: OrderRow): Promise<string | null> {
  if (!getsRevokeLink(order)) return null;
  const { token, hash } = newRevokeToken();
  const stored = await tx.insert(orderRevokeLinks).values({ orderId: order.id, tokenHash: hash }).onConflictDoNothing({ target: orderRevokeLinks.orderId }).returning({ orderId: orderRevokeLinks.orderId });
  return stored.length ? token : null;
}
