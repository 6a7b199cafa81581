/**
 * Keyboard reading: every single-key shortcut of the app, in one table. The feed (its own keys),
 * the app's shell (the rest), the search field ('/') and the '?' sheet all read it here, so the
 * sheet can never list a key that does nothing, nor miss one that does something.
 */

/** What a shortcut does; each handler picks the ones it owns. */
export type ShortcutId =
  | 'next'
  | 'previous'
  | 'open'
  | 'like'
  | 'bookmark'
  | 'comment'
  | 'newPost'
  | 'search'
  | 'goHome'
  | 'goExplore'
  | 'goBookmarks'
  | 'goProfile'
  | 'help';

/** Where a shortcut is handled: the feed on screen (it owns the list), or the app as a whole. */
export type ShortcutScope = 'feed' | 'app';

export interface Shortcut {
  id: ShortcutId;
  /**
   * The key presses that do it: each entry is one way, a sequence of `KeyboardEvent.key` values
   * pressed one after the other (`['g', 'h']`); several entries are alternatives (Enter or o).
   */
  keys: readonly (readonly string[])[];
  /** What the sheet says it does. */
  label: string;
  scope: ShortcutScope;
}

export interface ShortcutGroup {
  title: string;
  shortcuts: readonly Shortcut[];
}

/** The table, in the groups and order the sheet shows. */
export const SHORTCUT_GROUPS: readonly ShortcutGroup[] = [
  {
    title: 'Reading the feed',
    shortcuts: [
      { id: 'next', keys: [['j']], label: 'Next post', scope: 'feed' },
      { id: 'previous', keys: [['k']], label: 'Previous post', scope: 'feed' },
    ],
  },
  {
    title: 'On the focused post',
    shortcuts: [
      { id: 'open', keys: [['Enter'], ['o']], label: 'Open the post', scope: 'feed' },
      { id: 'like', keys: [['l']], label: 'Like, or take the like back', scope: 'feed' },
      { id: 'bookmark', keys: [['b']], label: 'Bookmark, or remove it', scope: 'feed' },
      { id: 'comment', keys: [['c']], label: 'Write a comment', scope: 'feed' },
    ],
  },
  {
    title: 'Anywhere',
    shortcuts: [
      { id: 'newPost', keys: [['n']], label: 'Write a new post', scope: 'app' },
      { id: 'search', keys: [['/']], label: 'Search people and posts', scope: 'app' },
      { id: 'help', keys: [['?']], label: 'Show these shortcuts', scope: 'app' },
    ],
  },
  {
    title: 'Going to a page',
    shortcuts: [
      { id: 'goHome', keys: [['g', 'h']], label: 'Home', scope: 'app' },
      { id: 'goExplore', keys: [['g', 'e']], label: 'Explore', scope: 'app' },
      { id: 'goBookmarks', keys: [['g', 'b']], label: 'Bookmarks', scope: 'app' },
      { id: 'goProfile', keys: [['g', 'p']], label: 'Your profile', scope: 'app' },
    ],
  },
];

export const SHORTCUTS: readonly Shortcut[] = SHORTCUT_GROUPS.flatMap((group) => group.shortcuts);

/** How long the second key of a sequence (g, then h) may wait for the first. */
export const SEQUENCE_TIMEOUT_MS = 1500;

/** What a key press means, given the keys of a sequence already pressed (`pending`). */
export type ShortcutReading =
  | { kind: 'shortcut'; id: ShortcutId }
  | { kind: 'pending'; keys: readonly string[] }
  | { kind: 'none' };

/**
 * Reads `key` after `pending` against the table's shortcuts of `scope`: a whole sequence is a
 * shortcut, the start of one waits for more, anything else is nothing (and a pending sequence
 * that does not go on is dropped, its last key read on its own).
 */
export function readShortcut(
  pending: readonly string[],
  key: string,
  scope: ShortcutScope,
): ShortcutReading {
  const typed = [...pending, key];
  let waits = false;
  for (const shortcut of SHORTCUTS) {
    if (shortcut.scope !== scope) continue;
    for (const keys of shortcut.keys) {
      if (!typed.every((typedKey, index) => keys[index] === typedKey)) continue;
      if (keys.length === typed.length) return { kind: 'shortcut', id: shortcut.id };
      waits = true;
    }
  }
  if (waits) return { kind: 'pending', keys: typed };
  return pending.length > 0 ? readShortcut([], key, scope) : { kind: 'none' };
}

/** The one-key shortcut `event` presses in `scope`, if it may be one (see mayBeShortcut). */
export function shortcutOf(event: KeyboardEvent, scope: ShortcutScope): ShortcutId | null {
  if (!mayBeShortcut(event)) return null;
  const reading = readShortcut([], event.key, scope);
  return reading.kind === 'shortcut' ? reading.id : null;
}

/**
 * Whether a key press may be a shortcut: never with Ctrl, Alt or Meta (the browser's and the
 * system's), never while typing in a field, never from or under an open dialog (its own keys and
 * the page behind it), never inside a menu or a list of options (they read letters to jump), and
 * Enter never on a control (it presses the control). Shift is allowed: '?' needs it.
 */
export function mayBeShortcut(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return false;
  if (event.isComposing) return false;
  const target = event.target;
  if (target instanceof Element) {
    if (target instanceof HTMLElement && target.isContentEditable) return false;
    if (target.closest(TYPING) !== null || target.closest(OWN_KEYS) !== null) return false;
    if (event.key === 'Enter' && target.closest(CONTROLS) !== null) return false;
  }
  return document.querySelector('dialog[open]') === null;
}

const TYPING = 'input, textarea, select, [contenteditable=""], [contenteditable="true"]';
const OWN_KEYS = 'dialog, [role="dialog"], [role="menu"], [role="listbox"], [role="combobox"]';
const CONTROLS = 'a[href], button, summary, [role="button"], [role="link"], [role="menuitem"]';
