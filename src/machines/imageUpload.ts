import { assertEvent, assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { ApiError } from '../api/client';
import { checkMediaFile, MEDIA_MESSAGES, type MediaPurpose } from '../api/media';
import type { Media } from '../api/types';
import { placeholderActors, type UploadEvent } from './effects';
import { errorMessage } from './notifications';
import { isUnauthorized } from './session';

/**
 * One picked image on its way to the server, from the moment it is picked until its media
 * comes back. Whoever shows the picker invokes it per file (the post dialog does) and reads its
 * progress and failure from it; stopping it (a cancel, another pick, a closed dialog) stops the
 * `uploadImage` effect, which aborts the request.
 *
 * - `uploading`: the file is being sent; `sent` of `total` bytes as the browser reports them.
 * - `failed`: why (`error`, the server's words for a refused file, else the network's), and
 *   whether sending the same file again may help (`retryable`: no network, a timeout, a server
 *   error; not a file the server read and refused). `RETRY` sends it again when it may.
 * - Final: its output is the media; or `refused`, the server's words, when it read the file and
 *   refused it (the owner drops the picked file and says why beside the picker, as for a file
 *   refused before sending); or `expired` when the server no longer knows the session (the owner
 *   ends it). Trying again would help neither.
 */

export interface ImageUploadInput {
  file: Blob;
  purpose: MediaPurpose;
  token: string;
}

export interface ImageUploadContext extends ImageUploadInput {
  sent: number;
  /** The body's size; 0 until the first report of progress (a browser may give none). */
  total: number;
  error: string | null;
  retryable: boolean;
  media: Media | null;
}

export type ImageUploadEvent = UploadEvent | { type: 'RETRY' };

/** How an upload ended: with its media, refused by the server, or because the session is over. */
export type ImageUploadOutput = { media: Media } | { refused: string } | { expired: true };

/**
 * Why a picked file is refused before a byte of it is sent (its label, its size), in the words the
 * server would answer; null to upload it.
 */
export function pickedFileProblem(file: Blob): string | null {
  const problem = checkMediaFile(file);
  return problem === null ? null : MEDIA_MESSAGES[problem];
}

/** A picked file shown at once from its own bytes, before it is uploaded. */
export const previewOf = (file: Blob): string => URL.createObjectURL(file);

/** A preview let go: the browser may free its copy of the file. */
export function releasePreview(preview: string | null) {
  if (preview !== null) URL.revokeObjectURL(preview);
}

/**
 * An ended upload refused by the server: its preview let go, and the server's words to say beside
 * the picker, as for a file refused before sending; null for any other end.
 */
export function refusedUpload(preview: string | null, output: ImageUploadOutput): string | null {
  if (!('refused' in output)) return null;
  releasePreview(preview);
  return output.refused;
}

/** Whether sending a failed upload again may help: the network, a timeout, the server's fault. */
function mayRetry(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  const { status } = error;
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

export const imageUploadMachine = setup({
  types: {
    context: {} as ImageUploadContext,
    events: {} as ImageUploadEvent,
    input: {} as ImageUploadInput,
    output: {} as ImageUploadOutput,
  },
  actors: placeholderActors('uploadImage'),
  guards: {
    retryable: ({ context }) => context.retryable,
    refused: ({ event }) => {
      assertEvent(event, 'UPLOAD_FAILED');
      return !mayRetry(event.error);
    },
    expired: ({ event }) => {
      assertEvent(event, 'UPLOAD_FAILED');
      return isUnauthorized(event.error);
    },
  },
  actions: {
    progress: assign(({ event }) => {
      assertEvent(event, 'UPLOAD_PROGRESS');
      return { sent: event.sent, total: event.total };
    }),
    keepMedia: assign(({ event }) => {
      assertEvent(event, 'UPLOAD_DONE');
      return { media: event.media };
    }),
    fail: assign(({ event }) => {
      assertEvent(event, 'UPLOAD_FAILED');
      return { error: errorMessage(event.error), retryable: mayRetry(event.error) };
    }),
    restart: assign({ sent: 0, total: 0, error: null, retryable: false }),
  },
}).createMachine({
  id: 'imageUpload',
  context: ({ input }) => ({
    ...input,
    sent: 0,
    total: 0,
    error: null,
    retryable: false,
    media: null,
  }),
  initial: 'uploading',
  states: {
    uploading: {
      invoke: {
        src: 'uploadImage',
        input: ({ context: { file, purpose, token } }) => ({ file, purpose, token }),
      },
      on: {
        UPLOAD_PROGRESS: { actions: 'progress' },
        UPLOAD_DONE: { target: 'uploaded', actions: 'keepMedia' },
        UPLOAD_FAILED: [
          { guard: 'expired', target: 'expired' },
          { guard: 'refused', target: 'refused', actions: 'fail' },
          { target: 'failed', actions: 'fail' },
        ],
      },
    },
    failed: {
      on: { RETRY: { guard: 'retryable', target: 'uploading', actions: 'restart' } },
    },
    uploaded: { type: 'final' },
    refused: { type: 'final' },
    expired: { type: 'final' },
  },
  output: ({ context: { media, error } }): ImageUploadOutput =>
    media !== null ? { media } : error !== null ? { refused: error } : { expired: true },
});

export type ImageUploadActor = ActorRefFrom<typeof imageUploadMachine>;
export type ImageUploadSnapshot = SnapshotFrom<typeof imageUploadMachine>;

export type ImageUploadStatus = 'uploading' | 'failed' | 'done';

export function selectUploadStatus(snapshot: ImageUploadSnapshot): ImageUploadStatus {
  if (snapshot.matches('uploading')) return 'uploading';
  return snapshot.matches('failed') ? 'failed' : 'done';
}
/** How much has gone, 0 to 1; null while the browser has not said. */
export const selectUploadProgress = ({ context }: ImageUploadSnapshot): number | null =>
  context.total === 0 ? null : Math.min(1, context.sent / context.total);
/** Why it failed; null while it has not. */
export const selectUploadError = (snapshot: ImageUploadSnapshot): string | null =>
  snapshot.matches('failed') ? snapshot.context.error : null;
export const selectUploadCanRetry = (snapshot: ImageUploadSnapshot): boolean =>
  snapshot.matches('failed') && snapshot.context.retryable;
