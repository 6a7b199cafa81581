import styled, { css, keyframes } from 'styled-components';

export type SpinnerSize = 'sm' | 'md' | 'lg';

export interface SpinnerProps {
  /** What is loading, for screen readers ("Loading posts"). Rendered visually hidden. */
  label?: string;
  /** 1, 1.5 or 2.5 rem across. Default 'md'. */
  size?: SpinnerSize;
  /** Also show the label as visible text beside the spinner. */
  showLabel?: boolean;
  /** For placing it in a layout (a styled-components `styled(…)` wrapper passes it). */
  className?: string;
}

const sizes: Record<SpinnerSize, string> = { sm: '1rem', md: '1.5rem', lg: '2.5rem' };

/**
 * A loading indicator with an accessible label (`role="status"`). The rotation stops under
 * `prefers-reduced-motion`.
 */
export function Spinner({
  label = 'Loading',
  size = 'md',
  showLabel = false,
  className,
}: SpinnerProps) {
  return (
    <Status role="status" className={className}>
      <SpinnerGlyph $size={sizes[size]} />
      <span className={showLabel ? undefined : 'visually-hidden'}>{label}</span>
    </Status>
  );
}

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

/** The bare animated ring, decorative (aria-hidden); used inside busy buttons. */
export const SpinnerGlyph = styled.span.attrs({ 'aria-hidden': true })<{ $size?: string }>`
  display: inline-block;
  flex: none;
  ${({ $size = '1em' }) => css`
    width: ${$size};
    height: ${$size};
  `}
  border-radius: ${({ theme }) => theme.radii.round};
  border: solid currentColor;
  border-width: ${({ $size = '1em' }) => `max(2px, calc(${$size} / 9))`};
  border-right-color: transparent;
  opacity: 0.9;
  animation: ${spin} 700ms linear infinite;

  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

const Status = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  color: ${({ theme }) => theme.colors.primary};
  font-size: ${({ theme }) => theme.font.size.sm};

  > span:last-child {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;
