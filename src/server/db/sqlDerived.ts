/**
 * What the SQL store derives from a record's text and keeps beside it, so a feed or a search reads
 * an index rather than every row: a post's hashtags (table `post_tags`, by the rule of
 * src/api/richText.ts) and its folded text (`posts.search_text`), a person's folded username and
 * name (`users.search_username`, `users.search_name`), folded as src/service/search.ts folds.
 * The store writes them with the rows; rows written before they existed are filled in at startup
 * (`fillDerived`), and the trigram indexes the searches use are made there when pg_trgm is
 * available (`ensureTrigramIndexes`): without it a search reads the rows it checks.
 */
import { eq, isNull, sql } from 'drizzle-orm';
import { hashtagKey, hashtagsOf } from '../../api/richText';
import { foldText } from '../../service/search';
import { postTags, posts, users } from './schema';
import type { SqlExecutor } from './sqlRows';

/** Text folded as search compares it (search.ts): the folded columns are written with it. */
export const fold = foldText;
/** A hashtag as the feed is asked for it (richText.ts). */
export const tagKey = hashtagKey;

/** The folded columns of a person. */
export function personSearch(user: { username: string; firstName: string; lastName: string }): {
  searchUsername: string;
  searchName: string;
  searchLast: string;
} {
  return {
    searchUsername: fold(user.username),
    searchName: fold(`${user.firstName} ${user.lastName}`),
    searchLast: fold(user.lastName),
  };
}

/** `needle` as a LIKE pattern matching any text that contains it. */
export function containsPattern(needle: string): string {
  return `%${needle.replace(/[\\%_]/gu, (char) => `\\${char}`)}%`;
}

/**
 * Writes a post's hashtags (its text is `content`); `replace` first drops the ones it had. Its
 * folded text is the caller's to write, with the row.
 */
export async function writePostTags(
  tx: SqlExecutor,
  post: { id: string; content: string; createdAt: string },
  replace: boolean,
): Promise<void> {
  if (replace) await tx.delete(postTags).where(eq(postTags.postId, post.id));
  const tags = hashtagsOf(post.content);
  if (tags.length > 0) {
    await tx
      .insert(postTags)
      .values(tags.map((tag) => ({ postId: post.id, tag, createdAt: post.createdAt })))
      // Two writers of one post's text are one after the other (the post is locked); this only
      // keeps a filling-in at startup from failing on tags a write has just stored.
      .onConflictDoNothing();
  }
}

/** Rows filled in per batch at startup. */
const FILL_BATCH = 500;

/**
 * Fills in the derived columns and hashtags of rows written before they existed (a database made
 * by an earlier version), a batch at a time. Each row is read by the partial indexes of rows left
 * to do, so a database with nothing to do costs two index probes.
 */
export async function fillDerived(db: SqlExecutor): Promise<void> {
  for (;;) {
    const batch = await db
      .select({ id: posts.id, content: posts.content, createdAt: posts.createdAt })
      .from(posts)
      .where(isNull(posts.searchText))
      .limit(FILL_BATCH);
    if (batch.length === 0) break;
    await db.transaction(async (tx) => {
      for (const post of batch) {
        await writePostTags(tx, post, true);
        await tx
          .update(posts)
          .set({ searchText: fold(post.content) })
          .where(eq(posts.id, post.id));
      }
    });
  }
  for (;;) {
    const batch = await db
      .select({
        id: users.id,
        username: users.username,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(users)
      .where(isNull(users.searchLast))
      .limit(FILL_BATCH);
    if (batch.length === 0) break;
    await db.transaction(async (tx) => {
      for (const user of batch) {
        await tx.update(users).set(personSearch(user)).where(eq(users.id, user.id));
      }
    });
  }
}

/**
 * Loads pg_trgm when the database can (PostgreSQL ships it; PGlite when opened with it) and makes
 * the trigram indexes of the searches. Run at every startup: a database that gains the extension
 * later gains the indexes then. Without it, nothing happens and the searches scan.
 */
export async function ensureTrigramIndexes(db: SqlExecutor): Promise<boolean> {
  await db.execute(sql`
    do $$
    begin
      create extension if not exists pg_trgm;
    exception when others then
      raise notice 'pg_trgm is not available: searches read every row they check';
    end $$`);
  const [found] = await db
    .select({
      present: sql<boolean>`exists (select 1 from pg_extension where extname = 'pg_trgm')`,
    })
    .from(sql`(select 1) as one`);
  if (found?.present !== true) return false;
  await db.execute(sql`
    create index if not exists posts_search_text_trgm_idx on posts using gin (search_text gin_trgm_ops)`);
  await db.execute(sql`
    create index if not exists users_search_username_trgm_idx on users using gin (search_username gin_trgm_ops)`);
  await db.execute(sql`
    create index if not exists users_search_name_trgm_idx on users using gin (search_name gin_trgm_ops)`);
  return true;
}
