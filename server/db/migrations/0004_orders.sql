CREATE TABLE "order_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"actor_user_id" uuid,
	"reason" text NOT NULL,
	"note" text,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_status_history_actor_valid" CHECK ("order_status_history"."actor" in ('investor', 'operator', 'system', 'paypal', 'bank'))
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"user_id" uuid NOT NULL,
	"offer_id" integer NOT NULL,
	"series_id" integer NOT NULL,
	"method_id" integer NOT NULL,
	"method_code" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"quantity" integer NOT NULL,
	"price_per_share" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"fee_basis_points" integer NOT NULL,
	"fee_value" bigint NOT NULL,
	"total_price" bigint NOT NULL,
	"language" text NOT NULL,
	"investor_data" jsonb NOT NULL,
	"agreements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"idempotency_key" text,
	"request_hash" text,
	"expires_at" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"attention_reason" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_status_valid" CHECK ("orders"."status" in ('new', 'paid', 'completed', 'cancelled')),
	CONSTRAINT "orders_method_valid" CHECK ("orders"."method_code" in ('BankTransfer', 'PayPal')),
	CONSTRAINT "orders_money_valid" CHECK ("orders"."quantity" > 0 and "orders"."price_per_share" > 0 and "orders"."amount" = "orders"."quantity" * "orders"."price_per_share" and "orders"."fee_value" >= 0 and "orders"."total_price" = "orders"."amount" + "orders"."fee_value")
);
--> statement-breakpoint
CREATE TABLE "transaction_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"code_name" text NOT NULL,
	"name" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"commission_basis_points" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "transaction_methods_code_valid" CHECK ("transaction_methods"."code_name" in ('BankTransfer', 'PayPal')),
	CONSTRAINT "transaction_methods_commission_valid" CHECK ("transaction_methods"."commission_basis_points" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"method_code" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"amount" bigint NOT NULL,
	"commission" bigint NOT NULL,
	"commission_basis_points" integer NOT NULL,
	"external_id" text,
	"capture_id" text,
	"payer_id" text,
	"provider_status" text,
	"provider_data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_status_valid" CHECK ("transactions"."status" in ('new', 'paid', 'completed', 'rejected')),
	CONSTRAINT "transactions_method_valid" CHECK ("transactions"."method_code" in ('BankTransfer', 'PayPal'))
);
--> statement-breakpoint
ALTER TABLE "offer_series" ADD COLUMN "reserved_shares" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "offer_series" ADD COLUMN "sold_shares" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_series_id_offer_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."offer_series"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_method_id_transaction_methods_id_fk" FOREIGN KEY ("method_id") REFERENCES "public"."transaction_methods"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_status_history_order_idx" ON "order_status_history" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_reference_unique" ON "orders" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_user_idempotency_unique" ON "orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_status_expires_idx" ON "orders" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "orders_offer_idx" ON "orders" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "orders_series_idx" ON "orders" USING btree ("series_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transaction_methods_code_unique" ON "transaction_methods" USING btree ("code_name");--> statement-breakpoint
CREATE INDEX "transactions_order_idx" ON "transactions" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_method_external_unique" ON "transactions" USING btree ("method_code","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_one_paid_per_order" ON "transactions" USING btree ("order_id") WHERE "transactions"."status" in ('paid', 'completed');--> statement-breakpoint
ALTER TABLE "offer_series" ADD CONSTRAINT "offer_series_shares_valid" CHECK ("offer_series"."reserved_shares" >= 0 and "offer_series"."sold_shares" >= 0 and "offer_series"."sold_shares" + "offer_series"."reserved_shares" <= "offer_series"."total_shares");