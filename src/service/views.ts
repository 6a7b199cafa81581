/**
 * Builds the API shapes of src/api/types.ts from what a shaped read returned (store.ts `PostSet`,
 * `UserSet`): names and avatars come from the people the set carries, people lists from ids,
 * bookmarks from post ids. Never a password. A person or post an id names that the set does not
 * carry is left out of a list, as a record that is gone would be.
 */
import type { Comment, Person, Post, User, UserSummary } from '../api/types';
import type { CommentRecord, PostRecord, UserRecord } from './records';
import type { PersonCard, PersonRow, PostSet, UserSet } from './store';

export function summary({ _id, firstName, lastName, username, profile }: PersonRow): UserSummary {
  return { _id, firstName, lastName, username, profile };
}

/** A person as the app's profile card and 'Who to follow' show them: counts, not lists. */
export function personView(card: PersonCard): Person {
  const { bio, link, createdAt, updatedAt, followerCount, followingCount } = card;
  return {
    ...summary(card),
    bio,
    link,
    createdAt,
    updatedAt,
    followerCount,
    followingCount,
    followedByMe: card.followedByViewer,
  };
}

/** The views of the posts of one set, and of their comments. */
export interface PostViews {
  post(record: PostRecord): Post;
  /** Every post of the set, in its order. */
  posts(): Post[];
  comments(record: PostRecord): Comment[];
}

function peopleOf(people: ReadonlyMap<string, PersonRow>) {
  return {
    author(id: string): PersonRow {
      const person = people.get(id);
      if (person === undefined) throw new Error(`Record refers to a missing user ${id}`);
      return person;
    },
    list(ids: readonly string[]): UserSummary[] {
      return ids.flatMap((id) => {
        const person = people.get(id);
        return person === undefined ? [] : [summary(person)];
      });
    },
  };
}

export function postViews(set: PostSet): PostViews {
  const people = peopleOf(set.people);

  function comment(record: CommentRecord): Comment {
    const { _id, commentData, createdAt, updatedAt, editedAt, votes } = record;
    const { firstName, lastName, username, profile } = people.author(record.authorId);
    const view: Comment = {
      _id,
      commentData,
      firstName,
      lastName,
      username,
      profile,
      createdAt,
      updatedAt,
      ...(editedAt === undefined ? {} : { editedAt }),
    };
    if (record.parentId !== undefined) view.parentId = record.parentId;
    if (votes !== undefined) {
      view.votes = {
        upvotedBy: people.list(votes.upvotedByIds),
        downvotedBy: people.list(votes.downvotedByIds),
      };
      if (votes.upvoteCount !== undefined) view.votes.upvoteCount = votes.upvoteCount;
      if (votes.downvoteCount !== undefined) view.votes.downvoteCount = votes.downvoteCount;
    }
    return view;
  }

  function post(record: PostRecord): Post {
    const { _id, content, imgContent, createdAt, updatedAt, editedAt } = record;
    const { username, firstName, lastName, profile } = people.author(record.authorId);
    const view: Post = {
      _id,
      content,
      username,
      firstName,
      lastName,
      profile,
      createdAt,
      updatedAt,
      ...(editedAt === undefined ? {} : { editedAt }),
      likes: {
        likeCount: record.likeCount,
        likedBy: people.list(record.likedByIds),
        dislikedBy: people.list(record.dislikedByIds),
      },
      comments: record.comments.map(comment),
    };
    if (imgContent !== undefined) view.imgContent = imgContent;
    if (imgContent !== undefined) {
      const { imgAlt, imgWidth, imgHeight, imgPlaceholder } = record;
      if (imgAlt !== undefined) view.imgAlt = imgAlt;
      if (imgWidth !== undefined && imgHeight !== undefined) {
        view.imgWidth = imgWidth;
        view.imgHeight = imgHeight;
      }
      if (imgPlaceholder !== undefined) view.imgPlaceholder = imgPlaceholder;
    }
    if (record.commentCount !== undefined) view.commentCount = record.commentCount;
    if (record.bookmarkedByViewer !== undefined) view.bookmarkedByMe = record.bookmarkedByViewer;
    return view;
  }

  return {
    post,
    posts: () => set.posts.map(post),
    comments: (record) => record.comments.map(comment),
  };
}

/** The views of the people of one set, their bookmarks included. */
export interface UserViews {
  user(record: UserSet['users'][number]): User;
  /** Every person of the set, in its order. */
  users(): User[];
}

export function userViews(set: UserSet): UserViews {
  const people = peopleOf(set.people);
  const bookmarked = postViews(set.bookmarks);
  const postsById = new Map(set.bookmarks.posts.map((post) => [post._id, post]));

  function user(record: Omit<UserRecord, 'sessionIds'>): User {
    const { bio, link, createdAt, updatedAt } = record;
    return {
      ...summary(record),
      bio,
      link,
      createdAt,
      updatedAt,
      followers: people.list(record.followerIds),
      following: people.list(record.followingIds),
      bookmarks: record.bookmarkIds.flatMap((id) => {
        const post = postsById.get(id);
        return post === undefined ? [] : [bookmarked.post(post)];
      }),
    };
  }

  return { user, users: () => set.users.map(user) };
}
