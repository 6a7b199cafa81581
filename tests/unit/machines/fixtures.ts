/**
 * Builders and fake effects for the machine tests. Fakes are `fromPromise` actors whose calls are
 * recorded and whose answers the test gives, so a call can be held in flight.
 */
import { fromCallback, fromPromise, type AnyActorRef, type EventObject } from 'xstate';
import { ApiError } from '../../../src/api/client';
import type { MediaPurpose } from '../../../src/api/media';
import type { Comment, Media, Person, Post, User, UserSummary } from '../../../src/api/types';
import {
  personFromUser,
  summaryOf,
  type Session,
  type UploadEvent,
  type UploadImageInput,
} from '../../../src/machines';

export function makeUser(username: string, overrides: Partial<User> = {}): User {
  return {
    _id: `id-${username}`,
    firstName: username.charAt(0).toUpperCase() + username.slice(1),
    lastName: 'Test',
    username,
    profile: '',
    bio: '',
    link: '',
    createdAt: '2026-01-01T00:00:00+00:00',
    updatedAt: '2026-01-01T00:00:00+00:00',
    followers: [],
    following: [],
    bookmarks: [],
    ...overrides,
  };
}

export function makeComment(id: string, author: UserSummary, text = 'A comment'): Comment {
  return {
    _id: id,
    commentData: text,
    firstName: author.firstName,
    lastName: author.lastName,
    username: author.username,
    profile: author.profile,
    votes: { upvotedBy: [], downvotedBy: [] },
    createdAt: '2026-01-02T00:00:00+00:00',
    updatedAt: '2026-01-02T00:00:00+00:00',
  };
}

export function makePost(id: string, author: UserSummary, overrides: Partial<Post> = {}): Post {
  return {
    _id: id,
    content: `Post ${id}`,
    username: author.username,
    firstName: author.firstName,
    lastName: author.lastName,
    profile: author.profile,
    createdAt: '2026-01-01T00:00:00+00:00',
    updatedAt: '2026-01-01T00:00:00+00:00',
    likes: { likeCount: 0, likedBy: [], dislikedBy: [] },
    comments: [],
    ...overrides,
  };
}

/** A person as the server answers them (counts from their lists), with `overrides`. */
export const personOf = (user: User, overrides: Partial<Person> = {}): Person => ({
  ...personFromUser(user),
  ...overrides,
});

export const me = makeUser('me');
export const alice = makeUser('alice');
export const bob = makeUser('bob');
export const TOKEN = 'token-of-me';
export const signedIn = (): Session => ({ user: me, token: TOKEN });
export const signedOut = (): Session => ({ user: null, token: null });
export const summary = summaryOf;

export const refused = (message: string, status = 400) => new ApiError(status, message);
export const unauthorized = () =>
  new ApiError(401, 'The token is invalid. Unauthorized access error.');

interface Pending<TOutput> {
  resolve: (value: TOutput) => void;
  reject: (error: unknown) => void;
}

/** A fake effect: records every input; the test answers each call with `resolve` / `reject`. */
export function controlled<TOutput, TInput = undefined>() {
  const calls: TInput[] = [];
  const pending: Pending<TOutput>[] = [];
  const logic = fromPromise<TOutput, TInput>(({ input }) => {
    calls.push(input);
    return new Promise<TOutput>((resolve, reject) => pending.push({ resolve, reject }));
  });
  const take = (index: number) => {
    const call = pending[index];
    if (call === undefined) throw new Error(`No call #${index} (made ${pending.length})`);
    return call;
  };
  return {
    logic,
    calls,
    resolve: async (value: TOutput, index = calls.length - 1) => {
      take(index).resolve(value);
      await settle();
    },
    reject: async (error: unknown, index = calls.length - 1) => {
      take(index).reject(error);
      await settle();
    },
  };
}

/** A fake effect that answers at once. */
export function answering<TOutput, TInput = undefined>(answer: (input: TInput) => TOutput) {
  const calls: TInput[] = [];
  const logic = fromPromise<TOutput, TInput>(({ input }) => {
    calls.push(input);
    return Promise.resolve(answer(input));
  });
  return { logic, calls };
}

/** A fake effect that always fails with `error`. */
export function failing<TOutput, TInput = undefined>(error: unknown) {
  const calls: TInput[] = [];
  const logic = fromPromise<TOutput, TInput>(({ input }) => {
    calls.push(input);
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  });
  return { logic, calls };
}

/** Lets promise callbacks and the actors' reactions to them run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

/** Everything an actor emits, in order. */
export function recordEmitted<TEmitted extends EventObject>(
  actor: { on: AnyActorRef['on'] },
  /** Event types to leave out (recorded by another recorder). */
  ignore: readonly string[] = [],
): TEmitted[] {
  const events: TEmitted[] = [];
  actor.on('*', (event: TEmitted) => {
    if (!ignore.includes(event.type)) events.push(event);
  });
  return events;
}

/** An in-memory Storage. */
export function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

/** The media an upload answers, with its link at `url`. */
export const mediaAt = (url: string, purpose: MediaPurpose = 'post'): Media => ({
  id: 'A'.repeat(32),
  purpose,
  url,
  width: 640,
  height: 480,
  placeholder: 'AAAA',
  sources: [{ url, width: 640 }],
});

/** A fake upload the test drives: what it was sent, and a way to report as the real one does. */
export function uploads() {
  const started: {
    input: UploadImageInput;
    report: (event: UploadEvent) => void;
    stopped: boolean;
  }[] = [];
  const logic = fromCallback<EventObject, UploadImageInput>(({ input, sendBack }) => {
    const call = { input, report: (event: UploadEvent) => sendBack(event), stopped: false };
    started.push(call);
    return () => {
      call.stopped = true;
    };
  });
  const last = () => {
    const call = started.at(-1);
    if (call === undefined) throw new Error('No upload was started');
    return call;
  };
  return { logic, started, last };
}
