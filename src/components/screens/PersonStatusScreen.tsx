import { UserRoundX } from 'lucide-react';
import styled from 'styled-components';
import { PageStatus, type PageStatusKind } from './PageStatus';

/** Why a person's profile is not on screen yet. */
export type PersonStatus = PageStatusKind;

export interface PersonStatusScreenProps {
  /** Loading the people, their load failed, or no one has this username. */
  status: PersonStatus;
  /** The username of the address, as typed (without '@'). */
  username: string;
  /** 'Retry' in the failed state. */
  onRetry?: () => void;
}

/**
 * A person's profile page before it can show the person: a spinner while the people load,
 * a message with 'Retry' when they could not be loaded, and for a username no one has a
 * not-found state ("This account doesn't exist") with a way home.
 */
export function PersonStatusScreen({ status, username, onRetry }: PersonStatusScreenProps) {
  return (
    <PageStatus
      status={status}
      noun="profile"
      onRetry={onRetry}
      notFound={{
        icon: <UserRoundX />,
        title: "This account doesn't exist",
        message: (
          <>
            No one here has the username <Handle dir="ltr">@{username}</Handle>. The link may be
            mistyped, or the account may have been removed.
          </>
        ),
      }}
    />
  );
}

const Handle = styled.strong`
  overflow-wrap: anywhere;
  color: ${({ theme }) => theme.colors.text};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;
