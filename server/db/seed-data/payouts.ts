import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { Executor } from '../../modules/mail/outbox';
import { generateReference } from '../../modules/orders/reference';
import { withhold } from '../../modules/payouts/tax';
import { users } from '../schema';
import { offers } from '../schema-content';
import { orders, transactions } from '../schema-orders';
import { distributionAllocations, distributions, payouts } from '../schema-payouts';

// The demo's second half of the money loop: the offers whose funding ended before the platform took orders are
// closed as funded (closed at the end of their window), so the close worker does not close them again as
// not funded for want of orders; and the demo investor's holding in one of them has a rental-income
// distribution, declared by one operator, approved by the other, paid out and executed. One raise failed
// (kamienica-lublin, closed not funded): the demo investor's PayPal payment into it was refunded through
// PayPal, their bank transfer by a refund payout the bank executed.

/** Demo offers shown as "funding completed": closed, funded. */
export const CLOSED_FUNDED_OFFERS = ['kamienica-krakow', 'lofty-lodz', 'biurowiec-wroclaw', 'stocznia-gdansk'];

/** The demo raise that missed its goal: closed not funded, its paid orders refunded (the demo investor's two). */
export const CLOSED_NOT_FUNDED_OFFER = 'kamienica-lublin';
/** Its funding goal: PLN 1 500 000, of which it raised a small part. */
const NOT_FUNDED_GOAL = 150_000_000;

/**
 * Marks the ended demo offers closed, funded or (the one that missed its goal) not funded, where no close has
 * been recorded (an operator's is kept).
 */
export async function seedClosedOffers(tx: Executor, now = new Date()): Promise<void> {
  const due = await tx
    .select({ id: offers.id, key: offers.key, investmentEnd: offers.investmentEnd })
    .from(offers)
    .where(and(inArray(offers.key, [...CLOSED_FUNDED_OFFERS, CLOSED_NOT_FUNDED_OFFER]), isNull(offers.closedAt), isNull(offers.closeOutcome), lt(offers.investmentEnd, now)));
  for (const offer of due) {
    const notFunded = offer.key === CLOSED_NOT_FUNDED_OFFER;
    await tx
      .update(offers)
      .set({ isOpen: false, closeOutcome: notFunded ? 'not_funded' : 'funded', closedAt: offer.investmentEnd, ...(notFunded ? { fundingGoal: NOT_FUNDED_GOAL } : {}) })
      .where(eq(offers.id, offer.id));
  }
}

/**
 * The bank transfer the demo investor paid into the raise that failed came back as a refund payout, in a bank
 * file and executed by the statement (the PayPal one was refunded through PayPal: the order's transaction says
 * so). Once: a refund payout per order (a unique index).
 */
export async function seedDemoRefunds(tx: Executor): Promise<void> {
  const rows = await tx
    .select({ order: orders, paidAmount: transactions.amount })
    .from(orders)
    .innerJoin(offers, eq(offers.id, orders.offerId))
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(transactions, and(eq(transactions.orderId, orders.id), eq(transactions.status, 'rejected')))
    .where(and(eq(offers.key, CLOSED_NOT_FUNDED_OFFER), eq(users.email, 'investor@example.com'), eq(orders.methodCode, 'BankTransfer'), eq(orders.status, 'cancelled')));
  for (const { order, paidAmount } of rows) {
    const refundedAt = order.cancelledAt ?? order.updatedAt;
    const exportedAt = new Date(refundedAt.getTime() + DAY);
    await tx
      .insert(payouts)
      .values({
        reference: generateReference(),
        kind: 'refund',
        status: 'executed',
        userId: order.userId,
        amount: paidAmount ?? order.totalPrice,
        orderId: order.id,
        creditorName: 'Anna Nowak',
        iban: 'PL61109010140000071219812874',
        exportedAt,
        executedAt: new Date(exportedAt.getTime() + DAY),
        createdAt: refundedAt,
      })
      .onConflictDoNothing();
  }
}

const DAY = 86_400_000;

/**
 * The demo investor's paid distribution: rental income for the first half of last year on their completed
 * order in kamienica-krakow (6.8 % a year on what they invested), tax withheld at 19 %, paid in September of
 * that year (so last year's statement lists it). Once: nothing when the offer already has a distribution.
 */
export async function seedDemoDistribution(tx: Executor, now = new Date()): Promise<void> {
  // The offer row locked: nodes seeding at once wait here, and the later ones find the distribution.
  const [offer] = await tx.select({ id: offers.id }).from(offers).where(eq(offers.key, 'kamienica-krakow')).limit(1).for('update');
  if (!offer) return;
  const [existing] = await tx.select({ id: distributions.id }).from(distributions).where(eq(distributions.offerId, offer.id)).limit(1);
  if (existing) return;
  const [investor] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'investor@example.com')).limit(1);
  const operators = await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, ['operator@example.com', 'operator2@example.com']));
  const author = operators.find((o) => o.email === 'operator@example.com');
  const approver = operators.find((o) => o.email === 'operator2@example.com');
  if (!investor || !author || !approver) return;
  const [holding] = await tx
    .select({ quantity: orders.quantity, amount: orders.amount })
    .from(orders)
    .where(and(eq(orders.offerId, offer.id), eq(orders.userId, investor.id), eq(orders.status, 'completed')))
    .limit(1);
  if (!holding) return;

  const year = new Date(now.getTime()).getUTCFullYear() - 1;
  const gross = Math.round((holding.amount * 680) / 10_000 / 2);
  const { tax, net } = withhold({ gross, kind: 'rental_income', rateBp: 1900 });
  const declaredAt = new Date(`${year}-09-01T09:00:00.000Z`);
  const approvedAt = new Date(declaredAt.getTime() + DAY);
  const executedAt = new Date(approvedAt.getTime() + 2 * DAY);
  const [distribution] = await tx
    .insert(distributions)
    .values({
      offerId: offer.id,
      kind: 'rental_income',
      status: 'approved',
      periodFrom: `${year}-01-01`,
      periodTo: `${year}-06-30`,
      recordDate: `${year}-06-30`,
      totalAmount: gross,
      gross,
      tax,
      net,
      taxRateBasisPoints: 1900,
      shares: holding.quantity,
      createdBy: author.id,
      approvedBy: approver.id,
      approvedAt,
      createdAt: declaredAt,
    })
    .returning({ id: distributions.id });
  await tx.insert(distributionAllocations).values({ distributionId: distribution.id, userId: investor.id, shares: holding.quantity, gross, tax, net });
  await tx.insert(payouts).values({
    reference: generateReference(),
    kind: 'distribution',
    status: 'executed',
    userId: investor.id,
    amount: net,
    distributionId: distribution.id,
    creditorName: 'Anna Nowak',
    iban: 'PL61109010140000071219812874',
    exportedAt: approvedAt,
    executedAt,
    createdAt: approvedAt,
  });
}
