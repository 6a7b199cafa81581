import { useState } from 'react';
import type { KeyboardEvent, SubmitEvent, Ref } from 'react';
import styled from 'styled-components';
import type { TextVerdict } from '../../api/rules';
import { Button, TextField } from '../ui';

/** The counter appears once the text comes this close to the limit. */
const COUNTER_MARGIN = 50;

export interface CommentComposerProps {
  /** The comment rule: Post is offered only while the text passes it. */
  check: (text: string) => TextVerdict;
  /** Called with the trimmed text when the person posts a comment that passes the rule. */
  onSubmit: (text: string) => void;
  /** The input, so that the card's Comment action can focus it. */
  inputRef?: Ref<HTMLInputElement>;
  /** For placing the composer in its card (a styled-components `styled(CommentComposer)`). */
  className?: string;
  /** The input's accessible name (and placeholder's start). Default 'Add a comment'. */
  label?: string;
  /** Focus the input when it appears (a reply input opened by its Reply button). */
  autoFocus?: boolean;
}

/**
 * The comment input under a post: posts text that passes the comment rule (Enter, Ctrl+Enter /
 * Cmd+Enter or the Post button), then clears. The counter shows the rule's own count once the text nears the limit.
 */
export function CommentComposer({
  check,
  onSubmit,
  inputRef,
  className,
  label = 'Add a comment',
  autoFocus = false,
}: CommentComposerProps) {
  const [text, setText] = useState('');
  const verdict = check(text);
  const canPost = verdict.problem === null;

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canPost) return;
    onSubmit(text.trim());
    setText('');
  };

  // Ctrl+Enter / Cmd+Enter sends, as in the post dialog (never a second way around the rule).
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
    event.preventDefault();
    event.currentTarget.form?.requestSubmit();
  };

  return (
    <Form className={className} onSubmit={handleSubmit}>
      <Field
        ref={inputRef}
        label={label}
        hideLabel
        placeholder={`${label}...`}
        autoFocus={autoFocus}
        autoComplete="off"
        value={text}
        counter={verdict.length >= verdict.max - COUNTER_MARGIN ? verdict : undefined}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={handleKeyDown}
      />
      <Button type="submit" variant="secondary" disabled={!canPost}>
        Post
      </Button>
    </Form>
  );
}

const Form = styled.form`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.xs};
  min-width: 0;

  > button {
    min-height: 2.75rem;
  }
`;

const Field = styled(TextField)`
  flex: 1 1 auto;
`;
