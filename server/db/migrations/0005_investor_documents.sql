CREATE TABLE "issued_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"user_id" uuid NOT NULL,
	"order_id" uuid,
	"kind" text NOT NULL,
	"year" integer,
	"language" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text DEFAULT 'application/pdf' NOT NULL,
	"bytes" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "issued_documents_kind_valid" CHECK ("issued_documents"."kind" in ('orderConfirmation', 'paymentConfirmation', 'yearlyStatement')),
	CONSTRAINT "issued_documents_size_valid" CHECK ("issued_documents"."size" = octet_length("issued_documents"."bytes"))
);
--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "projected_return_bp" integer;--> statement-breakpoint
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "issued_documents_key_unique" ON "issued_documents" USING btree ("key");--> statement-breakpoint
CREATE INDEX "issued_documents_user_idx" ON "issued_documents" USING btree ("user_id");