/**
 * Posts as a card sees them (src/service/store.ts `CardSet`), as SQL: for the posts of a page or
 * a write's one post, the viewer's own reaction (one lookup by the reactions' key), the comment
 * count with the latest comment (or every comment), those comments' votes, and everyone they
 * name. Nothing reads the likers: a card costs the same however many people like its post.
 */
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { CommentRecord, VotesRecord } from '../../service/records';
import type { CardComments, CardRecord, CardSet } from '../../service/store';
import { anyOf, groupBy, peopleById } from './sqlReads';
import { commentVotes, comments, postReactions, posts } from './schema';
import {
  commentColumns,
  postColumns,
  postRow,
  type PostSelection,
  type SqlExecutor,
} from './sqlRows';

/** The comments asked for of these posts, each with its post's comment count. */
function commentRows(tx: SqlExecutor, ids: readonly string[], which: CardComments) {
  // Counted before DISTINCT ON keeps one row a post: the count is of all its comments.
  const columns = {
    ...commentColumns,
    count: sql<number>`count(*) over (partition by ${comments.postId})`.mapWith(Number),
  };
  if (which === 'all') {
    return tx
      .select(columns)
      .from(comments)
      .where(anyOf(comments.postId, ids))
      .orderBy(asc(comments.seq));
  }
  return tx
    .selectDistinctOn([comments.postId], columns)
    .from(comments)
    .where(anyOf(comments.postId, ids))
    .orderBy(comments.postId, desc(comments.seq));
}

/** `rows` (in their order) as cards for `viewerId`, with everyone they name. */
export async function cardSet(
  tx: SqlExecutor,
  rows: readonly PostSelection[],
  viewerId: string | null,
  which: CardComments,
): Promise<CardSet> {
  if (rows.length === 0) return { posts: [], people: new Map() };
  const ids = rows.map((row) => row._id);
  const reactionRows =
    viewerId === null
      ? []
      : await tx
          .select({ postId: postReactions.postId, kind: postReactions.kind })
          .from(postReactions)
          .where(
            sql`${eq(postReactions.userId, viewerId)} and ${anyOf(postReactions.postId, ids)}`,
          );
  const shown = await commentRows(tx, ids, which);
  const votedIds = shown.filter((row) => row.voted).map((row) => row._id);
  const voteRows =
    votedIds.length === 0
      ? []
      : await tx
          .select({
            commentId: commentVotes.commentId,
            userId: commentVotes.userId,
            direction: commentVotes.direction,
          })
          .from(commentVotes)
          .where(anyOf(commentVotes.commentId, votedIds))
          .orderBy(asc(commentVotes.seq));

  const mine = new Map(reactionRows.map((row) => [row.postId, row.kind]));
  const votesByComment = groupBy(voteRows, (row) => row.commentId);
  const commentsByPost = groupBy(shown, (row) => row.postId);
  const records: CardRecord[] = rows.map((selected) => {
    const own = commentsByPost.get(selected._id) ?? [];
    const myReaction = mine.get(selected._id);
    return {
      ...postRow(selected),
      ...(myReaction === undefined ? {} : { myReaction }),
      commentCount: own[0]?.count ?? 0,
      comments: own.map(({ postId: _postId, voted, count: _count, ...comment }): CommentRecord => {
        if (!voted) return comment;
        const cast = votesByComment.get(comment._id) ?? [];
        const votes: VotesRecord = {
          upvotedByIds: cast.filter((row) => row.direction === 'up').map((row) => row.userId),
          downvotedByIds: cast.filter((row) => row.direction === 'down').map((row) => row.userId),
        };
        return { ...comment, votes };
      }),
    };
  });
  const named = [
    ...rows.map((row) => row.authorId),
    ...shown.map((row) => row.authorId),
    ...voteRows.map((row) => row.userId),
  ];
  return { posts: records, people: await peopleById(tx, named) };
}

/** These posts as cards, in the order of `ids`; an id with no post is left out. */
export async function cardList(
  tx: SqlExecutor,
  ids: readonly string[],
  viewerId: string | null,
  which: CardComments,
): Promise<CardSet> {
  if (ids.length === 0) return { posts: [], people: new Map() };
  const found = await tx.select(postColumns).from(posts).where(anyOf(posts.id, ids));
  const byId = new Map(found.map((row) => [row._id, row]));
  const rows = ids.flatMap((id) => byId.get(id) ?? []);
  return cardSet(tx, rows, viewerId, which);
}
