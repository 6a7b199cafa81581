import { useEffect, useId, useRef, useState } from 'react';
import type { SubmitEvent, KeyboardEvent } from 'react';
import { ArrowBigDown, ArrowBigUp, Pencil, Trash2 } from 'lucide-react';
import styled from 'styled-components';
import type { Comment } from '../../api/types';
import { LIMITS } from '../../api/types';
import { Avatar, Button, Menu, RelativeTime, TextArea, useFocusReturn } from '../ui';
import { CountedAction } from './CountedAction';

/** The current user's vote on a comment. */
export type CommentVote = 'up' | 'down' | null;

export interface CommentItemProps {
  comment: Comment;
  /** The current user wrote it (F3): the menu offers Edit. */
  canEdit: boolean;
  /** The current user wrote it or wrote the post (F3): the menu offers Delete. */
  canDelete: boolean;
  /** How the current user voted: the matching button is pressed. */
  myVote: CommentVote;
  /** Called with the trimmed new text; only when it is not blank and within the limit. */
  onEdit: (commentId: string, text: string) => void;
  onDelete: (commentId: string) => void;
  onUpvote: (commentId: string) => void;
  onDownvote: (commentId: string) => void;
  /** Start in the inline editor (for stories; normally the menu's Edit opens it). */
  defaultEditing?: boolean;
}

/**
 * One comment: author, text, time, up/down votes with their counts and, by the permission
 * flags, the 'Comment options' menu (Edit inline, Delete). Votes may be missing: they count 0.
 */
export function CommentItem({
  comment,
  canEdit,
  canDelete,
  myVote,
  onEdit,
  onDelete,
  onUpvote,
  onDownvote,
  defaultEditing = false,
}: CommentItemProps) {
  const nameId = useId();
  const [draft, setDraft] = useState<string | null>(
    defaultEditing && canEdit ? comment.commentData : null,
  );
  const editing = draft !== null;
  const itemRef = useRef<HTMLLIElement>(null);
  const closedByPerson = useRef(false);
  const { listeners, returnFocus } = useFocusReturn();

  // Leaving the editor (Save, Cancel, Escape) puts focus back on the comment's menu button.
  useEffect(() => {
    if (editing || !closedByPerson.current) return;
    closedByPerson.current = false;
    returnFocus(itemRef.current?.querySelector<HTMLElement>('[aria-haspopup="menu"]'));
  }, [editing, returnFocus]);

  const closeEditor = () => {
    closedByPerson.current = true;
    setDraft(null);
  };
  const name = `${comment.firstName} ${comment.lastName}`;
  const upvotes = comment.votes?.upvotedBy.length ?? 0;
  const downvotes = comment.votes?.downvotedBy.length ?? 0;

  const menuItems = [
    ...(canEdit
      ? [
          {
            label: 'Edit',
            icon: <Pencil aria-hidden="true" />,
            onSelect: () => setDraft(comment.commentData),
          },
        ]
      : []),
    ...(canDelete
      ? [
          {
            label: 'Delete',
            icon: <Trash2 aria-hidden="true" />,
            danger: true,
            onSelect: () => onDelete(comment._id),
          },
        ]
      : []),
  ];

  const canSave = draft !== null && draft.trim() !== '' && draft.length <= LIMITS.comment.max;

  const save = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSave) return;
    onEdit(comment._id, draft.trim());
    closeEditor();
  };

  const onEditorKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      closeEditor();
    }
  };

  return (
    <Item ref={itemRef} {...listeners}>
      <Avatar src={comment.profile} alt="" size="sm" />
      <Main>
        <Bubble>
          <Header>
            <Who>
              <Name id={nameId}>{name}</Name>
              <Handle>@{comment.username}</Handle>
              <Dot aria-hidden="true">·</Dot>
              <Time>
                <RelativeTime dateTime={comment.createdAt} />
              </Time>
            </Who>
            {menuItems.length > 0 && !editing && (
              <Menu label="Comment options" items={menuItems} triggerSize="sm" />
            )}
          </Header>
          {editing ? (
            <Editor onSubmit={save} onKeyDown={onEditorKeyDown}>
              <TextArea
                label="Edit comment"
                hideLabel
                rows={2}
                value={draft}
                maxLength={LIMITS.comment.max}
                autoFocus
                onChange={(event) => setDraft(event.target.value)}
              />
              <EditorActions>
                <Button size="sm" variant="ghost" onClick={closeEditor}>
                  Cancel
                </Button>
                <Button size="sm" type="submit" disabled={!canSave}>
                  Save
                </Button>
              </EditorActions>
            </Editor>
          ) : (
            <Text>{comment.commentData}</Text>
          )}
        </Bubble>
        <Votes>
          <CountedAction
            label="Upvote"
            icon={<ArrowBigUp aria-hidden="true" />}
            aria-pressed={myVote === 'up'}
            count={upvotes}
            noun={['upvote', 'upvotes']}
            onClick={() => {
              if (myVote !== 'up') onUpvote(comment._id);
            }}
          />
          <CountedAction
            label="Downvote"
            icon={<ArrowBigDown aria-hidden="true" />}
            aria-pressed={myVote === 'down'}
            count={downvotes}
            noun={['downvote', 'downvotes']}
            onClick={() => {
              if (myVote !== 'down') onDownvote(comment._id);
            }}
          />
        </Votes>
      </Main>
    </Item>
  );
}

const Item = styled.li`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.xs};
  min-width: 0;
`;

const Main = styled.div`
  flex: 1 1 auto;
  min-width: 0;
`;

const Bubble = styled.div`
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceSunken};
`;

const Header = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.xs};
  min-height: 1.5rem;

  > div:last-child {
    margin: -0.25rem -0.5rem -0.25rem 0;
  }
`;

const Who = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  column-gap: ${({ theme }) => theme.space.xxs};
  min-width: 0;
  font-size: ${({ theme }) => theme.font.size.sm};
  line-height: ${({ theme }) => theme.font.lineHeight.normal};
`;

const Name = styled.span`
  font-weight: ${({ theme }) => theme.font.weight.medium};
  overflow-wrap: anywhere;
`;

const Handle = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

const Dot = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Time = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Text = styled.p`
  margin-top: ${({ theme }) => theme.space.xxs};
  font-size: ${({ theme }) => theme.font.size.sm};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Editor = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  margin-top: ${({ theme }) => theme.space.xs};
`;

const EditorActions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.xs};
`;

const Votes = styled.div`
  display: flex;
  margin: ${({ theme }) => theme.space.xxs} 0 0 -${({ theme }) => theme.space.xxs};
`;
