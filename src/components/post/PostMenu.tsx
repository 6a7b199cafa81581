import { Link2, Pencil, Trash2 } from 'lucide-react';
import styled from 'styled-components';
import { ConfirmDialog, Menu, Spinner } from '../ui';

export interface PostMenuProps {
  /** The post is being deleted: a spinner stands where the menu was. */
  deleting: boolean;
  /** The current user wrote the post: Edit and Delete. */
  canEdit: boolean;
  /** 'Copy link' chosen: the post's address to the clipboard. */
  onCopyLink: () => void;
  /** 'Edit' chosen: open the post dialog in edit mode. */
  onEdit: () => void;
  /** 'Delete' chosen: the card asks for confirmation first (ConfirmDeletePost). */
  onAskDelete: () => void;
}

/** 'Post options' on every post: Copy link; Edit and Delete on the current user's own. */
export function PostMenu({ deleting, canEdit, onCopyLink, onEdit, onAskDelete }: PostMenuProps) {
  if (deleting) return <Spinner size="sm" label="Deleting post" />;
  const copy = { label: 'Copy link', icon: <Link2 aria-hidden="true" />, onSelect: onCopyLink };
  return (
    <OptionsMenu
      label="Post options"
      triggerSize="sm"
      items={
        canEdit
          ? [
              { label: 'Edit', icon: <Pencil aria-hidden="true" />, onSelect: onEdit },
              copy,
              {
                label: 'Delete',
                icon: <Trash2 aria-hidden="true" />,
                danger: true,
                onSelect: onAskDelete,
              },
            ]
          : [copy]
      }
    />
  );
}

export interface ConfirmDeletePostProps {
  /** The question is showing. */
  open: boolean;
  /** 'Cancel', Escape or the backdrop: the post stays. */
  onCancel: () => void;
  /** 'Delete': the post goes. */
  onConfirm: () => void;
}

/** The question before a post is deleted for good. */
export function ConfirmDeletePost({ open, onCancel, onConfirm }: ConfirmDeletePostProps) {
  return (
    <ConfirmDialog
      open={open}
      title="Delete post?"
      message="This post and its comments will be removed for good."
      confirmLabel="Delete"
      danger
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}

const OptionsMenu = styled(Menu)`
  margin: -0.25rem -0.5rem 0 0;
`;
