/**
 * The shaped reads' answers (src/service/store.ts `PostSet`, `UserSet`) from records: the posts
 * or people asked for, and everyone they name. Also, for stories and tests, the views of a whole
 * state at once.
 */
import type { Post, User } from '../../api/types';
import type { CommentRecord, DatabaseState, PostRecord, UserRecord } from '../../service/records';
import type { OwnReactions, PersonCard, PersonRow, PostSet, UserSet } from '../../service/store';
import { postViews, userViews } from '../../service/views';

type Find<T> = (id: string) => T | undefined;

export const personRow = ({
  _id,
  username,
  firstName,
  lastName,
  profile,
}: UserRecord): PersonRow => ({
  _id,
  username,
  firstName,
  lastName,
  profile,
});

/** A person as a profile card shows them to `viewer` (null: no one signed in). */
export const personCard = (user: UserRecord, viewer: string | null): PersonCard => ({
  ...personRow(user),
  bio: user.bio,
  link: user.link,
  createdAt: user.createdAt,
  updatedAt: user.updatedAt,
  followerCount: user.followerIds.length,
  followingCount: user.followingIds.length,
  followedByViewer: viewer !== null && user.followerIds.includes(viewer),
});

/** Collects the people some ids name, each once. */
function peopleCollector(user: Find<UserRecord>) {
  const people = new Map<string, PersonRow>();
  const add = (id: string) => {
    if (people.has(id)) return;
    const found = user(id);
    if (found !== undefined) people.set(id, personRow(found));
  };
  return { people, add, addAll: (ids: readonly string[]) => ids.forEach(add) };
}

/**
 * A post as a read with `own` carries it: the viewer's own like or dislike only, and each comment
 * with the viewer's own vote beside its vote counts; with `comments: 'newest'` only its newest
 * comment, beside the count.
 */
function withOwn(
  post: PostRecord,
  { viewer, comments }: OwnReactions,
  bookmarks: ReadonlySet<string> | null,
): PostRecord {
  const mine = (ids: readonly string[]) =>
    viewer !== null && ids.includes(viewer) ? [viewer] : [];
  const counted = (comment: CommentRecord): CommentRecord => {
    const { votes } = comment;
    if (votes === undefined) return comment;
    return {
      ...comment,
      votes: {
        upvotedByIds: mine(votes.upvotedByIds),
        downvotedByIds: mine(votes.downvotedByIds),
        upvoteCount: votes.upvotedByIds.length,
        downvoteCount: votes.downvotedByIds.length,
      },
    };
  };
  const own = {
    ...post,
    likedByIds: mine(post.likedByIds),
    dislikedByIds: mine(post.dislikedByIds),
    ...(bookmarks === null ? {} : { bookmarkedByViewer: bookmarks.has(post._id) }),
  };
  if (comments !== 'newest') return { ...own, comments: post.comments.map(counted) };
  return {
    ...own,
    comments: post.comments.slice(-1).map(counted),
    commentCount: post.comments.length,
  };
}

/**
 * These posts, with their authors, likers, dislikers, commenters and voters; with `own`, only the
 * viewer's likes and dislikes.
 */
export function postSet(
  records: PostRecord[],
  user: Find<UserRecord>,
  own?: OwnReactions,
): PostSet {
  // The viewer's bookmarks, when a read is shaped for them.
  const viewer = own?.viewer == null ? undefined : user(own.viewer);
  const bookmarks = viewer === undefined ? null : new Set(viewer.bookmarkIds);
  const posts = own === undefined ? records : records.map((post) => withOwn(post, own, bookmarks));
  const { people, add, addAll } = peopleCollector(user);
  for (const post of posts) {
    add(post.authorId);
    addAll(post.likedByIds);
    addAll(post.dislikedByIds);
    for (const comment of post.comments) {
      add(comment.authorId);
      addAll(comment.votes?.upvotedByIds ?? []);
      addAll(comment.votes?.downvotedByIds ?? []);
    }
  }
  return { posts, people };
}

/** These people, with their followers, whom they follow and their bookmarked posts. */
export function userSet(
  users: readonly UserRecord[],
  user: Find<UserRecord>,
  post: Find<PostRecord>,
): UserSet {
  const { people, addAll } = peopleCollector(user);
  const bookmarked = new Map<string, PostRecord>();
  for (const record of users) {
    addAll(record.followerIds);
    addAll(record.followingIds);
    for (const id of record.bookmarkIds) {
      const found = bookmarked.has(id) ? undefined : post(id);
      if (found !== undefined) bookmarked.set(id, found);
    }
  }
  return {
    // Without session ids: they never leave the store.
    users: users.map(({ sessionIds: _sessions, ...rest }) => rest),
    people,
    bookmarks: postSet([...bookmarked.values()], user),
  };
}

/** Every post and every person of a state as the API shows them (fixtures, tests). */
export function stateViews(state: DatabaseState): { posts: Post[]; users: User[] } {
  const users = new Map(state.users.map((record) => [record._id, record]));
  const posts = new Map(state.posts.map((record) => [record._id, record]));
  const find =
    <T>(map: Map<string, T>) =>
    (id: string) =>
      map.get(id);
  return {
    posts: postViews(postSet(state.posts, find(users))).posts(),
    users: userViews(userSet(state.users, find(users), find(posts))).users(),
  };
}
