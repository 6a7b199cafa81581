import { useState } from 'react';
import type { SubmitEvent, Ref } from 'react';
import styled from 'styled-components';
import { LIMITS } from '../../api/types';
import { Button, TextField } from '../ui';

/** The counter appears once the text comes this close to the limit. */
const COUNTER_FROM = LIMITS.comment.max - 50;

export interface CommentComposerProps {
  /** Called with the trimmed text when the person posts a comment that is not blank. */
  onSubmit: (text: string) => void;
  /** The input, so that the card's Comment action can focus it. */
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
}

/**
 * The comment input under a post: posts only text that is not blank and not over the limit
 * (Enter or the Post button), then clears. A counter shows near the 300-character limit.
 */
export function CommentComposer({ onSubmit, inputRef, className }: CommentComposerProps) {
  const [text, setText] = useState('');
  const blank = text.trim() === '';
  const tooLong = text.length > LIMITS.comment.max;
  const canPost = !blank && !tooLong;

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canPost) return;
    onSubmit(text.trim());
    setText('');
  };

  return (
    <Form className={className} onSubmit={handleSubmit}>
      <Field
        ref={inputRef}
        label="Add a comment"
        hideLabel
        placeholder="Add a comment..."
        autoComplete="off"
        value={text}
        maxLength={text.length >= COUNTER_FROM ? LIMITS.comment.max : undefined}
        onChange={(event) => setText(event.target.value)}
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
