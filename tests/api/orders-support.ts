import { randomBytes } from 'node:crypto';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { agreements, offerSeries, offers } from '../../server/db/schema-content';
import { transactionMethods } from '../../server/db/schema-orders';
import { knowledgeTests } from '../../server/db/schema-protection';
import { QUESTIONNAIRE_VERSION } from '../../server/modules/protection/questionnaire';
import { MAX_ORDER_GROSZE } from '../../contract/money';
import { hashPassword } from '../../server/lib/passwords';
import { currentKiis } from '../../server/modules/protection/kiis';

// Helpers of the investing suites: investors made directly in the database (one precomputed argon2 hash,
// a session row and a signed access token: no login per investor), the demo offers' ids, and bodies.

let passwordHash: Promise<string> | undefined;
export const INVESTOR_PASSWORD = 'Investor123';

export interface TestInvestor {
  userId: string;
  email: string;
  accessToken: string;
}

/**
 * A passed knowledge test for each of these investors (an order needs one; docs/api.md "Investor protection").
 * The default net worth's 5% is the largest order there can be, so no order meets the large-investment warning.
 */
export async function givePassedTest(db: Db, userIds: string[], netWorth = 20 * MAX_ORDER_GROSZE, passed = true): Promise<void> {
  if (!userIds.length) return;
  const now = new Date();
  const expiresAt = new Date(now.getTime() + 2 * 365 * 86_400_000);
  await db.insert(knowledgeTests).values(userIds.map((userId) => ({ userId, takenAt: now, version: QUESTIONNAIRE_VERSION, language: 'pl' as const, passed, netWorth, expiresAt })));
}

/** An active investor with a live session, and its access token (signed by this app's token service). */
export async function createInvestor(
  app: FastifyInstance,
  options: {
    locale?: 'pl' | 'en';
    role?: 'investor' | 'operator';
    email?: string;
    /**
     * The knowledge test an investor needs before ordering: passed by default, with a net worth whose 5% is
     * the largest order there can be (so no suite's order meets the large-investment warning unless it asks
     * for a smaller net worth); `false` for none.
     */
    knowledgeTest?: { passed: boolean; netWorth: number } | false;
  } = {},
): Promise<TestInvestor> {
  passwordHash ??= hashPassword(INVESTOR_PASSWORD);
  const email = options.email ?? `inv-${randomBytes(6).toString('hex')}@example.com`;
  const [user] = await app.db
    .insert(users)
    .values({
      email,
      passwordHash: await passwordHash,
      role: options.role ?? 'investor',
      isActive: true,
      firstName: 'Jan',
      lastName: 'Kowalski',
      locale: options.locale ?? 'pl',
    })
    .returning({ id: users.id });
  const test = options.knowledgeTest ?? { passed: true, netWorth: 20 * MAX_ORDER_GROSZE };
  if (test && (options.role ?? 'investor') === 'investor') await givePassedTest(app.db, [user.id], test.netWorth, test.passed);
  const sessionId = await app.sessionsRepository.create(user.id, randomBytes(16).toString('hex'), 3600);
  const accessToken = await app.tokens.signAccessToken({ userId: user.id, sessionId, role: options.role ?? 'investor' }, 3600);
  return { userId: user.id, email, accessToken };
}

export async function offerBySlug(db: Db, slugPl: string) {
  const [row] = await db.select().from(offers).where(eq(offers.key, slugPl)).limit(1);
  if (!row) throw new Error(`no offer ${slugPl}`);
  const series = await db.select().from(offerSeries).where(eq(offerSeries.offerId, row.id)).orderBy(offerSeries.position);
  return { offer: row, series };
}

/** A new open series of `offerKey` with `total` shares (tests that count shares use their own series). */
export async function createSeries(db: Db, offerKey: string, total: number, extra: Partial<typeof offerSeries.$inferInsert> = {}) {
  const { offer } = await offerBySlug(db, offerKey);
  const [row] = await db
    .insert(offerSeries)
    .values({ offerId: offer.id, name: { pl: 'Seria testowa', en: 'Test series' }, pricePerShare: 10_000, minStocks: 1, totalShares: total, isOpen: true, position: 9, ...extra })
    .returning();
  return row;
}

export async function seriesRow(db: Db, id: number) {
  const [row] = await db.select().from(offerSeries).where(eq(offerSeries.id, id));
  return row;
}

export async function methodIds(db: Db) {
  const rows = await db.select().from(transactionMethods);
  const id = (code: string) => rows.find((r) => r.codeName === code)!.id;
  return { bank: id('BankTransfer'), paypal: id('PayPal') };
}

/** Ids of the agreements investing in this offer shows (investment context + the offer's own). */
export async function agreementIdsFor(db: Db, offerId: number) {
  const rows = await db
    .select({ id: agreements.id, required: agreements.required })
    .from(agreements)
    .where(or(eq(agreements.context, 'investment'), and(eq(agreements.offerId, offerId), isNull(agreements.context))))
    .orderBy(sql`${agreements.offerId} nulls first`, agreements.position, agreements.id);
  return rows;
}

export const investorData = {
  firstName: 'Jan',
  lastName: 'Kowalski',
  phone: '+48 601 000 000',
  address: { address: 'ul. Prosta 1', city: 'Warszawa', zip: '00-001', country: { name: 'PL' } },
};

/** A POST /investment body WITHOUT the key information sheet's hash (refused with KIIS_REQUIRED): see `orderBody`. */
export function createBody(target: { offer: number; series: number; method: number; agreements: number[] }, quantity = 1) {
  return {
    method: target.method,
    offer: target.offer,
    series: target.series,
    quantity,
    thankYouPageUrlPattern: 'http://localhost/pl/inwestuj/{orderId}',
    investorData,
    agreements: target.agreements.map((id) => ({ id, isAccepted: true })),
  };
}

/**
 * The hash of the offer's current key investment information sheet in a language: what the investor
 * acknowledges and POST /investment requires (GET /api/offer/{id}/kiis answers the same; this reads it without
 * the offer having to be published). Fetch it right before ordering: a change of the offer's data (a new
 * series too) makes a new sheet, and the old hash is then refused with KIIS_CHANGED.
 */
export async function kiisHashFor(db: Db, offerId: number, language: 'pl' | 'en' = 'pl'): Promise<string> {
  const version = await currentKiis(db, offerId, language, new Date());
  if (!version) throw new Error(`no offer ${offerId}`);
  return version.hash;
}

/** A complete POST /investment body: `createBody` with the offer's current sheet acknowledged. */
export async function orderBody(db: Db, target: { offer: number; series: number; method: number; agreements: number[] }, quantity = 1, language: 'pl' | 'en' = 'pl') {
  return { ...createBody(target, quantity), kiisHash: await kiisHashFor(db, target.offer, language) };
}
