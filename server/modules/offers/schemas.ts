import { z } from 'zod';
import { FEATURED_LIST_NAMES } from '../../db/schema-content';

// Response shapes of docs/api.md "Public site". Texts are already in the request's language.

export const docSchema = z.object({ id: z.number().int(), displayName: z.string(), url: z.string() });
export type Doc = z.infer<typeof docSchema>;

export const documentsSchema = z.object({ general: z.array(docSchema), investor: z.array(docSchema) });

export const agreementSchema = z.object({ id: z.number().int(), content: z.string(), required: z.boolean() });
export type Agreement = z.infer<typeof agreementSchema>;

export const slugSchema = z.object({ pl: z.string(), en: z.string() });

export const badgeSchema = z.object({ text: z.string(), colorText: z.string(), colorBackground: z.string() });

export const offerSummarySchema = z.object({
  id: z.number().int(),
  slug: slugSchema,
  title: z.string(),
  mainDescription: z.string(),
  thumbUrl: z.string().nullable(),
  imageUrl: z.string().nullable(),
  projectType: z.string(),
  isOpen: z.boolean(),
  badges: z.array(badgeSchema),
  investmentStart: z.string().nullable(),
  investmentEnd: z.string().nullable(),
  address: z.string(),
  totalCost: z.number().int(),
  developerEquity: z.number().int(),
  investorEquity: z.number().int(),
  // Investing figures (computed from the series and their share counters, figures.ts).
  /** Lowest price per share among the series, grosze; null: no series. */
  pricePerShare: z.number().int().nullable(),
  /** Smallest possible investment (price × minimum shares of an open series with shares left), grosze; null: none. */
  minimumInvestment: z.number().int().nullable(),
  /** Projected annual return in basis points (850 = 8.5 %); null: none stated. */
  projectedReturnBasisPoints: z.number().int().nullable(),
  /** raised = sold shares × price, target = the investors' equity, totalCost − developerEquity (grosze); percent per SPEC §9 (2 decimals). */
  funding: z.object({ raised: z.number().int(), target: z.number().int(), percent: z.number() }),
  /** funded: every share sold; open: the offer takes investments; closed: otherwise. */
  status: z.enum(['open', 'closed', 'funded']),
});
export type OfferSummary = z.infer<typeof offerSummarySchema>;

export const galleryElementSchema = z.object({
  position: z.number().int(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  thumbUrl: z.string(),
});

const grid = z.object({ mobile: z.number().int(), tablet: z.number().int(), desktop: z.number().int() });
const base = { id: z.number().int(), position: z.number().int(), title: z.string(), grid };
const chartElements = z.array(z.object({ label: z.string(), value: z.number(), color: z.string() }));

export const sectionSchema = z.discriminatedUnion('type', [
  z.object({ ...base, type: z.literal('text'), content: z.string() }),
  z.object({ ...base, type: z.literal('image'), description: z.string(), imageUrl: z.string(), thumbUrl: z.string() }),
  z.object({ ...base, type: z.literal('gallery'), elements: z.array(galleryElementSchema) }),
  z.object({
    ...base,
    type: z.literal('map'),
    zoom: z.number(),
    latitude: z.number(),
    longitude: z.number(),
    address: z.string(),
    isFullWidth: z.boolean(),
  }),
  z.object({
    ...base,
    type: z.literal('timeline'),
    isFullWidth: z.boolean(),
    elements: z.array(
      z.object({
        date: z.string(),
        label: z.string(),
        content: z.string(),
        thumbUrl: z.string().nullable(),
        imageUrl: z.string().nullable(),
        current: z.boolean(),
      }),
    ),
  }),
  z.object({
    ...base,
    type: z.literal('counter'),
    animationDuration: z.number(),
    elements: z.array(
      z.object({
        position: z.number().int(),
        countFrom: z.number(),
        countTo: z.number(),
        label: z.string(),
        subLabel: z.string(),
        color: z.string(),
      }),
    ),
  }),
  z.object({ ...base, type: z.literal('pieChart'), elements: chartElements }),
  z.object({ ...base, type: z.literal('doughnut'), elements: chartElements }),
  z.object({ ...base, type: z.literal('barChart'), elements: chartElements }),
  z.object({ ...base, type: z.literal('video'), url: z.string(), autoPlay: z.boolean() }),
  z.object({ ...base, type: z.literal('documents'), elements: z.array(z.object({ attachment: docSchema })) }),
  z.object({
    ...base,
    type: z.literal('table'),
    columns: z.array(z.object({ position: z.number().int(), name: z.string() })),
    rows: z.array(z.object({ backgroundColor: z.string(), textColor: z.string(), cells: z.record(z.string(), z.string()) })),
  }),
  z.object({
    ...base,
    type: z.literal('unlockDetails'),
    unlockDetailsSectionDescription: z.string(),
    unlockDetailsSectionButtonText: z.string(),
    unlockDetailsSectionButtonLink: z.string(),
  }),
]);
export type Section = z.infer<typeof sectionSchema>;

export const seriesSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  pricePerShare: z.number().int(),
  minStocks: z.number().int(),
  availableShares: z.number().int(),
  isOpen: z.boolean(),
});

export const offerSchema = offerSummarySchema.extend({
  seoTitle: z.string(),
  seoDescription: z.string(),
  createdAt: z.string(),
  templateName: z.enum(['default', 'fullWidthGallery']),
  properties: z.array(z.object({ position: z.number().int(), label: z.string(), value: z.string() })),
  descriptions: z.array(z.object({ title: z.string(), content: z.string(), position: z.number().int() })),
  sections: z.array(sectionSchema),
  series: z.array(seriesSchema),
  documents: documentsSchema,
  agreements: z.array(agreementSchema),
  gallery: z.array(galleryElementSchema),
});
export type Offer = z.infer<typeof offerSchema>;

export const featuredListSchema = z.object({
  listName: z.enum(FEATURED_LIST_NAMES),
  title: z.string(),
  description: z.string(),
  offers: z.array(offerSummarySchema),
});

export const faqItemSchema = z.object({ id: z.number().int(), question: z.string(), answer: z.string() });

export const staticPageSchema = z.object({
  id: z.number().int(),
  slug: slugSchema,
  title: z.string(),
  subTitle: z.string(),
  imageUrl: z.string().nullable(),
  content: z.string(),
  seoTitle: z.string(),
  seoDescription: z.string(),
  attachments: z.array(docSchema),
});

/** GET /stats: the platform figures of the home page. */
export const platformStatsSchema = z.object({
  /** Sum of paid and completed orders' amounts, grosze. */
  raised: z.number().int(),
  /** Investors with at least one paid or completed order. */
  investors: z.number().int(),
  /** Published offers whose every share is sold. */
  offersFunded: z.number().int(),
  /** Published offers. */
  offers: z.number().int(),
});

/** A slug path parameter: what the router hands over, bounded. */
export const slugParam = z.string().min(1).max(200);
