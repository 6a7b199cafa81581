import { useId, useState } from 'react';
import type { ChangeEvent } from 'react';
import { CircleAlert, ImagePlus, X } from 'lucide-react';
import styled from 'styled-components';
import { fitsLimit, LIMITS } from '../../api/types';
import { Button, Dialog, IconButton, TextArea } from '../ui';

export type PostDialogMode = 'create' | 'edit';

export interface PostDialogProps {
  /** Controlled from outside (the postDialog machine). */
  open: boolean;
  /** Create a new post or edit an existing one: the same dialog and texts (spec §2). */
  mode: PostDialogMode;
  text: string;
  /** The attached image as a data URL, or null for none. */
  image: string | null;
  onTextChange: (text: string) => void;
  /** A picked image (read as a data URL), or null when the person removes it. */
  onImageChange: (image: string | null) => void;
  /** The 'Post' button: only called when the text is not blank and within the limit (F7). */
  onSubmit: () => void;
  onClose: () => void;
  /** The post is being saved: 'Post' shows a spinner and the dialog cannot be dismissed. */
  submitting?: boolean;
  /** Why the last submit failed (the server's message), shown above the buttons. */
  error?: string | null;
}

const MAX = LIMITS.postContent.max;

/** True when the text may be posted: not blank and within the limit, in both modes (F7). */
export function isPostTextValid(text: string): boolean {
  return fitsLimit(text, LIMITS.postContent);
}

/**
 * The post dialog ('Add Post'), used to create and to edit a post. Pure and controlled: the text,
 * the image, open/closed and the submit state come from outside. It reads a picked image file as
 * a data URL and refuses anything that is not an image or is larger than 2 MB, with a message.
 */
export function PostDialog({
  open,
  mode,
  text,
  image,
  onTextChange,
  onImageChange,
  onSubmit,
  onClose,
  submitting = false,
  error = null,
}: PostDialogProps) {
  const fileId = useId();
  const errorId = useId();
  const [imageError, setImageError] = useState<string | null>(null);
  // Start every opening without the previous opening's image message.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setImageError(null);
  }

  const canPost = isPostTextValid(text);
  const message = imageError ?? error;

  const handleFile = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Let the same file be picked again after a removal.
    input.value = '';
    if (!file) return;
    if (!file.type.startsWith(LIMITS.image.mimePrefix)) {
      setImageError('Choose an image file (PNG, JPEG, GIF or WebP).');
      return;
    }
    if (file.size > LIMITS.image.maxBytes) {
      setImageError('The image is larger than 2 MB. Choose a smaller one.');
      return;
    }
    const reader = new FileReader();
    reader.addEventListener('load', () => {
      if (typeof reader.result !== 'string') return;
      setImageError(null);
      onImageChange(reader.result);
    });
    reader.addEventListener('error', () => setImageError('The image could not be read.'));
    reader.readAsDataURL(file);
  };

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
            <ErrorText id={errorId} role="alert">
              <CircleAlert aria-hidden="true" />
              <span>{message}</span>
            </ErrorText>
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
            <FileInput
              id={fileId}
              type="file"
              accept="image/*"
              className="visually-hidden"
              disabled={submitting}
              aria-describedby={imageError ? errorId : undefined}
              onChange={handleFile}
            />
            <AttachLabel htmlFor={fileId} $disabled={submitting}>
              <ImagePlus aria-hidden="true" />
              {image ? 'Change image' : 'Add image'}
            </AttachLabel>
          </Tools>
          <Button
            busy={submitting}
            disabled={!canPost}
            onClick={() => {
              if (canPost) onSubmit();
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
        maxLength={MAX}
        readOnly={submitting}
        onChange={(event) => onTextChange(event.target.value)}
      />
    </Dialog>
  );
}

const ErrorText = styled.p`
  flex: 1 0 100%;
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.xxs};
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.font.size.sm};

  svg {
    flex: none;
    width: 1em;
    height: 1em;
    margin-top: 0.2em;
  }
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

const FileInput = styled.input``;

const AttachLabel = styled.label<{ $disabled: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  min-height: 2.5rem;
  padding: 0 ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  white-space: nowrap;
  cursor: ${({ $disabled }) => ($disabled ? 'not-allowed' : 'pointer')};
  opacity: ${({ $disabled }) => ($disabled ? 0.5 : 1)};
  transition: background ${({ theme }) => theme.transition};

  svg {
    width: 1.15em;
    height: 1.15em;
    color: ${({ theme }) => theme.colors.primary};
  }

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceSunken};
  }

  ${FileInput}:focus-visible + & {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;
