CREATE TABLE "rate_limit_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP TABLE "login_attempts" CASCADE;--> statement-breakpoint
CREATE INDEX "rate_limit_events_lookup_idx" ON "rate_limit_events" USING btree ("action","scope","key","created_at");--> statement-breakpoint
CREATE INDEX "rate_limit_events_created_idx" ON "rate_limit_events" USING btree ("created_at");