/**
 * Which @mentions link, decided by the server for the app's answers: a mention links when it is
 * someone's username exactly (letter case included), so the client need not hold everyone's
 * username to draw a post, a comment or a bio. Every post or person of an answer is resolved
 * together, in one store read (none when no text mentions anyone); the spec's answers carry no
 * `mentions`, as the contract says.
 */
import { tokenize } from '../api/richText';
import type { Person, Post } from '../api/types';
import type { PersonCard, Reads } from './store';
import { personView } from './views';

/**
 * The usernames `text` mentions (tokenize's 'mention' tokens), as written; a text without an '@'
 * mentions no one and is not tokenized (most are not: a page's texts are read on every answer).
 */
const mentionedIn = (text: string): string[] =>
  text.includes('@')
    ? tokenize(text).flatMap((token) => (token.kind === 'mention' ? [token.username] : []))
    : [];

/** All the helpers read: whether usernames are someone's. */
export interface UsernameReads {
  users: Pick<Reads['users'], 'existing'>;
}

const byCodeUnit = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Each item with `mentions`: the usernames its texts mention that are someone's, each once,
 * sorted; an item that mentions no one who exists gets no field. One read for all the items.
 */
async function withMentions<T extends { mentions?: string[] }>(
  reads: UsernameReads,
  items: readonly T[],
  textsOf: (item: T) => readonly string[],
): Promise<T[]> {
  const named = items.map((item) => new Set(textsOf(item).flatMap(mentionedIn)));
  const asked = new Set(named.flatMap((names) => [...names]));
  if (asked.size === 0) return [...items];
  const existing = await reads.users.existing([...asked]);
  return items.map((item, at) => {
    const mentions = [...(named[at] ?? [])].filter((name) => existing.has(name)).sort(byCodeUnit);
    return mentions.length === 0 ? item : { ...item, mentions };
  });
}

/** The app's posts with their mentions: in the text and in every comment the answer carries. */
export const postsWithMentions = (reads: UsernameReads, posts: readonly Post[]) =>
  withMentions(reads, posts, (post) => [
    post.content,
    ...post.comments.map((comment) => comment.commentData),
  ]);

/** The app's people, from their cards, with the mentions of their bios. */
export const peopleWithMentions = (
  reads: UsernameReads,
  cards: readonly PersonCard[],
): Promise<Person[]> => withMentions(reads, cards.map(personView), (person) => [person.bio]);
