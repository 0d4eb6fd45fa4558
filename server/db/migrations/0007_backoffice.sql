CREATE TABLE "operator_audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_user_id" uuid,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"reason" text,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statement_exceptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_id" integer NOT NULL,
	"reason" text NOT NULL,
	"order_id" uuid,
	"status" text DEFAULT 'open' NOT NULL,
	"resolution" text,
	"resolved_order_id" uuid,
	"resolution_note" text,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statement_exceptions_reason_valid" CHECK ("statement_exceptions"."reason" in ('UNDERPAID', 'OVERPAID', 'ORDER_EXPIRED_OR_CANCELLED', 'ORDER_ALREADY_PAID', 'UNKNOWN_REFERENCE', 'AMBIGUOUS_REFERENCE', 'WRONG_CURRENCY')),
	CONSTRAINT "statement_exceptions_status_valid" CHECK ("statement_exceptions"."status" in ('open', 'resolved')),
	CONSTRAINT "statement_exceptions_resolution_valid" CHECK (("statement_exceptions"."status" = 'open' and "statement_exceptions"."resolution" is null) or ("statement_exceptions"."status" = 'resolved' and "statement_exceptions"."resolution" in ('accepted', 'refund_needed', 'attached')))
);
--> statement-breakpoint
CREATE TABLE "statement_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"file_hash" text NOT NULL,
	"file_size" integer NOT NULL,
	"format" text NOT NULL,
	"account" text NOT NULL,
	"statement_id" text,
	"period_from" text,
	"period_to" text,
	"imported_by" uuid,
	"summary" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statement_imports_format_valid" CHECK ("statement_imports"."format" in ('camt053', 'mt940'))
);
--> statement-breakpoint
CREATE TABLE "statement_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"line_key" text NOT NULL,
	"position" integer NOT NULL,
	"location" text NOT NULL,
	"account" text NOT NULL,
	"bank_reference" text,
	"end_to_end_id" text,
	"direction" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"booking_date" text,
	"value_date" text,
	"title" text NOT NULL,
	"payer_name" text,
	"payer_account" text,
	"outcome" text NOT NULL,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statement_lines_outcome_valid" CHECK ("statement_lines"."outcome" in ('matched', 'exception', 'ignored')),
	CONSTRAINT "statement_lines_direction_valid" CHECK ("statement_lines"."direction" in ('CRDT', 'DBIT'))
);
--> statement-breakpoint
ALTER TABLE "operator_audit_log" ADD CONSTRAINT "operator_audit_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_exceptions" ADD CONSTRAINT "statement_exceptions_line_id_statement_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."statement_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_exceptions" ADD CONSTRAINT "statement_exceptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_exceptions" ADD CONSTRAINT "statement_exceptions_resolved_order_id_orders_id_fk" FOREIGN KEY ("resolved_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_exceptions" ADD CONSTRAINT "statement_exceptions_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_imports" ADD CONSTRAINT "statement_imports_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_import_id_statement_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."statement_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operator_audit_log_created_idx" ON "operator_audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "operator_audit_log_entity_idx" ON "operator_audit_log" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "statement_exceptions_line_unique" ON "statement_exceptions" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "statement_exceptions_status_idx" ON "statement_exceptions" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "statement_imports_hash_idx" ON "statement_imports" USING btree ("file_hash");--> statement-breakpoint
CREATE INDEX "statement_imports_created_idx" ON "statement_imports" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "statement_lines_key_unique" ON "statement_lines" USING btree ("line_key");--> statement-breakpoint
CREATE INDEX "statement_lines_import_idx" ON "statement_lines" USING btree ("import_id","position");--> statement-breakpoint
CREATE INDEX "statement_lines_order_idx" ON "statement_lines" USING btree ("order_id");