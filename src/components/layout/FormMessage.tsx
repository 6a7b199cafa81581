import { CircleAlert } from 'lucide-react';
import styled, { css } from 'styled-components';

/**
 * The form-level message (validation or server), in an alert region that is always present so
 * that a new message is announced.
 */
export function FormMessage({
  message,
  className,
}: {
  /** The message to show; nothing (the region stays, empty) when null, undefined or ''. */
  message?: string | null | undefined;
  /** For placing the message in its form (a styled-components `styled(FormMessage)`). */
  className?: string;
}) {
  return (
    <Alert role="alert" $shown={Boolean(message)} className={className}>
      {message ? (
        <>
          <CircleAlert aria-hidden="true" />
          <span>{message}</span>
        </>
      ) : null}
    </Alert>
  );
}

const Alert = styled.div<{ $shown: boolean }>`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.dangerSoft};
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};

  svg {
    flex: none;
    width: 1.1em;
    height: 1.1em;
    margin-top: 0.15em;
  }

  /* Empty, it stays in the page (so a new message is announced) but takes no room. */
  ${({ $shown }) =>
    !$shown &&
    css`
      position: absolute;
      padding: 0;
    `}
`;
