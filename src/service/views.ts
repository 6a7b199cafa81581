/**
 * Builds the API shapes of src/api/types.ts from stored records: names and avatars come from the
 * current user record, people lists from ids, bookmarks from post ids. Never a password.
 */
import type { Comment, Post, User, UserSummary } from '../api/types';
import type { CommentRecord, DatabaseState, PostRecord, UserRecord } from './records';

export interface Views {
  summary(user: UserRecord): UserSummary;
  user(user: UserRecord): User;
  users(): User[];
  post(post: PostRecord): Post;
  posts(list?: readonly PostRecord[]): Post[];
  comment(comment: CommentRecord): Comment;
  comments(post: PostRecord): Comment[];
}

export function createViews(state: DatabaseState): Views {
  const usersById = new Map(state.users.map((user) => [user._id, user]));
  const postsById = new Map(state.posts.map((post) => [post._id, post]));

  function author(id: string): UserRecord {
    const user = usersById.get(id);
    if (user === undefined) throw new Error(`Record refers to a missing user ${id}`);
    return user;
  }

  function people(ids: readonly string[]): UserSummary[] {
    return ids.flatMap((id) => {
      const user = usersById.get(id);
      return user === undefined ? [] : [summary(user)];
    });
  }

  function summary({ _id, firstName, lastName, username, profile }: UserRecord): UserSummary {
    return { _id, firstName, lastName, username, profile };
  }

  function comment(record: CommentRecord): Comment {
    const { _id, commentData, createdAt, updatedAt, votes } = record;
    const { firstName, lastName, username, profile } = author(record.authorId);
    const view: Comment = {
      _id,
      commentData,
      firstName,
      lastName,
      username,
      profile,
      createdAt,
      updatedAt,
    };
    if (votes !== undefined) {
      view.votes = {
        upvotedBy: people(votes.upvotedByIds),
        downvotedBy: people(votes.downvotedByIds),
      };
    }
    return view;
  }

  function post(record: PostRecord): Post {
    const { _id, content, imgContent, imgAlt, createdAt, updatedAt, editedAt } = record;
    const view: Post = {
      _id,
      content,
      ...summaryFields(author(record.authorId)),
      createdAt,
      updatedAt,
      ...(editedAt === undefined ? {} : { editedAt }),
      likes: {
        likeCount: record.likeCount,
        likedBy: people(record.likedByIds),
        dislikedBy: people(record.dislikedByIds),
      },
      comments: record.comments.map(comment),
    };
    if (imgContent !== undefined) view.imgContent = imgContent;
    if (imgContent !== undefined && imgAlt !== undefined) view.imgAlt = imgAlt;
    return view;
  }

  function summaryFields({ username, firstName, lastName, profile }: UserRecord) {
    return { username, firstName, lastName, profile };
  }

  function user(record: UserRecord): User {
    const { bio, link, createdAt, updatedAt } = record;
    return {
      ...summary(record),
      bio,
      link,
      createdAt,
      updatedAt,
      followers: people(record.followerIds),
      following: people(record.followingIds),
      bookmarks: record.bookmarkIds.flatMap((id) => {
        const bookmarked = postsById.get(id);
        return bookmarked === undefined ? [] : [post(bookmarked)];
      }),
    };
  }

  return {
    summary,
    user,
    users: () => state.users.map(user),
    post,
    posts: (list = state.posts) => list.map(post),
    comment,
    comments: (record) => record.comments.map(comment),
  };
}
