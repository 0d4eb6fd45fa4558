import { createHash } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Language } from '../config';
import { offers, offerSeries } from '../db/schema-content';
import type { Executor } from '../mail/outbox';
import type { PdfContent } from '../documents/pdf';
import { ISSUER } from '../documents/templates';
import { formatDate, formatMoney } from '../../lib/format';
import { REFLECTION_DAYS } from './reflection-period';

// The key investment information sheet (ECSP Art. 23): one per offer and language, generated from the
// offer's data with the regulation's mandatory risk warning (Delegated Regulation (EU) 2022/2114, Annex,
// Part A) and the reflection period explained. Its version is the SHA-256 of what it says, so an order
// stores the exact sheet the investor acknowledged; any change of the offer's data makes a new version.
// Only what does not move with orders goes in (no shares left), so the version stays put while the offer sells.

type OfferRow = typeof offers.$inferSelect;
type SeriesRow = typeof offerSeries.$inferSelect;

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
    footer: 'Arkusz wygenerowany z danych oferty; wersję (skrót SHA-256) zapisujemy z zamówieniem.',
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
    footer: 'Sheet generated from the offer’s data; its version (SHA-256) is stored with the order.',
  },
} as const;

export function kiisContent(offer: OfferRow, series: SeriesRow[], language: Language): PdfContent {
  const t = TEXT[language];
  const fields: [string, string][] = [
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
    // The offer's creation: the sheet's date does not change while its content stays the same.
    date: offer.createdAt,
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

/** Which language's current sheet of the offer has this hash, or null when neither (it changed since). */
export async function kiisLanguageOf(db: Executor, offerId: number, hash: string): Promise<Language | null> {
  const parts = await loadKiisParts(db, offerId);
  if (!parts) return null;
  for (const language of ['pl', 'en'] as const) {
    if (kiisHash(kiisContent(parts.offer, parts.series, language)) === hash) return language;
  }
  return null;
}
