ALTER TABLE "users" ADD COLUMN "follower_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "following_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "users_seq_idx" ON "users" USING btree ("seq");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_follow_counts_not_negative" CHECK ("users"."follower_count" >= 0 and "users"."following_count" >= 0);--> statement-breakpoint
-- A person's follower_count and following_count follow the follows table: a statement's added
-- follows raise them, its removed ones (unfollowed, or gone with the other person by cascade)
-- lower them, both sides in one UPDATE. A person deleted with their follows is gone already: the
-- UPDATE finds no row for them.
CREATE FUNCTION "follow_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		UPDATE "users" u SET "follower_count" = u."follower_count" + d."followers",
			"following_count" = u."following_count" + d."following"
		FROM (
			SELECT "id", sum("followers")::integer AS "followers", sum("following")::integer AS "following"
			FROM (
				SELECT "followee_id" AS "id", 1 AS "followers", 0 AS "following" FROM "added"
				UNION ALL SELECT "follower_id", 0, 1 FROM "added"
			) each GROUP BY "id"
		) d
		WHERE u."id" = d."id";
	END IF;
	IF TG_OP IN ('DELETE', 'UPDATE') THEN
		UPDATE "users" u SET "follower_count" = u."follower_count" - d."followers",
			"following_count" = u."following_count" - d."following"
		FROM (
			SELECT "id", sum("followers")::integer AS "followers", sum("following")::integer AS "following"
			FROM (
				SELECT "followee_id" AS "id", 1 AS "followers", 0 AS "following" FROM "removed"
				UNION ALL SELECT "follower_id", 0, 1 FROM "removed"
			) each GROUP BY "id"
		) d
		WHERE u."id" = d."id";
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "follows_added" AFTER INSERT ON "follows"
	REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "follow_counts"();
--> statement-breakpoint
CREATE TRIGGER "follows_removed" AFTER DELETE ON "follows"
	REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "follow_counts"();
--> statement-breakpoint
CREATE TRIGGER "follows_changed" AFTER UPDATE ON "follows"
	REFERENCING NEW TABLE AS "added" OLD TABLE AS "removed"
	FOR EACH STATEMENT EXECUTE FUNCTION "follow_counts"();
--> statement-breakpoint
UPDATE "users" u SET
	"follower_count" = (SELECT count(*) FROM "follows" f WHERE f."followee_id" = u."id"),
	"following_count" = (SELECT count(*) FROM "follows" f WHERE f."follower_id" = u."id");
