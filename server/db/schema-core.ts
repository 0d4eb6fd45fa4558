import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

// One schema for PGlite and PostgreSQL (both speak the same SQL).
// Convention: every translatable text is a jsonb column holding { pl, en }.
export type Translated = { pl: string; en: string };

const translated = (name: string) =>
  jsonb(name).$type<Translated>().notNull().default({ pl: '', en: '' });

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Always stored lowercased; the unique index is on the stored value.
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['investor', 'operator'] }).notNull().default('investor'),
    isActive: boolean('is_active').notNull().default(false),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone'),
    street: text('street'),
    city: text('city'),
    zip: text('zip'),
    state: text('state'),
    country: text('country'),
    locale: text('locale', { enum: ['pl', 'en'] }).notNull().default('pl'),
    // Accounts (issue: accounts). An empty password_hash is an account created without a password: it can
    // not sign in until its owner sets one through the set-password link.
    phoneCountry: text('phone_country').notNull().default('PL'),
    bankCountry: text('bank_country'),
    bankName: text('bank_name'),
    // Digits only (26 for a Polish NRB).
    bankAccountNumber: text('bank_account_number'),
    notificationsOptOut: boolean('notifications_opt_out').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
    check('users_role_valid', sql`${t.role} in ('investor', 'operator')`),
  ],
);

// One row per login. The refresh token is opaque and stored as a SHA-256 hash; every refresh rotates it
// (the previous hash is kept to detect the reuse of a stolen token). Revoking the row kills both tokens.
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    refreshTokenHash: text('refresh_token_hash').notNull(),
    previousRefreshTokenHash: text('previous_refresh_token_hash'),
    rotationCount: integer('rotation_count').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sessions_refresh_token_hash_unique').on(t.refreshTokenHash),
    index('sessions_previous_refresh_token_hash_idx').on(t.previousRefreshTokenHash),
    index('sessions_user_id_idx').on(t.userId),
  ],
);

// Rate-limit events: one row per counted attempt of an action (password grant, activation resend, reset-password
// requests, wrong current passwords in the settings), keyed per e-mail (or, for a signed-in action, per account
// id) and per client IP and counted over a sliding window.
// Kept in the database so the limits hold across several server processes.
export const rateLimitEvents = pgTable(
  'rate_limit_events',
  {
    id: serial('id').primaryKey(),
    action: text('action').notNull(),
    scope: text('scope', { enum: ['email', 'account', 'ip'] }).notNull(),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('rate_limit_events_lookup_idx').on(t.action, t.scope, t.key, t.createdAt),
    index('rate_limit_events_created_idx').on(t.createdAt),
  ],
);

// Server-side secrets generated once and shared by every node (the JWT signing key when JWT_SECRET is unset).
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

// Exactly one row (id = 1), editable in the database.
export const siteSettings = pgTable(
  'site_settings',
  {
    id: integer('id').primaryKey().default(1),
    maintenanceMode: boolean('maintenance_mode').notNull().default(false),
    maintenanceModeTitle: translated('maintenance_mode_title'),
    maintenanceModeMessage: translated('maintenance_mode_message'),
    systemMaintenanceMode: boolean('system_maintenance_mode').notNull().default(false),
    systemMaintenanceModeTitle: translated('system_maintenance_mode_title'),
    systemMaintenanceModeMessage: translated('system_maintenance_mode_message'),
    seoTitle: translated('seo_title'),
    seoDescription: translated('seo_description'),
  },
  (t) => [check('site_settings_single_row', sql`${t.id} = 1`)],
);

export const sliderItems = pgTable(
  'slider_items',
  {
    id: serial('id').primaryKey(),
    // Stable name for seeding and editing; not sent to the SPA.
    key: text('key').notNull(),
    fileType: text('file_type', { enum: ['image', 'video'] }).notNull(),
    imageUrl: text('image_url').notNull(),
    name: translated('name'),
    content: translated('content'),
    shadowOverlay: boolean('shadow_overlay').notNull().default(false),
    guestButtonLabel: translated('guest_button_label'),
    guestButtonUrl: translated('guest_button_url'),
    loggedUserButtonLabel: translated('logged_user_button_label'),
    loggedUserButtonUrl: translated('logged_user_button_url'),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('slider_items_key_unique').on(t.key), check('slider_items_file_type', sql`${t.fileType} in ('image', 'video')`)],
);

// The /static-content tree. `path` is the dotted path of keys from the root ("homepage.intro.title"),
// unique, so the seed can upsert and operators can find a node.
export const contentNodes = pgTable(
  'content_nodes',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => contentNodes.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    path: text('path').notNull(),
    position: integer('position').notNull().default(0),
    content: translated('content'),
    alt: translated('alt'),
    imageUrl: text('image_url'),
  },
  (t) => [uniqueIndex('content_nodes_path_unique').on(t.path), index('content_nodes_parent_idx').on(t.parentId)],
);

export const menuItems = pgTable(
  'menu_items',
  {
    id: serial('id').primaryKey(),
    menu: text('menu', { enum: ['header', 'footer'] }).notNull(),
    // A route name of the SPA's route table (offers, aboutUs, ...) or an absolute http(s):// URL.
    href: text('href').notNull(),
    title: translated('title'),
    type: text('type', { enum: ['link', 'button'] }).notNull().default('link'),
    isPrivate: boolean('is_private').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('menu_items_menu_href_unique').on(t.menu, t.href),
    check('menu_items_menu_valid', sql`${t.menu} in ('header', 'footer')`),
    check('menu_items_type_valid', sql`${t.type} in ('link', 'button')`),
  ],
);

export const socialMedia = pgTable(
  'social_media',
  {
    id: serial('id').primaryKey(),
    icon: text('icon', { enum: ['linkedin', 'facebook', 'twitter', 'instagram', 'youtube'] }).notNull(),
    url: text('url').notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('social_media_icon_unique').on(t.icon),
    check('social_media_icon_valid', sql`${t.icon} in ('linkedin', 'facebook', 'twitter', 'instagram', 'youtube')`),
  ],
);
