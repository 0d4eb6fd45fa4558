import { and, asc, eq, getTableColumns, or, sql } from 'drizzle-orm';
import { MAX_ORDER_GROSZE } from '../../../contract/money';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { agreements, offerSeries, offers, type Text } from '../../db/schema-content';
import { transactionMethods } from '../../db/schema-orders';
import type { ApiErrorItem } from '../../lib/errors';
import type { Executor } from '../mail/outbox';
import { kiisCheckSql, type KiisCheck } from '../protection/kiis';
import { protectionGateSql, type GateRow } from '../protection/service';
import type { PaymentMethodRegistry } from './payment-methods';

// The rules of SPEC §8 that concern investing, shared by POST /investment/validate (which reports every
// error, later steps' too) and POST /investment (createOrder). Pure checks over rows loaded by the loaders
// below; the reservation itself (shares.ts) stays the final word on availability.

export type OfferRow = typeof offers.$inferSelect;
export type SeriesRow = typeof offerSeries.$inferSelect;
export type MethodRow = typeof transactionMethods.$inferSelect;
export type AgreementRow = typeof agreements.$inferSelect;

export interface InvestmentTarget {
  offer: OfferRow | undefined;
  series: SeriesRow | undefined;
}

/** The offer and the series (whichever offer it belongs to), in one round trip each, in parallel. */
export async function loadTarget(db: Executor, offerId: number, seriesId: number): Promise<InvestmentTarget> {
  const [offerRows, seriesRows] = await Promise.all([
    db.select().from(offers).where(eq(offers.id, offerId)).limit(1),
    db.select().from(offerSeries).where(eq(offerSeries.id, seriesId)).limit(1),
  ]);
  return { offer: offerRows[0], series: seriesRows[0] };
}

/** Agreements shown when investing in an offer: the `investment` context ones, then the offer's own. */
export function investmentAgreements(db: Executor, offerId: number): Promise<AgreementRow[]> {
  return db
    .select()
    .from(agreements)
    .where(or(eq(agreements.context, 'investment'), eq(agreements.offerId, offerId)))
    .orderBy(sql`${agreements.offerId} nulls first`, asc(agreements.position), asc(agreements.id));
}

export interface OrderContext extends InvestmentTarget {
  user: { email: string; firstName: string } | undefined;
  method: MethodRow | undefined;
  /** investmentAgreements(), in the same order */
  agreements: Pick<AgreementRow, 'id' | 'required' | 'content'>[];
  /** The key information sheet the investor acknowledged, for acknowledgedKiis(). */
  kiis: KiisCheck;
  /** The investor-protection gate's data, for decideOrderProtection(). */
  gate: GateRow;
}

/** A JSON column: parsed by node-postgres, a string from PGlite. */
const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/**
 * Everything POST /investment checks, in ONE round trip (the purchase hot path): the caller, the offer, the
 * series, the method and the agreements, each null/empty when missing; the key information sheet with the
 * acknowledged hash and the investor-protection gate's data.
 */
function buildOrderContextQuery(db: Executor) {
  const offerId = sql.placeholder('offerId');
  const agreementList = sql<{ id: number; required: boolean; content: Text }[]>`(
    select coalesce(json_agg(json_build_object('id', a.id, 'required', a.required, 'content', a.content)
      order by a.offer_id nulls first, a.position, a.id), '[]'::json)
    from ${agreements} a where a.context = 'investment' or a.offer_id = ${offerId})`;
  return db
    .select({
      user: { email: users.email, firstName: users.firstName },
      offer: getTableColumns(offers),
      series: getTableColumns(offerSeries),
      method: getTableColumns(transactionMethods),
      agreements: agreementList,
      kiis: kiisCheckSql(sql`${offerId}::integer`, sql`${sql.placeholder('kiisHash')}::text`),
      gate: protectionGateSql(users.id, sql`${sql.placeholder('now')}::timestamptz`),
    })
    .from(users)
    .leftJoin(offers, eq(offers.id, offerId))
    .leftJoin(offerSeries, eq(offerSeries.id, sql.placeholder('seriesId')))
    .leftJoin(transactionMethods, eq(transactionMethods.id, sql.placeholder('methodId')))
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('order_context');
}
/** Built once per database handle: a named prepared statement, so neither Drizzle nor PostgreSQL parses it again. */
const orderContextQueries = new WeakMap<Executor, ReturnType<typeof buildOrderContextQuery>>();

export async function loadOrderContext(
  db: Executor,
  ids: { userId: string; offerId: number; seriesId: number; methodId: number; kiisHash: string | undefined; now: Date },
): Promise<OrderContext | undefined> {
  let query = orderContextQueries.get(db);
  if (!query) orderContextQueries.set(db, (query = buildOrderContextQuery(db)));
  const [row] = await query.execute({ ...ids, kiisHash: ids.kiisHash ?? '', now: ids.now.toISOString() });
  if (!row) return undefined;
  return {
    user: row.user,
    offer: row.offer ?? undefined,
    series: row.series ?? undefined,
    method: row.method ?? undefined,
    agreements: json(row.agreements) ?? [],
    kiis: json(row.kiis),
    gate: json(row.gate),
  };
}

export async function loadMethod(db: Executor, methodId: number): Promise<MethodRow | undefined> {
  const [row] = await db.select().from(transactionMethods).where(eq(transactionMethods.id, methodId)).limit(1);
  return row;
}

export async function enabledMethods(db: Db): Promise<MethodRow[]> {
  return db
    .select()
    .from(transactionMethods)
    .where(and(eq(transactionMethods.enabled, true)))
    .orderBy(asc(transactionMethods.position), asc(transactionMethods.id));
}

/** An offer takes investments when it is published, open, and `now` is inside its investment window. */
export function offerTakesInvestments(offer: OfferRow, now: Date): boolean {
  if (!offer.published || !offer.isOpen) return false;
  if (offer.investmentStart && now < offer.investmentStart) return false;
  if (offer.investmentEnd && now > offer.investmentEnd) return false;
  return true;
}

export const availableShares = (series: Pick<SeriesRow, 'totalShares' | 'soldShares' | 'reservedShares'>) =>
  Math.max(0, series.totalShares - series.soldShares - series.reservedShares);

export interface TargetCheckInput {
  quantity: number;
  /** What the client saw; a different price answers VALUE_NOT_VALID. */
  pricePerShare?: number;
}

/**
 * Offer, series and quantity rules. `prefix` is the context of the fields ('' for POST /investment,
 * 'investmentData.' for validate). `checkAvailability: false` leaves availability to the reservation.
 */
export function checkTarget(
  target: InvestmentTarget,
  input: TargetCheckInput,
  now: Date,
  options: { prefix?: string; checkAvailability?: boolean } = {},
): ApiErrorItem[] {
  const prefix = options.prefix ?? '';
  const { offer, series } = target;
  if (!offer || !offerTakesInvestments(offer, now)) return [{ code: 'OFFER_CLOSED_FOR_INVESTMENTS', context: `${prefix}offer` }];
  if (!series || series.offerId !== offer.id) return [{ code: 'SERIES_NOT_ASSIGNED_TO_OFFER', context: `${prefix}series` }];
  const errors: ApiErrorItem[] = [];
  if (!series.isOpen) errors.push({ code: 'SERIES_CLOSED_FOR_INVESTMENTS', context: `${prefix}series` });
  if (input.pricePerShare !== undefined && input.pricePerShare !== series.pricePerShare) {
    errors.push({ code: 'VALUE_NOT_VALID', context: `${prefix}pricePerShare` });
  }
  if (input.quantity < series.minStocks) {
    errors.push({ code: 'IS_LOWER_THAN_MIN', context: `${prefix}quantity` });
  } else if (input.quantity * series.pricePerShare > MAX_ORDER_GROSZE) {
    errors.push({ code: 'VALUE_NOT_VALID', context: `${prefix}quantity` });
  } else if (options.checkAvailability !== false && series.isOpen && input.quantity > availableShares(series)) {
    errors.push({ code: 'NOT_ENOUGH_SHARES_AVAILABLE', context: `${prefix}quantity` });
  }
  return errors;
}

/** Required agreements not accepted → IS_EMPTY `agreements.<id>` (like the contact form). */
export function checkAgreements(rows: Pick<AgreementRow, 'id' | 'required'>[], answers: { id: number; isAccepted: boolean }[]): ApiErrorItem[] {
  const accepted = new Set(answers.filter((a) => a.isAccepted).map((a) => a.id));
  return rows.filter((row) => row.required && !accepted.has(row.id)).map((row) => ({ code: 'IS_EMPTY' as const, context: `agreements.${row.id}` }));
}

/**
 * A method the investor may choose: it exists and is enabled (else NO_TRANSACTION_METHOD_AVAILABLE). Whether
 * its handler is registered is createOrder's question (CAN_CREATE_PAYMENT).
 */
export const methodUsable = (method: MethodRow | undefined): method is MethodRow => !!method && method.enabled;

/** What GET /transaction shows as enabled: enabled in the database AND a registered handler. */
export const methodOffered = (method: MethodRow, registry: PaymentMethodRegistry) => method.enabled && registry.has(method.codeName);
