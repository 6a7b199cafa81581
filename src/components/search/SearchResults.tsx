import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { Post, UserSummary } from '../../api/types';
import { Avatar } from '../ui/Avatar';
import { InlineFailure } from '../ui/InlineFailure';
import { SpinnerGlyph } from '../ui/Spinner';
import { oneLine } from '../ui/mixins';

/** One result the arrow keys move through: a person, or a post. */
export type SearchOption =
  { kind: 'person'; key: string; person: UserSummary } | { kind: 'post'; key: string; post: Post };

/**
 * Words of a post around the first match, so the snippet shows why it was found. It starts at
 * the beginning of a word, about `before` characters ahead of the match, marked with an
 * ellipsis; never in the middle of a word.
 */
export function snippetOf(content: string, query: string, before = 24): string {
  const text = content.replace(/\s+/gu, ' ').trim();
  const at = text.toLowerCase().indexOf(query.trim().toLowerCase());
  if (at <= before) return text;
  // The space that ends the word before the cut; when the text has none that early (one long
  // first word), the first space after it that still comes before the match.
  const earlier = text.lastIndexOf(' ', at - before);
  const later = text.indexOf(' ', at - before);
  const space = earlier >= 0 ? earlier : later >= 0 && later < at ? later : -1;
  return space < 0 ? text : `…${text.slice(space + 1)}`;
}

/**
 * What the popup says above its results, or null when the results speak for themselves: a hint
 * before anything is typed, 'Searching…', 'No results for "x"', or why the search failed.
 */
export function searchMessage({
  typed,
  status,
  error,
  count,
  onRetry,
}: {
  /** The query as typed, trimmed. */
  typed: string;
  /** Where the search stands. */
  status: 'idle' | 'loading' | 'results' | 'failed';
  /** Why it failed, when it did. */
  error: string | null;
  /** How many people and posts were found. */
  count: number;
  /** 'Retry' pressed after a failure. */
  onRetry: () => void;
}): ReactNode {
  if (typed === '') {
    return <Hint>Find people by name or @username, and posts by their words.</Hint>;
  }
  if (status === 'failed') {
    return <InlineFailure message={error ?? 'The search failed.'} onRetry={onRetry} />;
  }
  if (status === 'loading') {
    return (
      <Line>
        <SpinnerGlyph $size="1rem" />
        <span>Searching…</span>
      </Line>
    );
  }
  if (status === 'results' && count === 0) return <Line>No results for &quot;{typed}&quot;</Line>;
  return null;
}

/**
 * The popup under the search field: its message, then the listbox of two groups, People (avatar,
 * name, @username) and Posts (author and a one-line snippet around the match). Clicking in it
 * never takes focus from the field, which stays the combobox.
 */
export function SearchResults({
  id,
  listboxId,
  optionId,
  hidden,
  expanded,
  message,
  options,
  activeKey,
  typed,
  onChoose,
}: {
  /** The prefix of the ids inside (the field's `useId`). */
  id: string;
  /** The listbox's id, which the field's `aria-controls` names. */
  listboxId: string;
  /** An option's element id, for the field's `aria-activedescendant`. */
  optionId: (key: string) => string;
  /** Nothing to show, or the field is not in use. */
  hidden: boolean;
  /** The listbox shows (there are options and the popup is open). */
  expanded: boolean;
  /** What `searchMessage` says, above the options. */
  message: ReactNode;
  /** The people, then the posts, in the order the server ranked them. */
  options: readonly SearchOption[];
  /** The option the arrow keys are on. */
  activeKey: string | undefined;
  /** The query as typed, trimmed: the snippets are cut around it. */
  typed: string;
  /** An option clicked. */
  onChoose: (option: SearchOption) => void;
}) {
  const people = options.filter((option) => option.kind === 'person');
  const posts = options.filter((option) => option.kind === 'post');
  return (
    <Popup
      hidden={hidden}
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
                selected={activeKey === option.key}
                onChoose={() => onChoose(option)}
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
                selected={activeKey === option.key}
                onChoose={() => onChoose(option)}
                who={option.post}
                detail={<Muted dir="auto">{snippetOf(option.post.content, typed)}</Muted>}
              />
            ))}
          </div>
        )}
      </Listbox>
    </Popup>
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
