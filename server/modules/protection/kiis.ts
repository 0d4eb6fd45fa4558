import { createHash } from 'node:crypto';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Language } from '../../config';
import type { Db } from '../../db/client';
import { users } from '../../db/schema-core';
import { offers, offerSeries } from '../../db/schema-content';
import { kiisVersions, type KiisVersionRow } from '../../db/schema-protection';
import type { Executor } from '../mail/outbox';
import { renderPdf, type PdfContent, type StoredPdfContent } from '../documents/pdf';
import { apiError, notFound } from '../../lib/errors';
import { writeAudit, type Operator } from '../backoffice/audit';
import { ISSUER } from '../documents/templates';
import { formatDate, formatMoney } from '../../../lib/format';
import { REFLECTION_DAYS } from './reflection-period';

// The key investment information sheet (ECSP Art. 23): one per offer and language, generated from the
// offer's data and the operator's text, with the regulation's mandatory risk warning (Delegated Regulation
// (EU) 2022/2114, Annex, Part A) and the reflection period explained. It has versions (kiis_versions): the
// operator's edit of the text makes the next one, and so does any change of the offer's data the sheet shows
// (noticed the next time the sheet is asked for). A version keeps its whole content, so the sheet an order
// acknowledged is produced again word for word later; its hash (SHA-256 of that content) is what the investor
// acknowledges and the order stores. Only what does not move with orders goes in (no shares left), so the
// version stays put while the offer sells.

type OfferRow = typeof offers.$inferSelect;
type SeriesRow = typeof offerSeries.$inferSelect;
/** What the sheet shows of an offer and its series (nothing that moves with orders). */
const OFFER_FIELDS = ['title', 'address', 'projectType', 'totalCost', 'developerEquity', 'investmentStart', 'investmentEnd'] as const;
const SERIES_FIELDS = ['name', 'pricePerShare', 'minStocks', 'totalShares'] as const;
export type KiisOffer = Pick<OfferRow, (typeof OFFER_FIELDS)[number]>;
export type KiisSeries = Pick<SeriesRow, (typeof SERIES_FIELDS)[number]>;

const TEXT = {
  pl: {
    title: 'Arkusz kluczowych informacji inwestycyjnych',
    project: 'Projekt',
    offer: 'Oferta',
    address: 'Lokalizacja',
    projectType: 'Rodzaj projektu',
    totalCost: 'Całkowity koszt projektu',
    developerEquity: 'Wkład własny dewelopera',
    target: 'Kwota pozyskiwana od inwestorów',
    start: 'Początek przyjmowania zapisów',
    end: 'Koniec przyjmowania zapisów',
    series: 'Serie udziałów',
    seriesName: 'Seria',
    price: 'Cena za udział',
    min: 'Minimum',
    shares: 'Udziały w serii',
    riskHeading: 'Ostrzeżenie o ryzyku',
    risk:
      'Niniejsza oferta crowdfundingowa nie została zweryfikowana ani zatwierdzona przez właściwe organy lub Europejski Urząd Nadzoru Giełd i Papierów Wartościowych (ESMA). Stosowność Twojego doświadczenia i wiedzy niekoniecznie została oceniona przed udzieleniem Ci dostępu do tej inwestycji. Dokonując tej inwestycji, bierzesz na siebie pełne ryzyko jej podjęcia, w tym ryzyko częściowej lub całkowitej utraty zainwestowanych środków. Twoja inwestycja nie jest objęta systemami gwarancji depozytów ani systemami rekompensat dla inwestorów. Możesz nie otrzymać żadnego zwrotu z inwestycji, a udziałów może nie dać się sprzedać w dowolnym momencie.',
    reflectionHeading: 'Okres namysłu',
    reflection: `Jako inwestor niedoświadczony przez ${REFLECTION_DAYS} dni kalendarzowe od złożenia zamówienia możesz je odwołać bez podania przyczyny i bez kosztów, jednym kliknięciem na stronie zamówienia lub linkiem z e-maila potwierdzającego. Jeśli zamówienie było już opłacone, zwrócimy pieniądze tą samą drogą, którą wpłynęły.`,
    operatorHeading: 'Informacje operatora platformy',
    version: 'Wersja arkusza',
    versionOf: (n: number, date: string) => `${n} z ${date}`,
    footer: 'Arkusz wygenerowany z danych oferty i tekstu operatora; jego wersję (skrót SHA-256) zapisujemy z zamówieniem.',
  },
  en: {
    title: 'Key investment information sheet',
    project: 'Project',
    offer: 'Offer',
    address: 'Location',
    projectType: 'Project type',
    totalCost: 'Total cost of the project',
    developerEquity: 'Developer’s own contribution',
    target: 'Amount raised from investors',
    start: 'Orders accepted from',
    end: 'Orders accepted until',
    series: 'Share series',
    seriesName: 'Series',
    price: 'Price per share',
    min: 'Minimum',
    shares: 'Shares in the series',
    riskHeading: 'Risk warning',
    risk:
      'This crowdfunding offer has been neither verified nor approved by competent authorities or the European Securities and Markets Authority (ESMA). The appropriateness of your experience and knowledge have not necessarily been assessed before you were granted access to this investment. By making this investment, you take full risk of taking this investment, including the risk of partial or entire loss of the money invested. Your investment is not covered by the deposit guarantee schemes or the investor compensation schemes. You may not receive any return on your investment, and you may not be able to sell the shares whenever you want.',
    reflectionHeading: 'Reflection period',
    reflection: `As a non-sophisticated investor you may revoke your order for ${REFLECTION_DAYS} calendar days after placing it, without giving a reason and without a penalty, in one click on the order page or with the link in the confirmation e-mail. If the order was already paid, the money is returned the way it was paid.`,
    operatorHeading: 'Information from the platform operator',
    version: 'Sheet version',
    versionOf: (n: number, date: string) => `${n} of ${date}`,
    footer: 'Sheet generated from the offer’s data and the operator’s text; its version (SHA-256) is stored with the order.',
  },
} as const;

/** Which version the sheet is: its number, its date and the operator's text it carries. */
export interface KiisEdition {
  number: number;
  date: Date;
  operatorText: string;
}

/** The operator's text as paragraphs (blank lines separate them). */
const paragraphsOf = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

export function kiisContent(offer: KiisOffer, series: KiisSeries[], language: Language, edition: KiisEdition): PdfContent {
  const t = TEXT[language];
  const operatorParagraphs = paragraphsOf(edition.operatorText);
  const fields: [string, string][] = [
    [t.version, t.versionOf(edition.number, formatDate(edition.date, language))],
    [t.offer, offer.title[language]],
    [t.address, offer.address[language]],
    [t.projectType, offer.projectType[language]],
    [t.totalCost, formatMoney(offer.totalCost, language)],
    [t.developerEquity, formatMoney(offer.developerEquity, language)],
    [t.target, formatMoney(Math.max(0, offer.totalCost - offer.developerEquity), language)],
  ];
  if (offer.investmentStart) fields.push([t.start, formatDate(offer.investmentStart, language)]);
  if (offer.investmentEnd) fields.push([t.end, formatDate(offer.investmentEnd, language)]);
  return {
    title: t.title,
    subtitle: offer.title[language],
    issuer: ISSUER,
    language,
    date: edition.date,
    footer: t.footer,
    blocks: [
      { type: 'heading', text: t.riskHeading },
      { type: 'paragraph', text: t.risk },
      { type: 'heading', text: t.project },
      { type: 'fields', fields },
      { type: 'heading', text: t.series },
      {
        type: 'table',
        table: {
          columns: [
            { label: t.seriesName, width: 160 },
            { label: t.price, width: 120, align: 'right' },
            { label: t.min, width: 80, align: 'right' },
            { label: t.shares, width: 135, align: 'right' },
          ],
          rows: series.map((s) => [s.name[language], formatMoney(s.pricePerShare, language), String(s.minStocks), String(s.totalShares)]),
        },
      },
      ...(operatorParagraphs.length
        ? [{ type: 'heading' as const, text: t.operatorHeading }, ...operatorParagraphs.map((text) => ({ type: 'paragraph' as const, text }))]
        : []),
      { type: 'heading', text: t.reflectionHeading },
      { type: 'paragraph', text: t.reflection },
    ],
  };
}

/** The sheet's version: SHA-256 of its content (hex). */
export function kiisHash(content: PdfContent): string {
  return createHash('sha256').update(JSON.stringify({ ...content, date: content.date.toISOString() })).digest('hex');
}

export async function loadKiisParts(db: Executor, offerId: number): Promise<{ offer: OfferRow; series: SeriesRow[] } | undefined> {
  const [offer] = await db.select().from(offers).where(eq(offers.id, offerId)).limit(1);
  if (!offer) return undefined;
  const series = await db.select().from(offerSeries).where(eq(offerSeries.offerId, offerId)).orderBy(asc(offerSeries.position), asc(offerSeries.id));
  return { offer, series };
}

/**
 * What a version is made from (the offer's data, the operator's text, the sheet's fixed texts), without its
 * number and date. Every order checks it, and building the sheet (Intl formatting, JSON, SHA-256) was about
 * half a millisecond of CPU per order (docs/benchmarks.md): the answer is kept per process, keyed by exactly
 * the fields the sheet can read (KiisOffer and KiisSeries are made from the same lists), so a changed offer
 * is a new key, never a stale answer.
 */
export function kiisSourceHash(offer: KiisOffer, series: KiisSeries[], language: Language, operatorText: string): string {
  const key = JSON.stringify([language, operatorText, OFFER_FIELDS.map((f) => offer[f]), series.map((s) => SERIES_FIELDS.map((f) => s[f]))]);
  let hash = sourceHashes.get(key);
  if (hash === undefined) {
    hash = kiisHash(kiisContent(offer, series, language, { number: 0, date: new Date(0), operatorText }));
    if (sourceHashes.size >= 500) sourceHashes.clear();
    sourceHashes.set(key, hash);
  }
  return hash;
}
const sourceHashes = new Map<string, string>();

export const storedContent = (content: PdfContent): StoredPdfContent => ({ ...content, date: content.date.toISOString() });
export const contentOf = (stored: StoredPdfContent): PdfContent => ({ ...stored, date: new Date(stored.date) });

/** The PDF of a version, rendered from what it stored. */
export const renderKiis = (version: Pick<KiisVersionRow, 'content'>): Promise<Buffer> => renderPdf(contentOf(version.content));

async function latestVersion(db: Executor, offerId: number, language: Language): Promise<KiisVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(kiisVersions)
    .where(and(eq(kiisVersions.offerId, offerId), eq(kiisVersions.language, language)))
    .orderBy(desc(kiisVersions.version))
    .limit(1);
  return row;
}

/**
 * Writes the next version of an offer's sheet in a language, the offer's row locked so versions are numbered
 * one after the other whoever writes at the same time. `operatorText` undefined: the platform's version after
 * the offer's data changed (nothing is written when another request made it already); a string: the
 * operator's edit (the same text as the current version's is refused: nothing would change).
 */
async function writeVersion(
  db: Db,
  offerId: number,
  language: Language,
  now: Date,
  edit?: { operatorText: string; operator: Operator; reason: string },
): Promise<KiisVersionRow | undefined> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: offers.id }).from(offers).where(eq(offers.id, offerId)).for('update').limit(1);
    if (!locked) return undefined;
    const parts = (await loadKiisParts(tx, offerId))!;
    const latest = await latestVersion(tx, offerId, language);
    const operatorText = edit ? edit.operatorText : (latest?.operatorText ?? '');
    const sourceHash = kiisSourceHash(parts.offer, parts.series, language, operatorText);
    if (latest && latest.sourceHash === sourceHash) {
      if (edit) throw apiError(400, 'KIIS_TEXT_UNCHANGED', 'text');
      return latest;
    }
    const number = (latest?.version ?? 0) + 1;
    // Whole milliseconds: the date round-trips through the stored JSON unchanged.
    const content = kiisContent(parts.offer, parts.series, language, { number, date: new Date(Math.floor(now.getTime())), operatorText });
    const [row] = await tx
      .insert(kiisVersions)
      .values({
        offerId,
        language,
        version: number,
        operatorText,
        content: storedContent(content),
        hash: kiisHash(content),
        sourceHash,
        createdAt: content.date,
        createdBy: edit?.operator.userId ?? null,
      })
      .returning();
    if (edit) {
      await writeAudit(tx, edit.operator, {
        action: 'offer.kiis.updated',
        entityType: 'offer',
        entityId: offerId,
        reason: edit.reason,
        before: latest ? { language, version: latest.version, operatorText: latest.operatorText, hash: latest.hash } : null,
        after: { language, version: row.version, operatorText: row.operatorText, hash: row.hash },
      });
    }
    return row;
  });
}

/**
 * The offer's current sheet in a language (undefined: no such offer). The latest version, unless the offer's
 * data changed since it was made: then the next one, with the same operator's text, is made now.
 */
export async function currentKiis(db: Db, offerId: number, language: Language, now: Date): Promise<KiisVersionRow | undefined> {
  const [parts, latest] = await Promise.all([loadKiisParts(db, offerId), latestVersion(db, offerId, language)]);
  if (!parts) return undefined;
  if (latest && latest.sourceHash === kiisSourceHash(parts.offer, parts.series, language, latest.operatorText)) return latest;
  return writeVersion(db, offerId, language, now);
}

/** The operator's new text: the next version (400 KIIS_TEXT_UNCHANGED when it says what the current one says). */
export async function editKiisText(
  db: Db,
  operator: Operator,
  input: { offerId: number; language: Language; operatorText: string; reason: string },
  now: Date,
): Promise<KiisVersionRow> {
  const row = await writeVersion(db, input.offerId, input.language, now, { operatorText: input.operatorText, operator, reason: input.reason });
  if (!row) throw notFound('id');
  return row;
}

/** A version of the offer's sheet by its hash (any version, current or not). */
export async function kiisVersionByHash(db: Executor, offerId: number, hash: string): Promise<KiisVersionRow | undefined> {
  const [row] = await db.select().from(kiisVersions).where(and(eq(kiisVersions.offerId, offerId), eq(kiisVersions.hash, hash))).limit(1);
  return row;
}

/** A version of the offer's sheet by its language and number. */
export async function kiisVersionByNumber(db: Executor, offerId: number, language: Language, version: number): Promise<KiisVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(kiisVersions)
    .where(and(eq(kiisVersions.offerId, offerId), eq(kiisVersions.language, language), eq(kiisVersions.version, version)))
    .limit(1);
  return row;
}

/** The version with this hash if it is the offer's current sheet in its language, else null (it changed since). */
export async function currentKiisByHash(db: Db, offerId: number, hash: string, now: Date): Promise<KiisVersionRow | null> {
  const row = await kiisVersionByHash(db, offerId, hash);
  if (!row) return null;
  const current = await currentKiis(db, offerId, row.language, now);
  return current?.id === row.id ? row : null;
}

/** A version as the order path checks it (`kiisCheckSql`). */
export type KiisVersionRef = Pick<KiisVersionRow, 'id' | 'language' | 'version' | 'hash' | 'sourceHash' | 'operatorText'>;

/** What `kiisCheckSql` reads: the version with the hash, the latest version in its language, the offer's series. */
export interface KiisCheck {
  version: KiisVersionRef | null;
  latest: KiisVersionRef | null;
  series: KiisSeries[];
}

/**
 * What the order path needs to tell whether the sheet the investor acknowledged (by its hash) is the
 * offer's current one, as ONE SQL expression yielding a JSON object (KiisCheck), read in the same round trip
 * as the rest of the order's context (orders/investment-rules.ts). The offer's own columns come with that
 * context.
 */
export function kiisCheckSql(offerId: SQL, hash: SQL): SQL<KiisCheck> {
  const ref = (alias: string) =>
    sql.raw(`json_build_object('id', ${alias}.id, 'language', ${alias}.language, 'version', ${alias}.version, 'hash', ${alias}.hash,
      'sourceHash', ${alias}.source_hash, 'operatorText', ${alias}.operator_text)`);
  return sql<KiisCheck>`(
    select json_build_object(
      'version', (select ${ref('v')} from kiis_versions v where v.offer_id = ${offerId} and v.hash = ${hash}),
      'latest', (select ${ref('l')} from kiis_versions l
         where l.offer_id = ${offerId} and l.language = (select v.language from kiis_versions v where v.offer_id = ${offerId} and v.hash = ${hash})
         order by l.version desc limit 1),
      'series', (select coalesce(json_agg(json_build_object('name', s.name, 'pricePerShare', s.price_per_share,
           'minStocks', s.min_stocks, 'totalShares', s.total_shares) order by s.position, s.id), '[]'::json)
         from offer_series s where s.offer_id = ${offerId})))`;
}

/**
 * The version the investor acknowledged if it is the offer's current sheet, else null: `currentKiisByHash`
 * decided from what `kiisCheckSql` read. Only when the offer's data changed since the latest version does it
 * go to the database again, where the next version is made (as any read of the sheet would).
 */
export async function acknowledgedKiis(db: Db, offer: KiisOffer & { id: number }, check: KiisCheck, hash: string, now: Date): Promise<KiisVersionRef | null> {
  const { version, latest } = check;
  if (!version || !latest) return null;
  if (latest.id !== version.id) return null;
  if (latest.sourceHash === kiisSourceHash(offer, check.series, latest.language, latest.operatorText)) return version;
  return currentKiisByHash(db, offer.id, hash, now);
}

/** Every version of the offer's sheets, newest first, with who made each (null: the platform). */
export async function listKiisVersions(db: Executor, offerId: number) {
  return db
    .select({ version: kiisVersions, createdByEmail: users.email })
    .from(kiisVersions)
    .leftJoin(users, eq(users.id, kiisVersions.createdBy))
    .where(eq(kiisVersions.offerId, offerId))
    .orderBy(asc(kiisVersions.language), desc(kiisVersions.version));
}
