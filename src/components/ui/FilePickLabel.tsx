import styled from 'styled-components';

/**
 * The visible button of a file input: a pill-shaped `<label>` placed right after its input, which
 * stays out of sight but focusable (the label shows the input's focus ring).
 */
export const FilePickLabel = styled.label<{ $disabled?: boolean }>`
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
  cursor: ${({ $disabled = false }) => ($disabled ? 'not-allowed' : 'pointer')};
  opacity: ${({ $disabled = false }) => ($disabled ? 0.5 : 1)};
  transition: background ${({ theme }) => theme.transition};

  svg {
    width: 1.15em;
    height: 1.15em;
  }

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceSunken};
  }

  input:focus-visible + & {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;
