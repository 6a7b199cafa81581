/**
 * What screens read of a post's comments, in one place: the count and the newest comment a
 * feed's card shows, and the whole conversation grouped into threads for the post's page. A post
 * from a page of a feed (or a like's answer) carries only its newest comment and `commentCount`;
 * one read for its page, or answering a comment, carries them all.
 */
import type { Comment, Post } from '../api/types';

/** How many comments the post has, replies included. */
export const commentCountOf = (post: Post): number => post.commentCount ?? post.comments.length;

/** Whether the post carries every one of its comments (not only a card's newest). */
export const hasWholeThread = (post: Post): boolean => post.commentCount === undefined;

/** The post's newest comment, or undefined when it has none. */
export const latestCommentOf = (post: Post): Comment | undefined => post.comments.at(-1);

/** A comment and the replies to it, oldest first. */
export interface CommentThreadOf {
  comment: Comment;
  replies: Comment[];
}

/**
 * The comments as threads, in the order they were written: each comment that answers none
 * starts a thread, each reply goes under the comment it answers. A reply whose comment is not
 * among them starts a thread of its own, so nothing is ever hidden.
 */
export function threadsOf(comments: readonly Comment[]): CommentThreadOf[] {
  const threads: CommentThreadOf[] = [];
  const byId = new Map<string, CommentThreadOf>();
  for (const comment of comments) {
    const parent = comment.parentId === undefined ? undefined : byId.get(comment.parentId);
    if (parent !== undefined) {
      parent.replies.push(comment);
      continue;
    }
    const thread: CommentThreadOf = { comment, replies: [] };
    threads.push(thread);
    byId.set(comment._id, thread);
  }
  return threads;
}
