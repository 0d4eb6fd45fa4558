CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_nodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"key" text NOT NULL,
	"path" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"content" jsonb DEFAULT '{"pl":"","en":""}'::jsonb NOT NULL,
	"alt" jsonb DEFAULT '{"pl":"","en":""}'::jsonb NOT NULL,
	"image_url" text
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"menu" text NOT NULL,
	"href" text NOT NULL,
	"title" jsonb DEFAULT '{"pl":"","en":""}'::jsonb NOT NULL,
	"type" text DEFAULT 'link' NOT NULL,
	"is_private" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "menu_items_menu_valid" CHECK ("menu_items"."menu" in ('header', 'footer')),
	CONSTRAINT "menu_items_type_valid" CHECK ("menu_items"."type" in ('link', 'button'))
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"refresh_token_hash" text NOT NULL,
	"previous_refresh_token_hash" text,
	"rotation_count" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"rotated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"maintenance_mode" boolean DEFAULT false NOT NULL,
	"maintenance_mode_title" jsonb DEFAULT '{"pl":"","en":""}'::jsonb NOT NULL,
	"maintenance_mode_message" jsonb DEFAULT '{"pl":"","en":""}'::jsonb NOT NULL,
	"system_maintenance_mode" boolean DEFAULT false NOT NULL,
	"system_maintenance_mode_title" jsonb DEFAULT '{"pl":"","en":""}'::jsonb NOT NULL,
	"system_maintenance_mode_message" jsonb DEFAULT '{"pl":"","en":""}'::jsonb NOT NULL,
	"seo_title" jsonb DEFAULT '{"pl":"","en":""}'::jsonb NOT NULL,
	"seo_description" jsonb DEFAULT '{"pl":"","en":""}'::jsonb NOT NULL,
	CONSTRAINT "site_settings_single_row" CHECK ("site_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "slider_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"file_type" text NOT NULL,
	"image_url" text NOT NULL,
	"name" jsonb DEFAULT '{"pl":"","en":""}'::jsonb NOT NULL,
	"content" jsonb DEFAULT '{"pl":"","en":""}'::jsonb NOT NULL,
	"shadow_overlay" boolean DEFAULT false NOT NULL,
	"guest_button_label" jsonb DEFAULT '{"pl":"","en":""}'::jsonb NOT NULL,
	"guest_button_url" jsonb DEFAULT '{"pl":"","en":""}'::jsonb NOT NULL,
	"logged_user_button_label" jsonb DEFAULT '{"pl":"","en":""}'::jsonb NOT NULL,
	"logged_user_button_url" jsonb DEFAULT '{"pl":"","en":""}'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "slider_items_file_type" CHECK ("slider_items"."file_type" in ('image', 'video'))
);
--> statement-breakpoint
CREATE TABLE "social_media" (
	"id" serial PRIMARY KEY NOT NULL,
	"icon" text NOT NULL,
	"url" text NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "social_media_icon_valid" CHECK ("social_media"."icon" in ('linkedin', 'facebook', 'twitter', 'instagram', 'youtube'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text DEFAULT 'investor' NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"phone" text,
	"street" text,
	"city" text,
	"zip" text,
	"state" text,
	"country" text,
	"locale" text DEFAULT 'pl' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_lowercase" CHECK ("users"."email" = lower("users"."email")),
	CONSTRAINT "users_role_valid" CHECK ("users"."role" in ('investor', 'operator'))
);
--> statement-breakpoint
ALTER TABLE "content_nodes" ADD CONSTRAINT "content_nodes_parent_id_content_nodes_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."content_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_nodes_path_unique" ON "content_nodes" USING btree ("path");--> statement-breakpoint
CREATE INDEX "content_nodes_parent_idx" ON "content_nodes" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "login_attempts_scope_key_created_idx" ON "login_attempts" USING btree ("scope","key","created_at");--> statement-breakpoint
CREATE INDEX "login_attempts_created_idx" ON "login_attempts" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "menu_items_menu_href_unique" ON "menu_items" USING btree ("menu","href");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_refresh_token_hash_unique" ON "sessions" USING btree ("refresh_token_hash");--> statement-breakpoint
CREATE INDEX "sessions_previous_refresh_token_hash_idx" ON "sessions" USING btree ("previous_refresh_token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "slider_items_key_unique" ON "slider_items" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "social_media_icon_unique" ON "social_media" USING btree ("icon");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");