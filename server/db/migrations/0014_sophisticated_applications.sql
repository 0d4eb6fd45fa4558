CREATE TABLE "sophisticated_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"investor_kind" text NOT NULL,
	"criteria" text[] NOT NULL,
	"declaration_version" text NOT NULL,
	"language" text NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"decision_reason" text,
	CONSTRAINT "sophisticated_applications_status_valid" CHECK ("sophisticated_applications"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "sophisticated_applications" ADD CONSTRAINT "sophisticated_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sophisticated_applications" ADD CONSTRAINT "sophisticated_applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sophisticated_applications_user_idx" ON "sophisticated_applications" USING btree ("user_id","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sophisticated_applications_one_pending" ON "sophisticated_applications" USING btree ("user_id") WHERE "sophisticated_applications"."status" = 'pending';