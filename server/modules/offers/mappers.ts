import { investorsEquity } from '../../../contract/funding';
import { plainName } from '../../../contract/text';
import type { Language } from '../../config';
import type { SectionPayloads, SectionType } from '../../db/schema-content';
import { SECTION_TYPES } from '../../db/schema-content';
import { pick } from '../../lib/translated';
import { offerFigures, type FigureQueries, type OfferFigures } from './figures';
import type { Executor } from '../../db/client';
import { badgesFor, offerParts, type AgreementRow, type BadgeRow, type DocumentRow, type OfferRow, type SectionRow } from './repository';
import type { Agreement, Doc, Offer, OfferSummary, Section } from './schemas';

// Rows → the shapes of docs/api.md, texts in one language.

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toOfferSummary(row: OfferRow, badges: BadgeRow[], lang: Language, figures: OfferFigures): OfferSummary {
  return {
    id: row.id,
    slug: { pl: row.slug.pl, en: row.slug.en },
    title: pick(row.title, lang),
    mainDescription: pick(row.mainDescription, lang),
    thumbUrl: row.thumbUrl,
    imageUrl: row.imageUrl,
    projectType: pick(row.projectType, lang),
    isOpen: row.isOpen,
    badges: badges.map((b) => ({ text: pick(b.text, lang), colorText: b.colorText, colorBackground: b.colorBackground })),
    investmentStart: iso(row.investmentStart),
    investmentEnd: iso(row.investmentEnd),
    address: pick(row.address, lang),
    totalCost: row.totalCost,
    developerEquity: row.developerEquity,
    investorEquity: investorsEquity(row),
    ...figures,
    projectedReturnBasisPoints: row.projectedReturnBasisPoints,
  };
}

export async function toOfferSummaries(
  db: Executor,
  figureQueries: FigureQueries,
  rows: OfferRow[],
  lang: Language,
): Promise<OfferSummary[]> {
  const ids = rows.map((r) => r.id);
  const [badges, series] = await Promise.all([badgesFor(db, ids), figureQueries.seriesFor(ids)]);
  return rows.map((row) => toOfferSummary(row, badges.get(row.id) ?? [], lang, offerFigures(row, series.get(row.id) ?? [])));
}

// Shown as plain names: a name stored before uploads were cleaned cannot pose as another (contract/text.ts).
export const toDoc = (row: { id: number; displayName: { pl: string; en: string }; url: string }, lang: Language): Doc => ({
  id: row.id,
  displayName: plainName(pick(row.displayName, lang)),
  url: row.url,
});

export const toAgreement = (row: AgreementRow, lang: Language): Agreement => ({
  id: row.id,
  content: pick(row.content, lang),
  required: row.required,
});

export function splitDocuments(rows: DocumentRow[], lang: Language, maysee: boolean) {
  return {
    general: rows.filter((d) => d.kind === 'general').map((d) => toDoc(d, lang)),
    investor: maysee ? rows.filter((d) => d.kind === 'investor').map((d) => toDoc(d, lang)) : [],
  };
}

const isKnownType = (type: string): type is SectionType => (SECTION_TYPES as readonly string[]).includes(type);

/** One section row → the documented section; a type the API does not know (or a broken payload) gives null. */
export function toSection(row: SectionRow, generalDocuments: DocumentRow[], lang: Language): Section | null {
  if (!isKnownType(row.type)) return null;
  const base = {
    id: row.id,
    position: row.position,
    title: pick(row.title, lang),
    grid: { mobile: row.gridMobile, tablet: row.gridTablet, desktop: row.gridDesktop },
  };
  const fullWidth = (flag: boolean | undefined) => Boolean(flag) || row.gridDesktop === 12;
  try {
    switch (row.type) {
      case 'text': {
        const p = row.payload as SectionPayloads['text'];
        return { ...base, type: 'text', content: pick(p.content, lang) };
      }
      case 'image': {
        const p = row.payload as SectionPayloads['image'];
        return { ...base, type: 'image', description: pick(p.description, lang), imageUrl: p.imageUrl, thumbUrl: p.thumbUrl };
      }
      case 'gallery': {
        const p = row.payload as SectionPayloads['gallery'];
        return {
          ...base,
          type: 'gallery',
          elements: p.elements.map((e, i) => ({
            position: i + 1,
            title: pick(e.title, lang),
            description: pick(e.description, lang),
            imageUrl: e.imageUrl,
            thumbUrl: e.thumbUrl,
          })),
        };
      }
      case 'map': {
        const p = row.payload as SectionPayloads['map'];
        return {
          ...base,
          type: 'map',
          zoom: p.zoom,
          latitude: p.latitude,
          longitude: p.longitude,
          address: pick(p.address, lang),
          isFullWidth: fullWidth(p.isFullWidth),
        };
      }
      case 'timeline': {
        const p = row.payload as SectionPayloads['timeline'];
        return {
          ...base,
          type: 'timeline',
          isFullWidth: fullWidth(p.isFullWidth),
          elements: p.elements.map((e) => ({
            date: e.date,
            label: pick(e.label, lang),
            content: pick(e.content, lang),
            thumbUrl: e.thumbUrl,
            imageUrl: e.imageUrl,
            current: e.current,
          })),
        };
      }
      case 'counter': {
        const p = row.payload as SectionPayloads['counter'];
        return {
          ...base,
          type: 'counter',
          animationDuration: p.animationDuration,
          elements: p.elements.map((e, i) => ({
            position: i + 1,
            countFrom: e.countFrom,
            countTo: e.countTo,
            label: pick(e.label, lang),
            subLabel: pick(e.subLabel, lang),
            color: e.color,
          })),
        };
      }
      case 'pieChart':
      case 'doughnut':
      case 'barChart': {
        const p = row.payload as SectionPayloads['pieChart'];
        return {
          ...base,
          type: row.type,
          elements: p.elements.map((e) => ({ label: pick(e.label, lang), value: e.value, color: e.color })),
        };
      }
      case 'video': {
        const p = row.payload as SectionPayloads['video'];
        return { ...base, type: 'video', url: p.url, autoPlay: p.autoPlay };
      }
      case 'documents': {
        const p = row.payload as SectionPayloads['documents'];
        // Only the offer's general documents: investor documents never leak through a section.
        const byKey = new Map(generalDocuments.map((d) => [d.key, d]));
        return {
          ...base,
          type: 'documents',
          elements: p.documentKeys.flatMap((key) => {
            const doc = byKey.get(key);
            return doc ? [{ attachment: toDoc(doc, lang) }] : [];
          }),
        };
      }
      case 'table': {
        const p = row.payload as SectionPayloads['table'];
        return {
          ...base,
          type: 'table',
          columns: p.columns.map((c) => ({ position: c.position, name: pick(c.name, lang) })),
          rows: p.rows.map((r) => ({
            backgroundColor: r.backgroundColor,
            textColor: r.textColor,
            cells: Object.fromEntries(Object.entries(r.cells).map(([position, html]) => [position, pick(html, lang)])),
          })),
        };
      }
      case 'unlockDetails': {
        const p = row.payload as SectionPayloads['unlockDetails'];
        return {
          ...base,
          type: 'unlockDetails',
          unlockDetailsSectionDescription: pick(p.unlockDetailsSectionDescription, lang),
          unlockDetailsSectionButtonText: pick(p.unlockDetailsSectionButtonText, lang),
          unlockDetailsSectionButtonLink: pick(p.unlockDetailsSectionButtonLink, lang),
        };
      }
    }
  } catch {
    // A payload edited into a wrong shape leaves that section out instead of failing the whole offer.
    return null;
  }
  return null;
}

export async function toOffer(
  db: Executor,
  row: OfferRow,
  lang: Language,
  mayseeInvestorDocuments: boolean,
): Promise<Offer> {
  const [badges, parts] = await Promise.all([badgesFor(db, [row.id]), offerParts(db, row.id)]);
  const general = parts.documents.filter((d) => d.kind === 'general');
  const sections = parts.sections.map((s) => toSection(s, general, lang)).filter((s): s is Section => s !== null);
  const gallery = sections
    .flatMap((s) => (s.type === 'gallery' ? s.elements : []))
    .map((element, index) => ({ ...element, position: index + 1 }));
  return {
    ...toOfferSummary(row, badges.get(row.id) ?? [], lang, offerFigures(row, parts.series)),
    seoTitle: pick(row.seoTitle, lang),
    seoDescription: pick(row.seoDescription, lang),
    createdAt: row.createdAt.toISOString(),
    templateName: row.templateName,
    properties: parts.properties.map((p) => ({ position: p.position, label: pick(p.label, lang), value: pick(p.value, lang) })),
    descriptions: parts.descriptions.map((d) => ({ title: pick(d.title, lang), content: pick(d.content, lang), position: d.position })),
    sections,
    series: parts.series.map((s) => ({
      id: s.id,
      name: pick(s.name, lang),
      pricePerShare: s.pricePerShare,
      minStocks: s.minStocks,
      // Shares neither sold nor held by an unpaid order (server/modules/orders/shares.ts keeps both counters).
      availableShares: Math.max(0, s.totalShares - s.soldShares - s.reservedShares),
      isOpen: s.isOpen,
    })),
    documents: splitDocuments(parts.documents, lang, mayseeInvestorDocuments),
    agreements: parts.agreements.map((a) => toAgreement(a, lang)),
    gallery,
  };
}
