CREATE TABLE "inbox_groups" (
	"recipient_id" text NOT NULL,
	"kind" text NOT NULL,
	"target" text NOT NULL,
	"seq" bigint NOT NULL,
	"rows" integer NOT NULL,
	CONSTRAINT "inbox_groups_recipient_id_kind_target_pk" PRIMARY KEY("recipient_id","kind","target")
);
--> statement-breakpoint
ALTER TABLE "inbox_groups" ADD CONSTRAINT "inbox_groups_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbox_groups_recipient_id_seq_idx" ON "inbox_groups" USING btree ("recipient_id","seq");--> statement-breakpoint
CREATE INDEX "inbox_group_seq_idx" ON "inbox" USING btree ("recipient_id","kind","target","seq");--> statement-breakpoint
-- inbox_groups follows inbox: a statement's added rows raise their notifications' counts and
-- newest seq, its renewed rows (a new seq) their newest seq; its removed rows (a like taken back, or gone with their post or comment by cascade)
-- lower the counts, and a notification whose newest row went takes its next newest.
CREATE FUNCTION "inbox_groups_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "inbox_groups" ("recipient_id", "kind", "target", "seq", "rows")
	SELECT "recipient_id", "kind", "target", max("seq"), count(*) FROM "added"
	GROUP BY "recipient_id", "kind", "target"
	ON CONFLICT ("recipient_id", "kind", "target") DO UPDATE
	SET "seq" = greatest("inbox_groups"."seq", excluded."seq"),
		"rows" = "inbox_groups"."rows" + excluded."rows";
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "inbox_groups_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- The notifications are locked first, so that the UPDATE below, a statement of its own, reads
	-- the rows as every write that held them before has left them (READ COMMITTED: a new snapshot
	-- per statement). Reading max(seq) in the statement that waited would see the rows as they were
	-- before that wait, and could point at a row another write had just deleted.
	PERFORM 1 FROM "inbox_groups" g
	JOIN (SELECT DISTINCT "recipient_id", "kind", "target" FROM "removed") "gone"
		ON g."recipient_id" = "gone"."recipient_id" AND g."kind" = "gone"."kind"
			AND g."target" = "gone"."target"
	ORDER BY g."recipient_id", g."kind", g."target"
	FOR UPDATE OF g;
	UPDATE "inbox_groups" g SET "rows" = g."rows" - "gone"."n",
		"seq" = coalesce((SELECT max(i."seq") FROM "inbox" i
			WHERE i."recipient_id" = g."recipient_id" AND i."kind" = g."kind"
				AND i."target" = g."target"), 0)
	FROM (
		SELECT "recipient_id", "kind", "target", count(*) AS "n" FROM "removed"
		GROUP BY "recipient_id", "kind", "target"
	) "gone"
	WHERE g."recipient_id" = "gone"."recipient_id" AND g."kind" = "gone"."kind"
		AND g."target" = "gone"."target";
	DELETE FROM "inbox_groups" g
	USING (SELECT DISTINCT "recipient_id", "kind", "target" FROM "removed") "gone"
	WHERE g."recipient_id" = "gone"."recipient_id" AND g."kind" = "gone"."kind"
		AND g."target" = "gone"."target" AND g."rows" <= 0;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "inbox_groups_renewed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- A row given a new seq (the same person doing the same again): its notification is the
	-- newest; it has as many rows as before.
	UPDATE "inbox_groups" g SET "seq" = greatest(g."seq", "renewed"."seq")
	FROM (
		SELECT "recipient_id", "kind", "target", max("seq") AS "seq" FROM "renewed"
		GROUP BY "recipient_id", "kind", "target"
	) "renewed"
	WHERE g."recipient_id" = "renewed"."recipient_id" AND g."kind" = "renewed"."kind"
		AND g."target" = "renewed"."target";
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "inbox_groups_added" AFTER INSERT ON "inbox"
	REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "inbox_groups_added"();
--> statement-breakpoint
CREATE TRIGGER "inbox_groups_removed" AFTER DELETE ON "inbox"
	REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "inbox_groups_removed"();
--> statement-breakpoint
CREATE TRIGGER "inbox_groups_renewed" AFTER UPDATE ON "inbox"
	REFERENCING NEW TABLE AS "renewed" FOR EACH STATEMENT EXECUTE FUNCTION "inbox_groups_renewed"();
--> statement-breakpoint
INSERT INTO "inbox_groups" ("recipient_id", "kind", "target", "seq", "rows")
SELECT "recipient_id", "kind", "target", max("seq"), count(*) FROM "inbox"
GROUP BY "recipient_id", "kind", "target";
