CREATE TABLE "kiis_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"language" text NOT NULL,
	"version" integer NOT NULL,
	"operator_text" text DEFAULT '' NOT NULL,
	"content" jsonb NOT NULL,
	"hash" text NOT NULL,
	"source_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "kiis_versions_language_valid" CHECK ("kiis_versions"."language" in ('pl', 'en')),
	CONSTRAINT "kiis_versions_version_positive" CHECK ("kiis_versions"."version" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_kiis" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"kiis_version_id" integer NOT NULL,
	"hash" text NOT NULL,
	"language" text NOT NULL,
	"acknowledged_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kiis_versions" ADD CONSTRAINT "kiis_versions_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiis_versions" ADD CONSTRAINT "kiis_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_kiis" ADD CONSTRAINT "order_kiis_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_kiis" ADD CONSTRAINT "order_kiis_kiis_version_id_kiis_versions_id_fk" FOREIGN KEY ("kiis_version_id") REFERENCES "public"."kiis_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kiis_versions_offer_language_version_unique" ON "kiis_versions" USING btree ("offer_id","language","version");--> statement-breakpoint
CREATE UNIQUE INDEX "kiis_versions_hash_unique" ON "kiis_versions" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "order_kiis_version_idx" ON "order_kiis" USING btree ("kiis_version_id");