CREATE TABLE "media" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text,
	"purpose" text NOT NULL,
	"type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"placeholder" text NOT NULL,
	"alt" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_files" (
	"name" text PRIMARY KEY NOT NULL,
	"media_id" text NOT NULL,
	"type" text NOT NULL,
	"bytes" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "img_width" integer;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "img_height" integer;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "img_placeholder" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "img_media" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "profile_media" text;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_created_at_idx" ON "media" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_img_media_media_id_fk" FOREIGN KEY ("img_media") REFERENCES "public"."media"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_profile_media_media_id_fk" FOREIGN KEY ("profile_media") REFERENCES "public"."media"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "posts_img_media_idx" ON "posts" USING btree ("img_media") WHERE "posts"."img_media" is not null;--> statement-breakpoint
CREATE INDEX "users_profile_media_idx" ON "users" USING btree ("profile_media") WHERE "users"."profile_media" is not null;