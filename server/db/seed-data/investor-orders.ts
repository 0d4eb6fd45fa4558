import { and, eq, isNull, sql } from 'drizzle-orm';
import type { InvestorData, MethodCode, OrderStatus } from '../../../contract/orders';
import { commissionValue } from '../../../contract/money';
import { parseReference, REFERENCE_ALPHABET, REFERENCE_PREFIX } from '../../modules/orders/reference';
import { reserveShares } from '../../modules/orders/shares';
import { recordCreation, transitionOrder } from '../../modules/orders/status';
import type { Executor } from '../../modules/mail/outbox';
import { users } from '../schema';
import { offerSeries, offers } from '../schema-content';
import { orders, transactionMethods, transactions } from '../schema-orders';

// Demo orders of the seeded investor, so the dashboard, portfolio, orders,
// transactions and documents are alive on a fresh start: two offers held (one of them with a nested slug),
// orders in every status, both payment methods, payments in an earlier year (a yearly statement exists).
// Idempotent: each order has a fixed reference (unique), inserted with ON CONFLICT DO NOTHING; only a newly
// inserted order gets its reservation and status changes, through the same functions as real orders
// (reserveShares, transitionOrder), so the series' reserved/sold counters stay consistent.
// Dates are relative to the first seeding (an unpaid order's deadline is in the future then).

const DAY = 86_400_000;

/** A valid compact reference for a fixed 7-character payload (its check character found by parseReference). */
export function demoReference(payload: string): string {
  for (const check of REFERENCE_ALPHABET) {
    const candidate = `${REFERENCE_PREFIX}${payload}${check}`;
    if (parseReference(candidate) === candidate) return candidate;
  }
  throw new Error(`no check character for ${payload}`);
}

export interface SeedOrderSpec {
  /** 7 characters of the reference alphabet (no 0, 1, I, O) */
  payload: string;
  offerKey: string;
  method: MethodCode;
  quantity: number;
  status: OrderStatus;
  language: 'pl' | 'en';
  /** days before now */
  createdDaysAgo: number;
  paidDaysAgo?: number;
  completedDaysAgo?: number;
  cancelledDaysAgo?: number;
  /** history reason of the cancellation */
  cancelReason?: string;
  /**
   * An order on an offer that closed long ago (its series closed and sold out): its shares are taken out of
   * the series' sold count before it is reserved, so the series' counters stay what the offer shows, and it is
   * completed by the close (actor system, OFFER_FUNDED), as the close worker would have done.
   */
  closedOffer?: boolean;
  /**
   * An order paid on an offer that then closed not funded: cancelled and refunded by the close (actor system,
   * OFFER_NOT_FUNDED_REFUNDED) this many days ago; its shares return to the (closed) series.
   */
  refundedDaysAgo?: number;
}

export const investorOrderSeed: SeedOrderSpec[] = [
  { payload: 'DEMA234', offerKey: 'dom-nad-jeziorem', method: 'BankTransfer', quantity: 8, status: 'completed', language: 'pl', createdDaysAgo: 430, paidDaysAgo: 428, completedDaysAgo: 420 },
  { payload: 'DEMB234', offerKey: 'nad-wisla-etap-2', method: 'BankTransfer', quantity: 20, status: 'completed', language: 'pl', createdDaysAgo: 100, paidDaysAgo: 98, completedDaysAgo: 90 },
  { payload: 'DEMC234', offerKey: 'dom-nad-jeziorem', method: 'PayPal', quantity: 4, status: 'paid', language: 'pl', createdDaysAgo: 40, paidDaysAgo: 40 },
  { payload: 'DEMD234', offerKey: 'apartamenty-sopot', method: 'PayPal', quantity: 3, status: 'cancelled', language: 'pl', createdDaysAgo: 30, cancelledDaysAgo: 30, cancelReason: 'PAYPAL_DECLINED' },
  { payload: 'DEME234', offerKey: 'dom-nad-jeziorem', method: 'BankTransfer', quantity: 2, status: 'cancelled', language: 'pl', createdDaysAgo: 20, cancelledDaysAgo: 17, cancelReason: 'PAYMENT_EXPIRED' },
  { payload: 'DEMF234', offerKey: 'nad-wisla-etap-2', method: 'BankTransfer', quantity: 5, status: 'new', language: 'pl', createdDaysAgo: 0.1 },
  { payload: 'DEMG234', offerKey: 'kamienica-krakow', method: 'BankTransfer', quantity: 10, status: 'completed', language: 'pl', createdDaysAgo: 760, paidDaysAgo: 758, completedDaysAgo: 690, closedOffer: true },
  // The raise that failed (kamienica-lublin, closed not funded): both payments refunded, by PayPal and by transfer.
  { payload: 'DEMH234', offerKey: 'kamienica-lublin', method: 'PayPal', quantity: 5, status: 'cancelled', language: 'pl', createdDaysAgo: 220, paidDaysAgo: 220, refundedDaysAgo: 145 },
  { payload: 'DEMJ234', offerKey: 'kamienica-lublin', method: 'BankTransfer', quantity: 3, status: 'cancelled', language: 'pl', createdDaysAgo: 215, paidDaysAgo: 213, refundedDaysAgo: 145 },
];

/**
 * Inserts one order of `userId` as specified, unless its reference exists. Returns false when it existed
 * (or its series has no free shares left: then nothing of it is written, as with a real order).
 */
export async function seedOrder(tx: Executor, userId: string, spec: SeedOrderSpec, now = new Date(), paymentHours = 72): Promise<boolean> {
  const reference = demoReference(spec.payload);
  const [existing] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.reference, reference)).limit(1);
  if (existing) return false;
  const [offer] = await tx.select().from(offers).where(eq(offers.key, spec.offerKey)).limit(1);
  const [method] = await tx.select().from(transactionMethods).where(eq(transactionMethods.codeName, spec.method)).limit(1);
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!offer || !method || !user) return false;
  const seriesRows = await tx.select().from(offerSeries).where(eq(offerSeries.offerId, offer.id)).orderBy(offerSeries.position, offerSeries.id);
  const free = (s: (typeof seriesRows)[number]) => s.totalShares - s.soldShares - s.reservedShares >= spec.quantity;
  const series = spec.closedOffer
    ? seriesRows.find((s) => s.soldShares >= spec.quantity)
    : seriesRows.find((s) => (s.isOpen || spec.refundedDaysAgo !== undefined) && free(s));
  if (!series) return false;

  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY);
  const createdAt = at(spec.createdDaysAgo);
  const amount = spec.quantity * series.pricePerShare;
  const feeValue = commissionValue(amount, method.commissionBasisPoints);
  const investorData: InvestorData = {
    firstName: user.firstName || 'Anna',
    lastName: user.lastName || 'Nowak',
    email: user.email,
    phone: user.phone,
    address: {
      address: user.street ?? 'ul. Świętokrzyska 12',
      city: user.city ?? 'Łódź',
      zip: user.zip ?? '90-001',
      country: { name: user.country ?? 'PL' },
    },
  };

  const [order] = await tx
    .insert(orders)
    .values({
      reference,
      userId,
      offerId: offer.id,
      seriesId: series.id,
      methodId: method.id,
      methodCode: method.codeName,
      status: 'new',
      quantity: spec.quantity,
      pricePerShare: series.pricePerShare,
      amount,
      feeBasisPoints: method.commissionBasisPoints,
      feeValue,
      totalPrice: amount + feeValue,
      language: spec.language,
      investorData,
      expiresAt: new Date(createdAt.getTime() + paymentHours * 3_600_000),
      createdAt,
      updatedAt: createdAt,
    })
    .onConflictDoNothing({ target: orders.reference })
    .returning();
  if (!order) return false;
  const paypal = spec.method === 'PayPal';
  const [transaction] = await tx
    .insert(transactions)
    .values({
      orderId: order.id,
      methodCode: order.methodCode,
      status: 'new',
      amount: order.totalPrice,
      commission: feeValue,
      commissionBasisPoints: order.feeBasisPoints,
      externalId: paypal ? `DEMO-PAYPAL-${spec.payload}` : null,
      providerStatus: paypal ? 'CREATED' : null,
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  await recordCreation(tx, order, createdAt);
  if (spec.closedOffer) {
    await tx
      .update(offerSeries)
      .set({ soldShares: sql`${offerSeries.soldShares} - ${spec.quantity}`, reservedShares: sql`${offerSeries.reservedShares} + ${spec.quantity}` })
      .where(eq(offerSeries.id, series.id));
  } else if (spec.refundedDaysAgo !== undefined) {
    // Its series closed with the offer: reserved as it was while the offer was open.
    await tx.update(offerSeries).set({ reservedShares: sql`${offerSeries.reservedShares} + ${spec.quantity}` }).where(eq(offerSeries.id, series.id));
  } else if (!(await reserveShares(tx, series.id, spec.quantity))) throw new Error(`demo order ${reference}: no free shares`);

  const setTransaction = (status: 'paid' | 'completed' | 'rejected', when: Date, extra: Partial<typeof transactions.$inferInsert> = {}) =>
    tx.update(transactions).set({ status, updatedAt: when, ...extra }).where(eq(transactions.id, transaction.id));

  if (spec.paidDaysAgo !== undefined) {
    const paidAt = at(spec.paidDaysAgo);
    const byPaypal = { actor: 'paypal' as const, reason: 'PAYPAL_CAPTURED', details: { paypalOrderId: `DEMO-PAYPAL-${spec.payload}` } };
    const byBank = { actor: 'bank' as const, reason: 'BANK_TRANSFER_MATCHED', details: { demo: true } };
    await transitionOrder(tx, { orderId: order.id, from: 'new', to: 'paid', at: paidAt, ...(paypal ? byPaypal : byBank) });
    await setTransaction(
      'paid',
      paidAt,
      paypal
        ? { captureId: `DEMO-CAPTURE-${spec.payload}`, payerId: 'DEMOPAYER', providerStatus: 'COMPLETED' }
        : { externalId: `DEMO-BANK-${spec.payload}` },
    );
    if (spec.refundedDaysAgo !== undefined) {
      // The close of an offer that missed its goal, as server/modules/payouts/close-offer.ts does it.
      const refundedAt = at(spec.refundedDaysAgo);
      const refundId = paypal ? `DEMO-REFUND-${spec.payload}` : null;
      await transitionOrder(tx, {
        orderId: order.id,
        from: 'paid',
        to: 'cancelled',
        at: refundedAt,
        actor: 'system',
        reason: 'OFFER_NOT_FUNDED_REFUNDED',
        details: paypal ? { method: 'PayPal', refundId } : { method: 'BankTransfer' },
      });
      await setTransaction('rejected', refundedAt, paypal ? { providerStatus: 'REFUNDED', providerData: { refundId } } : {});
    }
    if (spec.completedDaysAgo !== undefined) {
      const completedAt = at(spec.completedDaysAgo);
      const completion = spec.closedOffer ? { actor: 'system' as const, reason: 'OFFER_FUNDED' } : { actor: 'operator' as const, reason: 'SHARES_ISSUED' };
      await transitionOrder(tx, { orderId: order.id, from: 'paid', to: 'completed', at: completedAt, ...completion });
      await setTransaction('completed', completedAt);
    }
  } else if (spec.cancelledDaysAgo !== undefined) {
    const cancelledAt = at(spec.cancelledDaysAgo);
    await transitionOrder(tx, { orderId: order.id, from: 'new', to: 'cancelled', at: cancelledAt, actor: paypal ? 'paypal' : 'system', reason: spec.cancelReason ?? 'PAYMENT_EXPIRED' });
    await setTransaction('rejected', cancelledAt, paypal ? { providerStatus: 'DECLINED' } : {});
  }
  return true;
}

/** Projected annual returns of the demo offers (basis points), the same figures their property lists state. */
export const projectedReturnSeed: Record<string, number> = {
  'zielone-tarasy': 850,
  'dom-nad-jeziorem': 720,
  'kamienica-krakow': 680,
  'nad-wisla-etap-2': 810,
  'apartamenty-sopot': 790,
  'biurowiec-wroclaw': 650,
  'domy-poznan': 750,
  'stocznia-gdansk': 610,
  'willa-zakopane': 700,
};

/** Sets a demo offer's projected return only where none is set (an operator's value is never overwritten). */
export async function seedProjectedReturns(tx: Executor): Promise<void> {
  for (const [key, bp] of Object.entries(projectedReturnSeed)) {
    await tx.update(offers).set({ projectedReturnBasisPoints: bp }).where(and(eq(offers.key, key), isNull(offers.projectedReturnBasisPoints)));
  }
}

/** The seeded investor's demo orders (investor@example.com); nothing when the account or offers are missing. */
export async function seedInvestorOrders(tx: Executor, email = 'investor@example.com', now = new Date()): Promise<number> {
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (!user) return 0;
  let created = 0;
  for (const spec of investorOrderSeed) if (await seedOrder(tx, user.id, spec, now)) created += 1;
  return created;
}
