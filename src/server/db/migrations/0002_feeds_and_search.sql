CREATE TABLE "post_tags" (
	"post_id" text NOT NULL,
	"tag" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "post_tags_post_id_tag_pk" PRIMARY KEY("post_id","tag")
);
--> statement-breakpoint
DROP INDEX "follows_followee_id_idx";--> statement-breakpoint
DROP INDEX "posts_author_id_idx";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search_text" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_username" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_last" text;--> statement-breakpoint
ALTER TABLE "post_tags" ADD CONSTRAINT "post_tags_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_tags_tag_created_at_post_id_idx" ON "post_tags" USING btree ("tag","created_at","post_id");--> statement-breakpoint
CREATE INDEX "bookmarks_user_id_seq_idx" ON "bookmarks" USING btree ("user_id","seq");--> statement-breakpoint
CREATE INDEX "follows_followee_id_seq_idx" ON "follows" USING btree ("followee_id","seq");--> statement-breakpoint
CREATE INDEX "follows_follower_id_seq_idx" ON "follows" USING btree ("follower_id","seq");--> statement-breakpoint
CREATE INDEX "posts_created_at_id_idx" ON "posts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "posts_trending_idx" ON "posts" USING btree ("like_count","created_at","id");--> statement-breakpoint
CREATE INDEX "posts_author_created_at_id_idx" ON "posts" USING btree ("author_id","created_at","id");--> statement-breakpoint
CREATE INDEX "posts_unfolded_idx" ON "posts" USING btree ("id") WHERE "posts"."search_text" is null;--> statement-breakpoint
CREATE INDEX "users_unfolded_idx" ON "users" USING btree ("id") WHERE "users"."search_last" is null;