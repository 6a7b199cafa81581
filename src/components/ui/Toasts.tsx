import { ToastContainer } from 'react-toastify';
import styled from 'styled-components';

export interface ToastsProps {
  /** Milliseconds before a toast closes itself. Default 3000 (the spec); `false` keeps them. */
  autoClose?: number | false;
}

/**
 * The one toast container of the app: bottom-right (at the top on phones, clear of the controls
 * at the bottom), 3000 ms auto-close, theme colours. Mount it
 * once near the root and raise toasts with `toast.success('…')` / `toast.error('…')` (re-exported
 * from this folder). react-toastify 11 injects its own base CSS; the theme overrides its
 * variables. Toasts are `role="alert"`, pause on hover and focus, and Alt+T focuses them.
 */
export function Toasts({ autoClose = 3000 }: ToastsProps) {
  return (
    <ToastTheme>
      <ToastContainer
        position="bottom-right"
        autoClose={autoClose}
        theme="light"
        newestOnTop
        closeOnClick={false}
        pauseOnHover
        pauseOnFocusLoss
        draggable={false}
        limit={4}
      />
    </ToastTheme>
  );
}

const ToastTheme = styled.div`
  --toastify-font-family: ${({ theme }) => theme.font.family};
  --toastify-z-index: ${({ theme }) => theme.zIndex.toast};
  --toastify-toast-bd-radius: ${({ theme }) => theme.radii.md};
  --toastify-toast-shadow: ${({ theme }) => theme.shadows.raised};
  --toastify-color-light: ${({ theme }) => theme.colors.surfaceRaised};
  --toastify-text-color-light: ${({ theme }) => theme.colors.text};
  --toastify-color-info: ${({ theme }) => theme.colors.primary};
  --toastify-color-success: ${({ theme }) => theme.colors.success};
  --toastify-color-error: ${({ theme }) => theme.colors.danger};
  --toastify-icon-color-info: ${({ theme }) => theme.colors.primary};
  --toastify-icon-color-success: ${({ theme }) => theme.colors.success};
  --toastify-icon-color-error: ${({ theme }) => theme.colors.danger};
  --toastify-color-progress-light: ${({ theme }) => theme.colors.primary};
  --toastify-color-progress-info: ${({ theme }) => theme.colors.primary};
  --toastify-color-progress-success: ${({ theme }) => theme.colors.success};
  --toastify-color-progress-error: ${({ theme }) => theme.colors.danger};

  /* Above whatever the layout keeps fixed at the bottom (the phone's tab bar and floating
     button), which sets the property; nothing elsewhere. */
  .Toastify__toast-container {
    margin-bottom: var(--murmur-bottom-clearance, 0px);
  }

  /* On a phone the forms' buttons, the comment input and the tab bar sit at the bottom, where a
     full-width toast would cover the very control that raised it: there toasts come in at the
     top of the screen instead, under the app's title bar (the layout sets the property). */
  ${({ theme }) => theme.media.phone} {
    .Toastify__toast-container--bottom-right {
      top: calc(env(safe-area-inset-top, 0px) + var(--murmur-top-clearance, 0px));
      bottom: auto;
      margin-bottom: 0;
    }
  }

  .Toastify__toast {
    font-size: ${({ theme }) => theme.font.size.sm};
    border: 1px solid ${({ theme }) => theme.colors.border};
  }

  /* The icon's zoom-in is decoration; a still icon also keeps the pictures stable. */
  .Toastify--animate-icon {
    animation: none;
  }

  .Toastify__close-button {
    color: ${({ theme }) => theme.colors.textMuted};
    opacity: 1;
  }
`;
