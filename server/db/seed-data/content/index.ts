import { inArray } from 'drizzle-orm';
import type { Db } from '../../client';
import {
  agreements,
  faqItems,
  featuredListOffers,
  featuredLists,
  offerBadges,
  offerDescriptions,
  offerDocuments,
  offerProperties,
  offerSections,
  offerSeries,
  offers,
  staticPageAttachments,
  staticPages,
} from '../../schema-content';
import { hashPreviewToken } from '../../../modules/offers/repository';
import { agreementSeed } from './agreements';
import { faqSeed } from './faq';
import { featuredSeed } from './featured';
import { offerSeed } from './offers';
import { pageSeed } from './pages';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

// Public-site demo content (issue "Public site"). Idempotent like the rest of the seed: every parent row has
// a natural key and is inserted with ON CONFLICT DO NOTHING; its children (badges, sections, attachments,
// list entries ...) are inserted only together with a parent that was new, so a second run (or a second node)
// adds nothing and an operator's later edits or deletions are never undone.
export async function seedPublicContent(tx: Tx | Db): Promise<{ offersCreated: number }> {
  let offersCreated = 0;
  for (const o of offerSeed) {
    const [created] = await tx
      .insert(offers)
      .values({
        key: o.key,
        slug: o.slug,
        title: o.title,
        seoTitle: o.seoTitle ?? { pl: '', en: '' },
        seoDescription: o.seoDescription ?? { pl: '', en: '' },
        mainDescription: o.mainDescription,
        projectType: o.projectType,
        address: o.address,
        thumbUrl: o.thumbUrl,
        imageUrl: o.imageUrl,
        isOpen: o.isOpen,
        published: o.published,
        previewTokenHash: o.previewToken ? hashPreviewToken(o.previewToken) : null,
        investmentStart: o.investmentStart ? new Date(o.investmentStart) : null,
        investmentEnd: o.investmentEnd ? new Date(o.investmentEnd) : null,
        createdAt: new Date(o.createdAt),
        totalCost: o.totalCost,
        developerEquity: o.developerEquity,
        templateName: o.templateName,
      })
      .onConflictDoNothing()
      .returning({ id: offers.id });
    if (!created) continue;
    offersCreated += 1;
    const offerId = created.id;
    const at = <T>(rows: T[]) => rows.map((row, i) => ({ ...row, offerId, position: i + 1 }));
    if (o.badges.length) await tx.insert(offerBadges).values(at(o.badges));
    if (o.properties.length) await tx.insert(offerProperties).values(at(o.properties));
    if (o.descriptions.length) await tx.insert(offerDescriptions).values(at(o.descriptions));
    if (o.series.length) await tx.insert(offerSeries).values(at(o.series));
    if (o.documents.length) await tx.insert(offerDocuments).values(at(o.documents));
    if (o.sections.length) {
      await tx.insert(offerSections).values(
        o.sections.map((s, i) => ({
          offerId,
          type: s.type,
          position: i + 1,
          title: s.title,
          gridMobile: s.grid?.[0] ?? 12,
          gridTablet: s.grid?.[1] ?? 12,
          gridDesktop: s.grid?.[2] ?? 12,
          payload: s.payload,
        })),
      );
    }
    if (o.agreements?.length) {
      await tx
        .insert(agreements)
        .values(o.agreements.map((a, i) => ({ ...a, offerId, context: null, position: i + 1 })))
        .onConflictDoNothing();
    }
  }

  await tx
    .insert(agreements)
    .values(agreementSeed.map((a, i) => ({ ...a, position: i + 1 })))
    .onConflictDoNothing();

  await tx
    .insert(faqItems)
    .values(faqSeed.map((f, i) => ({ ...f, position: i + 1 })))
    .onConflictDoNothing();

  for (const p of pageSeed) {
    const { attachments, ...page } = p;
    const [created] = await tx.insert(staticPages).values(page).onConflictDoNothing().returning({ id: staticPages.id });
    if (created && attachments.length) {
      await tx.insert(staticPageAttachments).values(attachments.map((a, i) => ({ ...a, pageId: created.id, position: i + 1 })));
    }
  }

  const offerIds = new Map(
    (await tx.select({ id: offers.id, key: offers.key }).from(offers).where(inArray(offers.key, offerSeed.map((o) => o.key)))).map(
      (row) => [row.key, row.id],
    ),
  );
  for (const list of featuredSeed) {
    const { offers: keys, ...values } = list;
    const [created] = await tx.insert(featuredLists).values(values).onConflictDoNothing().returning({ id: featuredLists.id });
    if (!created) continue;
    const entries = keys.flatMap((key, i) => {
      const offerId = offerIds.get(key);
      return offerId ? [{ listId: created.id, offerId, position: i + 1 }] : [];
    });
    if (entries.length) await tx.insert(featuredListOffers).values(entries).onConflictDoNothing();
  }

  return { offersCreated };
}
