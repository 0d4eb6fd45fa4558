import { createHash } from 'node:crypto';
import { and, asc, eq, gte, inArray, isNotNull, lte, min, sql } from 'drizzle-orm';
import type { InvestorDocument, IssuedDocumentKind } from '../../../contract/portfolio';
import { plainName } from '../../../contract/text';
import { nowOf, type Config, type Language } from '../../config';
import type { Db } from '../../db/client';
import { offerDocuments, offerSeries, offers } from '../../db/schema-content';
import { issuedDocuments, type IssuedDocumentRow } from '../../db/schema-documents';
import { orders } from '../../db/schema-orders';
import { distributionAllocations, distributions, payouts } from '../../db/schema-payouts';
import { pick } from '../../lib/translated';
import { loadOrderParts, type OrderParts } from '../orders/order-repository';
import { formatReference } from '../orders/reference';
import { warsawYear } from '../../../lib/format';
import { renderPdf } from './pdf';
import { allotmentConfirmation, documentTitle, orderConfirmation, paymentConfirmation, yearlyStatement, type OrderFacts, type StatementFacts } from './templates';
import { findUserById } from '../accounts/users-repository';

// Documents the platform issues to an investor (docs/api.md "Investor area"):
//   - order confirmation: for every order, from the moment it exists;
//   - payment confirmation: for every order that has been paid (paid_at set);
//   - allotment confirmation: for every completed order (completed_at set: the offer closed funded and the
//     shares are the investor's), the offer, series, shares, price and date;
//   - yearly statement: for every finished calendar year (Polish time) since the investor's first payment.
// WHEN they are generated: lazily, the first time one is downloaded. Creating an order or confirming a payment
// does no PDF work at all, so neither can be slowed down or broken by it; a document's facts are the order's
// immutable ones (reference, amounts, the investor data snapshot, creation and payment times), so generating
// later says the same as generating at once. The bytes are then stored in `issued_documents` under the
// document's key (INSERT ... ON CONFLICT DO NOTHING, then read back): every later download, on any node,
// answers those same bytes; two concurrent first downloads store one and both answer it.
// WHAT language: the one the investor reads in (the request's language, or the one they ask for): each
// document is generated and stored once per language, under a key that names it.

export type DocumentRef =
  | { kind: 'orderConfirmation'; orderId: string }
  | { kind: 'paymentConfirmation'; orderId: string }
  | { kind: 'allotmentConfirmation'; orderId: string }
  | { kind: 'yearlyStatement'; year: number };

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const ID_PATTERNS: [RegExp, (m: RegExpExecArray) => DocumentRef][] = [
  [new RegExp(`^order-confirmation-(${UUID})$`), (m) => ({ kind: 'orderConfirmation', orderId: m[1].toLowerCase() })],
  [new RegExp(`^payment-confirmation-(${UUID})$`), (m) => ({ kind: 'paymentConfirmation', orderId: m[1].toLowerCase() })],
  [new RegExp(`^allotment-confirmation-(${UUID})$`), (m) => ({ kind: 'allotmentConfirmation', orderId: m[1].toLowerCase() })],
  [/^statement-(\d{4})$/, (m) => ({ kind: 'yearlyStatement', year: Number(m[1]) })],
];

/** The public id of a document (the download path's last segment). */
export function documentId(ref: DocumentRef): string {
  if (ref.kind === 'yearlyStatement') return `statement-${ref.year}`;
  const prefix = { orderConfirmation: 'order', paymentConfirmation: 'payment', allotmentConfirmation: 'allotment' }[ref.kind];
  return `${prefix}-confirmation-${ref.orderId}`;
}

export function parseDocumentId(id: string): DocumentRef | undefined {
  for (const [pattern, build] of ID_PATTERNS) {
    const m = pattern.exec(id);
    if (m) return build(m);
  }
  return undefined;
}

/** The storage key: unique per document and language, including whose it is for statements. */
const storageKey = (userId: string, ref: DocumentRef, language: Language) =>
  `${ref.kind === 'yearlyStatement' ? `yearlyStatement:${userId}:${ref.year}` : `${ref.kind}:${ref.orderId}`}:${language}`;

/** Path of the download under the API base (the SPA's HTTP client adds `/api`). */
export const downloadPath = (id: string) => `/investor/documents/${id}`;

const FILE_NAMES: Record<IssuedDocumentKind, Record<Language, string>> = {
  orderConfirmation: { pl: 'potwierdzenie-zamowienia', en: 'order-confirmation' },
  paymentConfirmation: { pl: 'potwierdzenie-platnosci', en: 'payment-confirmation' },
  allotmentConfirmation: { pl: 'potwierdzenie-przydzialu', en: 'allotment-confirmation' },
  yearlyStatement: { pl: 'zestawienie-roczne', en: 'yearly-statement' },
};

export interface StoredDocument {
  fileName: string;
  contentType: string;
  bytes: Buffer;
  sha256: string;
}

const endOfWarsawYear = (year: number) => {
  // 31 Dec 23:59:59.999 in Warsaw (CET, UTC+1 in winter).
  return new Date(Date.UTC(year, 11, 31, 22, 59, 59, 999));
};
const startOfWarsawYear = (year: number) => new Date(Date.UTC(year - 1, 11, 31, 23, 0, 0, 0));

function orderFacts(parts: OrderParts, language: Language): OrderFacts {
  const { order } = parts;
  const paid = parts.transactions.find((t) => t.status === 'paid' || t.status === 'completed');
  const data = order.investorData;
  return {
    reference: order.reference,
    createdAt: order.createdAt,
    paidAt: order.paidAt,
    completedAt: order.completedAt,
    // The deadline while unpaid (a payment clears it: a confirmation first downloaded later shows none).
    expiresAt: order.expiresAt,
    offerTitle: pick(parts.offer.title, language),
    seriesName: pick(parts.series.name, language),
    quantity: order.quantity,
    pricePerShare: order.pricePerShare,
    amount: order.amount,
    feeBasisPoints: order.feeBasisPoints,
    feeValue: order.feeValue,
    totalPrice: order.totalPrice,
    method: order.methodCode,
    investor: {
      firstName: data.firstName,
      lastName: data.lastName,
      email: data.email,
      address: [data.address.address, `${data.address.zip} ${data.address.city}`, data.address.country.name].filter(Boolean).join(', '),
    },
    transactionId: paid ? (paid.captureId ?? paid.externalId ?? `#${paid.id}`) : null,
  };
}

export function createDocumentsService(deps: { db: Db; config: Config }) {
  const { db, config } = deps;

  /** Years with a statement: every finished year from the investor's first payment on. */
  async function statementYears(userId: string): Promise<number[]> {
    const [row] = await db
      .select({ first: min(orders.paidAt) })
      .from(orders)
      .where(and(eq(orders.userId, userId), isNotNull(orders.paidAt)));
    if (!row?.first) return [];
    const first = warsawYear(new Date(row.first as unknown as string | Date));
    const current = warsawYear(nowOf(config));
    const years: number[] = [];
    for (let y = current - 1; y >= first; y -= 1) years.push(y);
    return years;
  }

  async function statementFacts(userId: string, year: number, language: Language): Promise<StatementFacts | undefined> {
    const user = await findUserById(db, userId);
    if (!user) return undefined;
    const yearEnd = endOfWarsawYear(year);
    const yearStart = startOfWarsawYear(year);
    const rows = await db
      .select({ order: orders, offerTitle: offers.title, seriesName: offerSeries.name })
      .from(orders)
      .innerJoin(offers, eq(offers.id, orders.offerId))
      .innerJoin(offerSeries, eq(offerSeries.id, orders.seriesId))
      .where(and(eq(orders.userId, userId), isNotNull(orders.paidAt), lte(orders.paidAt, yearEnd)))
      .orderBy(asc(orders.paidAt), asc(orders.id));
    const holdings = new Map<string, StatementFacts['holdings'][number]>();
    const payments: StatementFacts['payments'] = [];
    for (const { order, offerTitle, seriesName } of rows) {
      const paidAt = order.paidAt!;
      const heldAtYearEnd = !order.cancelledAt || order.cancelledAt > yearEnd || order.cancelledAt < paidAt;
      if (heldAtYearEnd) {
        const key = `${order.offerId}:${order.seriesId}`;
        const h = holdings.get(key) ?? { offerTitle: pick(offerTitle, language), seriesName: pick(seriesName, language), quantity: 0, amount: 0 };
        h.quantity += order.quantity;
        h.amount += order.amount;
        holdings.set(key, h);
      }
      if (paidAt >= yearStart) {
        payments.push({ date: paidAt, reference: order.reference, offerTitle: pick(offerTitle, language), method: order.methodCode, quantity: order.quantity, total: order.totalPrice });
      }
    }
    // Distributions paid in the year: the payouts the bank statement showed executed, with the holder's part.
    const paidOut = await db
      .select({ payout: payouts, allocation: distributionAllocations, distribution: distributions, offerTitle: offers.title })
      .from(payouts)
      .innerJoin(distributions, eq(distributions.id, payouts.distributionId))
      .innerJoin(distributionAllocations, and(eq(distributionAllocations.distributionId, payouts.distributionId), eq(distributionAllocations.userId, payouts.userId)))
      .innerJoin(offers, eq(offers.id, distributions.offerId))
      .where(and(eq(payouts.userId, userId), eq(payouts.kind, 'distribution'), eq(payouts.status, 'executed'), gte(payouts.executedAt, yearStart), lte(payouts.executedAt, yearEnd)))
      .orderBy(asc(payouts.executedAt), asc(payouts.id));
    const paidDistributions: StatementFacts['distributions'] = paidOut.map(({ payout, allocation, distribution, offerTitle }) => ({
      date: payout.executedAt!,
      offerTitle: pick(offerTitle, language),
      kind: distribution.kind,
      period: `${distribution.periodFrom} – ${distribution.periodTo}`,
      gross: allocation.gross,
      tax: allocation.tax,
      net: allocation.net,
    }));
    return { year, investor: user, holdings: [...holdings.values()], payments, distributions: paidDistributions, yearEnd };
  }

  /** Renders a document that is the caller's, or undefined when it is not (or does not exist yet). */
  async function render(userId: string, ref: DocumentRef, language: Language): Promise<{ bytes: Buffer; language: Language; fileName: string; orderId: string | null; year: number | null } | undefined> {
    if (ref.kind === 'yearlyStatement') {
      if (!(await statementYears(userId)).includes(ref.year)) return undefined;
      const facts = await statementFacts(userId, ref.year, language);
      if (!facts) return undefined;
      const bytes = await renderPdf(yearlyStatement(facts, language));
      return { bytes, language, fileName: `${FILE_NAMES.yearlyStatement[language]}-${ref.year}.pdf`, orderId: null, year: ref.year };
    }
    const parts = await loadOrderParts(db, ref.orderId, { userId });
    if (!parts) return undefined;
    if (ref.kind === 'paymentConfirmation' && !parts.order.paidAt) return undefined;
    if (ref.kind === 'allotmentConfirmation' && !(parts.order.status === 'completed' && parts.order.completedAt)) return undefined;
    const facts = orderFacts(parts, language);
    const content =
      ref.kind === 'orderConfirmation'
        ? orderConfirmation(facts, language)
        : ref.kind === 'paymentConfirmation'
          ? paymentConfirmation(facts, language)
          : allotmentConfirmation(facts, language);
    const bytes = await renderPdf(content);
    return { bytes, language, fileName: `${FILE_NAMES[ref.kind][language]}-${formatReference(parts.order.reference)}.pdf`, orderId: parts.order.id, year: null };
  }

  return {
    /**
     * The stored document, generated and stored on its first request. Undefined when the id is malformed,
     * the document is not the caller's, or it does not exist (yet): the route answers 404 for all of them.
     */
    async open(userId: string, id: string, language: Language): Promise<StoredDocument | undefined> {
      const ref = parseDocumentId(id);
      if (!ref) return undefined;
      const key = storageKey(userId, ref, language);
      const read = async (): Promise<IssuedDocumentRow | undefined> =>
        (await db.select().from(issuedDocuments).where(and(eq(issuedDocuments.key, key), eq(issuedDocuments.userId, userId))).limit(1))[0];
      let row = await read();
      if (!row) {
        const made = await render(userId, ref, language);
        if (!made) return undefined;
        await db
          .insert(issuedDocuments)
          .values({
            key,
            userId,
            orderId: made.orderId,
            kind: ref.kind,
            year: made.year,
            language: made.language,
            fileName: made.fileName,
            contentType: 'application/pdf',
            bytes: made.bytes,
            size: made.bytes.length,
            sha256: createHash('sha256').update(made.bytes).digest('hex'),
          })
          .onConflictDoNothing({ target: issuedDocuments.key });
        row = await read();
        if (!row) return undefined;
      }
      return { fileName: row.fileName, contentType: row.contentType, bytes: row.bytes, sha256: row.sha256 };
    },

    /** The caller's issued documents (own) and the documents of the offers they ordered (general). */
    async list(userId: string, language: Language): Promise<InvestorDocument[]> {
      const orderRows = await db
        .select({
          id: orders.id,
          reference: orders.reference,
          createdAt: orders.createdAt,
          paidAt: orders.paidAt,
          status: orders.status,
          completedAt: orders.completedAt,
          offer: { id: offers.id, slug: offers.slug, title: offers.title },
        })
        .from(orders)
        .innerJoin(offers, eq(offers.id, orders.offerId))
        .where(eq(orders.userId, userId))
        .orderBy(sql`${orders.createdAt} desc`, sql`${orders.id} desc`);
      const own: InvestorDocument[] = [];
      const issued = (kind: IssuedDocumentKind, ref: DocumentRef, date: Date, extra: Partial<InvestorDocument>, name: string): InvestorDocument => ({
        id: documentId(ref),
        displayName: name,
        url: downloadPath(documentId(ref)),
        type: 'investor',
        own: true,
        kind,
        contentType: 'application/pdf',
        date: date.toISOString(),
        offer: null,
        orderId: null,
        orderReference: null,
        ...extra,
      });
      for (const year of await statementYears(userId)) {
        own.push(issued('yearlyStatement', { kind: 'yearlyStatement', year }, endOfWarsawYear(year), {}, `${documentTitle('yearlyStatement', language)} ${year}`));
      }
      for (const o of orderRows) {
        const reference = formatReference(o.reference);
        const extra = { offer: { id: o.offer.id, slug: o.offer.slug, title: pick(o.offer.title, language) }, orderId: o.id, orderReference: reference };
        if (o.status === 'completed' && o.completedAt) {
          own.push(
            issued('allotmentConfirmation', { kind: 'allotmentConfirmation', orderId: o.id }, o.completedAt, extra, `${documentTitle('allotmentConfirmation', language)} ${reference}`),
          );
        }
        if (o.paidAt) {
          own.push(issued('paymentConfirmation', { kind: 'paymentConfirmation', orderId: o.id }, o.paidAt, extra, `${documentTitle('paymentConfirmation', language)} ${reference}`));
        }
        own.push(issued('orderConfirmation', { kind: 'orderConfirmation', orderId: o.id }, o.createdAt, extra, `${documentTitle('orderConfirmation', language)} ${reference}`));
      }

      const offerIds = [...new Set(orderRows.map((o) => o.offer.id))];
      const general: InvestorDocument[] = [];
      if (offerIds.length) {
        const docs = await db
          .select({ doc: offerDocuments, offer: { id: offers.id, slug: offers.slug, title: offers.title } })
          .from(offerDocuments)
          .innerJoin(offers, eq(offers.id, offerDocuments.offerId))
          .where(inArray(offerDocuments.offerId, offerIds))
          .orderBy(asc(offers.id), asc(offerDocuments.position), asc(offerDocuments.id));
        for (const { doc, offer } of docs) {
          general.push({
            id: `offer-document-${doc.id}`,
            displayName: plainName(pick(doc.displayName, language)),
            url: doc.url,
            type: 'general',
            own: false,
            kind: null,
            contentType: doc.url.toLowerCase().endsWith('.pdf') ? 'application/pdf' : 'application/octet-stream',
            date: null,
            offer: { id: offer.id, slug: offer.slug, title: pick(offer.title, language) },
            orderId: null,
            orderReference: null,
          });
        }
      }
      return [...own, ...general];
    },
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(kind: 'attachment' | 'inline', fileName: string): string {
  const ascii = fileName.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
