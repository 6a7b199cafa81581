ALTER TABLE "comments" ADD COLUMN "up_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "down_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_vote_counts_not_negative" CHECK ("comments"."up_count" >= 0 and "comments"."down_count" >= 0);--> statement-breakpoint
-- A comment's up_count and down_count follow comment_votes: a statement's added votes raise them,
-- its removed ones (withdrawn, or gone with their person by cascade) lower them, a changed one
-- does both. A comment deleted with its votes is gone already: its UPDATE finds no row.
CREATE FUNCTION "comment_vote_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		UPDATE "comments" c SET "up_count" = c."up_count" + d."up", "down_count" = c."down_count" + d."down"
		FROM (
			SELECT "comment_id", count(*) FILTER (WHERE "direction" = 'up')::integer AS "up",
				count(*) FILTER (WHERE "direction" = 'down')::integer AS "down"
			FROM "added" GROUP BY "comment_id"
		) d
		WHERE c."id" = d."comment_id";
	END IF;
	IF TG_OP IN ('DELETE', 'UPDATE') THEN
		UPDATE "comments" c SET "up_count" = c."up_count" - d."up", "down_count" = c."down_count" - d."down"
		FROM (
			SELECT "comment_id", count(*) FILTER (WHERE "direction" = 'up')::integer AS "up",
				count(*) FILTER (WHERE "direction" = 'down')::integer AS "down"
			FROM "removed" GROUP BY "comment_id"
		) d
		WHERE c."id" = d."comment_id";
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "comment_votes_added" AFTER INSERT ON "comment_votes"
	REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "comment_vote_counts"();
--> statement-breakpoint
CREATE TRIGGER "comment_votes_removed" AFTER DELETE ON "comment_votes"
	REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "comment_vote_counts"();
--> statement-breakpoint
CREATE TRIGGER "comment_votes_changed" AFTER UPDATE ON "comment_votes"
	REFERENCING NEW TABLE AS "added" OLD TABLE AS "removed"
	FOR EACH STATEMENT EXECUTE FUNCTION "comment_vote_counts"();
--> statement-breakpoint
UPDATE "comments" c SET
	"up_count" = (SELECT count(*) FROM "comment_votes" v WHERE v."comment_id" = c."id" AND v."direction" = 'up'),
	"down_count" = (SELECT count(*) FROM "comment_votes" v WHERE v."comment_id" = c."id" AND v."direction" = 'down')
WHERE c."voted";
