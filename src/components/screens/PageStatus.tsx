import { CircleAlert, House, RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { PATHS } from '../../paths';
import { Button, ButtonLink, EmptyState, Spinner } from '../ui';
import { cardSurface } from '../ui/mixins';

/** Why a page's subject (a person, a post) is not on screen yet. */
export type PageStatusKind = 'loading' | 'failed' | 'not-found';

export interface PageStatusProps {
  /** Being read, could not be read, or not there at all. */
  status: PageStatusKind;
  /** What the page shows, in the spinner's and the failure's words: 'profile' → 'Loading profile'. */
  noun: string;
  /** The not-found state: its icon, heading and message ('Go to Home' is its way out). */
  notFound: { icon: ReactNode; title: string; message: ReactNode };
  /** 'Retry' in the failed state. */
  onRetry?: () => void;
}

/**
 * A page before it can show its subject, as every such page says it: a spinner while it loads, a
 * message with 'Retry' when it could not be loaded, and a not-found state with a way home.
 */
export function PageStatus({ status, noun, notFound, onRetry }: PageStatusProps) {
  if (status === 'loading') {
    return (
      <Centre>
        <Spinner size="lg" label={`Loading ${noun}`} showLabel />
      </Centre>
    );
  }
  if (status === 'failed') {
    return (
      <Card>
        <EmptyState
          headingLevel={1}
          icon={<CircleAlert />}
          title={`This ${noun} could not be loaded`}
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
        icon={notFound.icon}
        title={notFound.title}
        message={notFound.message}
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
