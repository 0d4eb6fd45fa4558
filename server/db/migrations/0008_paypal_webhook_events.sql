CREATE TABLE "paypal_webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"event_type" text NOT NULL,
	"resource_id" text,
	"paypal_order_id" text,
	"status" text DEFAULT 'received' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"transmission_id" text,
	"payload" jsonb NOT NULL,
	"outcome" text,
	"last_error" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processing_started_at" timestamp with time zone,
	"processed_at" timestamp with time zone,
	CONSTRAINT "paypal_webhook_events_status_valid" CHECK ("paypal_webhook_events"."status" in ('received', 'processed', 'ignored', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "paypal_webhook_events_order_idx" ON "paypal_webhook_events" USING btree ("paypal_order_id");--> statement-breakpoint
CREATE INDEX "paypal_webhook_events_received_idx" ON "paypal_webhook_events" USING btree ("received_at");