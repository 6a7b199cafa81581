import type { Post } from '../api/types';
import {
  baseDraft,
  canSendDraft,
  hasUnsent,
  sameDraft,
  type Draft,
  type DraftSlot,
  type DraftStore,
} from './drafts';
import { NOTICES } from './notifications';
import type { Session } from './session';

/**
 * The post dialog's hold on its draft (drafts.ts keeps drafts in storage): what the open dialog
 * holds, whose slot it is (the signed-in user's new post, or their edit of one post), and the
 * moments it is kept, restored and removed. Every change is kept at once, so no way of closing
 * loses it: Escape, the close button, the backdrop, Back, a reload, a session that ends.
 *
 * One slot per user and post, so with dialogs open in two tabs the last change is the stored
 * draft; but an open dialog never changes under the person: another tab's write only refreshes
 * what this tab knows of storage, and closing with unsent work stores it again, so the text a
 * person closes is the text reopening shows. (Following the other tab's text lost this tab's,
 * e.g. two posts composed at once.)
 */
export interface DraftHolder {
  session: Session;
  /** The post being edited; null in create mode and when closed. */
  target: Post | null;
  text: string;
  /** The image to post: an uploaded image's link (or an older draft's data URL); null for none. */
  imgContent: string | null;
  /** The image's alt text; empty without an image. */
  imgAlt: string;
  /** The signed-in user's drafts. */
  drafts: DraftStore;
}

export const draftOf = ({ text, imgContent, imgAlt }: DraftHolder): Draft => ({
  text,
  imgContent,
  imgAlt,
});

/** The open dialog's draft slot; null without a signed-in user (nothing is kept then). */
function slotOf(holder: DraftHolder): DraftSlot | null {
  const userId = holder.session.user?._id;
  return userId === undefined ? null : { userId, post: holder.target };
}

/** Whether the dialog holds something its slot does not start with: a new text, a change. */
export const hasChanges = (holder: DraftHolder): boolean =>
  hasUnsent(draftOf(holder), holder.target);

/** Whether the rules let it be sent: text and alt text valid, an edit changed. */
export const canSave = (holder: DraftHolder): boolean =>
  canSendDraft(draftOf(holder), holder.target);

/** The slot's draft for `target`, or what it starts from: what opening shows. */
export function restoredDraft(holder: DraftHolder, target: Post | null) {
  const userId = holder.session.user?._id;
  const draft =
    (userId === undefined ? null : holder.drafts.read({ userId, post: target })) ??
    baseDraft(target);
  return { target, text: draft.text, imgContent: draft.imgContent, imgAlt: draft.imgAlt };
}

/** Every change is kept at once. */
export function keepDraft(holder: DraftHolder) {
  const slot = slotOf(holder);
  if (slot !== null) holder.drafts.keep(slot, draftOf(holder));
}

/** Closing with unsent work: it is the draft now, even if another tab wrote since. */
export function keepUnsentDraft(holder: DraftHolder) {
  if (hasChanges(holder)) keepDraft(holder);
}

/** 'Discard': the draft goes. */
export function removeDraft(holder: DraftHolder) {
  const slot = slotOf(holder);
  if (slot !== null) holder.drafts.remove(slot);
}

/** Sent: its draft goes, unless another tab changed it meanwhile (theirs is newer). */
export function removeSentDraft(holder: DraftHolder) {
  const slot = slotOf(holder);
  if (slot === null) return;
  const stored = holder.drafts.read(slot);
  if (stored === null || sameDraft(stored, draftOf(holder))) holder.drafts.remove(slot);
}

/** Closing with a draft storage could not hold in full: what a reload would lose; else null. */
export function draftNotKeptWarning(holder: DraftHolder): string | null {
  const slot = slotOf(holder);
  if (slot === null || !hasChanges(holder)) return null;
  const kept = holder.drafts.kept(slot);
  if (kept === 'withoutImage') return NOTICES.draftImageNotKept;
  return kept === 'notStored' ? NOTICES.draftNotKept : null;
}
