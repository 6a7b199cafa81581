/**
 * The browser store's reads shaped like the answers (store.ts `Reads`: post lists, pages,
 * comments, people), over a state's indexes (indexes.ts). A page reads only as far into its
 * order as it shows, and builds the sets of only the posts and people it returns.
 *
 * Bookmarks and follows page by their position in the person's list (`{ seq }`: the index, the
 * newest last). Removing a bookmark or a follow moves the later ones down by one, so a reader
 * paging through that list meanwhile may see one item twice or miss one; adding one does not
 * disturb the pages after the first.
 */
import type { PostRecord, UserRecord } from '../../service/records';
import type {
  InlineImage,
  OwnReactions,
  Page,
  PageKey,
  PersonCard,
  PersonRow,
  PostFeed,
  PostSet,
  Reads,
} from '../../service/store';
import { INLINE_IMAGE } from '../../service/media';
import { foldText } from '../../service/search';
import {
  byTime,
  byTrend,
  carriesHashtag,
  foldedOnce,
  startAfter,
  takeFrom,
  type StateIndex,
} from './indexes';
import { personCard, personRow, postSet, userSet } from './sets';

type Shaped = {
  posts: Omit<Reads['posts'], 'get'>;
  users: Omit<Reads['users'], 'get' | 'exists' | 'byUsername'>;
};

const timeKey = (post: PostRecord): PageKey => ({ at: post.createdAt, id: post._id });
const trendKey = (post: PostRecord): PageKey => ({
  likes: post.likeCount,
  at: post.createdAt,
  id: post._id,
});

/** The page shown from up to `limit + 1` items taken: the extra one says there is a next. */
function pageOf<T>(taken: readonly T[], limit: number, key: (item: T) => PageKey): Page<T[]> {
  const items = taken.slice(0, limit);
  const last = items[items.length - 1];
  return { items, next: taken.length > limit && last !== undefined ? key(last) : null };
}

/** A page of a person's list of ids, the newest (last) first, by position. */
function positionPage<T>(
  ids: readonly string[],
  after: PageKey | null,
  limit: number,
  find: (id: string) => T | undefined,
): Page<T[]> {
  if (after !== null && !('seq' in after)) throw new Error('A list was given a time key');
  const taken: { item: T; seq: number }[] = [];
  let seq = after === null ? ids.length - 1 : Math.min(after.seq - 1, ids.length - 1);
  for (; seq >= 0 && taken.length <= limit; seq -= 1) {
    const item = find(ids[seq] ?? '');
    if (item !== undefined) taken.push({ item, seq });
  }
  const page = pageOf(taken, limit, (entry) => ({ seq: entry.seq }));
  return { items: page.items.map((entry) => entry.item), next: page.next };
}

/** Up to `limit + 1` posts of a feed ordered newest first or by trend, after `after`. */
function orderedPosts(
  index: StateIndex,
  feed: Exclude<PostFeed, { kind: 'bookmarks' }>,
  after: PageKey | null,
  limit: number,
): PostRecord[] {
  const from = (list: readonly PostRecord[], keep?: (post: PostRecord) => boolean) =>
    takeFrom(
      list,
      startAfter(list, feed.kind === 'trending' ? byTrend : byTime, after),
      limit,
      keep,
    );
  switch (feed.kind) {
    case 'latest':
      return from(index.newest());
    case 'trending':
      return from(index.trending());
    case 'author':
      return from(index.authorNewest(feed.authorId));
    case 'hashtag':
      return from(index.newest(), (post) => carriesHashtag(post, feed.tag));
    case 'search': {
      const needle = foldText(feed.needle);
      return from(index.newest(), (post) => foldedOnce(post, () => post.content).includes(needle));
    }
    case 'home': {
      // Each followed person's next posts, merged: never more than a page from any one of them.
      const authors = new Set([feed.userId, ...(index.user(feed.userId)?.followingIds ?? [])]);
      const merged = [...authors].flatMap((authorId) => from(index.authorNewest(authorId)));
      return merged.sort(byTime).slice(0, limit + 1);
    }
  }
}

/** Whether the person's username, first, last or full name, folded, contains `needle`. */
function nameMatches(user: UserRecord, needle: string): boolean {
  const names = foldedOnce(user, () =>
    [user.username, user.firstName, user.lastName, `${user.firstName} ${user.lastName}`].join('\n'),
  );
  return names.split('\n').some((name) => name.includes(needle));
}

/** The shaped reads over the indexes `index()` gives (a write's change as soon as it is made). */
export function shapedReads(index: () => StateIndex): Shaped {
  const withPeople = (posts: PostRecord[], from = index(), own?: OwnReactions): PostSet =>
    postSet(posts, from.user, own);
  const found = <T>(items: readonly (T | undefined)[]): T[] =>
    items.filter((item): item is T => item !== undefined);
  return {
    posts: {
      list(list, own) {
        const current = index();
        const { post, user } = current;
        switch (list.kind) {
          case 'all':
            return Promise.resolve(withPeople(current.state.posts, current, own));
          case 'author':
            return Promise.resolve(withPeople([...current.byAuthor(list.authorId)], current, own));
          case 'bookmarks':
            return Promise.resolve(
              withPeople(found((user(list.userId)?.bookmarkIds ?? []).map(post)), current, own),
            );
          case 'ids':
            return Promise.resolve(withPeople(found(list.ids.map(post)), current, own));
        }
      },
      page(feed, after, limit, own) {
        const current = index();
        if (feed.kind === 'bookmarks') {
          const ids = current.user(feed.userId)?.bookmarkIds ?? [];
          const page = positionPage(ids, after, limit, current.post);
          return Promise.resolve({ items: withPeople(page.items, current, own), next: page.next });
        }
        const taken = orderedPosts(current, feed, after, limit);
        const page = pageOf(taken, limit, feed.kind === 'trending' ? trendKey : timeKey);
        return Promise.resolve({ items: withPeople(page.items, current, own), next: page.next });
      },
      comments(postId) {
        const post = index().post(postId);
        return Promise.resolve(post === undefined ? undefined : withPeople([post]));
      },
      inlineImages: (after, limit) =>
        Promise.resolve(
          inlineImages(
            index().state.posts.map((post) => ({
              id: post._id,
              ownerId: post.authorId,
              image: post.imgMedia === undefined ? post.imgContent : undefined,
            })),
            after,
            limit,
          ),
        ),
    },
    users: {
      list(ids) {
        const current = index();
        const { user, post } = current;
        const users = ids === undefined ? current.state.users : found(ids.map(user));
        return Promise.resolve(userSet(users, user, post));
      },
      page(feed, after, limit) {
        const { user } = index();
        const person = user(feed.userId);
        const ids = (feed.kind === 'followers' ? person?.followerIds : person?.followingIds) ?? [];
        const page = positionPage(ids, after, limit, (id) => {
          const found = user(id);
          return found === undefined ? undefined : personRow(found);
        });
        return Promise.resolve(page);
      },
      cards(ids, viewer) {
        const { user } = index();
        return Promise.resolve(found(ids.map(user)).map((person) => personCard(person, viewer)));
      },
      existing(usernames) {
        const { username } = index();
        return Promise.resolve(
          new Set(usernames.filter((name) => username(name)?.username === name)),
        );
      },
      suggested(viewer, after, limit) {
        if (after !== null && !('seq' in after)) throw new Error('A list was given a time key');
        const { state, user } = index();
        const followed = new Set(user(viewer)?.followingIds);
        // Oldest account first: by position in the list of people.
        const taken: { item: PersonCard; seq: number }[] = [];
        let seq = after === null ? 0 : after.seq + 1;
        for (; seq < state.users.length && taken.length <= limit; seq += 1) {
          const person = state.users[seq];
          if (person === undefined || person._id === viewer || followed.has(person._id)) continue;
          taken.push({ item: personCard(person, viewer), seq });
        }
        const page = pageOf(taken, limit, (entry) => ({ seq: entry.seq }));
        return Promise.resolve({ items: page.items.map((entry) => entry.item), next: page.next });
      },
      matching(needle, limit) {
        const folded = foldText(needle);
        const matches: PersonRow[] = [];
        for (const user of index().state.users) {
          if (matches.length >= limit) break;
          if (nameMatches(user, folded)) matches.push(personRow(user));
        }
        return Promise.resolve(matches);
      },
      inlineImages: (after, limit) =>
        Promise.resolve(
          inlineImages(
            index().state.users.map((user) => ({
              id: user._id,
              ownerId: user._id,
              image: user.profileMedia === undefined ? user.profile : undefined,
            })),
            after,
            limit,
          ),
        ),
    },
  };
}

/** Images still inline (base64 data URLs), by id after `after`, at most `limit`. */
function inlineImages(
  records: readonly { id: string; ownerId: string; image: string | undefined }[],
  after: string | null,
  limit: number,
): InlineImage[] {
  return records
    .filter(
      ({ id, image }) =>
        image !== undefined && INLINE_IMAGE.test(image) && (after === null || id > after),
    )
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, limit)
    .map(({ id, ownerId, image }) => ({ id, ownerId, dataUrl: image ?? '' }));
}
