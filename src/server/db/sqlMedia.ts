/**
 * The store port's media over SQL: uploaded images and their files (tables `media` and
 * `media_files`), read by id or file name, inserted once per content hash, and freed when the last
 * post or profile that used them lets go (posts.img_media and users.profile_media, each indexed
 * where set, say who uses one).
 */
import { and, asc, eq, gt, isNull, like, sql } from 'drizzle-orm';
import type { MediaPurpose } from '../../api/media';
import { INLINE_IMAGE_LIKE } from '../../service/media';
import type { InlineImage, MediaRow, Reads, Writes } from '../../service/store';
import { media, mediaFiles, posts, users } from './schema';
import { rowsOf, type SqlExecutor, type SqlTransaction } from './sqlRows';

/** No post and no person uses the media of `id` (a column holding a media id). */
const unused = (id: typeof media.id) =>
  sql`not exists (select 1 from ${posts} where ${posts.imgMedia} = ${id})
    and not exists (select 1 from ${users} where ${users.profileMedia} = ${id})`;

export function mediaReads(tx: SqlExecutor): Reads['media'] {
  return {
    async get(id) {
      const [row] = await tx.select().from(media).where(eq(media.id, id));
      if (row === undefined) return undefined;
      const found: MediaRow = {
        _id: row.id,
        purpose: row.purpose as MediaPurpose,
        type: row.type,
        width: row.width,
        height: row.height,
        placeholder: row.placeholder,
        createdAt: row.createdAt,
      };
      if (row.ownerId !== null) found.ownerId = row.ownerId;
      if (row.alt !== null) found.alt = row.alt;
      return found;
    },
    async file(name) {
      const [row] = await tx
        .select({ name: mediaFiles.name, type: mediaFiles.type, bytes: mediaFiles.bytes })
        .from(mediaFiles)
        .where(eq(mediaFiles.name, name));
      return row;
    },
  };
}

export function mediaWrites(tx: SqlTransaction): Writes['media'] {
  return {
    ...mediaReads(tx),
    async insert(row, files) {
      const inserted = await tx
        .insert(media)
        .values({
          id: row._id,
          ownerId: row.ownerId ?? null,
          purpose: row.purpose,
          type: row.type,
          width: row.width,
          height: row.height,
          placeholder: row.placeholder,
          alt: row.alt ?? null,
          createdAt: row.createdAt,
        })
        .onConflictDoNothing()
        .returning({ id: media.id });
      if (inserted.length === 0) return false;
      if (files.length > 0) {
        await tx.insert(mediaFiles).values(files.map((file) => ({ ...file, mediaId: row._id })));
      }
      return true;
    },
    async release(id) {
      // Its files go with it (on delete cascade).
      const freed = await tx
        .delete(media)
        .where(and(eq(media.id, id), unused(media.id)))
        .returning({ id: media.id });
      return freed.length > 0;
    },
    async sweep(before, limit) {
      const freed = await tx.execute(sql`delete from ${media} where ${media.id} in (
          select m.id from ${media} as m
          where m.created_at < ${before}::timestamptz
            and not exists (select 1 from ${posts} where ${posts.imgMedia} = m.id)
            and not exists (select 1 from ${users} where ${users.profileMedia} = m.id)
          order by m.created_at limit ${limit}
          for update skip locked)
        returning ${media.id}`);
      return rowsOf(freed).length;
    },
  };
}

/**
 * Posts whose image is still inline (a base64 data URL, from before images were media), by id: a
 * scan, made once when a server starts on a database that has some (never by an answer).
 */
export function inlinePostImages(
  tx: SqlExecutor,
  after: string | null,
  limit: number,
): Promise<InlineImage[]> {
  return tx
    .select({ id: posts.id, ownerId: posts.authorId, dataUrl: sql<string>`${posts.imgContent}` })
    .from(posts)
    .where(
      and(
        isNull(posts.imgMedia),
        like(posts.imgContent, INLINE_IMAGE_LIKE),
        after === null ? undefined : gt(posts.id, after),
      ),
    )
    .orderBy(asc(posts.id))
    .limit(limit);
}

/** People whose avatar is still inline, by id (as `inlinePostImages`). */
export function inlineAvatars(
  tx: SqlExecutor,
  after: string | null,
  limit: number,
): Promise<InlineImage[]> {
  return tx
    .select({ id: users.id, ownerId: users.id, dataUrl: users.profile })
    .from(users)
    .where(
      and(
        isNull(users.profileMedia),
        like(users.profile, INLINE_IMAGE_LIKE),
        after === null ? undefined : gt(users.id, after),
      ),
    )
    .orderBy(asc(users.id))
    .limit(limit);
}
