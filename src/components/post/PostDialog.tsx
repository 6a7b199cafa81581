import { useEffect, useId, useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { ImagePlus, X } from 'lucide-react';
import styled from 'styled-components';
import type { TextFieldVerdict, TextVerdict } from '../../api/rules';
import { Button, Dialog, ErrorText, FilePickLabel, IconButton, TextArea } from '../ui';
import { caretToEnd } from '../ui/caret';
import {
  onFilePicked,
  RetryUploadButton,
  UploadProgress,
  type ImageUploadState,
} from '../ui/UploadProgress';

export type PostDialogMode = 'create' | 'edit';

export type { ImageUploadState };

export interface PostDialogProps {
  /** Controlled from outside (the postDialog machine). */
  open: boolean;
  /** 'create': 'Add Post' with a 'Post' button; 'edit': 'Edit Post' with a 'Save' button. */
  mode: PostDialogMode;
  /** The post's text (controlled). */
  text: string;
  /** The image to show: a picked file's preview, or the attached image's link; null for none. */
  image: string | null;
  /** The picked image's upload while it goes or after it failed; null when there is none. */
  upload?: ImageUploadState | null;
  /** Why the picked image was refused or did not upload, shown beside the picker. */
  imageError?: string | null;
  /** The image types the picker offers (its `accept`). */
  imageTypes: readonly string[];
  /** The image's description (alt text), shown in its own field while an image is attached. */
  imageAlt: string;
  /** The post rule's verdict on the current text: the counter and its danger state. */
  verdict: TextVerdict;
  /** The alt text rule's verdict: its counter, and the message when it is too long. */
  altVerdict: TextFieldVerdict;
  /**
   * Whether the post may be sent now (the machine decides: valid text and alt text, and in edit
   * mode a change): 'Post' / 'Save' is disabled otherwise.
   */
  canSubmit: boolean;
  /** There is unsent work to throw away (a draft): 'Discard' shows. */
  canDiscard: boolean;
  /** Called with the new text as the person types. */
  onTextChange: (text: string) => void;
  /** A file picked to attach (the owner checks it, shows it and uploads it). */
  onPickImage: (file: File) => void;
  /** 'Remove image': the attached image goes. */
  onRemoveImage: () => void;
  /** 'Cancel upload': the picked image goes before it is attached (the one before it stays). */
  onCancelUpload: () => void;
  /** 'Retry upload': the failed upload's file is sent again. */
  onRetryUpload: () => void;
  /** Called with the new alt text as the person types it. */
  onImageAltChange: (imageAlt: string) => void;
  /** 'Post' / 'Save', or Ctrl+Enter / Cmd+Enter in a field: only called while `canSubmit`. */
  onSubmit: () => void;
  /**
   * Escape, the close button or a click on the backdrop: the owner closes the dialog (and keeps
   * what was typed as a draft).
   */
  onClose: () => void;
  /** 'Discard': the owner throws the draft away and closes the dialog. */
  onDiscard: () => void;
  /** The post is being saved: 'Post' shows a spinner and the dialog cannot be dismissed. */
  submitting?: boolean;
  /** Why the last submit failed (the server's message), shown above the buttons. */
  error?: string | null;
}

/**
 * The post dialog: 'Add Post' to create a post, 'Edit Post' to edit one. Pure and controlled: the
 * text, the image and its alt text, the image's upload, open/closed and the submit state come
 * from outside. A picked file goes to `onPickImage`; while it uploads its thumbnail shows how far
 * it is, with 'Cancel upload'; a failed one says why, with 'Retry upload' when that may help. It
 * opens with the caret at the end of the text; Ctrl+Enter (Cmd+Enter on a Mac) sends, like the
 * button.
 */
export function PostDialog({
  open,
  mode,
  text,
  image,
  upload = null,
  imageError = null,
  imageTypes,
  imageAlt,
  verdict,
  altVerdict,
  canSubmit,
  canDiscard,
  onTextChange,
  onPickImage,
  onRemoveImage,
  onCancelUpload,
  onRetryUpload,
  onImageAltChange,
  onSubmit,
  onClose,
  onDiscard,
  submitting = false,
  error = null,
}: PostDialogProps) {
  const fileId = useId();
  const errorId = useId();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const dropRef = useRef<HTMLButtonElement>(null);
  // The dialog (a child, so its effect runs first) has focused the text: the caret goes last.
  useEffect(() => {
    if (open) caretToEnd(textRef.current);
  }, [open]);

  const submit = () => {
    if (canSubmit && !submitting) onSubmit();
  };
  const submitOnModEnter = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
    event.preventDefault();
    submit();
  };

  // The input is emptied after each pick, so the same file can be picked again after a removal.
  const uploading = upload?.status === 'uploading';
  const message = imageError ?? error;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={mode === 'edit' ? 'Edit Post' : 'Add Post'}
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
            {/* Said once as an upload starts; the bar says how far it is to whoever looks. */}
            <span role="status" className="visually-hidden">
              {uploading ? 'Uploading image…' : ''}
            </span>
            {image && (
              <Preview $dimmed={upload !== null}>
                <img src={image} alt="Image to attach" />
                {uploading && <UploadProgress label="Uploading image" progress={upload.progress} />}
                <RemoveButton
                  label={upload === null ? 'Remove image' : 'Cancel upload'}
                  icon={<X aria-hidden="true" />}
                  size="sm"
                  variant="secondary"
                  disabled={submitting}
                  ref={dropRef}
                  onClick={() => {
                    if (upload === null) onRemoveImage();
                    else onCancelUpload();
                    // The button goes with the picture: the focus goes to picking another.
                    fileRef.current?.focus();
                  }}
                />
              </Preview>
            )}
            {upload?.status === 'failed' && upload.canRetry && (
              <RetryUploadButton onRetry={onRetryUpload} focusAfter={dropRef} />
            )}
            <input
              id={fileId}
              ref={fileRef}
              type="file"
              accept={imageTypes.join(',')}
              onChange={onFilePicked(onPickImage)}
              className="visually-hidden"
              disabled={submitting}
              aria-describedby={imageError === null ? undefined : errorId}
            />
            <AttachLabel htmlFor={fileId} $disabled={submitting}>
              <ImagePlus aria-hidden="true" />
              {image ? 'Change image' : 'Add image'}
            </AttachLabel>
          </Tools>
          {canDiscard && (
            <Button variant="ghost" disabled={submitting} onClick={onDiscard}>
              Discard
            </Button>
          )}
          {/* Busy, not disabled, while sending: it keeps the focus, so a failure leaves the
              person where they were (Escape, Tab and Enter still work from there). */}
          <Button busy={submitting} disabled={!canSubmit && !submitting} onClick={submit}>
            {mode === 'edit' ? 'Save' : 'Post'}
          </Button>
        </>
      }
    >
      <Fields>
        <TextArea
          ref={textRef}
          label={mode === 'edit' ? 'Edit post text' : 'Post text'}
          hideLabel
          placeholder="Write something interesting..."
          rows={3}
          value={text}
          counter={verdict}
          readOnly={submitting}
          onChange={(event) => onTextChange(event.target.value)}
          onKeyDown={submitOnModEnter}
        />
        {image && (
          <TextArea
            label="Image description"
            hint="Optional: what the image shows, for people who cannot see it."
            rows={2}
            value={imageAlt}
            counter={altVerdict}
            error={altVerdict.message}
            readOnly={submitting}
            onChange={(event) => onImageAltChange(event.target.value)}
            onKeyDown={submitOnModEnter}
          />
        )}
      </Fields>
    </Dialog>
  );
}

const Fields = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;

const Message = styled(ErrorText)`
  flex: 1 0 100%;
`;

const Tools = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  margin-right: auto;
  min-width: 0;
`;

const Preview = styled.div<{ $dimmed: boolean }>`
  position: relative;
  flex: none;

  img {
    display: block;
    width: 4.5rem;
    height: 3rem;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radii.sm};
    border: 1px solid ${({ theme }) => theme.colors.border};
    opacity: ${({ $dimmed }) => ($dimmed ? 0.55 : 1)};
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
