import { Search, X } from 'lucide-react';
import {
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import styled from 'styled-components';
import type { Post, UserSummary } from '../../api/types';
import { Avatar } from '../ui/Avatar';
import { InlineFailure } from '../ui/InlineFailure';
import { SpinnerGlyph } from '../ui/Spinner';
import { oneLine } from '../ui/mixins';

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

type SearchOption =
  { kind: 'person'; key: string; person: UserSummary } | { kind: 'post'; key: string; post: Post };

/** Words of a post around the first match, so the snippet shows why it was found. */
export function snippetOf(content: string, query: string, before = 24): string {
  const text = content.replace(/\s+/gu, ' ').trim();
  const at = text.toLowerCase().indexOf(query.trim().toLowerCase());
  if (at <= before) return text;
  const start = text.lastIndexOf(' ', at - before);
  return `…${text.slice(start < 0 ? at - before : start + 1)}`;
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
  const people = options.filter((option) => option.kind === 'person');
  const posts = options.filter((option) => option.kind === 'post');
  const expanded = open && options.length > 0;
  const active = expanded ? options.find((option) => option.key === activeKey) : undefined;

  // Registered as the field commits (not after paint), so a `/` pressed at once is caught.
  useLayoutEffect(() => {
    if (!slashFocuses) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.defaultPrevented || isTyping(event.target)) return;
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
  let message: ReactNode = null;
  if (typed === '') {
    message = <Hint>Find people by name or @username, and posts by their words.</Hint>;
  } else if (status === 'failed') {
    message = <InlineFailure message={error ?? 'The search failed.'} onRetry={onRetry} />;
  } else if (status === 'loading') {
    message = (
      <Line>
        <SpinnerGlyph $size="1rem" />
        <span>Searching…</span>
      </Line>
    );
  } else if (status === 'results' && count === 0) {
    message = <Line>No results for &quot;{typed}&quot;</Line>;
  }
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
      <Popup
        hidden={!open || (message === null && !expanded)}
        // Clicking in it (an option, the Retry button) must not take focus from the field.
        onMouseDown={(event) => event.preventDefault()}
      >
        {message}
        <Listbox id={listboxId} role="listbox" aria-label="Search results" hidden={!expanded}>
          {people.length > 0 && (
            <div role="group" aria-labelledby={`${id}-people`}>
              <GroupLabel id={`${id}-people`}>People</GroupLabel>
              {people.map((option) => (
                <ResultOption
                  key={option.key}
                  id={optionId(option.key)}
                  selected={active?.key === option.key}
                  onChoose={() => choose(option)}
                  who={option.person}
                  detail={
                    <Muted title={`@${option.person.username}`}>@{option.person.username}</Muted>
                  }
                />
              ))}
            </div>
          )}
          {posts.length > 0 && (
            <div role="group" aria-labelledby={`${id}-posts`}>
              <GroupLabel id={`${id}-posts`}>Posts</GroupLabel>
              {posts.map((option) => (
                <ResultOption
                  key={option.key}
                  id={optionId(option.key)}
                  selected={active?.key === option.key}
                  onChoose={() => choose(option)}
                  who={option.post}
                  detail={<Muted dir="auto">{snippetOf(option.post.content, typed)}</Muted>}
                />
              ))}
            </div>
          )}
        </Listbox>
      </Popup>
    </Box>
  );
}

/**
 * One result: the avatar and name of the person (or of the post's author), and a second line
 * (the @username, or the post's words around the match).
 */
function ResultOption({
  id,
  selected,
  onChoose,
  who,
  detail,
}: {
  /** The option's id, for the field's aria-activedescendant. */
  id: string;
  /** It is the active option (arrow keys). */
  selected: boolean;
  /** Clicked (Enter on the field chooses the active one). */
  onChoose: () => void;
  /** The person shown: the result itself, or the post's author. */
  who: { firstName: string; lastName: string; profile: string };
  /** The second line. */
  detail: ReactNode;
}) {
  const name = `${who.firstName} ${who.lastName}`;
  return (
    <Option id={id} role="option" aria-selected={selected} onClick={onChoose}>
      <Avatar src={who.profile} alt="" size="sm" />
      <Texts>
        <Strong dir="auto" title={name}>
          {name}
        </Strong>
        {detail}
      </Texts>
    </Option>
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

const Popup = styled.div`
  position: absolute;
  top: calc(100% + ${({ theme }) => theme.space.xxs});
  left: 0;
  right: 0;
  z-index: ${({ theme }) => theme.zIndex.menu};
  /* On wide screens it floats over the page and scrolls within the screen (the arrow keys
     scroll the active option into view). */
  max-height: calc(100vh - 6rem);
  overflow-y: auto;
  padding: ${({ theme }) => theme.space.xxs} 0;
  background: ${({ theme }) => theme.colors.surfaceRaised};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.raised};

  &[hidden] {
    display: none;
  }

  /* On phones it takes its place under the field and the page scrolls through it. */
  ${({ theme }) => theme.media.phone} {
    position: static;
    max-height: none;
    overflow: visible;
    margin-top: ${({ theme }) => theme.space.xxs};
    box-shadow: none;
  }
`;

const Listbox = styled.div`
  &[hidden] {
    display: none;
  }
`;

const GroupLabel = styled.div`
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm} ${theme.space.xxs}`};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.xs};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  letter-spacing: 0.04em;
  text-transform: uppercase;
`;

const Option = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
  border-left: 3px solid transparent;
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceSunken};
  }

  &[aria-selected='true'] {
    background: ${({ theme }) => theme.colors.primarySoft};
    border-left-color: ${({ theme }) => theme.colors.primary};
  }
`;

const Texts = styled.span`
  display: flex;
  flex-direction: column;
  min-width: 0;
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Strong = styled.span`
  ${oneLine}
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const Muted = styled.span`
  ${oneLine}
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Line = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
  overflow-wrap: anywhere;
`;

const Hint = styled(Line)``;
