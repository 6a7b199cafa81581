import { useState } from 'react';
import { Pencil, Trash2 } from 'lucide-react';
import styled from 'styled-components';
import { ConfirmDialog, Menu, Spinner } from '../ui';

export interface PostMenuProps {
  /** The post is being deleted: a spinner stands where the menu was. */
  deleting: boolean;
  onEdit: () => void;
  /** Called only after the person confirmed the deletion. */
  onDelete: () => void;
}

/** 'Post options' (Edit, Delete) on the current user's own post; Delete asks first. */
export function PostMenu({ deleting, onEdit, onDelete }: PostMenuProps) {
  const [confirming, setConfirming] = useState(false);
  if (deleting) return <Spinner size="sm" label="Deleting post" />;
  return (
    <>
      <OptionsMenu
        label="Post options"
        triggerSize="sm"
        items={[
          { label: 'Edit', icon: <Pencil aria-hidden="true" />, onSelect: onEdit },
          {
            label: 'Delete',
            icon: <Trash2 aria-hidden="true" />,
            danger: true,
            onSelect: () => setConfirming(true),
          },
        ]}
      />
      <ConfirmDialog
        open={confirming}
        title="Delete post?"
        message="This post and its comments will be removed for good."
        confirmLabel="Delete"
        danger
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          onDelete();
        }}
      />
    </>
  );
}

const OptionsMenu = styled(Menu)`
  margin: -0.25rem -0.5rem 0 0;
`;
