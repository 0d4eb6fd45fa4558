import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// Public-site content (issue "Public site", docs/api.md "Public site"): offers and everything hanging off
// them, FAQ, featured lists, static pages, agreements, and the contact form's messages and notifications.
// Same convention as schema.ts: every translatable text is a jsonb column holding { pl, en }.
// Money is integer grosze in bigint columns (read as JS numbers: far below 2^53).
// Seeded rows carry a stable `key` so the seed can insert with ON CONFLICT DO NOTHING and stay idempotent.

export type Text = { pl: string; en: string };

const tr = (name: string) => jsonb(name).$type<Text>().notNull().default({ pl: '', en: '' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const grosze = (name: string) => bigint(name, { mode: 'number' }).notNull();

export const OFFER_TEMPLATES = ['default', 'fullWidthGallery'] as const;
export type OfferTemplate = (typeof OFFER_TEMPLATES)[number];

export const offers = pgTable(
  'offers',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    // { pl, en }; each language's slug is unique among offers. A nested slug is stored with its slash
    // ("osiedle-nad-wisla/etap-2").
    slug: jsonb('slug').$type<Text>().notNull(),
    title: tr('title'),
    seoTitle: tr('seo_title'),
    seoDescription: tr('seo_description'),
    mainDescription: tr('main_description'),
    projectType: tr('project_type'),
    address: tr('address'),
    thumbUrl: text('thumb_url'),
    imageUrl: text('image_url'),
    isOpen: boolean('is_open').notNull().default(false),
    published: boolean('published').notNull().default(false),
    // SHA-256 (hex) of the preview token that shows the offer while unpublished; null: no preview.
    previewTokenHash: text('preview_token_hash'),
    investmentStart: timestamp('investment_start', { withTimezone: true }),
    investmentEnd: timestamp('investment_end', { withTimezone: true }),
    totalCost: grosze('total_cost'),
    developerEquity: grosze('developer_equity'),
    // Projected annual return in basis points (850 = 8.5 %), shown in the investor's portfolio; null: none stated.
    projectedReturnBasisPoints: integer('projected_return_bp'),
    // The minimum raise (grosze, paid orders without fees) for the offer to go ahead; null: none set, any raise
    // goes ahead. Beside the target (total cost minus developer equity), which is the most it can raise.
    fundingGoal: bigint('funding_goal', { mode: 'number' }),
    // Closing (server/modules/payouts/close-offer.ts): the outcome is decided once and kept, so a close that stopped half
    // way (a crash, a restart) finishes the same way; closed_at when every order is settled; the lease lets one
    // node at a time work on it.
    closeOutcome: text('close_outcome', { enum: ['funded', 'not_funded'] }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closeLeaseUntil: timestamp('close_lease_until', { withTimezone: true }),
    templateName: text('template_name', { enum: OFFER_TEMPLATES }).notNull().default('default'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('offers_key_unique').on(t.key),
    uniqueIndex('offers_slug_pl_unique').on(sql`(${t.slug}->>'pl')`),
    uniqueIndex('offers_slug_en_unique').on(sql`(${t.slug}->>'en')`),
    index('offers_published_created_idx').on(t.published, t.createdAt),
    check('offers_template_valid', sql`${t.templateName} in ('default', 'fullWidthGallery')`),
    check('offers_money_valid', sql`${t.totalCost} >= 0 and ${t.developerEquity} >= 0 and ${t.developerEquity} <= ${t.totalCost}`),
    check('offers_close_outcome_valid', sql`${t.closeOutcome} is null or ${t.closeOutcome} in ('funded', 'not_funded')`),
    check('offers_funding_goal_valid', sql`${t.fundingGoal} is null or ${t.fundingGoal} >= 0`),
  ],
);

const offerId = () =>
  integer('offer_id')
    .notNull()
    .references(() => offers.id, { onDelete: 'cascade' });

export const offerBadges = pgTable(
  'offer_badges',
  {
    id: serial('id').primaryKey(),
    offerId: offerId(),
    text: tr('text'),
    colorText: text('color_text').notNull().default('#ffffff'),
    colorBackground: text('color_background').notNull().default('#2e6b3a'),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('offer_badges_offer_idx').on(t.offerId)],
);

export const offerProperties = pgTable(
  'offer_properties',
  {
    id: serial('id').primaryKey(),
    offerId: offerId(),
    label: tr('label'),
    value: tr('value'),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('offer_properties_offer_idx').on(t.offerId)],
);

export const offerDescriptions = pgTable(
  'offer_descriptions',
  {
    id: serial('id').primaryKey(),
    offerId: offerId(),
    title: tr('title'),
    content: tr('content'),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('offer_descriptions_offer_idx').on(t.offerId)],
);

// ---------- sections ----------

export const SECTION_TYPES = [
  'text',
  'image',
  'gallery',
  'map',
  'timeline',
  'counter',
  'pieChart',
  'doughnut',
  'barChart',
  'video',
  'documents',
  'table',
  'unlockDetails',
] as const;
export type SectionType = (typeof SECTION_TYPES)[number];

/** The jsonb payload of each section type; translatable texts inside are { pl, en }. */
export interface SectionPayloads {
  text: { content: Text };
  image: { description: Text; imageUrl: string; thumbUrl: string };
  gallery: { elements: { title: Text; description: Text; imageUrl: string; thumbUrl: string }[] };
  map: { zoom: number; latitude: number; longitude: number; address: Text; isFullWidth?: boolean };
  timeline: {
    isFullWidth?: boolean;
    elements: { date: string; label: Text; content: Text; thumbUrl: string | null; imageUrl: string | null; current: boolean }[];
  };
  counter: { animationDuration: number; elements: { countFrom: number; countTo: number; label: Text; subLabel: Text; color: string }[] };
  pieChart: { elements: { label: Text; value: number; color: string }[] };
  doughnut: { elements: { label: Text; value: number; color: string }[] };
  barChart: { elements: { label: Text; value: number; color: string }[] };
  video: { url: string; autoPlay: boolean };
  /** Keys of the offer's general documents (offer_documents.key), shown in this order. */
  documents: { documentKeys: string[] };
  table: { columns: { position: number; name: Text }[]; rows: { backgroundColor: string; textColor: string; cells: Record<string, Text> }[] };
  unlockDetails: {
    unlockDetailsSectionDescription: Text;
    unlockDetailsSectionButtonText: Text;
    unlockDetailsSectionButtonLink: Text;
  };
}
export type SectionPayload = SectionPayloads[SectionType];

export const offerSections = pgTable(
  'offer_sections',
  {
    id: serial('id').primaryKey(),
    offerId: offerId(),
    // Any text: a type the SPA does not know renders nothing there; the API leaves such rows out.
    type: text('type').notNull(),
    position: integer('position').notNull().default(0),
    gridMobile: integer('grid_mobile').notNull().default(12),
    gridTablet: integer('grid_tablet').notNull().default(12),
    gridDesktop: integer('grid_desktop').notNull().default(12),
    title: tr('title'),
    payload: jsonb('payload').$type<SectionPayload>().notNull(),
  },
  (t) => [
    index('offer_sections_offer_idx').on(t.offerId),
    check(
      'offer_sections_grid_valid',
      sql`${t.gridMobile} between 1 and 12 and ${t.gridTablet} between 1 and 12 and ${t.gridDesktop} between 1 and 12`,
    ),
  ],
);

export const offerSeries = pgTable(
  'offer_series',
  {
    id: serial('id').primaryKey(),
    offerId: offerId(),
    name: tr('name'),
    pricePerShare: grosze('price_per_share'),
    minStocks: integer('min_stocks').notNull().default(1),
    totalShares: integer('total_shares').notNull(),
    // Shares held by unpaid orders, and shares of paid or completed orders (server/modules/orders/shares.ts moves
    // them in the same transaction as the order's status). The CHECK makes overselling impossible.
    reservedShares: integer('reserved_shares').notNull().default(0),
    soldShares: integer('sold_shares').notNull().default(0),
    isOpen: boolean('is_open').notNull().default(true),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('offer_series_offer_idx').on(t.offerId),
    check('offer_series_numbers_valid', sql`${t.pricePerShare} > 0 and ${t.minStocks} >= 1 and ${t.totalShares} >= 0`),
    check(
      'offer_series_shares_valid',
      sql`${t.reservedShares} >= 0 and ${t.soldShares} >= 0 and ${t.soldShares} + ${t.reservedShares} <= ${t.totalShares}`,
    ),
  ],
);

export const DOCUMENT_KINDS = ['general', 'investor'] as const;

export const offerDocuments = pgTable(
  'offer_documents',
  {
    id: serial('id').primaryKey(),
    offerId: offerId(),
    // Stable within the offer; documents sections refer to it.
    key: text('key').notNull(),
    kind: text('kind', { enum: DOCUMENT_KINDS }).notNull().default('general'),
    displayName: tr('display_name'),
    url: text('url').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('offer_documents_offer_key_unique').on(t.offerId, t.key),
    check('offer_documents_kind_valid', sql`${t.kind} in ('general', 'investor')`),
  ],
);

// ---------- agreements ----------

export const AGREEMENT_CONTEXTS = ['registration', 'contact', 'investment'] as const;
export type AgreementContext = (typeof AGREEMENT_CONTEXTS)[number];

// Either a context (registration, contact form, every investment) or one offer's own agreement.
export const agreements = pgTable(
  'agreements',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    context: text('context', { enum: AGREEMENT_CONTEXTS }),
    offerId: integer('offer_id').references(() => offers.id, { onDelete: 'cascade' }),
    content: tr('content'),
    required: boolean('required').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('agreements_key_unique').on(t.key),
    index('agreements_context_idx').on(t.context),
    index('agreements_offer_idx').on(t.offerId),
    check('agreements_context_valid', sql`${t.context} is null or ${t.context} in ('registration', 'contact', 'investment')`),
    check('agreements_context_or_offer', sql`(${t.context} is null) <> (${t.offerId} is null)`),
  ],
);

// ---------- FAQ, featured lists, static pages ----------

export const faqItems = pgTable(
  'faq_items',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    question: tr('question'),
    answer: tr('answer'),
    featured: boolean('featured').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('faq_items_key_unique').on(t.key)],
);

export const FEATURED_LIST_NAMES = ['homepage', 'singleOffer', 'homepageOfferList', 'investorPanel', 'featuredWidget'] as const;
export type FeaturedListName = (typeof FEATURED_LIST_NAMES)[number];

export const featuredLists = pgTable(
  'featured_lists',
  {
    id: serial('id').primaryKey(),
    name: text('name', { enum: FEATURED_LIST_NAMES }).notNull(),
    title: tr('title'),
    description: tr('description'),
  },
  (t) => [
    uniqueIndex('featured_lists_name_unique').on(t.name),
    check('featured_lists_name_valid', sql`${t.name} in ('homepage', 'singleOffer', 'homepageOfferList', 'investorPanel', 'featuredWidget')`),
  ],
);

export const featuredListOffers = pgTable(
  'featured_list_offers',
  {
    listId: integer('list_id')
      .notNull()
      .references(() => featuredLists.id, { onDelete: 'cascade' }),
    offerId: offerId(),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.listId, t.offerId] })],
);

export const staticPages = pgTable(
  'static_pages',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    slug: jsonb('slug').$type<Text>().notNull(),
    title: tr('title'),
    subTitle: tr('sub_title'),
    content: tr('content'),
    seoTitle: tr('seo_title'),
    seoDescription: tr('seo_description'),
    imageUrl: text('image_url'),
  },
  (t) => [
    uniqueIndex('static_pages_key_unique').on(t.key),
    uniqueIndex('static_pages_slug_pl_unique').on(sql`(${t.slug}->>'pl')`),
    uniqueIndex('static_pages_slug_en_unique').on(sql`(${t.slug}->>'en')`),
  ],
);

export const staticPageAttachments = pgTable(
  'static_page_attachments',
  {
    id: serial('id').primaryKey(),
    pageId: integer('page_id')
      .notNull()
      .references(() => staticPages.id, { onDelete: 'cascade' }),
    displayName: tr('display_name'),
    url: text('url').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('static_page_attachments_page_idx').on(t.pageId)],
);

// ---------- contact form ----------

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number').notNull().default(''),
    phoneCountry: text('phone_country').notNull().default('PL'),
    message: text('message').notNull(),
    language: text('language', { enum: ['pl', 'en'] }).notNull(),
    // The agreements as answered, with the text shown: [{ id, isAccepted, content }].
    agreements: jsonb('agreements').$type<{ id: number; isAccepted: boolean; content: string }[]>().notNull().default([]),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_ip_created_idx').on(t.ip, t.createdAt)],
);

// Operator notifications about new contact messages: an outbox. The mail sender (accounts issue) picks rows
// with sent_at null, sends them to `recipient` (null: the operators' shared address) and sets sent_at.
export const contactNotifications = pgTable(
  'contact_notifications',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    recipient: text('recipient'),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [index('contact_notifications_unsent_idx').on(t.sentAt, t.createdAt)],
);
