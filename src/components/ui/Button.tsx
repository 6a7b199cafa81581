import type { ComponentPropsWithRef, MouseEvent, MouseEventHandler, ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { SpinnerGlyph } from './Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  /** The label: short text, the button's accessible name. */
  children?: ReactNode;
  /** Called on a click (or Enter / Space), but not while `busy` or `disabled`. */
  onClick?: MouseEventHandler<HTMLButtonElement>;
  /** 'primary' (the page's main action), 'secondary', 'ghost' (quiet) or 'danger'. Default 'primary'. */
  variant?: ButtonVariant;
  /** Height 2, 2.5 or 3 rem. Default 'md'. */
  size?: ButtonSize;
  /** An icon (e.g. a lucide-react element) shown before the label; it is decorative. */
  icon?: ReactNode;
  /**
   * Work in progress: shows a spinner in place of the content, keeps the button's width, sets
   * `aria-busy` and `aria-disabled` and ignores clicks (the button keeps focus).
   */
  busy?: boolean;
  /** Stretch to the width of the container. */
  fullWidth?: boolean;
}

/**
 * What Button and IconButton share: busy handling (ignored clicks, spinner) and the styles. The
 * defaults are Button's and IconButton's own, in their parameters, where the props tables of
 * the docs read them.
 */
function BaseButton({
  variant,
  size,
  busy,
  fullWidth,
  iconOnly,
  type,
  onClick,
  children,
  ...rest
}: Omit<ButtonProps, 'icon'> &
  Required<Pick<ButtonProps, 'variant' | 'size' | 'busy' | 'fullWidth' | 'type'>> & {
    iconOnly: boolean;
  }) {
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (busy) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <StyledButton
      type={type}
      $variant={variant}
      $size={size}
      $fullWidth={fullWidth}
      $iconOnly={iconOnly}
      aria-busy={busy || undefined}
      aria-disabled={busy || undefined}
      data-busy={busy || undefined}
      onClick={handleClick}
      {...rest}
    >
      <Content>{children}</Content>
      {busy && (
        <BusyOverlay>
          <SpinnerGlyph $size="1.1em" />
        </BusyOverlay>
      )}
    </StyledButton>
  );
}

/** The one button of the app. `type` defaults to "button" (pass "submit" in forms). */
export function Button({
  icon,
  children,
  variant = 'primary',
  size = 'md',
  busy = false,
  fullWidth = false,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <BaseButton
      iconOnly={false}
      variant={variant}
      size={size}
      busy={busy}
      fullWidth={fullWidth}
      type={type}
      {...rest}
    >
      {icon}
      {children}
    </BaseButton>
  );
}

export interface IconButtonProps extends Omit<
  ButtonProps,
  'children' | 'icon' | 'fullWidth' | 'variant'
> {
  /** 'ghost' (quiet, as in toolbars and menus), 'primary', 'secondary' or 'danger'. Default 'ghost'. */
  variant?: ButtonVariant;
  /** The accessible name (aria-label), also shown as a tooltip. Required: an icon has no text. */
  label: string;
  /** The icon (e.g. a lucide-react element); decorative, the name comes from `label`. */
  icon: ReactNode;
}

/** A square, icon-only button. Its name comes from `label`; pass `aria-pressed` for toggles. */
export function IconButton({
  label,
  icon,
  variant = 'ghost',
  size = 'md',
  busy = false,
  type = 'button',
  ...rest
}: IconButtonProps) {
  return (
    <BaseButton
      aria-label={label}
      title={label}
      variant={variant}
      size={size}
      busy={busy}
      fullWidth={false}
      type={type}
      iconOnly
      {...rest}
    >
      {icon}
    </BaseButton>
  );
}

const heights: Record<ButtonSize, string> = { sm: '2rem', md: '2.5rem', lg: '3rem' };
const iconSizes: Record<ButtonSize, string> = { sm: '1rem', md: '1.25rem', lg: '1.5rem' };

const variants = {
  primary: css`
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
    border-color: ${({ theme }) => theme.colors.primary};
    &:hover:not(:disabled):not([aria-disabled='true']) {
      background: ${({ theme }) => theme.colors.primaryStrong};
    }
  `,
  secondary: css`
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    border-color: ${({ theme }) => theme.colors.borderStrong};
    &:hover:not(:disabled):not([aria-disabled='true']) {
      background: ${({ theme }) => theme.colors.surfaceSunken};
    }
  `,
  ghost: css`
    background: transparent;
    color: ${({ theme }) => theme.colors.text};
    border-color: transparent;
    &:hover:not(:disabled):not([aria-disabled='true']) {
      background: ${({ theme }) => theme.colors.surfaceSunken};
    }
  `,
  danger: css`
    background: ${({ theme }) => theme.colors.danger};
    color: ${({ theme }) => theme.colors.onPrimary};
    border-color: ${({ theme }) => theme.colors.danger};
    &:hover:not(:disabled):not([aria-disabled='true']) {
      filter: brightness(0.92);
    }
  `,
} as const;

const StyledButton = styled.button<{
  $variant: ButtonVariant;
  $size: ButtonSize;
  $fullWidth: boolean;
  $iconOnly: boolean;
}>`
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  min-height: ${({ $size }) => heights[$size]};
  ${({ $iconOnly, $size, theme }) =>
    $iconOnly
      ? css`
          width: ${heights[$size]};
          padding: 0;
          border-radius: ${theme.radii.round};
          && svg {
            width: ${iconSizes[$size]};
            height: ${iconSizes[$size]};
          }
        `
      : css`
          padding: 0
            ${$size === 'sm' ? theme.space.sm : $size === 'lg' ? theme.space.lg : theme.space.md};
          border-radius: ${theme.radii.pill};
        `}
  ${({ $fullWidth }) =>
    $fullWidth &&
    css`
      width: 100%;
    `}
  border: 1px solid transparent;
  font-family: inherit;
  font-size: ${({ $size, theme }) => ($size === 'lg' ? theme.font.size.md : theme.font.size.sm)};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  line-height: ${({ theme }) => theme.font.lineHeight.tight};
  white-space: nowrap;
  cursor: pointer;
  user-select: none;
  transition:
    background ${({ theme }) => theme.transition},
    filter ${({ theme }) => theme.transition};
  ${({ $variant }) => variants[$variant]}

  svg {
    width: 1.15em;
    height: 1.15em;
    flex: none;
  }

  &:disabled {
    cursor: not-allowed;
    opacity: 0.5;
  }

  &[aria-busy='true'] {
    cursor: progress;
  }
`;

const Content = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};

  [data-busy] > & {
    opacity: 0;
  }
`;

const BusyOverlay = styled.span`
  position: absolute;
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: center;
`;
