CREATE TABLE "distribution_allocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"distribution_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"shares" bigint NOT NULL,
	"gross" bigint NOT NULL,
	"tax" bigint NOT NULL,
	"net" bigint NOT NULL,
	CONSTRAINT "distribution_allocations_money_valid" CHECK ("distribution_allocations"."gross" >= 0 and "distribution_allocations"."tax" >= 0 and "distribution_allocations"."net" = "distribution_allocations"."gross" - "distribution_allocations"."tax")
);
--> statement-breakpoint
CREATE TABLE "distributions" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'awaiting_approval' NOT NULL,
	"period_from" text NOT NULL,
	"period_to" text NOT NULL,
	"record_date" text NOT NULL,
	"total_amount" bigint,
	"per_share_amount" bigint,
	"gross" bigint NOT NULL,
	"tax" bigint NOT NULL,
	"net" bigint NOT NULL,
	"tax_rate_bp" integer NOT NULL,
	"shares" bigint NOT NULL,
	"created_by" uuid,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "distributions_kind_valid" CHECK ("distributions"."kind" in ('rental_income', 'interest', 'capital_return')),
	CONSTRAINT "distributions_status_valid" CHECK ("distributions"."status" in ('awaiting_approval', 'approved')),
	CONSTRAINT "distributions_amount_valid" CHECK (("distributions"."total_amount" is null) <> ("distributions"."per_share_amount" is null)),
	CONSTRAINT "distributions_money_valid" CHECK ("distributions"."gross" >= 0 and "distributions"."tax" >= 0 and "distributions"."net" = "distributions"."gross" - "distributions"."tax"),
	CONSTRAINT "distributions_four_eyes" CHECK ("distributions"."approved_by" is null or "distributions"."approved_by" <> "distributions"."created_by"),
	CONSTRAINT "distributions_approval_valid" CHECK (("distributions"."status" = 'approved') = ("distributions"."approved_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "payout_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" text NOT NULL,
	"execution_date" text NOT NULL,
	"count" integer NOT NULL,
	"total" bigint NOT NULL,
	"xml" text NOT NULL,
	"created_by" uuid,
	"skipped" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'approved' NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"distribution_id" integer,
	"order_id" uuid,
	"file_id" integer,
	"creditor_name" text,
	"iban" text,
	"exported_at" timestamp with time zone,
	"executed_at" timestamp with time zone,
	"returned_at" timestamp with time zone,
	"statement_line_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_kind_valid" CHECK ("payouts"."kind" in ('distribution', 'refund')),
	CONSTRAINT "payouts_status_valid" CHECK ("payouts"."status" in ('approved', 'exported', 'executed', 'returned')),
	CONSTRAINT "payouts_amount_valid" CHECK ("payouts"."amount" > 0),
	CONSTRAINT "payouts_source_valid" CHECK (("payouts"."kind" = 'distribution' and "payouts"."distribution_id" is not null) or ("payouts"."kind" = 'refund' and "payouts"."order_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "statement_exceptions" DROP CONSTRAINT "statement_exceptions_reason_valid";--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "funding_goal" bigint;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "close_outcome" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "close_lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "statement_exceptions" ADD COLUMN "payout_id" integer;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD COLUMN "payout_id" integer;--> statement-breakpoint
ALTER TABLE "distribution_allocations" ADD CONSTRAINT "distribution_allocations_distribution_id_distributions_id_fk" FOREIGN KEY ("distribution_id") REFERENCES "public"."distributions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_allocations" ADD CONSTRAINT "distribution_allocations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributions" ADD CONSTRAINT "distributions_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributions" ADD CONSTRAINT "distributions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributions" ADD CONSTRAINT "distributions_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_files" ADD CONSTRAINT "payout_files_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_distribution_id_distributions_id_fk" FOREIGN KEY ("distribution_id") REFERENCES "public"."distributions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_file_id_payout_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."payout_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "distribution_allocations_unique" ON "distribution_allocations" USING btree ("distribution_id","user_id");--> statement-breakpoint
CREATE INDEX "distribution_allocations_user_idx" ON "distribution_allocations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "distributions_offer_idx" ON "distributions" USING btree ("offer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_files_message_unique" ON "payout_files" USING btree ("message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_reference_unique" ON "payouts" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_distribution_user_unique" ON "payouts" USING btree ("distribution_id","user_id") WHERE "payouts"."distribution_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_refund_order_unique" ON "payouts" USING btree ("order_id") WHERE "payouts"."kind" = 'refund';--> statement-breakpoint
CREATE INDEX "payouts_status_idx" ON "payouts" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "payouts_user_idx" ON "payouts" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_close_outcome_valid" CHECK ("offers"."close_outcome" is null or "offers"."close_outcome" in ('funded', 'not_funded'));--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_funding_goal_valid" CHECK ("offers"."funding_goal" is null or "offers"."funding_goal" >= 0);--> statement-breakpoint
ALTER TABLE "statement_exceptions" ADD CONSTRAINT "statement_exceptions_reason_valid" CHECK ("statement_exceptions"."reason" in ('UNDERPAID', 'OVERPAID', 'ORDER_EXPIRED_OR_CANCELLED', 'ORDER_ALREADY_PAID', 'UNKNOWN_REFERENCE', 'AMBIGUOUS_REFERENCE', 'WRONG_CURRENCY', 'PAYOUT_AMOUNT_MISMATCH', 'PAYOUT_RETURNED'));