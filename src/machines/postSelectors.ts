/** What screens read of the posts machine (posts.ts): a post by id, where its read stands, what waits. */
import * as optimistic from './optimisticQueue';
import { POST_QUEUE } from './postRecords';
import type { PostReadStatus, PostsSnapshot } from './posts';
import type { Post } from '../api/types';

/** The post with this id as screens show it, or undefined. */
export const selectPostById = (snapshot: PostsSnapshot, postId: string): Post | undefined =>
  snapshot.context.posts[postId];

/** Where the read of this post for its page stands; undefined once it is in the store. */
export const selectPostRead = (
  snapshot: PostsSnapshot,
  postId: string,
): PostReadStatus | undefined => snapshot.context.reads[postId];

/** True while a like / unlike of this post waits for the server (the like button is busy). */
export const isLikePending = (snapshot: PostsSnapshot, postId: string): boolean =>
  optimistic.isKeyPending(POST_QUEUE, snapshot.context.queue, `like:${postId}`);
/** True while a bookmark, or its removal, of this post waits for the server. */
export const isBookmarkPending = (snapshot: PostsSnapshot, postId: string): boolean =>
  optimistic.isKeyPending(POST_QUEUE, snapshot.context.queue, `bookmark:${postId}`);
/** True while the deletion of this post waits for the server. */
export const isDeletePending = (snapshot: PostsSnapshot, postId: string): boolean =>
  optimistic.isKeyPending(POST_QUEUE, snapshot.context.queue, `delete:${postId}`);
/** How many actions wait for the server (0: everything shown is confirmed). */
export const selectPendingCount = (snapshot: PostsSnapshot): number =>
  snapshot.context.queue.length;
