import { CircleAlert, Info } from 'lucide-react';
import styled, { css } from 'styled-components';

/** An error (validation or server: red, `role="alert"`) or a note (why one is here: `status`). */
export type FormMessageTone = 'error' | 'info';

/**
 * The one form-level message: an error (validation or server) or a note such as 'Log in to
 * continue'. Its live region is always present, so that a new message is announced: `alert`
 * for errors, `status` for notes.
 */
export function FormMessage({
  message,
  tone = 'error',
  className,
}: {
  /** The message to show; nothing (the region stays, empty) when null, undefined or ''. */
  message?: string | null | undefined;
  /** 'error' (default): red, announced at once. 'info': the primary tint, announced politely. */
  tone?: FormMessageTone;
  /** For placing the message in its form (a styled-components `styled(FormMessage)`). */
  className?: string;
}) {
  const Icon = tone === 'error' ? CircleAlert : Info;
  return (
    <Box
      role={tone === 'error' ? 'alert' : 'status'}
      $tone={tone}
      $shown={Boolean(message)}
      className={className}
    >
      {message ? (
        <>
          <Icon aria-hidden="true" />
          <span>{message}</span>
        </>
      ) : null}
    </Box>
  );
}

const Box = styled.div<{ $tone: FormMessageTone; $shown: boolean }>`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ $tone, theme }) =>
    $tone === 'error' ? theme.colors.dangerSoft : theme.colors.primarySoft};
  color: ${({ $tone, theme }) => ($tone === 'error' ? theme.colors.danger : theme.colors.text)};
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
