import { Pencil, Trash2 } from 'lucide-react';
import styled from 'styled-components';
import { ConfirmDialog, Menu, Spinner } from '../ui';

export interface PostMenuProps {
  /** The post is being deleted: a spinner stands where the menu was. */
  deleting: boolean;
  /** 'Edit' chosen: open the post dialog in edit mode. */
  onEdit: () => void;
  /** 'Delete' chosen: the card asks for confirmation first (ConfirmDeletePost). */
  onAskDelete: () => void;
}

/** 'Post options' (Edit, Delete) on the current user's own post. */
export function PostMenu({ deleting, onEdit, onAskDelete }: PostMenuProps) {
  if (deleting) return <Spinner size="sm" label="Deleting post" />;
  return (
    <OptionsMenu
      label="Post options"
      triggerSize="sm"
      items={[
        { label: 'Edit', icon: <Pencil aria-hidden="true" />, onSelect: onEdit },
        {
          label: 'Delete',
          icon: <Trash2 aria-hidden="true" />,
          danger: true,
          onSelect: onAskDelete,
        },
      ]}
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
