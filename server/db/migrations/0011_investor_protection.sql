CREATE TABLE "exchange_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"rate" integer NOT NULL,
	"rate_date" date NOT NULL,
	"set_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_rate_positive" CHECK ("exchange_rates"."rate" > 0)
);
--> statement-breakpoint
CREATE TABLE "investor_classifications" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"classification" text DEFAULT 'non_sophisticated' NOT NULL,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" uuid,
	"review_due_at" timestamp with time zone NOT NULL,
	CONSTRAINT "investor_classifications_valid" CHECK ("investor_classifications"."classification" in ('non_sophisticated', 'sophisticated'))
);
--> statement-breakpoint
CREATE TABLE "knowledge_tests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"version" text NOT NULL,
	"language" text NOT NULL,
	"passed" boolean NOT NULL,
	"net_worth" bigint NOT NULL,
	"risk_warning_acknowledged_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "protection" jsonb;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investor_classifications" ADD CONSTRAINT "investor_classifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investor_classifications" ADD CONSTRAINT "investor_classifications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_tests" ADD CONSTRAINT "knowledge_tests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exchange_rates_currency_idx" ON "exchange_rates" USING btree ("currency","created_at");--> statement-breakpoint
CREATE INDEX "knowledge_tests_user_idx" ON "knowledge_tests" USING btree ("user_id","taken_at");--> statement-breakpoint
-- A starting EUR rate so the large-investment threshold works before an operator sets the day's rate.
INSERT INTO "exchange_rates" ("currency", "rate", "rate_date") VALUES ('EUR', 42500, '2026-01-02');
