export { darkTheme, lightTheme, theme, themes } from './theme';
export type { ColorScheme, Theme, ThemeColors } from './theme';
export { ThemeSwitch } from './ThemeSwitch';
export type { ThemeChoice, ThemeSwitchProps } from './ThemeSwitch';
export { GlobalStyle } from './GlobalStyle';
export { Button, IconButton } from './Button';
export type { ButtonProps, ButtonSize, ButtonVariant, IconButtonProps } from './Button';
export { TextField, TextArea } from './Field';
export { PasswordField } from './PasswordField';
export { ErrorText } from './ErrorText';
export type { ErrorTextProps } from './ErrorText';
export type { FieldCounter, TextAreaProps, TextFieldProps } from './Field';
export type { PasswordFieldProps } from './PasswordField';
export { ButtonLink } from './ButtonLink';
export type { ButtonLinkProps } from './ButtonLink';
export { Avatar } from './Avatar';
export type { AvatarProps, AvatarSize } from './Avatar';
export { AvatarLink } from './AvatarLink';
export type { AvatarLinkProps } from './AvatarLink';
export { Dialog } from './Dialog';
export type { DialogProps } from './Dialog';
export { ConfirmDialog } from './ConfirmDialog';
export type { ConfirmDialogProps } from './ConfirmDialog';
export { ImageViewer } from './ImageViewer';
export type { ImageViewerProps } from './ImageViewer';
export { Menu } from './Menu';
export type { MenuItem, MenuProps } from './Menu';
export { Spinner } from './Spinner';
export type { SpinnerProps, SpinnerSize } from './Spinner';
export { EmptyState } from './EmptyState';
export { InlineFailure } from './InlineFailure';
export type { InlineFailureProps } from './InlineFailure';
export type { EmptyStateProps } from './EmptyState';
export { RichText } from './RichText';
export type { RichTextProps } from './RichText';
export { Toasts } from './Toasts';
export type { ToastsProps } from './Toasts';
export { toast } from 'react-toastify';
export { RelativeTime } from './RelativeTime';
export type { RelativeTimeProps } from './RelativeTime';
export { formatFullDate, formatRelativeTime } from './formatRelativeTime';
export { useFocusReturn } from './useFocusReturn';
export { OverlayHistoryProvider, useCloseOnHistoryMove } from './overlayHistory';
export type { OverlayHistory } from './overlayHistory';
export { onFilePicked, RetryUploadButton, UploadProgress } from './UploadProgress';
export type {
  ImageUploadState,
  RetryUploadButtonProps,
  UploadProgressProps,
} from './UploadProgress';
export { FilePickLabel } from './FilePickLabel';
export {
  mayBeShortcut,
  readShortcut,
  SEQUENCE_TIMEOUT_MS,
  SHORTCUT_GROUPS,
  SHORTCUTS,
  shortcutOf,
} from './shortcuts';
export type {
  Shortcut,
  ShortcutGroup,
  ShortcutId,
  ShortcutReading,
  ShortcutScope,
} from './shortcuts';
