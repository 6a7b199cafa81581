CREATE TABLE "inbox" (
	"recipient_id" text NOT NULL,
	"kind" text NOT NULL,
	"target" text NOT NULL,
	"actor_id" text NOT NULL,
	"post_id" text,
	"comment_id" text,
	"at" timestamp with time zone NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "inbox_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	CONSTRAINT "inbox_recipient_id_kind_target_actor_id_pk" PRIMARY KEY("recipient_id","kind","target","actor_id"),
	CONSTRAINT "inbox_not_oneself" CHECK ("inbox"."recipient_id" <> "inbox"."actor_id"),
	CONSTRAINT "inbox_kind_known" CHECK (kind in ('like', 'dislike', 'comment', 'reply', 'upvote', 'downvote', 'follow', 'mention'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "inbox_read_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "inbox" ADD CONSTRAINT "inbox_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox" ADD CONSTRAINT "inbox_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox" ADD CONSTRAINT "inbox_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox" ADD CONSTRAINT "inbox_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbox_recipient_id_seq_idx" ON "inbox" USING btree ("recipient_id","seq");--> statement-breakpoint
CREATE INDEX "inbox_post_id_idx" ON "inbox" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "inbox_comment_id_idx" ON "inbox" USING btree ("comment_id");--> statement-breakpoint
CREATE INDEX "inbox_actor_id_idx" ON "inbox" USING btree ("actor_id");