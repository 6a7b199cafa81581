import { useId, useState } from 'react';
import { ImagePlus, X } from 'lucide-react';
import styled from 'styled-components';
import type { TextVerdict } from '../../api/rules';
import {
  Button,
  Dialog,
  ErrorText,
  FilePickLabel,
  IconButton,
  TextArea,
  useImagePicker,
} from '../ui';
import type { ImageFileCheck } from '../ui';

export type PostDialogMode = 'create' | 'edit';

export interface PostDialogProps {
  /** Controlled from outside (the postDialog machine). */
  open: boolean;
  /** Create a new post or edit an existing one: the same dialog and texts. */
  mode: PostDialogMode;
  /** The post's text (controlled). */
  text: string;
  /** The attached image as a data URL, or null for none. */
  image: string | null;
  /** The post rule's verdict on the current text: the counter and its danger state. */
  verdict: TextVerdict;
  /** Whether the post may be sent now (the machine decides): 'Post' is disabled otherwise. */
  canSubmit: boolean;
  /** The image rule in a person's words: a message when a picked file is refused, else null. */
  checkImage: ImageFileCheck;
  /** Called with the new text as the person types. */
  onTextChange: (text: string) => void;
  /** A picked image (read as a data URL), or null when the person removes it. */
  onImageChange: (image: string | null) => void;
  /** The 'Post' button: only called while `canSubmit`. */
  onSubmit: () => void;
  /** Escape, the close button or a click on the backdrop: the owner closes the dialog. */
  onClose: () => void;
  /** The post is being saved: 'Post' shows a spinner and the dialog cannot be dismissed. */
  submitting?: boolean;
  /** Why the last submit failed (the server's message), shown above the buttons. */
  error?: string | null;
}

/**
 * The post dialog ('Add Post'), used to create and to edit a post. Pure and controlled: the text,
 * the image, open/closed and the submit state come from outside. A picked image file is checked
 * by `checkImage` and, when it passes, read as a data URL.
 */
export function PostDialog({
  open,
  mode,
  text,
  image,
  verdict,
  canSubmit,
  checkImage,
  onTextChange,
  onImageChange,
  onSubmit,
  onClose,
  submitting = false,
  error = null,
}: PostDialogProps) {
  const fileId = useId();
  const errorId = useId();
  const picker = useImagePicker({ check: checkImage, onImage: onImageChange });
  // Start every opening without the previous opening's image message.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) picker.clearError();
  }

  const message = picker.error ?? error;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Add Post"
      maxWidth="40rem"
      minBodyHeight="10rem"
      dismissible={!submitting}
      footer={
        <>
          {message && (
            <Message id={errorId} role="alert">
              {message}
            </Message>
          )}
          <Tools>
            {image && (
              <Preview>
                <img src={image} alt="Image to attach" />
                <RemoveButton
                  label="Remove image"
                  icon={<X aria-hidden="true" />}
                  size="sm"
                  variant="secondary"
                  disabled={submitting}
                  onClick={() => onImageChange(null)}
                />
              </Preview>
            )}
            <input
              id={fileId}
              {...picker.input}
              className="visually-hidden"
              disabled={submitting}
              aria-describedby={picker.error ? errorId : undefined}
            />
            <AttachLabel htmlFor={fileId} $disabled={submitting}>
              <ImagePlus aria-hidden="true" />
              {image ? 'Change image' : 'Add image'}
            </AttachLabel>
          </Tools>
          <Button
            busy={submitting}
            disabled={!canSubmit}
            onClick={() => {
              if (canSubmit) onSubmit();
            }}
          >
            Post
          </Button>
        </>
      }
    >
      <TextArea
        label={mode === 'edit' ? 'Edit post text' : 'Post text'}
        hideLabel
        placeholder="Write something interesting..."
        rows={3}
        value={text}
        counter={verdict}
        readOnly={submitting}
        onChange={(event) => onTextChange(event.target.value)}
      />
    </Dialog>
  );
}

const Message = styled(ErrorText)`
  flex: 1 0 100%;
`;

const Tools = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  margin-right: auto;
  min-width: 0;
`;

const Preview = styled.div`
  position: relative;
  flex: none;

  img {
    width: 4.5rem;
    height: 3rem;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radii.sm};
    border: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const RemoveButton = styled(IconButton)`
  position: absolute;
  top: -0.6rem;
  right: -0.6rem;
  min-height: 1.5rem;
  width: 1.5rem;
  box-shadow: ${({ theme }) => theme.shadows.card};

  && svg {
    width: 0.875rem;
    height: 0.875rem;
  }
`;

const AttachLabel = styled(FilePickLabel)`
  svg {
    color: ${({ theme }) => theme.colors.primary};
  }
`;
