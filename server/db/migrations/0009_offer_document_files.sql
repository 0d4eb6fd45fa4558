CREATE TABLE "offer_document_files" (
	"document_id" integer PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"content" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "offer_document_files" ADD CONSTRAINT "offer_document_files_document_id_offer_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."offer_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_document_files" ADD CONSTRAINT "offer_document_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;