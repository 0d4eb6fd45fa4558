import { and, asc, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DistributionCreateBody, DistributionDetail, Distribution, InvestorPayout, Payout, PayoutFile, PayoutStatus } from '../../../contract/payouts';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { offers } from '../../db/schema-content';
import { orders } from '../../db/schema-orders';
import { distributionAllocations, distributions, payoutFiles, payouts, type DistributionRow, type PayoutFileRow, type PayoutRow } from '../../db/schema-payouts';
import { ApiError, apiError, notFound } from '../../lib/errors';
import { pageWindow, type PageRequest } from '../../lib/pagination';
import type { Executor } from '../mail/outbox';
import { snapshot, writeAudit, type Operator } from '../backoffice/audit';
import type { BankAccountConfig } from '../payments/bank-account';
import { formatReference, generateReference } from '../orders/reference';
import { allocate, distributionTotal, type DistributionAmount } from './allocation';
import { buildPain001, isValidIban } from './pain001';
import { withhold } from './tax';
import { offerLifecycle } from './lifecycle';
import { offerLifecycleAllows } from '../../../contract/offer-lifecycle';
import { findUserEmails } from '../accounts/users-repository';

// Distributions and payouts (docs/api.md "Distributions and payouts"; the rules: allocation.ts, tax.ts,
// pain001.ts). Every change is one transaction with its audit row.
//   declare  → the holders at the record date, each one's gross (largest remainder), tax and net: stored as
//              the distribution's allocations, status awaiting_approval (the preview the approver sees)
//   approve  → by another operator only (four eyes; a CHECK in the table as well): one payout per holder with a
//              net amount, status approved
//   file     → every approved payout whose investor has a valid account in their settings goes into one
//              pain.001 file (status exported); the others stay approved and are listed as skipped
//   statement→ server/modules/statements/import.ts: a debit with a payout's reference and amount → executed; a credit
//              with it → returned, and the exceptions queue

const WARSAW = 'Europe/Warsaw';

/** The instant a calendar day ends in Polish time (the next day's midnight there), from "YYYY-MM-DD". */
export function endOfWarsawDay(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  const midnightUtc = Date.UTC(y, m - 1, d + 1);
  const nextDay = new Date(midnightUtc).toISOString().slice(0, 10);
  const format = new Intl.DateTimeFormat('en-CA', { timeZone: WARSAW, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' });
  // Polish time is UTC+1 (winter) or UTC+2 (summer): the candidate that reads as 00 h of the next day there.
  for (const offsetHours of [1, 2]) {
    const candidate = new Date(midnightUtc - offsetHours * 3_600_000);
    const parts = Object.fromEntries(format.formatToParts(candidate).map((p) => [p.type, p.value]));
    if (`${parts.year}-${parts.month}-${parts.day}` === nextDay && parts.hour === '00') return candidate;
  }
  return new Date(midnightUtc - 3_600_000);
}

/** Today in Polish time, "YYYY-MM-DD". */
export const warsawToday = (now: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: WARSAW }).format(now);

/** The investor's IBAN from their settings: Polish accounts are stored as the 26-digit NRB. */
export function ibanOfSettings(country: string | null, accountNumber: string | null): string | null {
  if (!accountNumber) return null;
  const compact = accountNumber.replace(/[\s-]/g, '').toUpperCase();
  const iban = /^\d{26}$/.test(compact) && (!country || country.toUpperCase() === 'PL') ? `PL${compact}` : compact;
  return isValidIban(iban) ? iban : null;
}

const emailOf = (db: Executor, ids: (string | null)[]) => findUserEmails(db, ids.filter((x): x is string => !!x));

function toDistribution(d: DistributionRow, holders: number, emails: Map<string, string>): Distribution {
  return {
    id: d.id,
    offerId: d.offerId,
    kind: d.kind,
    status: d.status,
    periodFrom: d.periodFrom,
    periodTo: d.periodTo,
    recordDate: d.recordDate,
    totalAmount: d.totalAmount,
    perShareAmount: d.perShareAmount,
    gross: d.gross,
    tax: d.tax,
    net: d.net,
    taxRateBasisPoints: d.taxRateBasisPoints,
    shares: d.shares,
    holders,
    createdBy: d.createdBy ? (emails.get(d.createdBy) ?? null) : null,
    createdAt: d.createdAt.toISOString(),
    approvedBy: d.approvedBy ? (emails.get(d.approvedBy) ?? null) : null,
    approvedAt: d.approvedAt ? d.approvedAt.toISOString() : null,
  };
}

/** Paid shares per investor of one offer at the end of the record day (paid and completed orders). */
export async function holdingsAt(db: Executor, offerId: number, recordDate: string) {
  const rows = await db
    .select({ userId: orders.userId, shares: sql<string>`sum(${orders.quantity})` })
    .from(orders)
    .where(and(eq(orders.offerId, offerId), inArray(orders.status, ['paid', 'completed']), lt(orders.paidAt, endOfWarsawDay(recordDate))))
    .groupBy(orders.userId)
    .orderBy(asc(orders.userId));
  return rows.map((r) => ({ holderId: r.userId, shares: Number(r.shares) })).filter((h) => h.shares > 0);
}

export async function declareDistribution(
  db: Db,
  operator: Operator,
  body: DistributionCreateBody,
  options: { taxRateBasisPoints: number; at: Date },
): Promise<DistributionDetail> {
  if ((body.totalAmount === undefined) === (body.perShareAmount === undefined)) {
    throw apiError(400, 'DISTRIBUTION_AMOUNT_REQUIRED', body.totalAmount === undefined ? 'totalAmount' : 'perShareAmount');
  }
  if (body.periodTo < body.periodFrom) throw apiError(400, 'DISTRIBUTION_PERIOD_NOT_VALID', 'periodTo');
  const id = await db.transaction(async (tx) => {
    const [offer] = await tx.select().from(offers).where(eq(offers.id, body.offerId)).for('update').limit(1);
    if (!offer) throw notFound('offerId');
    // Income is declared for an offer that closed funded (its lifecycle allows it); one still open or
    // closing has no final holders yet, one that closed not funded has none at all.
    const state = (await offerLifecycle(tx, offer.id))!;
    if (!offerLifecycleAllows(state, 'distribution.declared')) {
      throw apiError(409, state === 'notFunded' || state === 'closing.refunding' ? 'OFFER_NOT_FUNDED' : 'OFFER_NOT_CLOSED', 'offerId');
    }
    const holdings = await holdingsAt(tx, offer.id, body.recordDate);
    if (holdings.length === 0) throw apiError(422, 'DISTRIBUTION_NO_HOLDERS', 'recordDate');
    const allShares = holdings.reduce((s, h) => s + h.shares, 0);
    const amount: DistributionAmount =
      body.totalAmount !== undefined ? { kind: 'total', totalGrosze: body.totalAmount } : { kind: 'perShare', perShareUnits: body.perShareAmount! };
    const total = distributionTotal(amount, allShares);
    if (total === 0) throw apiError(400, 'DISTRIBUTION_AMOUNT_TOO_SMALL', 'perShareAmount');
    const parts = allocate(total, holdings).map((p) => ({
      ...p,
      ...withhold({ gross: p.amount, kind: body.kind, rateBp: options.taxRateBasisPoints, individual: true }),
    }));
    const tax = parts.reduce((s, p) => s + p.tax, 0);
    const [row] = await tx
      .insert(distributions)
      .values({
        offerId: offer.id,
        kind: body.kind,
        periodFrom: body.periodFrom,
        periodTo: body.periodTo,
        recordDate: body.recordDate,
        totalAmount: body.totalAmount ?? null,
        perShareAmount: body.perShareAmount ?? null,
        gross: total,
        tax,
        net: total - tax,
        taxRateBasisPoints: body.kind === 'capital_return' ? 0 : options.taxRateBasisPoints,
        shares: allShares,
        createdBy: operator.userId,
        createdAt: options.at,
      })
      .returning();
    await tx
      .insert(distributionAllocations)
      .values(parts.map((p) => ({ distributionId: row.id, userId: p.holderId, shares: p.shares, gross: p.gross, tax: p.tax, net: p.net })));
    await writeAudit(tx, operator, { action: 'distribution.declared', entityType: 'distribution', entityId: row.id, reason: body.reason, after: snapshot(row) });
    return row.id;
  });
  return getDistribution(db, id);
}

export async function getDistribution(db: Executor, id: number): Promise<DistributionDetail> {
  const [row] = await db.select().from(distributions).where(eq(distributions.id, id)).limit(1);
  if (!row) throw notFound('id');
  const allocations = await db
    .select({ a: distributionAllocations, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(distributionAllocations)
    .innerJoin(users, eq(users.id, distributionAllocations.userId))
    .where(eq(distributionAllocations.distributionId, id))
    .orderBy(desc(distributionAllocations.shares), asc(distributionAllocations.userId));
  const emails = await emailOf(db, [row.createdBy, row.approvedBy]);
  const progress = await db
    .select({ status: payouts.status, n: count() })
    .from(payouts)
    .where(eq(payouts.distributionId, id))
    .groupBy(payouts.status);
  const payoutCounts = { approved: 0, exported: 0, executed: 0, returned: 0 };
  for (const p of progress) payoutCounts[p.status] = Number(p.n);
  return {
    ...toDistribution(row, allocations.length, emails),
    payouts: payoutCounts,
    allocations: allocations.map(({ a, email, firstName, lastName }) => ({
      userId: a.userId,
      email,
      name: `${firstName} ${lastName}`.trim(),
      shares: a.shares,
      gross: a.gross,
      tax: a.tax,
      net: a.net,
    })),
  };
}

export async function listDistributions(db: Executor, page: PageRequest): Promise<{ items: Distribution[]; total: number }> {
  const window = pageWindow(page);
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(distributions).orderBy(desc(distributions.createdAt), desc(distributions.id)).limit(window.limit).offset(window.offset),
    db.select({ total: count() }).from(distributions),
  ]);
  const ids = rows.map((r) => r.id);
  const holders = ids.length
    ? await db
        .select({ id: distributionAllocations.distributionId, n: count() })
        .from(distributionAllocations)
        .where(inArray(distributionAllocations.distributionId, ids))
        .groupBy(distributionAllocations.distributionId)
    : [];
  const byId = new Map(holders.map((h) => [h.id, Number(h.n)]));
  const emails = await emailOf(db, rows.flatMap((r) => [r.createdBy, r.approvedBy]));
  return { items: rows.map((r) => toDistribution(r, byId.get(r.id) ?? 0, emails)), total };
}

/** A new payout reference, unique among payouts (the unique index is the judge; a clash is retried). */
async function insertPayout(tx: Executor, values: Omit<typeof payouts.$inferInsert, 'reference'>): Promise<PayoutRow> {
  for (;;) {
    const [row] = await tx
      .insert(payouts)
      .values({ ...values, reference: generateReference() })
      .onConflictDoNothing({ target: payouts.reference })
      .returning();
    if (row) return row;
  }
}

export async function approveDistribution(db: Db, operator: Operator, id: number, reason: string | undefined, at: Date): Promise<DistributionDetail> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(distributions).where(eq(distributions.id, id)).for('update').limit(1);
    if (!row) throw notFound('id');
    if (row.createdBy === operator.userId) throw apiError(403, 'DISTRIBUTION_FOUR_EYES', 'id');
    if (row.status !== 'awaiting_approval') throw apiError(409, 'DISTRIBUTION_ALREADY_APPROVED', 'id');
    const [updated] = await tx
      .update(distributions)
      .set({ status: 'approved', approvedBy: operator.userId, approvedAt: at })
      .where(and(eq(distributions.id, id), eq(distributions.status, 'awaiting_approval')))
      .returning();
    const parts = await tx.select().from(distributionAllocations).where(eq(distributionAllocations.distributionId, id)).orderBy(asc(distributionAllocations.userId));
    let created = 0;
    for (const part of parts) {
      if (part.net <= 0) continue;
      await insertPayout(tx, { kind: 'distribution', status: 'approved', userId: part.userId, amount: part.net, distributionId: id, createdAt: at });
      created++;
    }
    await writeAudit(tx, operator, {
      action: 'distribution.approved',
      entityType: 'distribution',
      entityId: id,
      reason: reason ?? null,
      before: { status: row.status },
      after: { ...snapshot(updated), payouts: created },
    });
  });
  return getDistribution(db, id);
}

function toPayout(p: PayoutRow, email: string): Payout {
  return {
    id: p.id,
    reference: formatReference(p.reference),
    kind: p.kind,
    status: p.status,
    userId: p.userId,
    email,
    amount: p.amount,
    distributionId: p.distributionId,
    orderId: p.orderId,
    fileId: p.fileId,
    createdAt: p.createdAt.toISOString(),
    exportedAt: p.exportedAt?.toISOString() ?? null,
    executedAt: p.executedAt?.toISOString() ?? null,
    returnedAt: p.returnedAt?.toISOString() ?? null,
  };
}

export async function listPayouts(db: Executor, status: PayoutStatus | undefined, page: PageRequest): Promise<{ items: Payout[]; total: number }> {
  const where = status ? eq(payouts.status, status) : undefined;
  const window = pageWindow(page);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ p: payouts, email: users.email })
      .from(payouts)
      .innerJoin(users, eq(users.id, payouts.userId))
      .where(where)
      .orderBy(desc(payouts.createdAt), desc(payouts.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(payouts).where(where),
  ]);
  return { items: rows.map(({ p, email }) => toPayout(p, email)), total };
}

function toPayoutFile(f: PayoutFileRow, email: string | null): PayoutFile {
  return {
    id: f.id,
    messageId: f.messageId,
    count: f.count,
    total: f.total,
    executionDate: f.executionDate,
    createdBy: email,
    createdAt: f.createdAt.toISOString(),
    skipped: f.skipped,
  };
}

const remittanceOf = (p: PayoutRow, kind: string | null, period: string | null) =>
  p.kind === 'refund'
    ? 'Zwrot wplaty / Refund'
    : `Wyplata ${kind === 'interest' ? 'odsetek' : kind === 'capital_return' ? 'zwrot kapitalu' : 'dochodu'} ${period ?? ''}`;

/**
 * One pain.001 file with every approved payout that can be paid (the investor's settings hold a valid account).
 * The payouts are locked FOR UPDATE SKIP LOCKED, so two operators (or nodes) generating at once never put one
 * payout into two files.
 */
export async function createPayoutFile(
  db: Db,
  operator: Operator,
  input: { executionDate?: string; at: Date; bank: BankAccountConfig },
): Promise<PayoutFile> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ p: payouts, d: distributions, u: users })
      .from(payouts)
      .innerJoin(users, eq(users.id, payouts.userId))
      .leftJoin(distributions, eq(distributions.id, payouts.distributionId))
      .where(eq(payouts.status, 'approved'))
      .orderBy(asc(payouts.id))
      .for('update', { of: payouts, skipLocked: true });
    const payable: typeof rows = [];
    const skipped: PayoutFile['skipped'] = [];
    for (const row of rows) {
      const iban = ibanOfSettings(row.u.bankCountry, row.u.bankAccountNumber);
      if (iban) payable.push(row);
      else skipped.push({ payoutId: row.p.id, reference: formatReference(row.p.reference), code: 'PAYOUT_BANK_ACCOUNT_MISSING' });
    }
    if (payable.length === 0) throw new ApiError(409, [{ code: 'PAYOUT_NOTHING_TO_EXPORT', context: '' }]);
    const executionDate = input.executionDate ?? warsawToday(input.at);
    if (executionDate < warsawToday(input.at)) throw apiError(400, 'VALUE_NOT_VALID', 'executionDate');
    const messageId = `ESP-${input.at.toISOString().replace(/\D/g, '').slice(0, 14)}-${generateReference().slice(2)}`;
    const transfers = payable.map(({ p, d, u }) => ({
      reference: p.reference,
      amountGrosze: p.amount,
      creditorName: `${u.firstName} ${u.lastName}`.trim() || u.email,
      creditorIban: ibanOfSettings(u.bankCountry, u.bankAccountNumber)!,
      remittance: remittanceOf(p, d?.kind ?? null, d ? `${d.periodFrom}..${d.periodTo}` : null),
    }));
    const xml = buildPain001({
      messageId,
      createdAt: input.at,
      executionDate,
      debtor: { name: input.bank.holder, iban: `PL${input.bank.accountNumber}`, bic: input.bank.swift },
      transfers,
    });
    const total = transfers.reduce((s, t) => s + t.amountGrosze, 0);
    const [file] = await tx
      .insert(payoutFiles)
      .values({ messageId, executionDate, count: transfers.length, total, xml, createdBy: operator.userId, skipped, createdAt: input.at })
      .returning();
    for (const [i, { p }] of payable.entries()) {
      await tx
        .update(payouts)
        .set({ status: 'exported', fileId: file.id, exportedAt: input.at, creditorName: transfers[i].creditorName, iban: transfers[i].creditorIban })
        .where(and(eq(payouts.id, p.id), eq(payouts.status, 'approved')));
    }
    await writeAudit(tx, operator, {
      action: 'payouts.exported',
      entityType: 'payout_file',
      entityId: file.id,
      after: { messageId, executionDate, count: transfers.length, total, payoutIds: payable.map(({ p }) => p.id), skipped },
    });
    return toPayoutFile(file, operator.email);
  });
}

/** The payout files made so far, newest first, with who made each. */
export async function listPayoutFiles(db: Executor, page: PageRequest): Promise<{ items: PayoutFile[]; total: number }> {
  const window = pageWindow(page);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ f: payoutFiles, email: users.email })
      .from(payoutFiles)
      .leftJoin(users, eq(users.id, payoutFiles.createdBy))
      .orderBy(desc(payoutFiles.createdAt), desc(payoutFiles.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(payoutFiles),
  ]);
  return { items: rows.map(({ f, email }) => toPayoutFile(f, email)), total };
}

export async function getPayoutFile(db: Executor, id: number): Promise<PayoutFileRow> {
  const [row] = await db.select().from(payoutFiles).where(eq(payoutFiles.id, id)).limit(1);
  if (!row) throw notFound('id');
  return row;
}

/**
 * The caller's own payouts, newest first, with the offer and, for a distribution, the gross and tax of their
 * part (the statement of what came back, and what a tax return needs).
 */
export async function investorPayouts(db: Executor, userId: string, page: PageRequest, language: 'pl' | 'en'): Promise<{ items: InvestorPayout[]; total: number }> {
  const window = pageWindow(page);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ p: payouts, d: distributions, a: distributionAllocations, o: offers, orderOfferId: orders.offerId })
      .from(payouts)
      .leftJoin(distributions, eq(distributions.id, payouts.distributionId))
      .leftJoin(distributionAllocations, and(eq(distributionAllocations.distributionId, payouts.distributionId), eq(distributionAllocations.userId, payouts.userId)))
      .leftJoin(orders, eq(orders.id, payouts.orderId))
      .innerJoin(offers, sql`${offers.id} = coalesce(${distributions.offerId}, ${orders.offerId})`)
      .where(eq(payouts.userId, userId))
      .orderBy(desc(payouts.createdAt), desc(payouts.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(payouts).where(eq(payouts.userId, userId)),
  ]);
  const pick = (text: { pl: string; en: string }) => text[language] || text[language === 'pl' ? 'en' : 'pl'];
  return {
    total,
    items: rows.map(({ p, d, a, o }) => ({
      id: p.id,
      reference: formatReference(p.reference),
      kind: p.kind,
      status: p.status,
      offer: { id: o.id, title: pick(o.title), slug: pick(o.slug) },
      distributionKind: d?.kind ?? null,
      periodFrom: d?.periodFrom ?? null,
      periodTo: d?.periodTo ?? null,
      recordDate: d?.recordDate ?? null,
      gross: a?.gross ?? p.amount,
      tax: a?.tax ?? 0,
      net: p.amount,
      createdAt: p.createdAt.toISOString(),
      executedAt: p.executedAt?.toISOString() ?? null,
      returnedAt: p.returnedAt?.toISOString() ?? null,
    })),
  };
}
