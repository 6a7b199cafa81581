import { avatarSources, imageSources } from '../api/media';
import { tokenize, type TextToken } from '../api/richText';
import { PERMISSIONS } from '../api/rules';
import type { Comment, Post, UserSummary } from '../api/types';
import { postPathOf, profilePathOf } from '../paths';
import { commentCountOf, latestCommentOf } from './cardComments';

/**
 * What the data looks like to the person looking at it: a post liked or bookmarked by them, the
 * menus and votes they get. Pure functions over data and the current user,
 * used by the machines, the page containers and the stories' fixtures.
 */

/** Liked means the current user is in likedBy. */
export function isLikedByMe(post: Post, me: UserSummary | null): boolean {
  return me !== null && post.likes.likedBy.some((u) => u.username === me.username);
}

/** The edit menu of a post: its author only. */
export function canEditPost(post: Post, me: UserSummary | null): boolean {
  return me !== null && PERMISSIONS.editPost(post.username, me.username);
}

/** A comment's edit menu: for the one who wrote it. */
export function canEditComment(comment: Comment, me: UserSummary | null): boolean {
  return me !== null && PERMISSIONS.editComment(comment.username, me.username);
}

/** Deleting a comment: for the one who wrote it, and for the author of the post. */
export function canDeleteComment(post: Post, comment: Comment, me: UserSummary | null): boolean {
  return me !== null && PERMISSIONS.deleteComment(post.username, comment.username, me.username);
}

export type CommentVote = 'up' | 'down' | null;

/** The current user's vote on a comment (seeded comments may lack votes: no vote). */
export function myCommentVote(comment: Comment, me: UserSummary | null): CommentVote {
  if (me === null || comment.votes === undefined) return null;
  const mine = (list: UserSummary[]) => list.some((u) => u.username === me.username);
  if (mine(comment.votes.upvotedBy)) return 'up';
  if (mine(comment.votes.downvotedBy)) return 'down';
  return null;
}

/**
 * Text as it is shown: split into text and links, where only a mention of someone who
 * exists stays a link (the rest of '@nobody' is text, joined to the text around it).
 */
export function richTextOf(text: string, knownUsernames: ReadonlySet<string>): TextToken[] {
  const tokens: TextToken[] = [];
  for (const token of tokenize(text)) {
    const kept: TextToken =
      token.kind === 'mention' && !knownUsernames.has(token.username)
        ? { kind: 'text', text: token.text }
        : token;
    const last = tokens.at(-1);
    if (kept.kind === 'text' && last?.kind === 'text') {
      tokens[tokens.length - 1] = { kind: 'text', text: last.text + kept.text };
    } else tokens.push(kept);
  }
  return tokens;
}

/** The usernames a mention may link to: everyone the app knows. */
export function usernamesOf(users: readonly UserSummary[]): ReadonlySet<string> {
  return new Set(users.map((user) => user.username));
}

export interface PostViewInput {
  me: UserSummary | null;
  bookmarked?: boolean;
  likePending?: boolean;
  bookmarkPending?: boolean;
  deleting?: boolean;
}

/**
 * An avatar's squares for `srcset` (`avatarSources`): a small avatar loads the small square;
 * undefined for a picture that has no squares.
 */
export function avatarSrcSet(link: string): string | undefined {
  const sources = avatarSources(link);
  return sources.length === 0
    ? undefined
    : sources.map((source) => `${source.url} ${source.width}w`).join(', ');
}

/** What the current user may do with one comment, and how they voted on it. */
function commentViewOf(
  post: Post,
  comment: Comment,
  me: UserSummary | null,
  known: ReadonlySet<string>,
) {
  return {
    canEdit: canEditComment(comment, me),
    canDelete: canDeleteComment(post, comment, me),
    myVote: myCommentVote(comment, me),
    text: richTextOf(comment.commentData, known),
    authorPath: profilePathOf(comment.username, me?.username),
    authorAvatar: avatarSrcSet(comment.profile),
  };
}

export type PostCommentView = ReturnType<typeof commentViewOf>;

/**
 * Everything a post card shows that depends on who is looking and on pending actions: the
 * card's `view` prop (the components describe the same shape in their own words). Comments are
 * keyed by id.
 */
/**
 * A post's picture as its card draws it: the card's copy and the large one for `srcset`, its
 * sides (the box is kept before it loads) and its placeholder; undefined without a picture.
 */
export function postImageOf(post: Post) {
  if (post.imgContent === undefined) return undefined;
  const sources = imageSources(post.imgContent, post.imgWidth, post.imgHeight);
  return {
    src: post.imgContent,
    ...(sources.length > 1
      ? { srcSet: sources.map((source) => `${source.url} ${source.width}w`).join(', ') }
      : {}),
    ...(post.imgWidth === undefined || post.imgHeight === undefined
      ? {}
      : { width: post.imgWidth, height: post.imgHeight }),
    ...(post.imgPlaceholder === undefined ? {} : { placeholder: post.imgPlaceholder }),
  };
}

export function postViewOf(post: Post, input: PostViewInput) {
  const { me } = input;
  // Whose @mentions link: the server says which are someone's (`mentions`); none when it did not.
  const known: ReadonlySet<string> = new Set(post.mentions);
  const comments: Record<string, PostCommentView> = Object.fromEntries(
    post.comments.map((comment) => [comment._id, commentViewOf(post, comment, me, known)]),
  );
  return {
    likedByMe: isLikedByMe(post, me),
    bookmarked: input.bookmarked ?? false,
    canEdit: canEditPost(post, me),
    likePending: input.likePending ?? false,
    bookmarkPending: input.bookmarkPending ?? false,
    deleting: input.deleting ?? false,
    comments: comments as Readonly<Record<string, PostCommentView>>,
    content: richTextOf(post.content, known),
    authorPath: profilePathOf(post.username, me?.username),
    authorAvatar: avatarSrcSet(post.profile),
    commentCount: commentCountOf(post),
    latestComment: latestCommentOf(post),
    postPath: postPathOf(post._id),
    image: postImageOf(post),
  };
}

export type PostView = ReturnType<typeof postViewOf>;
