/**
 * One post read for its page (`/post/:id`): the post with every comment of its thread (counts and
 * the reader's own like and votes, not everyone's).
 * A child of the posts machine, started by `POST.OPEN`; it hands the post to the store (the
 * parent, as `POST.READ`), or says why there is none (`POST.READ_FAILED`: no such post, or the
 * read failed), and stops. The page shows a post already in the store at once meanwhile.
 */
import { sendParent, setup } from 'xstate';
import { ApiError } from '../api/client';
import type { Post } from '../api/types';
import { placeholderActors } from './effects';

export interface PostReadInput {
  postId: string;
  /** The signed-in person's, whose own like and votes the post is read with; null: no one's. */
  token?: string | null;
}

/** What a read tells the posts machine. */
export type PostReadEvent =
  | { type: 'POST.READ'; post: Post }
  | { type: 'POST.READ_FAILED'; postId: string; missing: boolean };

/** The child id a read runs under: one per post being read. */
export const postReadId = (postId: string): string => `read:${postId}`;

export const postReadMachine = setup({
  types: {
    context: {} as PostReadInput,
    input: {} as PostReadInput,
  },
  actors: placeholderActors('loadPost'),
}).createMachine({
  id: 'postRead',
  context: ({ input }) => input,
  initial: 'reading',
  states: {
    reading: {
      invoke: {
        src: 'loadPost',
        input: ({ context }) => ({ postId: context.postId, token: context.token ?? null }),
        onDone: {
          target: 'done',
          actions: sendParent(({ event }): PostReadEvent => ({
            type: 'POST.READ',
            post: event.output.post,
          })),
        },
        onError: {
          target: 'done',
          actions: sendParent(({ context, event }): PostReadEvent => ({
            type: 'POST.READ_FAILED',
            postId: context.postId,
            missing: event.error instanceof ApiError && event.error.status === 404,
          })),
        },
      },
    },
    done: { type: 'final' },
  },
});
