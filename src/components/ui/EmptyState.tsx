import type { ReactNode } from 'react';
import styled from 'styled-components';

export interface EmptyStateProps {
  /** A decorative icon (a lucide-react element). */
  icon?: ReactNode;
  /** The heading: what is empty ("No posts yet"). */
  title: string;
  /** A line under it: why, or what to do. */
  message?: ReactNode;
  /** E.g. a Button that fixes the emptiness ("Write a post"). */
  action?: ReactNode;
  /** The heading level of the title, to fit the page outline (1 when it is the page). Default 2. */
  headingLevel?: 1 | 2 | 3;
  /** For placing it in a layout (a styled-components `styled(…)` wrapper passes it). */
  className?: string;
}

/** What a list shows when it has nothing in it: "Nothing in bookmark", "No posts yet". */
export function EmptyState({
  icon,
  title,
  message,
  action,
  headingLevel = 2,
  className,
}: EmptyStateProps) {
  return (
    <Box className={className}>
      {icon && <IconCircle aria-hidden="true">{icon}</IconCircle>}
      <Title as={`h${headingLevel}`}>{title}</Title>
      {message && <Message>{message}</Message>}
      {action && <Action>{action}</Action>}
    </Box>
  );
}

const Box = styled.section`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => `${theme.space.xxl} ${theme.space.lg}`};
  text-align: center;
`;

const IconCircle = styled.div`
  display: grid;
  place-items: center;
  width: 3.5rem;
  height: 3.5rem;
  margin-bottom: ${({ theme }) => theme.space.xs};
  border-radius: ${({ theme }) => theme.radii.round};
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.primary};

  svg {
    width: 1.75rem;
    height: 1.75rem;
  }
`;

const Title = styled.h2`
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  color: ${({ theme }) => theme.colors.text};
  /* A long hashtag or name in it wraps instead of widening the page. */
  max-width: 100%;
  overflow-wrap: anywhere;
`;

const Message = styled.p`
  max-width: min(28rem, 100%);
  overflow-wrap: anywhere;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Action = styled.div`
  margin-top: ${({ theme }) => theme.space.sm};
`;
