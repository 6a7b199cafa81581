import { CircleAlert, House, RotateCcw, UserRoundX } from 'lucide-react';
import styled from 'styled-components';
import { PATHS } from '../../paths';
import { Button, ButtonLink, EmptyState, Spinner } from '../ui';
import { cardSurface } from '../ui/mixins';

/** Why a person's profile is not on screen yet. */
export type PersonStatus = 'loading' | 'failed' | 'not-found';

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
  if (status === 'loading') {
    return (
      <Centre>
        <Spinner size="lg" label="Loading profile" showLabel />
      </Centre>
    );
  }
  if (status === 'failed') {
    return (
      <Card>
        <EmptyState
          headingLevel={1}
          icon={<CircleAlert />}
          title="This profile could not be loaded"
          message="Check your connection and try again."
          action={
            onRetry && (
              <Button variant="secondary" icon={<RotateCcw aria-hidden="true" />} onClick={onRetry}>
                Retry
              </Button>
            )
          }
        />
      </Card>
    );
  }
  return (
    <Card>
      <EmptyState
        headingLevel={1}
        icon={<UserRoundX />}
        title="This account doesn't exist"
        message={
          <>
            No one here has the username <Handle dir="ltr">@{username}</Handle>. The link may be
            mistyped, or the account may have been removed.
          </>
        }
        action={
          <ButtonLink to={PATHS.home} icon={<House aria-hidden="true" />}>
            Go to Home
          </ButtonLink>
        }
      />
    </Card>
  );
}

const Centre = styled.div`
  display: grid;
  place-items: center;
  min-height: 40vh;
`;

const Card = styled.div`
  ${cardSurface}
`;

const Handle = styled.strong`
  overflow-wrap: anywhere;
  color: ${({ theme }) => theme.colors.text};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;
