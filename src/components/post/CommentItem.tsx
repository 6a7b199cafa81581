import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { SubmitEvent, KeyboardEvent, ReactNode, Ref } from 'react';
import { ArrowBigDown, ArrowBigUp, MessageCircle, Pencil, Trash2 } from 'lucide-react';
import styled from 'styled-components';
import type { Comment } from '../../api/types';
import type { TextVerdict } from '../../api/rules';
import {
  Avatar,
  AvatarLink,
  Button,
  ConfirmDialog,
  Menu,
  RichText,
  TextArea,
  useFocusReturn,
} from '../ui';
import { caretToEnd } from '../ui/caret';
import { besideAvatar, headerRow } from '../ui/mixins';
import { AUTHOR_LINE_CONTAINER, AuthorLine } from './AuthorLine';
import { CountedAction } from './PostActions';
import type { CommentView } from './PostCard';

export interface CommentItemProps {
  /** The comment: its author, time, text and votes. */
  comment: Comment;
  /**
   * What the current user may do: Edit in the menu when they wrote it, Delete when they wrote it
   * or the post; their vote presses the matching button.
   */
  view: CommentView;
  /** The comment rule: Save is offered only while the draft passes it. */
  checkComment: (text: string) => TextVerdict;
  /** Called with the trimmed new text, only when it passes the comment rule. */
  onEdit: (commentId: string, text: string) => void;
  /** Called after the person confirmed the deletion ('Delete comment?'). */
  onDelete: (commentId: string) => void;
  /** 'Upvote' pressed: a vote, or its withdrawal when it was the person's vote already. */
  onUpvote: (commentId: string) => void;
  /** 'Downvote' pressed: a vote, or its withdrawal when it was the person's vote already. */
  onDownvote: (commentId: string) => void;
  /** Start in the inline editor (for stories; normally the menu's Edit opens it). */
  defaultEditing?: boolean;
  /** 'Reply' pressed (a post's page): open a reply under this comment's thread. */
  onReply?: (commentId: string) => void;
  /** The reply input is open for this comment: Reply is expanded. */
  replying?: boolean;
  /** The comment's Reply button (where focus goes back when its reply input closes). */
  replyRef?: Ref<HTMLButtonElement>;
  /** Under the comment, inside its item: its replies and the reply input (a post's page). */
  children?: ReactNode;
}

/**
 * One comment: author, text, time, up/down votes with their counts and, by the permission
 * flags, the 'Comment options' menu (Edit inline, Delete after a confirmation). Votes may be
 * missing: they count 0. The item can take focus from script (after the comment before it was
 * deleted).
 */
export function CommentItem({
  comment,
  view,
  checkComment,
  onEdit,
  onDelete,
  onUpvote,
  onDownvote,
  defaultEditing = false,
  onReply,
  replying = false,
  replyRef,
  children,
}: CommentItemProps) {
  const { canEdit, canDelete, myVote } = view;
  const [draft, setDraft] = useState<string | null>(
    defaultEditing && canEdit ? comment.commentData : null,
  );
  const editing = draft !== null;
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const itemRef = useRef<HTMLLIElement>(null);
  // The editor opens with the caret after the text, as the post editor does: at once when its
  // text has focus (autoFocus), else when the focus comes (it can come later), once per opening.
  const editorRef = useRef<HTMLTextAreaElement>(null);
  const caretPending = useRef(false);
  // Before the paint, so no frame shows the caret first.
  useLayoutEffect(() => {
    const area = editorRef.current;
    const focused = area !== null && area === area.ownerDocument.activeElement;
    if (editing && focused) caretToEnd(area);
    caretPending.current = editing && !focused;
  }, [editing]);
  const placeCaret = (area: HTMLTextAreaElement) => {
    if (!caretPending.current) return;
    caretPending.current = false;
    caretToEnd(area);
  };
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
  // A card's comment counts its votes apart (its lists hold the viewer's vote alone); a post's
  // page lists every voter.
  const upvotes = comment.votes?.upvoteCount ?? comment.votes?.upvotedBy.length ?? 0;
  const downvotes = comment.votes?.downvoteCount ?? comment.votes?.downvotedBy.length ?? 0;

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
            onSelect: () => setConfirmingDelete(true),
          },
        ]
      : []),
  ];

  const verdict = draft === null ? null : checkComment(draft);
  const canSave = verdict !== null && verdict.problem === null;

  const save = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSave || draft === null) return;
    onEdit(comment._id, draft.trim());
    closeEditor();
  };

  // Enter saves, as Enter posts a new comment; Shift+Enter starts a new line. A key that ends an
  // input method's composition (Japanese, Chinese…) is not a save.
  const onEditorKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      closeEditor();
    } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      event.currentTarget.requestSubmit();
    }
  };

  return (
    <Item ref={itemRef} tabIndex={-1} data-key={comment._id} {...listeners}>
      {view.authorPath === undefined ? (
        <Avatar src={comment.profile} srcSet={view.authorAvatar} alt="" size="sm" />
      ) : (
        <AvatarLink to={view.authorPath}>
          <Avatar src={comment.profile} srcSet={view.authorAvatar} alt="" size="sm" />
        </AvatarLink>
      )}
      <Main>
        <Bubble>
          <Header>
            <AuthorLine
              author={comment}
              createdAt={comment.createdAt}
              editedAt={comment.editedAt}
              size="comment"
              href={view.authorPath}
            />
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
                counter={verdict ?? undefined}
                autoFocus
                ref={editorRef}
                onFocus={(event) => placeCaret(event.currentTarget)}
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
            <Text dir="auto">
              <RichText tokens={view.text ?? [{ kind: 'text', text: comment.commentData }]} />
            </Text>
          )}
        </Bubble>
        <Votes>
          <CountedAction
            label="Upvote"
            icon={<ArrowBigUp aria-hidden="true" />}
            aria-pressed={myVote === 'up'}
            count={upvotes}
            noun={['upvote', 'upvotes']}
            onClick={() => onUpvote(comment._id)}
          />
          <CountedAction
            label="Downvote"
            icon={<ArrowBigDown aria-hidden="true" />}
            aria-pressed={myVote === 'down'}
            count={downvotes}
            noun={['downvote', 'downvotes']}
            onClick={() => onDownvote(comment._id)}
          />
          {onReply !== undefined && (
            <Button
              ref={replyRef}
              size="sm"
              variant="ghost"
              aria-expanded={replying}
              aria-label={`Reply to ${comment.firstName} ${comment.lastName}`}
              onClick={() => onReply(comment._id)}
            >
              <MessageCircle aria-hidden="true" />
              Reply
            </Button>
          )}
        </Votes>
        {children}
      </Main>
      <ConfirmDialog
        open={confirmingDelete}
        title="Delete comment?"
        message="This comment will be removed for good."
        confirmLabel="Delete"
        danger
        onCancel={() => setConfirmingDelete(false)}
        onConfirm={() => {
          setConfirmingDelete(false);
          onDelete(comment._id);
        }}
      />
    </Item>
  );
}

const Item = styled.li`
  ${besideAvatar}
  gap: ${({ theme }) => theme.space.xs};
  border-radius: ${({ theme }) => theme.radii.md};
`;

const Main = styled.div`
  flex: 1 1 auto;
  min-width: 0;
`;

const Bubble = styled.div`
  /* AuthorLine reads its width: a narrow bubble (a phone) leaves out the @username. */
  container: ${AUTHOR_LINE_CONTAINER} / inline-size;
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceSunken};
`;

const Header = styled.div`
  ${headerRow}
  min-height: 1.5rem;

  > div:last-child {
    margin: -0.25rem -0.5rem -0.25rem 0;
  }
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
  align-items: center;
  margin: ${({ theme }) => theme.space.xxs} 0 0 -${({ theme }) => theme.space.xxs};
`;
