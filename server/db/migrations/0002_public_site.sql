CREATE TABLE "agreements" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"context" text,
	"offer_id" integer,
	"content" jsonb DEFAULT '{"pl":"","en":""}'::jsonb NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "agreements_context_valid" CHECK ("agreements"."context" is null or "agreements"."context" in ('registration', 'contact', 'investment')),
	CONSTRAINT "agreements_context_or_offer" CHECK (("agreements"."context" is null) <> ("agreements"."offer_id" is null))
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text DEFAULT '' NOT NULL,
	"phone_country" text DEFAULT 'PL' NOT NULL,
	"message" text NOT NULL,
	"language" text NOT NULL,
	"agreements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" integer NOT NULL,
	"recipient" text,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faq_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"question" jsonb DEFAULT '{"pl":"","en":""}'::jsonb NOT NULL,
	"answer" jsonb DEFAULT '{"pl":"","en":""}'::jsonb NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "featured_list_offers" (
	"list_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "featured_list_offers_list_id_offer_id_pk" PRIMARY KEY("list_id","offer_id")
);
--> statement-breakpoint
CREATE TABLE "featured_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"title" jsonb DEFAULT '{"pl":"","en":""}'::jsonb NOT NULL,
	"description" jsonb DEFAULT '{"pl":"","en":""}'::jsonb NOT NULL,
	CONSTRAINT "featured_lists_name_valid" CHECK ("featured_lists"."name" in ('homepage', 'singleOffer', 'homepageOfferList', 'investorPanel', 'featuredWidget'))
);
--> statement-breakpoint
CREATE TABLE "offer_badges" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"text" jsonb DEFAULT '{"pl":"","en":""}'::jsonb NOT NULL,
	"color_text" text DEFAULT '#ffffff' NOT NULL,
	"color_background" text DEFAULT '#2e6b3a' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_descriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"title" jsonb DEFAULT '{"pl":"","en":""}'::jsonb NOT NULL,
	"content" jsonb DEFAULT '{"pl":"","en":""}'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"key" text NOT NULL,
	"kind" text DEFAULT 'general' NOT NULL,
	"display_name" jsonb DEFAULT '{"pl":"","en":""}'::jsonb NOT NULL,
	"url" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "offer_documents_kind_valid" CHECK ("offer_documents"."kind" in ('general', 'investor'))
);
--> statement-breakpoint
CREATE TABLE "offer_properties" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"label" jsonb DEFAULT '{"pl":"","en":""}'::jsonb NOT NULL,
	"value" jsonb DEFAULT '{"pl":"","en":""}'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"type" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"grid_mobile" integer DEFAULT 12 NOT NULL,
	"grid_tablet" integer DEFAULT 12 NOT NULL,
	"grid_desktop" integer DEFAULT 12 NOT NULL,
	"title" jsonb DEFAULT '{"pl":"","en":""}'::jsonb NOT NULL,
	"payload" jsonb NOT NULL,
	CONSTRAINT "offer_sections_grid_valid" CHECK ("offer_sections"."grid_mobile" between 1 and 12 and "offer_sections"."grid_tablet" between 1 and 12 and "offer_sections"."grid_desktop" between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "offer_series" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"name" jsonb DEFAULT '{"pl":"","en":""}'::jsonb NOT NULL,
	"price_per_share" bigint NOT NULL,
	"min_stocks" integer DEFAULT 1 NOT NULL,
	"total_shares" integer NOT NULL,
	"is_open" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "offer_series_numbers_valid" CHECK ("offer_series"."price_per_share" > 0 and "offer_series"."min_stocks" >= 1 and "offer_series"."total_shares" >= 0)
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"slug" jsonb NOT NULL,
	"title" jsonb DEFAULT '{"pl":"","en":""}'::jsonb NOT NULL,
	"seo_title" jsonb DEFAULT '{"pl":"","en":""}'::jsonb NOT NULL,
	"seo_description" jsonb DEFAULT '{"pl":"","en":""}'::jsonb NOT NULL,
	"main_description" jsonb DEFAULT '{"pl":"","en":""}'::jsonb NOT NULL,
	"project_type" jsonb DEFAULT '{"pl":"","en":""}'::jsonb NOT NULL,
	"address" jsonb DEFAULT '{"pl":"","en":""}'::jsonb NOT NULL,
	"thumb_url" text,
	"image_url" text,
	"is_open" boolean DEFAULT false NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"preview_token_hash" text,
	"investment_start" timestamp with time zone,
	"investment_end" timestamp with time zone,
	"total_cost" bigint NOT NULL,
	"developer_equity" bigint NOT NULL,
	"template_name" text DEFAULT 'default' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_template_valid" CHECK ("offers"."template_name" in ('default', 'fullWidthGallery')),
	CONSTRAINT "offers_money_valid" CHECK ("offers"."total_cost" >= 0 and "offers"."developer_equity" >= 0 and "offers"."developer_equity" <= "offers"."total_cost")
);
--> statement-breakpoint
CREATE TABLE "static_page_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"page_id" integer NOT NULL,
	"display_name" jsonb DEFAULT '{"pl":"","en":""}'::jsonb NOT NULL,
	"url" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "static_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"slug" jsonb NOT NULL,
	"title" jsonb DEFAULT '{"pl":"","en":""}'::jsonb NOT NULL,
	"sub_title" jsonb DEFAULT '{"pl":"","en":""}'::jsonb NOT NULL,
	"content" jsonb DEFAULT '{"pl":"","en":""}'::jsonb NOT NULL,
	"seo_title" jsonb DEFAULT '{"pl":"","en":""}'::jsonb NOT NULL,
	"seo_description" jsonb DEFAULT '{"pl":"","en":""}'::jsonb NOT NULL,
	"image_url" text
);
--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_notifications" ADD CONSTRAINT "contact_notifications_message_id_contact_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."contact_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "featured_list_offers" ADD CONSTRAINT "featured_list_offers_list_id_featured_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."featured_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "featured_list_offers" ADD CONSTRAINT "featured_list_offers_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_badges" ADD CONSTRAINT "offer_badges_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_descriptions" ADD CONSTRAINT "offer_descriptions_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_documents" ADD CONSTRAINT "offer_documents_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_properties" ADD CONSTRAINT "offer_properties_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_sections" ADD CONSTRAINT "offer_sections_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_series" ADD CONSTRAINT "offer_series_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "static_page_attachments" ADD CONSTRAINT "static_page_attachments_page_id_static_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."static_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agreements_key_unique" ON "agreements" USING btree ("key");--> statement-breakpoint
CREATE INDEX "agreements_context_idx" ON "agreements" USING btree ("context");--> statement-breakpoint
CREATE INDEX "agreements_offer_idx" ON "agreements" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "contact_messages_ip_created_idx" ON "contact_messages" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "contact_notifications_unsent_idx" ON "contact_notifications" USING btree ("sent_at","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "faq_items_key_unique" ON "faq_items" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "featured_lists_name_unique" ON "featured_lists" USING btree ("name");--> statement-breakpoint
CREATE INDEX "offer_badges_offer_idx" ON "offer_badges" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "offer_descriptions_offer_idx" ON "offer_descriptions" USING btree ("offer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offer_documents_offer_key_unique" ON "offer_documents" USING btree ("offer_id","key");--> statement-breakpoint
CREATE INDEX "offer_properties_offer_idx" ON "offer_properties" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "offer_sections_offer_idx" ON "offer_sections" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "offer_series_offer_idx" ON "offer_series" USING btree ("offer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_key_unique" ON "offers" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_slug_pl_unique" ON "offers" USING btree (("slug"->>'pl'));--> statement-breakpoint
CREATE UNIQUE INDEX "offers_slug_en_unique" ON "offers" USING btree (("slug"->>'en'));--> statement-breakpoint
CREATE INDEX "offers_published_created_idx" ON "offers" USING btree ("published","created_at");--> statement-breakpoint
CREATE INDEX "static_page_attachments_page_idx" ON "static_page_attachments" USING btree ("page_id");--> statement-breakpoint
CREATE UNIQUE INDEX "static_pages_key_unique" ON "static_pages" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "static_pages_slug_pl_unique" ON "static_pages" USING btree (("slug"->>'pl'));--> statement-breakpoint
CREATE UNIQUE INDEX "static_pages_slug_en_unique" ON "static_pages" USING btree (("slug"->>'en'));