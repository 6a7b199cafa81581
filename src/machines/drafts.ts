import { mediaIdOf } from '../api/media';
import { checkImageAltField, checkImageDataUrl, checkPostText } from '../api/rules';
import type { Post, PostData } from '../api/types';
import type { StorageLike } from './storage';

/**
 * Drafts of the post dialog: what a person typed and attached and has not sent, kept per
 * user in storage so that closing the dialog, a reload or a session that ends never loses it.
 *
 * - One draft per user and per *slot*: the new post (`murmur.draft.<userId>.new`), and each post
 *   being edited (`murmur.draft.<userId>.edit.<postId>`). Another person signing in on the same
 *   browser reads only their own keys.
 * - The text and alt text are written on every change; an image (an uploaded image's link, or an
 *   older draft's data URL of up to 2 MiB) only when it changes, under its own key (`….image`),
 *   so typing never rewrites it. In edit mode the
 *   post's own image, unchanged, is not copied: the draft says 'post'.
 * - A draft that holds nothing unsent (blank in create mode, the post as it is in edit mode) is
 *   removed rather than kept.
 * - Storage can refuse (full, disabled): the image is given up first, then the whole write; this
 *   tab keeps every draft in memory as well, so the dialog works on and reopening still restores
 *   it until a reload. `kept()` says how much a reload would find.
 * - Other tabs write the same keys; the app forwards the browser's `storage` event and `forget`
 *   drops this tab's copy, so the next read sees theirs.
 */

/** What the dialog holds that may not be sent yet. */
export interface Draft {
  text: string;
  /** The image: an uploaded image's link (an older draft's data URL), or null for none. */
  imgContent: string | null;
  imgAlt: string;
}

/** Whether a stored image is one a post can carry (storage is anyone's to write). */
const isImage = (image: string) =>
  mediaIdOf(image) !== undefined || checkImageDataUrl(image) === null;

/** How much of a draft storage holds: all of it, all but its image, or nothing (memory only). */
export type DraftKept = 'stored' | 'withoutImage' | 'notStored';

/** Where a draft belongs: its author, and the post it edits (null: a new post). */
export interface DraftSlot {
  userId: string;
  post: Post | null;
}

const DRAFT_KEY_PREFIX = 'murmur.draft.';
const IMAGE_SUFFIX = '.image';

function draftKey({ userId, post }: DraftSlot): string {
  return post === null ? `${DRAFT_KEY_PREFIX}${userId}.new` : editDraftKey(userId, post._id);
}

/** The storage key of a user's draft of an edit of one post. */
function editDraftKey(userId: string, postId: string): string {
  return `${DRAFT_KEY_PREFIX}${userId}.edit.${postId}`;
}

/** The draft key a storage key belongs to (its image's key included), or null for other keys. */
export function draftKeyOf(storageKey: string): string | null {
  if (!storageKey.startsWith(DRAFT_KEY_PREFIX)) return null;
  return storageKey.endsWith(IMAGE_SUFFIX) ? storageKey.slice(0, -IMAGE_SUFFIX.length) : storageKey;
}

/** What the dialog starts from in a slot: empty for a new post, the post as it is for an edit. */
export function baseDraft(post: Post | null): Draft {
  if (post === null) return { text: '', imgContent: null, imgAlt: '' };
  return { text: post.content, imgContent: post.imgContent ?? null, imgAlt: post.imgAlt ?? '' };
}

/** Whether two drafts would send the same post: texts compare trimmed, as the server stores them. */
export function sameDraft(a: Draft, b: Draft): boolean {
  return (
    a.text.trim() === b.text.trim() &&
    a.imgContent === b.imgContent &&
    (a.imgContent === null || a.imgAlt.trim() === b.imgAlt.trim())
  );
}

/** Whether the draft holds something not sent: it differs from what the slot starts from. */
export function hasUnsent(draft: Draft, post: Post | null): boolean {
  return !sameDraft(draft, baseDraft(post));
}

/** Whether a post text can be submitted: the post rule finds nothing wrong with it. */
export function canSubmitPost(text: string): boolean {
  return checkPostText(text).problem === null;
}

/** Everything the rules ask before a draft is sent: text and alt text valid, an edit changed. */
export function canSendDraft(draft: Draft, post: Post | null): boolean {
  return (
    canSubmitPost(draft.text) &&
    checkImageAltField(draft.imgAlt).problem === null &&
    (post === null || hasUnsent(draft, post))
  );
}

/**
 * What a draft sends, creating (`post` null) or editing `post`. Create: the image only when there
 * is one, its alt text when not blank. Edit: the image only when it changed ('' removes it), so
 * an untouched image is never re-sent; the alt text with a changed image, or alone when only it
 * changed ('' removes it).
 */
export function postDataOf(draft: Draft, post: Post | null): PostData {
  const content = draft.text.trim();
  const imgAlt = draft.imgAlt.trim();
  const { imgContent } = draft;
  if (post === null) {
    if (imgContent === null) return { content };
    return imgAlt === '' ? { content, imgContent } : { content, imgContent, imgAlt };
  }
  if (imgContent === (post.imgContent ?? null)) {
    return imgContent === null || imgAlt === (post.imgAlt ?? '')
      ? { content }
      : { content, imgAlt };
  }
  if (imgContent === null) return { content, imgContent: '' };
  return imgAlt === '' ? { content, imgContent } : { content, imgContent, imgAlt };
}

/** How the image of a stored draft is kept. */
type StoredImage = 'none' | 'post' | 'attached' | 'notKept';

interface StoredDraft {
  text: string;
  imgAlt: string;
  image: StoredImage;
}

const STORED_IMAGES: readonly string[] = ['none', 'post', 'attached', 'notKept'];

function parseStored(json: string | null): StoredDraft | null {
  if (json === null) return null;
  try {
    const value = JSON.parse(json) as Partial<StoredDraft> | null;
    if (
      typeof value === 'object' &&
      value !== null &&
      typeof value.text === 'string' &&
      typeof value.imgAlt === 'string' &&
      typeof value.image === 'string' &&
      STORED_IMAGES.includes(value.image)
    ) {
      return { text: value.text, imgAlt: value.imgAlt, image: value.image };
    }
  } catch {
    // corrupt: as if there were none
  }
  return null;
}

interface Remembered {
  draft: Draft;
  kept: DraftKept;
  /** Storage holds the draft's attached image (tried once per image, never on every key press). */
  imageStored: boolean;
}

export interface DraftStore {
  /** The slot's draft: this tab's latest, else the stored one; null when there is none. */
  read(slot: DraftSlot): Draft | null;
  /** Keeps the draft, or removes it when it holds nothing unsent. Never throws. */
  keep(slot: DraftSlot, draft: Draft): DraftKept;
  /** How much of the slot's draft a reload would find ('stored' when there is none). */
  kept(slot: DraftSlot): DraftKept;
  /** Removes the slot's draft, here and in storage. */
  remove(slot: DraftSlot): void;
  /** Another tab changed this storage key (null: cleared it all): forget this tab's copy. */
  forget(storageKey: string | null): void;
  /** The post is deleted: its edit draft can never be sent, so it goes, here and in storage. */
  discardEditOf(userId: string, postId: string): void;
}

/** Drafts kept in `storage` (null: in this tab's memory only). */
export function createDraftStore(storage: StorageLike | null): DraftStore {
  const memory = new Map<string, Remembered>();

  /** Runs a storage call; false when storage refused it (full, disabled, absent). */
  function attempt(call: (store: StorageLike) => void): boolean {
    if (storage === null) return false;
    try {
      call(storage);
      return true;
    } catch {
      return false;
    }
  }

  function get(key: string): string | null {
    let value: string | null = null;
    attempt((store) => {
      value = store.getItem(key);
    });
    return value;
  }

  function readStored(key: string, post: Post | null): Draft | null {
    const stored = parseStored(get(key));
    if (stored === null) return null;
    let imgContent: string | null = null;
    if (stored.image === 'post') imgContent = post?.imgContent ?? null;
    if (stored.image === 'attached') {
      const image = get(key + IMAGE_SUFFIX);
      imgContent = image !== null && isImage(image) ? image : null;
    }
    return { text: stored.text, imgContent, imgAlt: imgContent === null ? '' : stored.imgAlt };
  }

  function removeStored(key: string) {
    attempt((store) => {
      store.removeItem(key);
      store.removeItem(key + IMAGE_SUFFIX);
    });
  }

  /** Writes the draft; an attached image only when this tab has not tried to store it yet. */
  function writeStored(key: string, draft: Draft, post: Post | null): Remembered {
    const before = memory.get(key);
    let image: StoredImage = 'attached';
    if (draft.imgContent === null) image = 'none';
    else if (post !== null && draft.imgContent === (post.imgContent ?? null)) image = 'post';
    let imageStored = false;
    if (image === 'attached') {
      const tried = before !== undefined && before.draft.imgContent === draft.imgContent;
      imageStored = tried
        ? before.imageStored
        : attempt((store) => store.setItem(key + IMAGE_SUFFIX, draft.imgContent ?? ''));
      if (!imageStored) {
        image = 'notKept';
        if (!tried) attempt((store) => store.removeItem(key + IMAGE_SUFFIX)); // an older image
      }
    } else {
      attempt((store) => store.removeItem(key + IMAGE_SUFFIX)); // none stored: no change, no event
    }
    const record: StoredDraft = { text: draft.text, imgAlt: draft.imgAlt, image };
    const written = attempt((store) => store.setItem(key, JSON.stringify(record)));
    const kept: DraftKept = !written
      ? 'notStored'
      : image === 'notKept'
        ? 'withoutImage'
        : 'stored';
    return { draft, kept, imageStored };
  }

  return {
    read(slot) {
      const key = draftKey(slot);
      return memory.get(key)?.draft ?? readStored(key, slot.post);
    },
    keep(slot, draft) {
      const key = draftKey(slot);
      if (!hasUnsent(draft, slot.post)) {
        memory.delete(key);
        removeStored(key);
        return 'stored';
      }
      const remembered = writeStored(key, draft, slot.post);
      memory.set(key, remembered);
      return remembered.kept;
    },
    kept(slot) {
      return memory.get(draftKey(slot))?.kept ?? 'stored';
    },
    remove(slot) {
      const key = draftKey(slot);
      memory.delete(key);
      removeStored(key);
    },
    discardEditOf(userId, postId) {
      const key = editDraftKey(userId, postId);
      memory.delete(key);
      removeStored(key);
    },
    forget(storageKey) {
      if (storageKey === null) {
        memory.clear();
        return;
      }
      const key = draftKeyOf(storageKey);
      if (key !== null) memory.delete(key);
    },
  };
}
