import { and, eq, sql } from 'drizzle-orm';
import type { CashFlow } from '../../../contract/transactions';
import type { Language } from '../../config';
import type { Executor } from '../mail/outbox';
import { offers } from '../../db/schema-content';
import { orders, transactions } from '../../db/schema-orders';
import { distributionAllocations, distributions, payouts, type PayoutRow } from '../../db/schema-payouts';
import { paged, pageWindow, type Paged, type PageRequest } from '../../lib/pagination';
import { pick } from '../../lib/translated';
import { formatReference } from '../orders/reference';

// The investor's cash flows back (GET /investor/cash-flows, contract/transactions.ts): every payout of theirs,
// a distribution part split into its gross income (or capital returned) and the tax withheld from it, and the
// PayPal refunds (which are no payouts: PayPal gives the captured payment back). An investor has a handful of
// these a year per offer, so the list is built whole and paged in memory, newest first.

const statusOf = (p: PayoutRow): CashFlow['status'] => (p.status === 'executed' ? 'executed' : p.status === 'returned' ? 'returned' : 'pending');
const dateOf = (p: PayoutRow) => (p.executedAt ?? p.returnedAt ?? p.createdAt).toISOString();

export async function cashFlows(db: Executor, userId: string, language: Language): Promise<CashFlow[]> {
  const [payoutRows, paypalRows] = await Promise.all([
    db
      .select({ p: payouts, d: distributions, a: distributionAllocations, o: offers, order: { id: orders.id, reference: orders.reference } })
      .from(payouts)
      .leftJoin(distributions, eq(distributions.id, payouts.distributionId))
      .leftJoin(distributionAllocations, and(eq(distributionAllocations.distributionId, payouts.distributionId), eq(distributionAllocations.userId, payouts.userId)))
      .leftJoin(orders, eq(orders.id, payouts.orderId))
      .innerJoin(offers, sql`${offers.id} = coalesce(${distributions.offerId}, ${orders.offerId})`)
      .where(eq(payouts.userId, userId)),
    db
      .select({ t: transactions, order: { id: orders.id, reference: orders.reference }, o: offers })
      .from(transactions)
      .innerJoin(orders, eq(orders.id, transactions.orderId))
      .innerJoin(offers, eq(offers.id, orders.offerId))
      .where(and(eq(orders.userId, userId), eq(transactions.methodCode, 'PayPal'), eq(transactions.providerStatus, 'REFUNDED'))),
  ]);
  const offerOf = (o: typeof offers.$inferSelect) => ({ id: o.id, slug: o.slug, title: pick(o.title, language) });
  const flows: CashFlow[] = [];
  for (const { p, d, a, o, order } of payoutRows) {
    const common = {
      status: statusOf(p),
      date: dateOf(p),
      method: 'BankTransfer' as const,
      reference: formatReference(p.reference),
      offer: offerOf(o),
      distributionKind: d?.kind ?? null,
      periodFrom: d?.periodFrom ?? null,
      periodTo: d?.periodTo ?? null,
      orderId: order?.id ?? null,
      orderReference: order ? formatReference(order.reference) : null,
    };
    if (p.kind === 'refund') {
      flows.push({ ...common, id: `payout-${p.id}-refund`, type: 'refund', amount: p.amount });
    } else if (d?.kind === 'capital_return') {
      flows.push({ ...common, id: `payout-${p.id}-capital`, type: 'capitalReturn', amount: a?.gross ?? p.amount });
    } else {
      flows.push({ ...common, id: `payout-${p.id}-income`, type: 'income', amount: a?.gross ?? p.amount });
      if (a && a.tax > 0) flows.push({ ...common, id: `payout-${p.id}-tax`, type: 'taxWithheld', amount: -a.tax });
    }
  }
  for (const { t, order, o } of paypalRows) {
    flows.push({
      id: `paypal-${t.id}`,
      type: 'refund',
      status: 'executed',
      date: t.updatedAt.toISOString(),
      amount: t.amount,
      method: 'PayPal',
      reference: formatReference(order.reference),
      offer: offerOf(o),
      distributionKind: null,
      periodFrom: null,
      periodTo: null,
      orderId: order.id,
      orderReference: formatReference(order.reference),
    });
  }
  // Newest first; one payout's income before its tax.
  const rank = (f: CashFlow) => (f.type === 'taxWithheld' ? 1 : 0);
  return flows.sort((x, y) => y.date.localeCompare(x.date) || y.id.split('-')[1].localeCompare(x.id.split('-')[1], 'en', { numeric: true }) || rank(x) - rank(y));
}

export async function cashFlowsPage(db: Executor, userId: string, page: PageRequest, language: Language): Promise<Paged<CashFlow>> {
  const all = await cashFlows(db, userId, language);
  const { limit, offset } = pageWindow(page);
  return paged(all.slice(offset, offset + limit), all.length, page);
}
