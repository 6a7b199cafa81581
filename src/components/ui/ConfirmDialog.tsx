import { useId, useRef } from 'react';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from './Button';
import { Dialog } from './Dialog';

export interface ConfirmDialogProps {
  /** Controlled: the question shows while true. */
  open: boolean;
  /** The question as a heading, e.g. "Delete post?". */
  title: ReactNode;
  /** What will happen, e.g. "This can't be undone." */
  message: ReactNode;
  /** Label of the confirming button. Default "Confirm". */
  confirmLabel?: string;
  /** Label of the cancelling button. Default "Cancel". */
  cancelLabel?: string;
  /** A destructive action: the confirm button is red. */
  danger?: boolean;
  /** The action is running: the confirm button spins, Cancel and Escape are disabled. */
  busy?: boolean;
  /** The confirming button. */
  onConfirm: () => void;
  /** Cancel, Close, Escape or a backdrop click. */
  onCancel: () => void;
}

/**
 * "Are you sure?" on top of Dialog. Cancel gets the initial focus, so a stray Enter never
 * confirms a destructive action.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  danger = false,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const messageId = useId();
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!busy) onCancel();
      }}
      title={title}
      maxWidth="26rem"
      initialFocusRef={cancelRef}
      dismissible={!busy}
      aria-describedby={messageId}
      footer={
        <>
          <Button ref={cancelRef} variant="secondary" disabled={busy} onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} busy={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <Message id={messageId}>{message}</Message>
    </Dialog>
  );
}

const Message = styled.div`
  color: ${({ theme }) => theme.colors.textMuted};
`;
