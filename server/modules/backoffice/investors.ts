import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { OperatorInvestor, OperatorInvestorDetail } from '../../../contract/operator';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { offerSeries, offers } from '../../db/schema-content';
import { orders } from '../../db/schema-orders';
import { notFound } from '../../lib/errors';
import { pageWindow, type PageRequest } from '../../lib/pagination';
import { isOrderId } from '../orders/order-repository';
import { toOperatorRow } from '../orders/operator-orders';
import { investorProtectionRecords } from '../protection/operator-records';

// Investors for operators: list with search (e-mail, name), detail with their orders and their
// investor-protection records.

const stats = {
  // Correlated subqueries, spelled out so the outer "users"."id" cannot be mistaken for an orders column.
  ordersCount: sql<string>`(select count(*) from "orders" o where o."user_id" = "users"."id")`,
  paidTotal: sql<string>`(select coalesce(sum(o."total_price"), 0) from "orders" o where o."user_id" = "users"."id" and o."status" in ('paid', 'completed'))`,
};

function toInvestor(r: { u: typeof users.$inferSelect; ordersCount: string; paidTotal: string }): OperatorInvestor {
  return {
    id: r.u.id,
    email: r.u.email,
    firstName: r.u.firstName,
    lastName: r.u.lastName,
    isActive: r.u.isActive,
    createdAt: r.u.createdAt.toISOString(),
    ordersCount: Number(r.ordersCount),
    paidTotal: Number(r.paidTotal),
  };
}

export async function listInvestors(db: Db, q: string | undefined, page: PageRequest) {
  const like = q?.trim() ? `%${q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = and(
    eq(users.role, 'investor'),
    like ? or(ilike(users.email, like), ilike(users.firstName, like), ilike(users.lastName, like), sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${like}`) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db.select({ u: users, ...stats }).from(users).where(where).orderBy(desc(users.createdAt), desc(users.id)).limit(pageWindow(page).limit).offset(pageWindow(page).offset),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { items: rows.map(toInvestor), total };
}

export async function investorDetail(db: Db, id: string, lang: 'pl' | 'en', now: Date): Promise<OperatorInvestorDetail> {
  if (!isOrderId(id)) throw notFound('id');
  const [row] = await db.select({ u: users, ...stats }).from(users).where(and(eq(users.id, id), eq(users.role, 'investor'))).limit(1);
  if (!row) throw notFound('id');
  const list = await db
    .select({ order: orders, offerTitle: offers.title, seriesName: offerSeries.name, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(offers, eq(offers.id, orders.offerId))
    .innerJoin(offerSeries, eq(offerSeries.id, orders.seriesId))
    .where(eq(orders.userId, id))
    .orderBy(desc(orders.createdAt));
  const protection = await investorProtectionRecords(db, id, now);
  return {
    ...toInvestor(row),
    phone: row.u.phone,
    city: row.u.city,
    country: row.u.country,
    locale: row.u.locale,
    orders: list.map((r) => toOperatorRow(r, lang)),
    protection,
  };
}
