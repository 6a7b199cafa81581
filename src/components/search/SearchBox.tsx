import { Search, X } from 'lucide-react';
import {
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
} from 'react';
import styled from 'styled-components';
import type { Post, UserSummary } from '../../api/types';
import { shortcutOf } from '../ui/shortcuts';
import { searchMessage, SearchResults, type SearchOption } from './SearchResults';

/** What a search found: people and posts, ranked by the server. */
export interface SearchBoxResults {
  /** People, best match first. */
  users: readonly UserSummary[];
  /** Posts, newest first. */
  posts: readonly Post[];
}

/**
 * Where the search stands, as the page maps the search machine: 'idle' (nothing typed),
 * 'loading' (waiting for typing to pause, or for the answer), 'results', 'failed'.
 */
export type SearchBoxStatus = 'idle' | 'loading' | 'results' | 'failed';

export interface SearchBoxProps {
  /** What the field holds. */
  query: string;
  /** Where the search stands; see SearchBoxStatus. */
  status: SearchBoxStatus;
  /**
   * The latest results, kept while a newer query loads (so the list does not flicker); null
   * before the first answer or after the field is cleared.
   */
  results: SearchBoxResults | null;
  /** Why the search failed, shown with 'Retry' in the 'failed' status. */
  error?: string | null;
  /** The longest query the field takes (the page passes the rule's limit). */
  maxLength?: number;
  /** The person typed: the page's machine searches after a pause. */
  onQueryChange: (query: string) => void;
  /** 'Clear search' pressed, or Escape with the list already closed: empty the field. */
  onClear: () => void;
  /** 'Retry' pressed (or Enter) after a failure. */
  onRetry: () => void;
  /** A person chosen (click, or Enter on the active option): the page opens their profile. */
  onChoosePerson: (person: UserSummary) => void;
  /** A post chosen: the page shows it. */
  onChoosePost: (post: Post) => void;
  /** The `/` key, pressed outside any text field, focuses this field. Default true. */
  slashFocuses?: boolean;
  /** Open the list at once, as if the field had been focused (stories, the phone's search). */
  defaultOpen?: boolean;
  /** For placing it in a layout (a styled-components `styled(…)` wrapper passes it). */
  className?: string;
}

/** Whether a key press comes from a place where '/' is typed, not a shortcut. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]') !==
      null
  );
}

/**
 * The search field: results as you type, reachable by keyboard alone (the WAI-ARIA combobox
 * pattern). The input is a `combobox` that controls a `listbox` of two groups, People (avatar,
 * name, @username) and Posts (author and a one-line snippet around the match). ArrowDown /
 * ArrowUp move through the options (wrapping), Home / End go to the first / last one while an
 * option is active, Enter chooses the active option, Escape closes the list and, pressed again,
 * clears the field; the active option is `aria-activedescendant`, so focus stays in the field.
 *
 * Below the field it says what is going on: a hint before anything is typed, 'Searching…',
 * 'No results for "x"', or why the search failed, with 'Retry'; a polite status announces the
 * number of results. The `/` key pressed anywhere outside a text field focuses the field (when
 * it is on screen). Pure: the page owns the query and the results (the search machine).
 */
export function SearchBox({
  query,
  status,
  results,
  error = null,
  maxLength,
  onQueryChange,
  onClear,
  onRetry,
  onChoosePerson,
  onChoosePost,
  slashFocuses = true,
  defaultOpen = false,
  className,
}: SearchBoxProps) {
  const id = useId();
  const inputId = `${id}-input`;
  const listboxId = `${id}-listbox`;
  const statusId = `${id}-status`;
  const optionId = (key: string) => `${id}-option-${key}`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(defaultOpen);
  const [activeKey, setActiveKey] = useState<string | null>(null);

  const typed = query.trim();
  const options = useMemo<SearchOption[]>(() => {
    if (typed === '' || results === null) return [];
    return [
      ...results.users.map((person) => ({
        kind: 'person' as const,
        key: `person-${person._id}`,
        person,
      })),
      ...results.posts.map((post) => ({ kind: 'post' as const, key: `post-${post._id}`, post })),
    ];
  }, [results, typed]);
  const expanded = open && options.length > 0;
  const active = expanded ? options.find((option) => option.key === activeKey) : undefined;

  // Registered as the field commits (not after paint), so a `/` pressed at once is caught.
  useLayoutEffect(() => {
    if (!slashFocuses) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      // The shortcuts table's key for search, with its guard (no modifier, not while typing).
      if (shortcutOf(event, 'app') !== 'search' || isTyping(event.target)) return;
      const input = inputRef.current;
      // Only the field on screen (the layout draws one for wide screens and one for phones),
      // and not from under an open dialog.
      if (!input || input.getClientRects().length === 0) return;
      if (input.ownerDocument.querySelector('dialog[open]')) return;
      event.preventDefault();
      input.focus();
      setOpen(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [slashFocuses]);

  function choose(option: SearchOption) {
    setOpen(false);
    setActiveKey(null);
    if (option.kind === 'person') onChoosePerson(option.person);
    else onChoosePost(option.post);
  }

  function move(to: 'next' | 'previous' | 'first' | 'last') {
    if (options.length === 0) return;
    const at = options.findIndex((option) => option.key === activeKey);
    const last = options.length - 1;
    const index =
      to === 'first'
        ? 0
        : to === 'last'
          ? last
          : to === 'next'
            ? at < 0 || at === last
              ? 0
              : at + 1
            : at <= 0
              ? last
              : at - 1;
    const next = options[index];
    if (!next) return;
    setActiveKey(next.key);
    document.getElementById(optionId(next.key))?.scrollIntoView({ block: 'nearest' });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        setOpen(true);
        move(event.key === 'ArrowDown' ? 'next' : 'previous');
        return;
      case 'Home':
      case 'End':
        if (!active) return; // the caret moves in the field
        event.preventDefault();
        move(event.key === 'Home' ? 'first' : 'last');
        return;
      case 'Enter':
        event.preventDefault();
        if (active) choose(active);
        else if (status === 'failed') onRetry();
        return;
      case 'Escape':
        if (open && typed !== '') {
          event.preventDefault();
          setOpen(false);
          setActiveKey(null);
        } else if (query !== '') {
          event.preventDefault();
          onClear();
        }
        return;
      default:
    }
  }

  function onBlur(event: FocusEvent<HTMLDivElement>) {
    if (!event.currentTarget.contains(event.relatedTarget)) {
      setOpen(false);
      setActiveKey(null);
    }
  }

  const count = (results?.users.length ?? 0) + (results?.posts.length ?? 0);
  const message = searchMessage({ typed, status, error, count, onRetry });
  const announcement =
    status === 'results' && typed !== ''
      ? count === 0
        ? `No results for "${typed}"`
        : `${count} ${count === 1 ? 'result' : 'results'}. Use the arrow keys to choose.`
      : status === 'failed'
        ? (error ?? 'The search failed.')
        : '';

  return (
    <Box role="search" className={className} onBlur={onBlur}>
      <label className="visually-hidden" htmlFor={inputId}>
        Search people and posts
      </label>
      <Field>
        <Search aria-hidden="true" />
        <Input
          ref={inputRef}
          id={inputId}
          type="text"
          role="combobox"
          dir="auto"
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          placeholder="Search Murmur"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={active ? optionId(active.key) : undefined}
          aria-describedby={statusId}
          value={query}
          maxLength={maxLength}
          onChange={(event) => {
            setOpen(true);
            onQueryChange(event.target.value);
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
        />
        {query !== '' && (
          <ClearButton
            type="button"
            aria-label="Clear search"
            onClick={() => {
              onClear();
              inputRef.current?.focus();
            }}
          >
            <X aria-hidden="true" />
          </ClearButton>
        )}
        <Kbd aria-hidden="true" $hidden={query !== ''}>
          /
        </Kbd>
      </Field>
      <span id={statusId} className="visually-hidden" role="status">
        {announcement}
      </span>
      <SearchResults
        id={id}
        listboxId={listboxId}
        optionId={optionId}
        hidden={!open || (message === null && !expanded)}
        expanded={expanded}
        message={message}
        options={options}
        activeKey={active?.key}
        typed={typed}
        onChoose={choose}
      />
    </Box>
  );
}

const Box = styled.div`
  position: relative;
  min-width: 0;
`;

const Field = styled.div`
  position: relative;
  display: flex;
  align-items: center;

  > svg {
    position: absolute;
    left: ${({ theme }) => theme.space.sm};
    width: 1.125rem;
    height: 1.125rem;
    color: ${({ theme }) => theme.colors.textMuted};
    pointer-events: none;
  }
`;

const Input = styled.input`
  width: 100%;
  height: 2.75rem;
  padding: 0 2.75rem 0 2.5rem;
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-size: ${({ theme }) => theme.font.size.sm};

  &::placeholder {
    color: ${({ theme }) => theme.colors.textMuted};
    opacity: 1;
  }

  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 1px;
  }
`;

const ClearButton = styled.button`
  position: absolute;
  right: ${({ theme }) => theme.space.xxs};
  display: grid;
  place-items: center;
  width: 2.25rem;
  height: 2.25rem;
  padding: 0;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.round};
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceSunken};
    color: ${({ theme }) => theme.colors.text};
  }

  > svg {
    width: 1.125rem;
    height: 1.125rem;
  }
`;

const Kbd = styled.kbd<{ $hidden: boolean }>`
  position: absolute;
  right: ${({ theme }) => theme.space.sm};
  display: ${({ $hidden }) => ($hidden ? 'none' : 'grid')};
  place-items: center;
  min-width: 1.5rem;
  height: 1.5rem;
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  font: inherit;
  font-size: ${({ theme }) => theme.font.size.xs};
  pointer-events: none;
`;
