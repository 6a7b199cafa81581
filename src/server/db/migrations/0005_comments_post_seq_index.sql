DROP INDEX "comments_post_id_idx";--> statement-breakpoint
CREATE INDEX "comments_post_id_seq_idx" ON "comments" USING btree ("post_id","seq");