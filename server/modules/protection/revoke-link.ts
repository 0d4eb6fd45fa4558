import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { href } from '../../../contract/routes';
import type { RevokeLinkOrder } from '../../../contract/protection';
import type { Language } from '../../config';
import type { Db } from '../../db/client';
import { offers } from '../../db/schema-content';
import { orders, type OrderRow } from '../../db/schema-orders';
import { orderRevokeLinks } from '../../db/schema-protection';
import { apiError } from '../../lib/errors';
import { pick } from '../../lib/translated';
import type { Executor } from '../mail/outbox';
import { formatReference } from '../orders/reference';
import { reflectionDeadline, withinReflection, type Clock } from './reflection-period';
import { revokeLocked, type Revocation } from './service';

// The revoke link of the confirmation e-mail (ECSP Art. 22: revocable "in one click", also without signing
// in). The link carries 256 random bits; the server keeps only their SHA-256 (like the account tokens), bound
// to one order. It works once (a revocation from the order page uses it up as well) and only inside the
// reflection period, refused after it with the order page's own code (409 REFLECTION_PERIOD_OVER).
// Refusals point at `token`: 404 REVOKE_LINK_NOT_VALID (no such link), 409 REVOKE_LINK_USED (the order was
// revoked already), 409 INVALID_STATUS_CHANGE (the order is no longer unpaid or paid: expired, cancelled by
// an operator, completed).

export const hashRevokeToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new link's token and the hash stored for it. */
export function newRevokeToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRevokeToken(token) };
}

/** The SPA's landing page of a link, in the order's language (contract/routes.ts `orderRevocation`). */
export const revokeLinkUrl = (publicUrl: string, language: Language, token: string) =>
  `${publicUrl}${href(language, 'orderRevocation', { revokeToken: token })}`;

/** Only orders placed under the reflection rule get a link: a non-sophisticated investor's, with the gate on. */
export const getsRevokeLink = (order: Pick<OrderRow, 'protection'>) => order.protection !== null;

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,200}$/;
const invalid = () => apiError(404, 'REVOKE_LINK_NOT_VALID', 'token');

async function findLinked(db: Executor, token: string, lock: boolean) {
  if (!TOKEN_SHAPE.test(token)) throw invalid();
  const query = db
    .select({ order: orders, usedAt: orderRevokeLinks.usedAt })
    .from(orderRevokeLinks)
    .innerJoin(orders, eq(orders.id, orderRevokeLinks.orderId))
    .where(eq(orderRevokeLinks.tokenHash, hashRevokeToken(token)))
    .limit(1);
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw invalid();
  return row;
}

/** What the landing page shows: the order and the end of the period; the refusals a revocation would get. */
export async function revokeLinkOrder(db: Db, token: string, clock: Clock): Promise<RevokeLinkOrder> {
  const { order, usedAt } = await findLinked(db, token, false);
  if (usedAt) throw apiError(409, 'REVOKE_LINK_USED', 'token');
  if (!withinReflection(order.createdAt, clock)) throw apiError(409, 'REFLECTION_PERIOD_OVER', 'token');
  if (order.status !== 'new' && order.status !== 'paid') throw apiError(409, 'INVALID_STATUS_CHANGE', 'status');
  const [offer] = await db.select({ title: offers.title }).from(offers).where(eq(offers.id, order.offerId)).limit(1);
  return {
    reference: formatReference(order.reference),
    offerTitle: pick(offer?.title, order.language),
    quantity: order.quantity,
    totalPrice: order.totalPrice,
    status: order.status,
    createdAt: order.createdAt.toISOString(),
    deadline: reflectionDeadline(order.createdAt).toISOString(),
    language: order.language,
  };
}

/** The revocation by the link: the order and its link locked, checked and revoked in one transaction. */
export async function revokeByLink(db: Db, token: string, clock: Clock, publicUrl = ''): Promise<Revocation> {
  if (!TOKEN_SHAPE.test(token)) throw invalid();
  return db.transaction(async (tx) => {
    const { order, usedAt } = await findLinked(tx, token, true);
    if (usedAt) throw apiError(409, 'REVOKE_LINK_USED', 'token');
    return revokeLocked(tx, order, clock(), 'token', 'email_link', publicUrl);
  });
}
