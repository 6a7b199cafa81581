import { useEffect, useId, useRef } from 'react';
import type { KeyboardEvent, ReactNode, RefObject, SyntheticEvent } from 'react';
import { X } from 'lucide-react';
import styled, { css } from 'styled-components';
import { IconButton } from './Button';
import { useCloseOnHistoryMove } from './overlayHistory';
import { useFocusReturn } from './useFocusReturn';

export interface DialogProps {
  /** Controlled: the dialog is shown while `open` is true. */
  open: boolean;
  /** Called when the person asks to close: Escape, the Close button or a click on the backdrop. */
  onClose: () => void;
  /** The heading (an h2); the dialog is labelled by it. */
  title: ReactNode;
  /** The body, which scrolls when it is taller than the window. */
  children?: ReactNode;
  /** Actions under the body, right-aligned (e.g. Cancel + Save). */
  footer?: ReactNode;
  /** Largest width of the dialog, e.g. "40rem" (the post dialog). Default "32rem". */
  maxWidth?: string;
  /** Fixed height of the scrolling body; without it the body fits its content, up to the window's. */
  bodyHeight?: string;
  /**
   * Least height of the body, e.g. "10rem" (the post dialog): it grows with its content (a text
   * area growing with its text) up to the window's height, then scrolls.
   */
  minBodyHeight?: string;
  /**
   * What gets focus when it opens. Without it: the first text field in the body, else the first
   * focusable element of body and footer, else the Close button.
   */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Ignore Escape and backdrop clicks (e.g. while saving). The Close button still calls onClose. */
  dismissible?: boolean;
  /** Accessible description: the id of an element inside the dialog (aria-describedby). */
  'aria-describedby'?: string;
  /** For placing it in a layout (a styled-components `styled(…)` wrapper passes it). */
  className?: string;
}

const FIELD_SELECTOR =
  'input:not([type="hidden"]):not(:disabled), textarea:not(:disabled), select:not(:disabled)';
const TEXT_FIELD_SELECTOR = 'textarea, input:not([type="checkbox"]):not([type="radio"])';
const FOCUSABLE_SELECTOR = `${FIELD_SELECTOR}, button:not(:disabled), a[href], [tabindex]:not([tabindex="-1"])`;

/**
 * Per document, whether the last press was a pointer's (mouse, pen, touch) rather than a key's:
 * learnt from the first Dialog mounted there on, by one pair of listeners for the page's life
 * (not one per dialog: a feed mounts a confirmation with every card).
 */
const lastPressWasPointer = new WeakMap<Document, boolean>();

function listenForPresses(doc: Document) {
  if (lastPressWasPointer.has(doc)) return;
  lastPressWasPointer.set(doc, false);
  doc.addEventListener('pointerdown', () => lastPressWasPointer.set(doc, true), true);
  doc.addEventListener('keydown', () => lastPressWasPointer.set(doc, false), true);
}

/**
 * Whether a dialog opening now was opened from the keyboard: its opener shows a ring (reached
 * with Tab, or a menu's button that got focus back after an item was chosen with a key) and the
 * last press was not a pointer's. Read before showModal(), which moves focus into the dialog.
 * The pointer half keeps the browser's guesses out: a text field matches :focus-visible however
 * it got focus (Safari leaves focus there when a button is clicked), and so does a button that a
 * script's click focused (a story's).
 */
function openedByKey(opener: HTMLElement | null): boolean {
  if (opener === null || !opener.matches(':focus-visible')) return false;
  return lastPressWasPointer.get(opener.ownerDocument) !== true;
}

/**
 * A modal dialog on the native `<dialog>` element opened with `showModal()`: the browser traps
 * focus and makes the rest of the page inert. Escape, the Close button and the browser's Back or
 * Forward (where the app provides an `OverlayHistory`) call `onClose`; the parent decides
 * (controlled). Focus returns to the element that had it before opening, with a
 * focus ring when the dialog was closed from the keyboard (see useFocusReturn).
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  footer,
  maxWidth = '32rem',
  bodyHeight,
  minBodyHeight,
  initialFocusRef,
  dismissible = true,
  'aria-describedby': describedBy,
  className,
}: DialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const footerRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const { listeners, returnFocus } = useFocusReturn();

  // Keep the latest props for the event handlers without re-running the open/close effect.
  const latest = useRef({ open, onClose, dismissible });
  useEffect(() => {
    latest.current = { open, onClose, dismissible };
  });

  // Back or Forward while open: close instead of leaving the page (while not dismissible, the
  // page stays and so does the dialog).
  useCloseOnHistoryMove(open, () => {
    if (latest.current.dismissible) latest.current.onClose();
  });

  // The presses openedByKey reads: listened for once per document.
  useEffect(() => {
    listenForPresses(dialogRef.current?.ownerDocument ?? document);
  }, []);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const active = dialog.ownerDocument.activeElement;
      const opener = active instanceof HTMLElement ? active : null;
      openerRef.current = opener;
      const byKey = openedByKey(opener);
      dialog.showModal();
      const target =
        initialFocusRef?.current ??
        bodyRef.current?.querySelector<HTMLElement>(FIELD_SELECTOR) ??
        bodyRef.current?.querySelector<HTMLElement>(FOCUSABLE_SELECTOR) ??
        footerRef.current?.querySelector<HTMLElement>(FOCUSABLE_SELECTOR) ??
        closeRef.current;
      // A text field always shows where the caret is; a button shows a ring when the dialog was
      // opened from the keyboard, decided here rather than by the browser.
      if (target?.matches(TEXT_FIELD_SELECTOR)) target.focus();
      else target?.focus({ focusVisible: byKey });
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open, initialFocusRef]);

  // Unmounting while open: close it and give focus back (no close event reaches us then).
  useEffect(() => {
    const dialog = dialogRef.current;
    const opener = openerRef;
    return () => {
      if (!dialog?.open) return;
      dialog.close();
      returnFocus(opener.current);
    };
  }, [returnFocus]);

  // Escape handled here rather than left to the browser's cancel event: the same path for real
  // and scripted key presses, and the parent decides whether to close.
  const handleKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    if (latest.current.dismissible) latest.current.onClose();
  };

  const handleCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    // Other ways the browser asks to close (e.g. a phone's back gesture).
    event.preventDefault();
    if (latest.current.dismissible) latest.current.onClose();
  };

  const handleNativeClose = () => {
    // The close event comes a task after the dialog closed. When it was opened again meanwhile
    // (closed, then its opener pressed at once), the event is about the earlier close: closing
    // the new one or moving focus now would undo what the person just did.
    if (dialogRef.current?.open) return;
    const opener = openerRef.current;
    openerRef.current = null;
    returnFocus(opener);
    // Closed by the browser itself (e.g. a second Escape it would not let us cancel).
    if (latest.current.open) latest.current.onClose();
  };

  const handleBackdropClick = (event: SyntheticEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget && latest.current.dismissible) {
      latest.current.onClose();
    }
  };

  return (
    <StyledDialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      $maxWidth={maxWidth}
      className={className}
      {...listeners}
      onKeyDown={handleKeyDown}
      onCancel={handleCancel}
      onClose={handleNativeClose}
      onClick={handleBackdropClick}
    >
      {open && (
        <Panel>
          <Header>
            <Title id={titleId}>{title}</Title>
            <IconButton
              ref={closeRef}
              label="Close"
              icon={<X aria-hidden="true" />}
              size="sm"
              onClick={onClose}
            />
          </Header>
          <Body ref={bodyRef} $height={bodyHeight} $minHeight={minBodyHeight}>
            {children}
          </Body>
          {footer && <Footer ref={footerRef}>{footer}</Footer>}
        </Panel>
      )}
    </StyledDialog>
  );
}

const StyledDialog = styled.dialog<{ $maxWidth: string }>`
  width: calc(100% - 2 * ${({ theme }) => theme.space.md});
  max-width: ${({ $maxWidth }) => $maxWidth};
  max-height: calc(100% - 2 * ${({ theme }) => theme.space.md});
  padding: 0;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  z-index: ${({ theme }) => theme.zIndex.dialog};

  &::backdrop {
    background: ${({ theme }) => theme.colors.overlay};
  }
`;

const Panel = styled.div`
  display: flex;
  flex-direction: column;
  max-height: inherit;
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.md} ${theme.space.md} ${theme.space.xs} ${theme.space.lg}`};
`;

const Title = styled.h2`
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  line-height: ${({ theme }) => theme.font.lineHeight.tight};
`;

const Body = styled.div<{ $height: string | undefined; $minHeight: string | undefined }>`
  flex: 1 1 auto;
  overflow-y: auto;
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.lg} ${theme.space.lg}`};
  ${({ $height }) =>
    $height &&
    css`
      height: ${$height};
    `}
  ${({ $minHeight }) =>
    $minHeight &&
    css`
      min-height: ${$minHeight};
    `}
`;

const Footer = styled.div`
  display: flex;
  justify-content: flex-end;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.lg} ${theme.space.lg}`};
`;
